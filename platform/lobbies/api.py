"""Tables over HTTP: list, create, join, leave, add a bot, start, cancel (the page services)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import generics, permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from lobbies import invitations, rematch, selectors, services
from lobbies.models import Invitation, Rematch, Table
from play.clock_api import ClockInput, TimeControlOutput, control_shown
from shared.errors import ServiceError, error_response, error_responses
from shared.options import ShownOptionsField, options_refuse_hidden
from shared.pages import StrictLimitOffsetPagination


class TableSerializer(serializers.ModelSerializer):
    options = ShownOptionsField()
    host = serializers.CharField(source="host.display_name", read_only=True)
    players = serializers.SerializerMethodField()
    match = serializers.SerializerMethodField()
    invite = serializers.SerializerMethodField(help_text="The invite token, for its players.")
    clock = serializers.SerializerMethodField(help_text="The time control of the table's match.")

    class Meta:
        model = Table
        fields = [
            "id", "game", "host", "seats", "ranked", "mode", "move_seconds", "clock",
            "timeout_policy", "private",
            "options", "status", "players", "match", "created_at", "invite",
        ]  # fmt: skip

    @extend_schema_field(TimeControlOutput)
    def get_clock(self, table: Table) -> dict[str, Any]:
        return control_shown(table.clock, table.move_seconds)

    def get_players(self, table: Table) -> list[str]:
        return [e.user.display_name if e.user else f"{e.bot} bot" for e in table.entries.all()]

    def get_invite(self, table: Table) -> str | None:
        request = self.context.get("request")
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return None
        seated = any(e.user_id == user.pk for e in table.entries.all())
        return table.invite_token if seated else None

    def get_match(self, table: Table) -> int | None:
        match = getattr(table, "match", None)
        return match.pk if match is not None else None


class TableInput(ClockInput):
    game = serializers.CharField()
    seats = serializers.IntegerField()
    ranked = serializers.BooleanField(default=False)
    mode = serializers.ChoiceField(choices=["live", "turn"], default="live")
    move_seconds = serializers.IntegerField(required=False)
    timeout_policy = serializers.ChoiceField(
        choices=["", "bot", "forfeit"],
        default="",
        help_text=(
            "When a seat runs out of time: 'bot' (a bot makes that move), 'forfeit' (the "
            "seat forfeits, a bot plays on) or '' (forfeit if ranked, else bot)."
        ),
    )
    private = serializers.BooleanField(default=False)
    options = serializers.DictField(required=False)


class TablePages(StrictLimitOffsetPagination):
    """`limit` is capped: a huge one would overflow the database's LIMIT (a bigint)."""

    max_limit = 100


class TableList(generics.ListCreateAPIView):  # type: ignore[type-arg]
    """Open public tables (filters: game, mode, ranked, seats); POST creates one."""

    serializer_class = TableSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    pagination_class = TablePages

    def get_queryset(self) -> Any:
        return selectors.tables_open(self.request.query_params).prefetch_related("entries__user")

    @extend_schema(responses={200: TableSerializer(many=True), **error_responses(400, 403)})
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=TableInput,
        responses={201: TableSerializer, **error_responses(400, 403, 404, 409, 413, 415)},
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = TableInput(data=request.data)
        if not data.is_valid():
            return Response({"error": "malformed", "detail": data.errors}, status=400)
        try:
            options_refuse_hidden(data.validated_data["game"], data.validated_data.get("options"))
            table = services.lobby_create(host=request.user, **data.validated_data)
        except ServiceError as exc:
            return error_response(exc)
        return Response(TableSerializer(table, context={"request": request}).data, status=201)


