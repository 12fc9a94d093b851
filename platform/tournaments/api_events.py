"""The arena and the stages over HTTP (tournaments/arena.py, tournaments/stages.py)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from shared.errors import ServiceError, error_response, error_responses
from tournaments import arena, stages
from tournaments.api import _malformed, _tournament
from tournaments.models import Tournament


class ArenaTableSerializer(serializers.Serializer):  # type: ignore[type-arg]
    key = serializers.CharField()
    match = serializers.IntegerField(allow_null=True)
    players = serializers.ListField(child=serializers.IntegerField(), help_text="Registration ids.")
    names = serializers.ListField(child=serializers.CharField())
    berserk = serializers.ListField(child=serializers.IntegerField())


class ArenaSerializer(serializers.Serializer):  # type: ignore[type-arg]
    ends_at = serializers.DateTimeField(allow_null=True)
    berserk_offered = serializers.BooleanField()
    standings = serializers.ListField(
        child=serializers.DictField(),
        help_text="entrant (registration id), name, rank, points, played, on_fire, sheet.",
    )
    playing = ArenaTableSerializer(many=True)


class TournamentArena(APIView):
    """GET: the arena's live standings, end time and games in play. POST: go berserk in your
    game in play (before its first move; the event must offer it)."""

    def get_permissions(self) -> list[Any]:
        if self.request.method == "POST":
            return [permissions.IsAuthenticated()]
        return [permissions.AllowAny()]

    @extend_schema(responses={200: ArenaSerializer, **error_responses(404)})
    def get(self, request: Request, tournament_id: int) -> Response:
        t = _tournament(request, tournament_id)
        if t.format != Tournament.Format.ARENA:
            return Response({"error": "not_arena", "detail": "Not an arena."}, status=404)
        return Response(ArenaSerializer(arena.arena_payload(t)).data)

    @extend_schema(request=None, responses={200: ArenaSerializer, **error_responses(403, 404, 409)})
    def post(self, request: Request, tournament_id: int) -> Response:
        try:
            arena.arena_berserk(tournament_id=tournament_id, user=request.user)
        except ServiceError as exc:
            return error_response(exc)
        t = Tournament.objects.get(pk=tournament_id)
        return Response(ArenaSerializer(arena.arena_payload(t)).data)


class StageInput(serializers.Serializer):  # type: ignore[type-arg]
    format = serializers.ChoiceField(
        choices=["single_elimination", "double_elimination", "round_robin", "swiss"]
    )
    rule = serializers.ChoiceField(choices=list(stages.RULES))
    count = serializers.IntegerField(help_text="How many go on (each group's, for top_per_group).")
    table_size = serializers.IntegerField(required=False)
    rounds = serializers.IntegerField(default=0)
    advance = serializers.IntegerField(default=1)
    groups = serializers.IntegerField(default=1)


class StageOut(serializers.Serializer):
    """One stage of an event (tournaments.stages.event_stages): its groups and their state."""

    stage = serializers.IntegerField()
    rule = serializers.CharField()
    count = serializers.IntegerField()
    groups = serializers.ListField(child=serializers.DictField())


class TournamentStages(APIView):
    """GET: every stage of the event (its groups, status, standings). POST: the organiser adds
    the next stage (drafts; it starts by itself when the stage before is over)."""

    def get_permissions(self) -> list[Any]:
        if self.request.method == "POST":
            return [permissions.IsAuthenticated()]
        return [permissions.AllowAny()]

    @extend_schema(
        responses={
            200: StageOut(many=True),
            **error_responses(404),
        }
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        return Response(stages.event_stages(_tournament(request, tournament_id)))

    @extend_schema(
        request=StageInput,
        responses={
            201: StageOut(many=True),
            **error_responses(400, 403, 404, 409),
        },
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        data = StageInput(data=request.data)
        if not data.is_valid():
            return _malformed(data.errors)
        try:
            made = stages.stage_add(
                tournament_id=tournament_id, user=request.user, **data.validated_data
            )
        except ServiceError as exc:
            return error_response(exc)
        return Response(stages.event_stages(made[0]), status=201)
