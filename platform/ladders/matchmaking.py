"""Forming ranked tables from the queue: players of close ratings are seated together
(ladders/pairing.py chooses the groups; docs/matchmaking.md)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.selectors import blocked_pairs
from ladders import pairing
from ladders.models import QueueEntry
from lobbies.models import Table
from lobbies.services import LobbyError, lobby_create, lobby_join
from play.models import Match, Seat


def ranked_live_seats() -> Any:
    return Seat.objects.filter(
        forfeited=False,
        match__ranked=True,
        match__mode="live",
        match__status=Match.Status.ACTIVE,
    )


def matchmaking_pair(*, now: datetime | None = None) -> list[Table]:
    """Form ranked tables from the waiting players; several processes may run it at once.

    Each run locks the waiting entries it sees and skips those another run holds, so a player
    is seated by one run only; the entries are marked seated in the same transaction.
    """
    now = now or timezone.now()
    tables = []
    with transaction.atomic():
        waiting = QueueEntry.objects.select_for_update(skip_locked=True).filter(table__isnull=True)
        entries = list(waiting.order_by("joined_at", "pk"))
        gone = _entries_gone(entries, now)
        QueueEntry.objects.filter(pk__in=gone).delete()
        buckets: dict[tuple[str, int], list[QueueEntry]] = {}
        for entry in entries:
            if entry.pk not in gone:
                buckets.setdefault((entry.game, entry.seats), []).append(entry)
        for (game, seats), group in buckets.items():
            tables.extend(_bucket_pair(game, seats, group, now))
    return tables


def _entries_gone(entries: list[QueueEntry], now: datetime) -> set[int]:
    """Entries not to seat: the player stopped polling, or sat down at a ranked live game
    meanwhile (a table joined from the lobby): never two live tables at once."""
    silent = {e.pk for e in entries if (now - e.seen_at).total_seconds() > pairing.PATIENCE_SECONDS}
    playing = set(
        ranked_live_seats()
        .filter(user_id__in=[e.user_id for e in entries])
        .values_list("user_id", flat=True)
    )
    return silent | {e.pk for e in entries if e.user_id in playing}


def _bucket_pair(game: str, seats: int, entries: list[QueueEntry], now: datetime) -> list[Table]:
    by_key = {e.pk: e for e in entries}
    waiting = [pairing.Waiting(e.pk, e.rating, e.joined_at) for e in entries]
    entry_of = {e.user_id: e.pk for e in entries}
    apart = {  # blocked players (either way) are never paired: their entries kept apart
        frozenset(entry_of[u] for u in pair) for pair in blocked_pairs(entry_of)
    }
    tables = []
    for group in pairing.groups_form(waiting, seats, now, apart):
        members = [by_key[w.key] for w in group]
        try:
            with transaction.atomic():
                tables.append(_table_seat(game, seats, members))
        except LobbyError:
            continue  # e.g. the game left the site: these players keep waiting
    return tables


def _table_seat(game: str, seats: int, members: Iterable[QueueEntry]) -> Table:
    """A ranked table through the lobby services: the host creates it, the others join, the
    last join starts the match."""
    members = list(members)
    table = lobby_create(host=members[0].user, game=game, seats=seats, ranked=True)
    for entry in members[1:]:
        lobby_join(table_id=table.pk, user=entry.user)
    QueueEntry.objects.filter(pk__in=[e.pk for e in members]).update(table=table)
    table.refresh_from_db()
    return table
