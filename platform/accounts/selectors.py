"""Reads for the profile page: a player's games in progress and finished, with results."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet

from accounts.models import User
from play.models import Match, Seat

GAMES_SHOWN = 50


@dataclass(frozen=True)
class GameRow:
    """One of the player's matches as the profile lists it."""

    match: Match
    seat: Seat
    opponents: list[str]

    @property
    def place_text(self) -> str:
        """How the player finished, e.g. "1st of 3" or "2nd of 4 (tie)"."""
        places = [s.place for s in self.match.seats.all()]
        if self.seat.place is None:
            return ""
        tie = places.count(self.seat.place) > 1
        return f"{_ordinal(self.seat.place)} of {len(places)}" + (" (tie)" if tie else "")

    @property
    def won(self) -> bool:
        return self.seat.place == 1


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _seats_of(person: User, viewer: Any) -> QuerySet[Seat]:
    """The person's seats; matches at private tables only for the person themself."""
    seats = Seat.objects.filter(user=person).select_related("match", "match__table")
    if not (viewer.is_authenticated and viewer.pk == person.pk):
        seats = seats.exclude(Q(match__table__private=True))
    return seats.prefetch_related("match__seats__user")


def _rows(seats: QuerySet[Seat]) -> list[GameRow]:
    rows = []
    for seat in seats[:GAMES_SHOWN]:
        others = [s.name for s in seat.match.seats.all() if s.index != seat.index]
        rows.append(GameRow(match=seat.match, seat=seat, opponents=others))
    return rows


def current_games(person: User, viewer: Any) -> list[GameRow]:
    """Matches in play, those where the person is to move first."""
    seats = _seats_of(person, viewer).filter(match__status=Match.Status.ACTIVE)
    return _rows(seats.order_by("-to_act", "-match__updated_at"))


def finished_games(person: User, viewer: Any) -> list[GameRow]:
    """Finished matches, the latest first."""
    seats = _seats_of(person, viewer).filter(match__status=Match.Status.FINISHED)
    return _rows(seats.order_by("-match__finished_at", "-match__pk"))


def record(person: User) -> dict[str, int]:
    """Totals over all finished matches: played and won (first place, ties included)."""
    finished = Seat.objects.filter(user=person, match__status=Match.Status.FINISHED)
    return {"played": finished.count(), "won": finished.filter(place=1).count()}
