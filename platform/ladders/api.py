"""Ladders over HTTP: the ladders, a player's ratings and history, the ranked queue."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from games.core import all_games, get_game
from ladders import selectors, services, turn_queue
from ladders.models import QueueEntry, Rating, TurnQueueEntry
from shared.errors import error_response, error_responses


class LadderOut(serializers.Serializer):  # type: ignore[type-arg]
    game = serializers.CharField()
    title = serializers.CharField()
    seats = serializers.ListField(child=serializers.IntegerField(), help_text="[fewest, most]")
    url = serializers.URLField()


class RatingOut(serializers.Serializer):  # type: ignore[type-arg]
    game = serializers.CharField()
    player = serializers.CharField()
    rank = serializers.IntegerField(allow_null=True, help_text="None while provisional.")
    rating = serializers.FloatField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    provisional = serializers.BooleanField()
    last_played = serializers.DateTimeField(allow_null=True)


class LadderPageOut(serializers.Serializer):  # type: ignore[type-arg]
    game = serializers.CharField()
    page = serializers.IntegerField()
    has_next = serializers.BooleanField()
    results = RatingOut(many=True)


class HistoryOut(serializers.Serializer):  # type: ignore[type-arg]
    match = serializers.IntegerField()
    at = serializers.DateTimeField()
    place = serializers.IntegerField()
    before = serializers.FloatField()
    after = serializers.FloatField()
    delta = serializers.FloatField()


class QueueOut(serializers.Serializer):  # type: ignore[type-arg]
    queued = serializers.BooleanField()
    game = serializers.CharField(required=False)
    seats = serializers.IntegerField(required=False)
    rating = serializers.FloatField(required=False)
    joined_at = serializers.DateTimeField(required=False)
    table = serializers.IntegerField(required=False, allow_null=True)
    match = serializers.IntegerField(required=False, allow_null=True)


def _rating_json(rating: Rating, rank: int | None) -> dict[str, Any]:
    return {
        "game": rating.game,
        "player": getattr(rating, "player_name", None) or rating.user.display_name,
        "rank": rank,
        "rating": rating.rating,
        "games": rating.games,
        "wins": rating.wins,
        "provisional": rating.provisional,
        "last_played": rating.last_played.isoformat() if rating.last_played else None,
    }


def _player(name: str) -> User:
    user = User.objects.filter(display_name__iexact=name).first()
    if user is None:
        raise NotFound(f"There is no player called {name!r}.")
    return user


def _game(name: str) -> Any:
    try:
        return get_game(name)
    except KeyError as exc:
        raise NotFound(f"There is no game called {name!r}.") from exc


class LadderList(APIView):
    """The games that have a ladder."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="ladders_list",
        responses={200: LadderOut(many=True), **error_responses(400, 403)},
    )
    def get(self, request: Request) -> Response:
        return Response(
            [
                {
                    "game": g.name,
                    "title": g.title,
                    "seats": [g.min_seats, g.max_seats],
                    "url": request.build_absolute_uri(reverse("api-ladder", args=[g.name])),
                }
                for g in all_games()
            ]
        )


class LadderDetail(APIView):
    """One page of a game's ladder: `page`, `q` (name search), `provisional=1` (newcomers)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        operation_id="ladder_page",
        parameters=[
            OpenApiParameter("page", int),
            OpenApiParameter("q", str),
            OpenApiParameter("provisional", bool),
        ],
        responses={200: LadderPageOut, **error_responses(400, 403, 404)},
    )
    def get(self, request: Request, game: str) -> Response:
        _game(game)
        try:
            page_number = int(request.query_params.get("page", 1))
        except ValueError:
            page_number = 1
        page = selectors.ladder_page(
            game=game,
            page=page_number,
            search=request.query_params.get("q", "").strip()[:24],
            provisional=request.query_params.get("provisional") in ("1", "true"),
        )
        return Response(
            {
                "game": game,
                "page": page.page,
                "has_next": page.has_next,
                "results": [_rating_json(r, getattr(r, "rank", None)) for r in page.rows],
            }
        )


class PlayerRatings(APIView):
    """A player's rating, rank and record in each game they have played ranked."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: RatingOut(many=True), **error_responses(400, 403, 404)})
    def get(self, request: Request, name: str) -> Response:
        player = _player(name)
        ratings = Rating.objects.filter(user=player, games__gt=0).select_related("user")
        return Response([_rating_json(r, selectors.rank_of(r)) for r in ratings.order_by("game")])


