"""Reads of tables and of people's games, shared by pages and API alike: the open-tables query,
who may see a table, "my games" and a player's games for the profile."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.humanize.templatetags.humanize import ordinal as humanize_ordinal
from django.db.models import Count, Q, QuerySet
from django.utils.translation import gettext as _

from lobbies.models import Invitation, Table, TableEntry
from play.models import Match, Seat
from play.selectors import seat_names

GAMES_SHOWN = 50
_YES = ("yes", "true", "1")
_NO = ("no", "false", "0")


def tables_open(filters: Mapping[str, str]) -> QuerySet[Table]:
    """Open public tables, newest first, narrowed by the filters a page or the API received:
    game, mode (live/turn), ranked (yes/no, true/false, 1/0) and seats."""
    tables = (
        Table.objects.filter(status=Table.Status.OPEN, private=False)
        .select_related("host")
        .annotate(taken=Count("entries"))
        .order_by("-created_at")
    )
    if game := filters.get("game"):
        tables = tables.filter(game=game)
    if filters.get("mode") in ("live", "turn"):
        tables = tables.filter(mode=filters["mode"])
    ranked = (filters.get("ranked") or "").lower()
    if ranked in _YES or ranked in _NO:
        tables = tables.filter(ranked=ranked in _YES)
    if (filters.get("seats") or "").isdigit():
        tables = tables.filter(seats=int(filters["seats"]))
    return tables


def tables_visible(user: Any, invite: str | None) -> QuerySet[Table]:
    """Tables `user` may look at: public ones, private ones they sit at, are invited to or
    hold the invite of."""
    visible = Q(private=False)
    if invite:
        visible |= Q(invite_token=invite)
    if user is not None and user.is_authenticated:
        visible |= Q(pk__in=TableEntry.objects.filter(user=user).values("table_id"))
        visible |= Q(pk__in=Invitation.objects.filter(invitee=user).values("table_id"))
    return Table.objects.filter(visible)


def table_visible(table: Table, user: Any, invite: str | None, joined: bool) -> bool:
    """The one-table form of `tables_visible`, for a page that has the table and its entries."""
    if not table.private or joined or (bool(invite) and invite == table.invite_token):
        return True
    return is_invited(table, user)


def is_invited(table: Table, user: Any) -> bool:
    if user is None or not user.is_authenticated:
        return False
    return Invitation.objects.filter(table=table, invitee_id=user.pk).exists()


def my_tables(user: Any) -> QuerySet[Table]:
    """Open tables `user` sits at."""
    # Filtering on entries in the same query would make Count("entries") count only mine.
    mine = TableEntry.objects.filter(user_id=user.pk).values("table_id")
    return Table.objects.filter(status=Table.Status.OPEN, pk__in=mine).annotate(
        taken=Count("entries")
    )


def my_matches(user: Any) -> list[dict[str, Any]]:
    """My matches in play, those where it is my turn first, then by deadline."""
    seats = (
        Seat.objects.filter(user_id=user.pk, match__status=Match.Status.ACTIVE)
        .select_related("match")
        .prefetch_related("match__seats__user")
        .order_by("-to_act", "match__deadline", "-match__updated_at")
    )
    return [{"seat": seat, "against": _others(seat)} for seat in seats]


def _others(seat: Seat) -> list[str]:
    """The other seats' names in the reader's language (a bot's level, an erased player)."""
    names = seat_names(list(seat.match.seats.all()))
    return [name for index, name in sorted(names.items()) if index != seat.index]


@dataclass(frozen=True)
class GameRow:
    """One of a player's matches as the profile lists it."""

    match: Match
    seat: Seat
    opponents: list[str]

    @property
    def place_text(self) -> str:
        """How the player finished, e.g. "1st of 3" or "2nd of 4 (tie)"."""
        places = [s.place for s in self.match.seats.all()]
        if self.seat.place is None:
            return ""
        said = {"place": humanize_ordinal(self.seat.place), "seats": len(places)}
        if places.count(self.seat.place) > 1:
            return _("%(place)s of %(seats)s (tie)") % said
        return _("%(place)s of %(seats)s") % said

    @property
    def won(self) -> bool:
        return self.seat.place == 1


def _seats_of(person: Any, viewer: Any) -> QuerySet[Seat]:
    """The person's seats; matches at private tables only for the person themself."""
    seats = Seat.objects.filter(user=person).select_related("match", "match__table")
    if not (viewer.is_authenticated and viewer.pk == person.pk):
        seats = seats.exclude(Q(match__table__private=True))
    return seats.prefetch_related("match__seats__user")


def _rows(seats: QuerySet[Seat]) -> list[GameRow]:
    rows = []
    for seat in seats[:GAMES_SHOWN]:
        rows.append(GameRow(match=seat.match, seat=seat, opponents=_others(seat)))
    return rows


def current_games(person: Any, viewer: Any) -> list[GameRow]:
    """Matches in play, those where the person is to move first."""
    seats = _seats_of(person, viewer).filter(match__status=Match.Status.ACTIVE)
    return _rows(seats.order_by("-to_act", "-match__updated_at"))


def finished_games(person: Any, viewer: Any) -> list[GameRow]:
    """Finished matches, the latest first."""
    seats = _seats_of(person, viewer).filter(match__status=Match.Status.FINISHED)
    return _rows(seats.order_by("-match__finished_at", "-match__pk"))


def record(person: Any) -> dict[str, int]:
    """Totals over all finished matches: played and won (first place, ties included)."""
    finished = Seat.objects.filter(user=person, match__status=Match.Status.FINISHED)
    return {"played": finished.count(), "won": finished.filter(place=1).count()}
