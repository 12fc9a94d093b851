"""Play ranked by e-mail: a ranked queue at the turn-based pace (docs/matchmaking.md, "By
e-mail"). Players wait for a game, a table size and a time per move (hours or days); those who
asked for the same three and have close ratings are seated at a new ranked turn-based table,
like the live queue (ladders/matchmaking.py) but with the range widening by the hour and no
polling: a player waits until seated or until they leave."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.selectors import blocked_pairs
from games.core import get_game
from ladders import elo, pairing, tasks  # tasks imports this module too: used by attribute
from ladders.models import Rating, TurnQueueEntry
from lobbies.models import Table
from lobbies.services import MOVE_SECONDS_TURN, LobbyError, lobby_create, lobby_join
from shared.errors import ServiceError

HOUR = 3600
# The times per move the page offers; the API takes any whole number of hours in the lobby's
# range for turn-based play (1 hour to 14 days).
MOVE_CHOICES = [12 * HOUR, 24 * HOUR, 2 * 24 * HOUR, 3 * 24 * HOUR, 7 * 24 * HOUR]


class TurnQueueError(ServiceError):
    """A refused join or leave; nothing was changed."""


def turn_queue_join(
    *, user: Any, game: str, seats: Any, move_seconds: Any, now: datetime | None = None
) -> TurnQueueEntry:
    """Wait for a ranked game by e-mail of `game`, `seats` players, `move_seconds` per move."""
    engine = _engine(game)
    if not isinstance(seats, int) or isinstance(seats, bool) or seats not in engine.seat_range():
        raise TurnQueueError(
            "bad_seats", f"{engine.title} takes {engine.min_seats} to {engine.max_seats} players."
        )
    low, high = MOVE_SECONDS_TURN
    if (
        not isinstance(move_seconds, int)
        or isinstance(move_seconds, bool)
        or not low <= move_seconds <= high
        or move_seconds % HOUR
    ):
        raise TurnQueueError(
            "bad_clock", f"Time per move: whole hours from {low // HOUR} to {high // HOUR}."
        )
    if not user.is_active:
        raise TurnQueueError("suspended", "This account is suspended.", 403)
    rating = Rating.objects.filter(user=user, game=game).values_list("rating", flat=True).first()
    try:
        with transaction.atomic():
            entry = TurnQueueEntry.objects.create(
                user=user,
                game=engine.name,
                seats=seats,
                move_seconds=move_seconds,
                rating=rating if rating is not None else elo.INITIAL_RATING,
                joined_at=now or timezone.now(),
            )
    except IntegrityError as exc:
        raise TurnQueueError(
            "already_queued", "You are already waiting for a game by e-mail.", 409
        ) from exc
    transaction.on_commit(_pairing_schedule)
    return entry


def _engine(game: Any) -> Any:
    try:
        return get_game(str(game))
    except KeyError as exc:
        raise TurnQueueError("unknown_game", f"There is no game called {game!r}.", 404) from exc


def _pairing_schedule() -> None:
    tasks.matchmaking_pair.delay()


def turn_queue_leave(*, user: Any) -> None:
    """Stop waiting. Waits for a pairing in progress, so a seated player learns it."""
    with transaction.atomic():
        entry = (
            TurnQueueEntry.objects.select_for_update().filter(user=user, table__isnull=True).first()
        )
        if entry is None:
            raise TurnQueueError("not_queued", "You are not waiting for a game by e-mail.", 409)
        entry.delete()


def turn_queue_entry_of(user: Any) -> TurnQueueEntry | None:
    """The player's current wait, else their latest seated entry (to lead them to the match)."""
    if not user.is_authenticated:
        return None
    entries = TurnQueueEntry.objects.filter(user=user).select_related("table__match")
    waiting = entries.filter(table__isnull=True).first()
    return waiting or entries.order_by("-joined_at", "-pk").first()


def turn_queue_pair(*, now: datetime | None = None) -> list[Table]:
    """Form ranked turn-based tables from the waiting players; several runs may go at once.

    Each run locks the entries it sees and skips those another run holds (SKIP LOCKED), so a
    player is seated by one run only, and the entries are marked seated in that transaction.
    """
    now = now or timezone.now()
    tables: list[Table] = []
    with transaction.atomic():
        waiting = TurnQueueEntry.objects.select_for_update(skip_locked=True).filter(
            table__isnull=True
        )
        entries = list(waiting.select_related("user").order_by("joined_at", "pk"))
        apart = _entries_apart(entries)
        buckets: dict[tuple[str, int, int], list[TurnQueueEntry]] = {}
        for entry in entries:
            buckets.setdefault((entry.game, entry.seats, entry.move_seconds), []).append(entry)
        for (game, seats, move_seconds), group in buckets.items():
            tables.extend(_bucket_pair(game, seats, move_seconds, group, apart, now))
    return tables


def _entries_apart(entries: list[TurnQueueEntry]) -> set[frozenset[int]]:
    """Players blocked either way (accounts.selectors.blocked_pairs), said of the entries'
    keys: never seated at one table."""
    blocked = blocked_pairs({e.user_id for e in entries})
    return {
        frozenset((a.pk, b.pk))
        for a in entries
        for b in entries
        if a.pk < b.pk and frozenset((a.user_id, b.user_id)) in blocked
    }


def _bucket_pair(
    game: str,
    seats: int,
    move_seconds: int,
    entries: list[TurnQueueEntry],
    apart: set[frozenset[int]],
    now: datetime,
) -> list[Table]:
    by_key = {e.pk: e for e in entries}
    waiting = [pairing.Waiting(e.pk, e.rating, e.joined_at) for e in entries]
    groups = pairing.groups_form(
        waiting, seats, now, every=pairing.TURN_WIDEN_EVERY_SECONDS, apart=apart
    )
    tables = []
    for group in groups:
        members = [by_key[w.key] for w in group]
        try:
            with transaction.atomic():
                tables.append(_table_seat(game, seats, move_seconds, members))
        except LobbyError:
            continue  # e.g. a player was suspended meanwhile: these players keep waiting
    return tables


def _table_seat(game: str, seats: int, move_seconds: int, members: list[TurnQueueEntry]) -> Table:
    """A ranked turn-based table through the lobby services; the last join starts the match,
    whose first turn e-mail tells the player to act."""
    table = lobby_create(
        host=members[0].user,
        game=game,
        seats=seats,
        ranked=True,
        mode=Table.Mode.TURN,
        move_seconds=move_seconds,
    )
    for entry in members[1:]:
        lobby_join(table_id=table.pk, user=entry.user)
    TurnQueueEntry.objects.filter(pk__in=[e.pk for e in members]).update(table=table)
    table.refresh_from_db()
    return table