class TableDetail(generics.RetrieveAPIView):  # type: ignore[type-arg]
    """A table; a private one only with `?invite=<token>` or for the players at it."""

    serializer_class = TableSerializer
    permission_classes = [permissions.AllowAny]
    lookup_url_kwarg = "table_id"

    def get_queryset(self) -> Any:
        return selectors.tables_visible(self.request.user, self.request.query_params.get("invite"))

    @extend_schema(
        parameters=[OpenApiParameter("invite", str, description="A private table's token.")],
        responses={200: TableSerializer, **error_responses(400, 403, 404)},
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class TableVerbInput(serializers.Serializer):  # type: ignore[type-arg]
    invite = serializers.CharField(
        required=False, help_text="join: the invite token of a private table."
    )
    bot = serializers.CharField(
        required=False,
        help_text="bot: the bot's level, beginner, standard or strong (or random); default "
        "standard.",
    )


class TableVerb(APIView):
    """POST /api/tables/<id>/<join|leave|bot|start|cancel>/ (join: {"invite": token})."""

    permission_classes = [permissions.IsAuthenticated]
    verb = ""

    @extend_schema(
        request=TableVerbInput,
        responses={200: TableSerializer, **error_responses(400, 403, 404, 409, 413, 415)},
    )
    def post(self, request: Request, table_id: int) -> Response:
        body = request.data if isinstance(request.data, dict) else {}
        try:
            table = services.table_verb(
                verb=self.verb, table_id=table_id, user=request.user, data=body
            )
        except ServiceError as exc:
            return error_response(exc)
        table.refresh_from_db()
        return Response(TableSerializer(table, context={"request": request}).data)


class InvitationSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    inviter = serializers.CharField(source="inviter.display_name", read_only=True)
    invitee = serializers.CharField(source="invitee.display_name", read_only=True)
    game = serializers.CharField(source="table.game", read_only=True)
    rematch = serializers.SerializerMethodField()

    class Meta:
        model = Invitation
        fields = ["id", "table", "game", "inviter", "invitee", "status", "rematch", "created_at"]

    def get_rematch(self, invitation: Invitation) -> bool:
        return Rematch.objects.filter(table_id=invitation.table_id).exists()


class InviteInput(serializers.Serializer):  # type: ignore[type-arg]
    name = serializers.CharField(help_text="The display name of a player you follow.")


class TableInvite(APIView):
    """POST /api/tables/<id>/invite/ {"name": ...}: invite a friend (you sit at the table)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=InviteInput,
        responses={201: InvitationSerializer, **error_responses(400, 403, 404, 409, 413, 415)},
    )
    def post(self, request: Request, table_id: int) -> Response:
        body = request.data if isinstance(request.data, dict) else {}
        try:
            invitation = invitations.table_invite(
                table_id=table_id, user=request.user, display_name=body.get("name")
            )
        except ServiceError as exc:
            return error_response(exc)
        return Response(InvitationSerializer(invitation).data, status=201)


class InvitationList(APIView):
    """GET /api/invitations/: the invitations you have not answered, to tables still open."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: InvitationSerializer(many=True), **error_responses(403)})
    def get(self, request: Request) -> Response:
        pending = invitations.invitations_pending(request.user)
        return Response(InvitationSerializer(pending, many=True).data)


class InvitationAnswer(APIView):
    """POST /api/invitations/<id>/accept/ (take the place) or /decline/."""

    permission_classes = [permissions.IsAuthenticated]
    answer = ""

    @extend_schema(
        request=None, responses={200: InvitationSerializer, **error_responses(403, 404, 409)}
    )
    def post(self, request: Request, invitation_id: int) -> Response:
        try:
            if self.answer == "accept":
                invitations.invitation_accept(invitation_id=invitation_id, user=request.user)
            else:
                invitations.invitation_decline(invitation_id=invitation_id, user=request.user)
        except ServiceError as exc:
            return error_response(exc)
        invitation = Invitation.objects.get(pk=invitation_id)
        return Response(InvitationSerializer(invitation).data)


class RematchView(APIView):
    """GET: the rematch of a finished match (status none, open, started, declined, expired;
    who accepted). POST: offer it, or accept the one on offer (players of the match only)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: dict, **error_responses(403, 404, 409)})
    def get(self, request: Request, match_id: int) -> Response:
        try:
            match = rematch.finished_match(match_id)
            rematch.ensure_player(rematch.humans_of(match), request.user)
        except ServiceError as exc:
            return error_response(exc)
        return Response(rematch.rematch_state(match, request.user))

    @extend_schema(request=None, responses={200: dict, **error_responses(403, 404, 409)})
    def post(self, request: Request, match_id: int) -> Response:
        try:
            rematch.rematch_offer(match_id=match_id, user=request.user)
        except ServiceError as exc:
            return error_response(exc)
        return self.get(request, match_id)


class RematchDecline(APIView):
    """POST: a player of the match declines the rematch on offer (it is called off)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: dict, **error_responses(403, 404, 409)})
    def post(self, request: Request, match_id: int) -> Response:
        try:
            offer = rematch.rematch_decline(match_id=match_id, user=request.user)
        except ServiceError as exc:
            return error_response(exc)
        return Response(rematch.rematch_state(offer.match, request.user))
