"""The chat over HTTP (the same services as the socket and the pages): read and write the chat
of a match or a lobby table, report a line, mute a person, hide the spectators' channel."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import permissions, serializers
from rest_framework.exceptions import ParseError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from chat import errors, selectors, services
from chat.errors import ChatError
from chat.models import Mute, Report
from lobbies.models import Table
from play.models import Match
from shared.errors import error_response, error_responses


class LineSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """A chat line (documentation of `selectors.line_json`)."""

    id = serializers.IntegerField()
    channel = serializers.ChoiceField(choices=["players", "spectators"])
    author = serializers.CharField(help_text="The author's display name.")
    author_id = serializers.IntegerField(allow_null=True, help_text="null: a deleted account.")
    text = serializers.CharField(help_text="Plain text: escape it when you show it.")
    step = serializers.IntegerField(help_text="The match version when it was said.")
    before_start = serializers.BooleanField(help_text="Said at the table before the start.")
    at = serializers.DateTimeField()


ChatAnswer = inline_serializer(
    "ChatLines",
    {
        "channel": serializers.ChoiceField(
            choices=["players", "spectators"], help_text="Where your lines go."
        ),
        "lines": LineSerializer(many=True),
    },
)
LineInput = inline_serializer(
    "ChatLineInput",
    {"text": serializers.CharField(), "invite": serializers.CharField(required=False)},
)
AFTER = OpenApiParameter("after", int, description="Only lines after this line id.")
INVITE = OpenApiParameter("invite", str, description="A private table's invite token.")


def _body(request: Request) -> dict[str, Any]:
    try:
        data = request.data
    except ParseError as exc:
        raise errors.malformed(_("Malformed JSON: %(detail)s") % {"detail": exc.detail}) from exc
    if not isinstance(data, dict):
        raise errors.malformed(_("Send a JSON object."))
    return dict(data)


def _after(request: Request) -> int:
    raw = request.query_params.get("after", "0")
    if not raw.isdigit() or len(raw) > 18:
        raise errors.malformed("'after' must be a line id (0: from the start).")
    return int(raw)


def _lines(place: selectors.Place, request: Request) -> Response:
    lines = selectors.lines_seen(place, request.user, _after(request))
    return Response(
        {"channel": place.channel, "lines": [selectors.line_json(line) for line in lines]}
    )


def refusals(view: Any) -> Any:
    """The view method answers a ChatError with its code, sentence and status."""

    def method(self: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
        try:
            return view(self, request, *args, **kwargs)
        except ChatError as exc:
            return error_response(exc)

    method.__doc__ = view.__doc__
    method.__name__ = view.__name__
    return method


class MatchChat(APIView):
    """The chat of a match: the lines you see (players' channel, and the spectators' unless you
    are a player who hides it), and POST a line in your channel."""

    permission_classes = [permissions.IsAuthenticated]

    def _place(self, request: Request, match_id: int) -> selectors.Place:
        match = Match.objects.select_related("table").filter(pk=match_id).first()
        place = selectors.match_place(match, request.user) if match is not None else None
        if place is None:
            raise errors.not_found("match")
        return place

    @extend_schema(
        parameters=[AFTER], responses={200: ChatAnswer, **error_responses(400, 403, 404)}
    )
    @refusals
    def get(self, request: Request, match_id: int) -> Response:
        return _lines(self._place(request, match_id), request)

    @extend_schema(
        request=LineInput,
        responses={201: LineSerializer, **error_responses(400, 403, 404, 413, 415, 429)},
    )
    @refusals
    def post(self, request: Request, match_id: int) -> Response:
        data = _body(request)
        line = services.chat_post(user=request.user, match_id=match_id, text=data.get("text"))
        return Response(selectors.line_json(line), status=201)


class TableChat(APIView):
    """The chat of a lobby table before its start (a private table: seated players, or with
    its invite token); POST a line (closed once the game starts: chat in the match)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        parameters=[AFTER, INVITE], responses={200: ChatAnswer, **error_responses(400, 403, 404)}
    )
    @refusals
    def get(self, request: Request, table_id: int) -> Response:
        table = Table.objects.filter(pk=table_id).first()
        invite = request.query_params.get("invite")
        place = selectors.table_place(table, request.user, invite) if table else None
        if place is None:
            raise errors.not_found("table")
        return _lines(place, request)

    @extend_schema(
        request=LineInput,
        responses={201: LineSerializer, **error_responses(400, 403, 404, 409, 413, 415, 429)},
    )
    @refusals
    def post(self, request: Request, table_id: int) -> Response:
        data = _body(request)
        invite = data.get("invite")
        line = services.chat_post(
            user=request.user,
            table_id=table_id,
            text=data.get("text"),
            invite=invite if isinstance(invite, str) else None,
        )
        return Response(selectors.line_json(line), status=201)


