"""Tournaments over HTTP: list, create, detail, registration, check-in, standings, rounds and
pairings, and the organisers' actions; the same services as the pages."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import generics, permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from play.clock_api import ClockInput, TimeControlOutput, control_shown
from shared.errors import ServiceError, error_response, error_responses
from shared.options import ShownOptionsField, options_refuse_hidden
from shared.pages import StrictLimitOffsetPagination
from tournaments import export, feeds, selectors, stages, verbs
from tournaments.models import Registration, Tournament


class TournamentSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    options = ShownOptionsField()
    organiser = serializers.CharField(source="organiser.display_name", read_only=True)
    co_organisers = serializers.SerializerMethodField()
    entrants = serializers.SerializerMethodField()
    current_round = serializers.SerializerMethodField()
    invite = serializers.SerializerMethodField(help_text="The invite token, for organisers.")
    links = serializers.SerializerMethodField(
        help_text="The event's calendar feed, results (CSV, JSON), standings CSV and embed page."
    )
    clock = serializers.SerializerMethodField(help_text="The time control of every table.")

    class Meta:
        model = Tournament
        fields = [
            "id", "name", "description", "game", "format", "table_size", "advance", "rounds",
            "ranked", "mode", "move_seconds", "clock", "vacation_allowed", "options", "starts_at",
            "checkin_minutes", "registration_open", "max_players", "min_rating", "invite_only",
            "status", "seeding", "organiser", "co_organisers", "entrants", "current_round",
            "created_at", "started_at", "finished_at", "invite", "unfinished_rule",
            "embed_origins", "links", "arena_minutes", "berserk_allowed", "ends_at", "event",
            "stage",
        ]  # fmt: skip

    @extend_schema_field(TimeControlOutput)
    def get_clock(self, t: Tournament) -> dict[str, Any]:
        return control_shown(t.clock, t.move_seconds)

    def get_co_organisers(self, t: Tournament) -> list[str]:
        return [u.display_name for u in t.co_organisers.all()]

    def get_entrants(self, t: Tournament) -> int:
        value = getattr(t, "entrants", None)
        if isinstance(value, int):
            return value
        return t.registrations.filter(status=Registration.Status.ACTIVE).count()

    def get_current_round(self, t: Tournament) -> int:
        return t.rounds_set.order_by("-number").values_list("number", flat=True).first() or 0

    def get_links(self, t: Tournament) -> dict[str, str]:
        request = self.context.get("request")
        names = ("calendar", "results-csv", "results-json", "standings-csv", "embed")
        paths = {n: reverse(f"tournaments:{n}", args=[t.pk]) for n in names}
        if request is None:
            return paths
        return {n: request.build_absolute_uri(p) for n, p in paths.items()}

    def get_invite(self, t: Tournament) -> str | None:
        request = self.context.get("request")
        return t.invite_token if request and t.is_organiser(request.user) else None


class TournamentInput(ClockInput):
    name = serializers.CharField(max_length=80)
    game = serializers.CharField()
    format = serializers.ChoiceField(choices=Tournament.Format.values)
    table_size = serializers.IntegerField()
    advance = serializers.IntegerField(default=1)
    rounds = serializers.IntegerField(default=0)
    ranked = serializers.BooleanField(default=False)
    mode = serializers.ChoiceField(choices=["live", "turn"], default="live")
    move_seconds = serializers.IntegerField(required=False)
    vacation_allowed = serializers.BooleanField(
        default=True, help_text="Turn-based: vacations pause the clocks (default on)."
    )
    starts_at = serializers.DateTimeField(required=False, allow_null=True)
    checkin_minutes = serializers.IntegerField(default=0)
    max_players = serializers.IntegerField(required=False, allow_null=True)
    min_rating = serializers.IntegerField(required=False, allow_null=True)
    invite_only = serializers.BooleanField(default=False)
    seeding = serializers.ChoiceField(choices=Tournament.Seeding.values, default="rating")
    options = serializers.DictField(required=False)
    open_registration = serializers.BooleanField(default=True)
    description = serializers.CharField(required=False, allow_blank=True, max_length=2000)
    arena_minutes = serializers.IntegerField(default=0, help_text="Arena: minutes it runs.")
    berserk = serializers.BooleanField(default=False, help_text="Arena: berserk offered.")
    groups = serializers.IntegerField(
        default=1,
        help_text="The first stage in this many groups (players dealt by seed in a snake at "
        "the start); add the playoff with POST .../stages/ (rule top_per_group).",
    )


class Pages(StrictLimitOffsetPagination):
    max_limit = 100


def _malformed(errors: Any) -> Response:
    return Response({"error": "malformed", "detail": errors}, status=400)


class TournamentList(generics.ListAPIView):  # type: ignore[type-arg]
    """GET: tournaments you may see (filters: game; status = upcoming | running | finished or a
    status). POST: create one (you are its organiser)."""

    serializer_class = TournamentSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    pagination_class = Pages

    def get_queryset(self) -> Any:
        return selectors.tournaments_list(self.request.user, self.request.query_params)

    @extend_schema(
        parameters=[OpenApiParameter("game", str), OpenApiParameter("status", str)],
        responses={200: TournamentSerializer(many=True), **error_responses(400)},
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=TournamentInput,
        responses={201: TournamentSerializer, **error_responses(400, 403, 413, 415)},
    )
    def post(self, request: Request) -> Response:
        data = TournamentInput(data=request.data)
        if not data.is_valid():
            return _malformed(data.errors)
        try:
            options_refuse_hidden(data.validated_data["game"], data.validated_data.get("options"))
            t = stages.event_create(organiser=request.user, **data.validated_data)
        except ServiceError as exc:
            return error_response(exc)
        return Response(TournamentSerializer(t, context={"request": request}).data, status=201)


def _tournament(request: Request, tournament_id: int) -> Tournament:
    t = Tournament.objects.select_related("organiser").filter(pk=tournament_id).first()
    if t is None or (t.status == Tournament.Status.DRAFT and not t.is_organiser(request.user)):
        raise Http404(_("There is no such tournament."))
    return t


class TournamentDetail(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: TournamentSerializer, **error_responses(404)})
    def get(self, request: Request, tournament_id: int) -> Response:
        t = _tournament(request, tournament_id)
        return Response(TournamentSerializer(t, context={"request": request}).data)


class StandingRowSerializer(serializers.Serializer):  # type: ignore[type-arg]
    entrant = serializers.IntegerField(help_text="The registration id.")
    name = serializers.CharField()
    rank = serializers.IntegerField()
    points = serializers.FloatField()
    tiebreaks = serializers.DictField(child=serializers.FloatField(), help_text="In order.")
    played = serializers.IntegerField()
    byes = serializers.IntegerField()
    eliminated = serializers.BooleanField()
    note = serializers.CharField()


class TournamentStandings(APIView):
    """The standings after the last complete round, every tie-break in order."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: StandingRowSerializer(many=True), **error_responses(404)})
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(selectors.standings(_tournament(request, tournament_id)))


class TournamentTableSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    key = serializers.CharField()
    match = serializers.IntegerField(allow_null=True)
    players = serializers.ListField(child=serializers.DictField(), help_text="Planned seat order.")
    finished = serializers.BooleanField()
    manual = serializers.BooleanField(help_text="The result was set by an organiser.")


class ByeSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField(help_text="The registration id, as in the tables' players.")
    name = serializers.CharField()


class TournamentRoundSerializer(serializers.Serializer):  # type: ignore[type-arg]
    number = serializers.IntegerField()
    label = serializers.CharField()
    finished = serializers.BooleanField()
    byes = ByeSerializer(many=True, help_text="The entrants with a bye this round.")
    tables = TournamentTableSerializer(many=True)


class TournamentRounds(APIView):
    """Every round with its tables (pairings), their matches and results."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: TournamentRoundSerializer(many=True), **error_responses(404)})
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(export.rounds_rows(_tournament(request, tournament_id)))


class VerbInput(serializers.Serializer):  # type: ignore[type-arg]
    invite = serializers.CharField(required=False, help_text="register: an invite-only token.")
    player = serializers.IntegerField(required=False, help_text="withdraw/disqualify: its id.")
    reason = serializers.CharField(required=False, help_text="withdraw, disqualify, result.")
    table = serializers.IntegerField(required=False, help_text="result: the table id.")
    places = serializers.ListField(
        child=serializers.IntegerField(), required=False, help_text="result: in table order."
    )
    name = serializers.CharField(required=False, help_text="co-organiser-add/remove: a name.")
    bot = serializers.CharField(required=False, help_text="bot: which bot (casual events).")
    order = serializers.ListField(
        child=serializers.IntegerField(), required=False, help_text="seed: ids, top seed first."
    )
    round = serializers.IntegerField(required=False, help_text="schedule: the round's number.")
    starts_at = serializers.DateTimeField(
        required=False, allow_null=True, help_text="schedule: ISO 8601 with a zone; null: none."
    )
    deadline = serializers.DateTimeField(
        required=False,
        allow_null=True,
        help_text="schedule (turn-based events): after starts_at; null: none.",
    )
    rule = serializers.ChoiceField(
        choices=Tournament.Unfinished.values, required=False, help_text="unfinished-rule."
    )
    origins = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="embed: the origins that may frame the embed page (https://club.example.org).",
    )
    csv = serializers.CharField(
        required=False,
        help_text="seed-import: the CSV text, one registered player (display name or e-mail) a "
        "line, top seed first. A refusal lists each bad line in `lines`.",
    )


class TournamentVerb(APIView):
    """POST /api/tournaments/<id>/<verb>/: register, unregister, checkin (players); open,
    close, checkin-open, start, pause, resume, cancel, withdraw, disqualify, result,
    co-organiser-add, co-organiser-remove, bot, seed, seed-import, schedule, unfinished-rule,
    embed (organisers)."""

    permission_classes = [permissions.IsAuthenticated]
    verb = ""

    @extend_schema(
        request=VerbInput,
        responses={200: TournamentSerializer, **error_responses(400, 403, 404, 409, 413, 415)},
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        if not isinstance(request.data, dict):
            return _malformed(_("The body must be a JSON object."))
        try:
            verbs.tournament_verb(
                verb=self.verb, tournament_id=tournament_id, user=request.user, data=request.data
            )
        except ServiceError as exc:
            return error_response(exc)
        t = Tournament.objects.get(pk=tournament_id)
        return Response(TournamentSerializer(t, context={"request": request}).data)


class EntrantSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField(help_text="The registration id (as in rounds and standings).")
    name = serializers.CharField()
    status = serializers.CharField()
    seed = serializers.IntegerField(allow_null=True)
    checked_in = serializers.BooleanField()


class TournamentEntrants(APIView):
    """Every entrant with their registration id, status and seed."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: EntrantSerializer(many=True), **error_responses(404)})
    def get(self, request: Request, tournament_id: int) -> Response:
        t = _tournament(request, tournament_id)
        return Response(
            [
                {
                    "id": r.pk,
                    "name": r.name,
                    "status": r.status,
                    "seed": r.seed,
                    "checked_in": r.checked_in_at is not None,
                }
                for r in selectors.names_of(t).values()
            ]
        )