class PlayerHistory(APIView):
    """Every rated game of a player in one game, oldest first, with the change it made (games
    at private tables only for the player themself)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: HistoryOut(many=True), **error_responses(400, 403, 404)})
    def get(self, request: Request, name: str, game: str) -> Response:
        player = _player(name)
        _game(game)
        seen = selectors.rating_changes_seen_by(player, request.user)
        changes = seen.filter(game=game).order_by("id")
        return Response(
            [
                {
                    "match": c.match_id,
                    "at": c.created_at.isoformat(),
                    "place": c.place,
                    "before": c.before,
                    "after": c.after,
                    "delta": c.delta,
                }
                for c in changes
            ]
        )


class QueueInput(serializers.Serializer):
    game = serializers.CharField()
    seats = serializers.IntegerField()


def _entry_json(entry: QueueEntry | None) -> dict[str, Any]:
    if entry is None:
        return {"queued": False}
    match = getattr(entry.table, "match", None) if entry.table is not None else None
    return {
        "queued": entry.waiting,
        "game": entry.game,
        "seats": entry.seats,
        "rating": entry.rating,
        "joined_at": entry.joined_at.isoformat(),
        "table": entry.table_id,
        "match": match.pk if match is not None else None,
    }


class QueueView(APIView):
    """The ranked queue: GET your status (and your match once seated), POST {game, seats} to
    wait for a table, DELETE to stop waiting. Poll GET at least every minute while waiting: a
    player silent for 90 seconds is taken out of the queue. Errors: unknown_game, bad_seats,
    already_queued, in_match, not_queued."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: QueueOut, **error_responses(400, 403)})
    def get(self, request: Request) -> Response:
        services.queue_touch(user=request.user)
        return Response(_entry_json(selectors.queue_entry_of(request.user)))

    @extend_schema(
        request=QueueInput,
        responses={201: QueueOut, **error_responses(400, 403, 404, 409, 413, 415)},
    )
    def post(self, request: Request) -> Response:
        data = QueueInput(data=request.data)
        if not data.is_valid():
            return error_response(
                services.LadderError("malformed", 'Send {"game": name, "seats": n}.')
            )
        try:
            entry = services.queue_join(user=request.user, **data.validated_data)
        except services.LadderError as exc:
            return error_response(exc)
        entry = selectors.queue_entry_of(request.user) or entry
        return Response(_entry_json(entry), status=status.HTTP_201_CREATED)

    @extend_schema(responses={204: None, **error_responses(400, 403, 409)})
    def delete(self, request: Request) -> Response:
        try:
            services.queue_leave(user=request.user)
        except services.LadderError as exc:
            return error_response(exc)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TurnQueueInput(serializers.Serializer):  # type: ignore[type-arg]
    game = serializers.CharField()
    seats = serializers.IntegerField()
    move_seconds = serializers.IntegerField(help_text="Whole hours: 3600 to 1209600.")


class TurnQueueOut(serializers.Serializer):  # type: ignore[type-arg]
    queued = serializers.BooleanField()
    game = serializers.CharField(required=False)
    seats = serializers.IntegerField(required=False)
    move_seconds = serializers.IntegerField(required=False)
    rating = serializers.FloatField(required=False)
    joined_at = serializers.DateTimeField(required=False)
    match = serializers.IntegerField(required=False, allow_null=True)


def _turn_entry_json(entry: TurnQueueEntry | None) -> dict[str, Any]:
    if entry is None:
        return {"queued": False}
    match = getattr(entry.table, "match", None) if entry.table is not None else None
    return {
        "queued": entry.waiting,
        "game": entry.game,
        "seats": entry.seats,
        "move_seconds": entry.move_seconds,
        "rating": entry.rating,
        "joined_at": entry.joined_at.isoformat(),
        "match": match.pk if match is not None else None,
    }


class TurnQueueView(APIView):
    """Play ranked by e-mail: GET your wait (or your latest seated game), POST {game, seats,
    move_seconds} to wait for a ranked turn-based table, DELETE to stop waiting. No polling
    needed. Errors: malformed, unknown_game, bad_seats, bad_clock, already_queued, not_queued."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="turn_queue_status", responses={200: TurnQueueOut, **error_responses(400, 403)}
    )
    def get(self, request: Request) -> Response:
        return Response(_turn_entry_json(turn_queue.turn_queue_entry_of(request.user)))

    @extend_schema(
        operation_id="turn_queue_join",
        request=TurnQueueInput,
        responses={201: TurnQueueOut, **error_responses(400, 403, 404, 409, 413, 415)},
    )
    def post(self, request: Request) -> Response:
        data = TurnQueueInput(data=request.data)
        if not data.is_valid():
            return error_response(
                turn_queue.TurnQueueError(
                    "malformed", 'Send {"game": name, "seats": n, "move_seconds": s}.'
                )
            )
        try:
            entry = turn_queue.turn_queue_join(user=request.user, **data.validated_data)
        except turn_queue.TurnQueueError as exc:
            return error_response(exc)
        entry = turn_queue.turn_queue_entry_of(request.user) or entry
        return Response(_turn_entry_json(entry), status=status.HTTP_201_CREATED)

    @extend_schema(
        operation_id="turn_queue_leave", responses={204: None, **error_responses(400, 403, 409)}
    )
    def delete(self, request: Request) -> Response:
        try:
            turn_queue.turn_queue_leave(user=request.user)
        except turn_queue.TurnQueueError as exc:
            return error_response(exc)
        return Response(status=status.HTTP_204_NO_CONTENT)