ReportInput = inline_serializer(
    "ChatReportInput",
    {
        "reason": serializers.ChoiceField(choices=Report.Reason.values, required=False),
        "note": serializers.CharField(required=False, max_length=300),
    },
)
ReportAnswer = inline_serializer(
    "ChatReport",
    {
        "line": serializers.IntegerField(),
        "reason": serializers.CharField(),
        "status": serializers.CharField(),
    },
)


class LineReport(APIView):
    """Report a line you can read to the moderators (once: again returns the same report)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=ReportInput,
        responses={201: ReportAnswer, **error_responses(400, 403, 404, 409, 413, 415)},
    )
    @refusals
    def post(self, request: Request, line_id: int) -> Response:
        data = _body(request)
        report = services.chat_report(
            user=request.user,
            line_id=line_id,
            reason=data.get("reason", ""),
            note=data.get("note", ""),
        )
        body = {"line": report.line_id, "reason": report.reason, "status": report.status}
        return Response(body, status=201)


People = inline_serializer(
    "ChatMutedPerson",
    {"id": serializers.IntegerField(), "name": serializers.CharField()},
    many=True,
)


class Mutes(APIView):
    """The people whose lines you hide."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: People, **error_responses(403)})
    def get(self, request: Request) -> Response:
        mutes = Mute.objects.filter(user=request.user).select_related("person")
        return Response([{"id": m.person_id, "name": m.person.display_name} for m in mutes])


MuteAnswer = inline_serializer(
    "ChatMute", {"person": serializers.IntegerField(), "muted": serializers.BooleanField()}
)


class MuteDetail(APIView):
    """PUT: hide every line of this person for you (everywhere, e-mails too); DELETE: show
    them again."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: MuteAnswer, **error_responses(403, 404, 409)})
    @refusals
    def put(self, request: Request, person_id: int) -> Response:
        services.person_mute(user=request.user, person_id=person_id, muted=True)
        return Response({"person": person_id, "muted": True})

    @extend_schema(responses={200: MuteAnswer, **error_responses(403, 404, 409)})
    @refusals
    def delete(self, request: Request, person_id: int) -> Response:
        services.person_mute(user=request.user, person_id=person_id, muted=False)
        return Response({"person": person_id, "muted": False})


Preference = inline_serializer("ChatSettings", {"show_spectators": serializers.BooleanField()})


class ChatSettings(APIView):
    """Whether you see the spectators' channel of the matches you play."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: Preference, **error_responses(403)})
    def get(self, request: Request) -> Response:
        return Response({"show_spectators": selectors.shows_spectators(request.user)})

    @extend_schema(
        request=Preference, responses={200: Preference, **error_responses(400, 403, 413, 415)}
    )
    @refusals
    def patch(self, request: Request) -> Response:
        data = _body(request)
        preference = services.chat_preference_set(
            user=request.user, show_spectators=data.get("show_spectators")
        )
        return Response({"show_spectators": preference.show_spectators})
