"""Matches over HTTP, for clients without WebSockets: my view, post an action, read the log."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers
from rest_framework.exceptions import ParseError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from play import selectors
from play.errors import PlayError
from play.models import Match
from play.results import end_screen
from play.services import action_submit
from play.undo import action_undo
from shared.errors import error_response, error_responses

# The body of every API error (config.api, shared.errors): a stable code and a sentence (or,
# for a form that does not validate, a mapping of field to messages).
_BODY_ERRORS = (400, 403, 404, 413, 415)


def _match_for(request: Request, match_id: int) -> tuple[Match, int | None]:
    match = get_object_or_404(Match.objects.select_related("table"), pk=match_id)
    access = selectors.match_access(match, request.user)
    if not access.allowed:
        raise Http404(_("No such match."))
    return match, access.seat


class MatchView(APIView):
    """The match as the requesting seat may see it (spectators: the public view)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: dict, **error_responses(400, 403, 404)})
    def get(self, request: Request, match_id: int) -> Response:
        match, seat = _match_for(request, match_id)
        seats = list(match.seats.select_related("user"))
        return Response(selectors.match_payload(match, seats, seat))


class ResultView(APIView):
    """A finished match's result: places, each player's score and its breakdown, and for a
    ranked match each player's rating change explained (`ratings`: before, after, change,
    expected_place against place, and per opponent the expected score, the result and the
    points it gave or took, adding up to the change). Errors: not_found, not_finished."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: dict, **error_responses(400, 403, 404, 409)})
    def get(self, request: Request, match_id: int) -> Response:
        match, seat = _match_for(request, match_id)
        if not match.is_finished:
            return error_response(PlayError("not_finished", _("This match is not over yet."), 409))
        seats = list(match.seats.select_related("user"))
        return Response(end_screen(match, selectors.players_of(seats), seat))


class ActionInput(serializers.Serializer):
    action = serializers.JSONField(help_text="An action object from `legal`, or its notation.")
    version = serializers.IntegerField(help_text="The match version your choice was made at.")


class ActionsView(APIView):
    """Submit one decision for your seat. Errors: malformed, invalid_action, illegal_action,
    not_your_turn, stale_version, not_a_player, finished. A refusal changes nothing."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=ActionInput,
        responses={200: dict, **error_responses(*_BODY_ERRORS, 409, 422)},
    )
    def post(self, request: Request, match_id: int) -> Response:
        try:
            data: Any = request.data
        except ParseError as exc:
            return error_response(
                PlayError("malformed", _("Malformed JSON: %(detail)s") % {"detail": exc.detail})
            )
        if not isinstance(data, dict) or "action" not in data or "version" not in data:
            return error_response(PlayError("malformed", _('Send {"action": ..., "version": n}.')))
        get_object_or_404(Match, pk=match_id)
        try:
            match = action_submit(
                match_id=match_id, user=request.user, action=data["action"], version=data["version"]
            )
        except PlayError as exc:
            return error_response(exc)
        seat = selectors.seat_of(match, request.user)
        seats = list(match.seats.select_related("user"))
        return Response(selectors.match_payload(match, seats, seat))


class LogView(APIView):
    """The action log as the requesting seat may read it; `after` skips what you have;
    `before` pages back from the match page's first load: the LOG_PAGE entries before that seq,
    with `earlier` saying whether more come before them."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("after", int, description="Only entries after this seq."),
            OpenApiParameter(
                "before",
                int,
                description=f"The last {selectors.LOG_PAGE} entries before this seq; the "
                "answer's `earlier` says whether more remain.",
            ),
        ],
        responses={200: dict, **error_responses(400, 403, 404)},
    )
    def get(self, request: Request, match_id: int) -> Response:
        match, seat = _match_for(request, match_id)
        try:
            after = int(request.query_params.get("after", 0))
        except ValueError:
            return error_response(PlayError("malformed", _("'after' must be an integer.")))
        if "before" not in request.query_params:
            return Response({"match": match.pk, "entries": selectors.log_for(match, seat, after)})
        try:
            before = int(request.query_params["before"])
        except ValueError:
            return error_response(PlayError("malformed", _("'before' must be an integer.")))
        found, earlier = selectors.log_before(match, seat, before)
        entries = [e for e in found if e["seq"] > after]  # both: the entries between
        earlier = earlier and len(entries) == len(found)
        return Response({"match": match.pk, "entries": entries, "earlier": earlier})


class UndoInput(serializers.Serializer):
    version = serializers.IntegerField(help_text="The match version you last saw.")


class UndoView(APIView):
    """Take back your last decision of this turn (casual games only). Errors: malformed,
    not_a_player, finished, ranked, forfeited, not_your_turn, stale_version, nothing_to_undo,
    another_seat_acted (another seat acted since), revealed (that decision showed something
    hidden: a roll, a card, a combat). A refusal changes nothing."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=UndoInput,
        responses={200: dict, **error_responses(*_BODY_ERRORS, 409)},
    )
    def post(self, request: Request, match_id: int) -> Response:
        try:
            data: Any = request.data
        except ParseError as exc:
            return error_response(
                PlayError("malformed", _("Malformed JSON: %(detail)s") % {"detail": exc.detail})
            )
        if not isinstance(data, dict) or "version" not in data:
            return error_response(PlayError("malformed", _('Send {"version": n}.')))
        get_object_or_404(Match, pk=match_id)
        try:
            match = action_undo(match_id=match_id, user=request.user, version=data["version"])
        except PlayError as exc:
            return error_response(exc)
        seat = selectors.seat_of(match, request.user)
        seats = list(match.seats.select_related("user"))
        return Response(selectors.match_payload(match, seats, seat))
