"""Reads of the ladders: a ladder page in one indexed query, a player's ratings and history."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Case, Count, F, IntegerField, OuterRef, Q, QuerySet, Subquery, When
from django.db.models.functions import Coalesce

from games.core import get_game
from ladders import charts, elo
from ladders.models import QueueEntry, Rating, RatingChange
from play.models import Match

PAGE_SIZE = 50
HISTORY_POINTS = 60


@dataclass
class LadderPage:
    game: str
    rows: list[Rating]
    page: int
    has_next: bool
    search: str = ""
    provisional: bool = False
    size: int = PAGE_SIZE
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def has_previous(self) -> bool:
        return self.page > 1


def _ranked(game: str) -> QuerySet[Rating]:
    return Rating.objects.filter(game=game, games__gte=elo.PROVISIONAL_GAMES)


def _ladder_order(rows: QuerySet[Rating]) -> QuerySet[Rating]:
    return rows.order_by("-rating", "id")


def _better_count(game: str) -> Subquery:
    """How many established players stand above the outer row (ties broken by id)."""
    better = _ranked(game).filter(
        Q(rating__gt=OuterRef("rating")) | Q(rating=OuterRef("rating"), id__lt=OuterRef("id"))
    )
    return Subquery(better.order_by().values("game").annotate(n=Count("id")).values("n"))


def ladder_page(
    *, game: str, page: int = 1, search: str = "", provisional: bool = False, size: int = PAGE_SIZE
) -> LadderPage:
    """One page of a game's ladder, fetched in ONE query.

    The established players (PROVISIONAL_GAMES rated games or more) are ranked by rating; their
    rank is their position. `provisional` lists the newcomers instead (marked, unranked). A
    search by name lists both, each established player with their rank counted in SQL.
    """
    page = max(1, page)
    offset = (page - 1) * size
    wanted: QuerySet[Rating]
    if search:
        wanted = _search(game, search)[offset : offset + size + 1]
    else:
        pool = (
            Rating.objects.filter(game=game, games__gt=0, games__lt=elo.PROVISIONAL_GAMES)
            if provisional
            else _ranked(game)
        )
        # The page's ids come from the partial index alone; only those rows are then joined.
        ids = _ladder_order(pool).values("id")[offset : offset + size + 1]
        wanted = _ladder_order(Rating.objects.filter(id__in=ids))
    rows = list(wanted.select_related("user").only(*_ROW_FIELDS))
    for position, row in enumerate(rows):
        if not search:
            row.rank = None if provisional else offset + position + 1  # type: ignore[attr-defined]
    return LadderPage(
        game, rows[:size], page, len(rows) > size, search, provisional and not search, size
    )


_ROW_FIELDS = ("rating", "games", "wins", "last_played", "game", "user__display_name")


def _search(game: str, search: str) -> QuerySet[Rating]:
    rank = Case(
        When(games__gte=elo.PROVISIONAL_GAMES, then=Coalesce(_better_count(game), 0) + 1),
        default=None,
        output_field=IntegerField(),
    )
    return (
        Rating.objects.filter(game=game, games__gt=0, user__display_name__icontains=search)
        .annotate(rank=rank)
        .order_by(F("rank").asc(nulls_last=True), "-rating", "id")
    )


def rank_of(rating: Rating) -> int | None:
    """The position of an established player in the ladder; None while provisional."""
    if rating.provisional:
        return None
    above = _ranked(rating.game).filter(
        Q(rating__gt=rating.rating) | Q(rating=rating.rating, id__lt=rating.pk)
    )
    return above.count() + 1


def player_ratings(user: Any) -> list[dict[str, Any]]:
    """Each game the player is rated in: rating, rank, record and the history chart."""
    result = []
    for rating in Rating.objects.filter(user=user, games__gt=0).order_by("game"):
        try:
            title = get_game(rating.game).title
        except KeyError:
            continue  # the game left the site; its ratings stay in the database
        history = list(
            RatingChange.objects.filter(user=user, game=rating.game)
            .order_by("-id")
            .values_list("after", flat=True)[:HISTORY_POINTS]
        )
        first = (elo.INITIAL_RATING,) if len(history) < HISTORY_POINTS else ()
        points = [*first, *reversed(history)]
        result.append(
            {
                "game": rating.game,
                "title": title,
                "rating": rating,
                "rank": rank_of(rating),
                "chart": charts.rating_chart(points, title=f"{title} rating"),
            }
        )
    return result


def recent_changes(user: Any, limit: int = 20) -> list[RatingChange]:
    """The player's latest rated games with the change each made, newest first."""
    return list(
        RatingChange.objects.filter(user=user).select_related("match").order_by("-id")[:limit]
    )


def changes_by_seat(match: Match) -> dict[int, float]:
    """Each rated seat's rating change in a finished ranked match (empty otherwise)."""
    if not match.ranked:
        return {}
    return dict(RatingChange.objects.filter(match=match).values_list("seat", "delta"))


def queue_entry_of(user: Any) -> QueueEntry | None:
    if user is None or not user.is_authenticated:
        return None
    return QueueEntry.objects.select_related("table__match").filter(user=user).first()