class ScheduleRowSerializer(serializers.Serializer):  # type: ignore[type-arg]
    round = serializers.IntegerField()
    starts_at = serializers.DateTimeField(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True)


class TournamentSchedule(TournamentVerb):
    """GET: each scheduled round's start and deadline. POST (organisers): set one round's
    `starts_at` and `deadline` (both null: clear it), the verb `schedule`."""

    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    verb = "schedule"

    @extend_schema(responses={200: ScheduleRowSerializer(many=True), **error_responses(404)})
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(export.schedule_rows(_tournament(request, tournament_id)))


class TournamentResults(APIView):
    """The whole event as the JSON export: schedule, standings and every round's tables."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        responses={200: OpenApiResponse(description="As /tournaments/<id>/results.json."),
                   **error_responses(404)}
    )  # fmt: skip
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(export.results_json(_tournament(request, tournament_id)))


class FeedSerializer(serializers.Serializer):  # type: ignore[type-arg]
    url = serializers.CharField(help_text="Private: whoever has it reads your next games.")


class MyCalendar(APIView):
    """GET: your private calendar feed's address (made on first ask). POST: a new address;
    the old one stops working."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: FeedSerializer, **error_responses(403)})
    def get(self, request: Request) -> Response:
        return self._answer(request, feeds.feed_of(request.user).token)

    @extend_schema(request=None, responses={200: FeedSerializer, **error_responses(403)})
    def post(self, request: Request) -> Response:
        return self._answer(request, feeds.feed_reset(user=request.user).token)

    def _answer(self, request: Request, token: str) -> Response:
        path = reverse("tournaments:my-calendar", args=[token])
        return Response({"url": request.build_absolute_uri(path)})
