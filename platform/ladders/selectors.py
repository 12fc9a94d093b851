"""Reads of the ladders: a ladder page in one indexed query, a player's ratings and history."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from urllib.parse import quote

from django.db.models import (
    Case,
    Count,
    F,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    When,
)
from django.db.models.functions import Cast, Coalesce, Floor, Lower
from django.urls import reverse
from django.utils import formats, timezone

from games.core import get_game
from ladders import charts, elo
from ladders.models import LadderBucket, QueueEntry, Rating, RatingChange
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
    return Rating.objects.filter(game=game, games__gte=elo.PROVISIONAL_GAMES, listed=True)


def _rank_expression(game: str) -> Any:
    """The outer row's rank: established players in higher buckets (a sum over the bucket
    counts), plus those above it in its own bucket (a short index range), plus one."""
    point = Cast(Floor(OuterRef("rating")), IntegerField())  # an int: the bucket index serves
    above = LadderBucket.objects.filter(game=game, bucket__gt=point)
    higher_buckets = Subquery(above.values("game").annotate(n=Sum("count")).values("n"))
    same = _ranked(game).filter(
        Q(rating__gt=OuterRef("rating")) | Q(rating=OuterRef("rating"), id__lt=OuterRef("id")),
        rating__gte=Floor(OuterRef("rating")),
        rating__lt=Floor(OuterRef("rating")) + 1,
    )
    same_bucket = Subquery(same.order_by().values("game").annotate(n=Count("id")).values("n"))
    return Case(
        When(
            games__gte=elo.PROVISIONAL_GAMES,
            then=Coalesce(higher_buckets, 0) + Coalesce(same_bucket, 0) + 1,
        ),
        default=None,
        output_field=IntegerField(),
    )


# The page of established players at any offset: the bucket counts say which rating the page
# starts below and how many rows of the ladder index are left to skip (a few hundred at most).
# With no bucket that far (an empty ladder) `start` is empty: no row passes `rating < NULL`, and
# the OFFSET falls back to 0 (SQLite refuses OFFSET NULL, which PostgreSQL reads as 0).
_RANKED_PAGE_SQL = """
WITH cumulative AS (
    SELECT bucket, count, SUM(count) OVER (ORDER BY bucket DESC) AS through
    FROM ladders_ladderbucket WHERE game = %(game)s
), start AS (
    SELECT bucket + 1 AS below, %(offset)s - (through - count) AS skip
    FROM cumulative WHERE through > %(offset)s ORDER BY bucket DESC LIMIT 1
)
SELECT r.id, r.user_id, r.game, r.rating, r.games, r.wins, r.last_played,
       u.display_name AS player_name
FROM ladders_rating r JOIN accounts_user u ON u.id = r.user_id
WHERE r.id IN (
    SELECT id FROM ladders_rating
    WHERE game = %(game)s AND games >= %(established)s AND listed
      AND rating < (SELECT below FROM start)
    ORDER BY rating DESC, id
    LIMIT %(limit)s OFFSET COALESCE((SELECT skip FROM start), 0)
)
ORDER BY r.rating DESC, r.id
"""


def ladder_page(
    *, game: str, page: int = 1, search: str = "", provisional: bool = False, size: int = PAGE_SIZE
) -> LadderPage:
    """One page of a game's ladder, fetched in ONE query.

    The established players (PROVISIONAL_GAMES rated games or more) are ranked by rating, ties
    by seniority of their rating row; the rank is the position. `provisional` lists the
    newcomers instead (marked, unranked). A search by name lists both, ranked ones first.
    """
    page = max(1, min(page, 100_000))
    offset = (page - 1) * size
    rows: list[Rating]
    if search:
        rows = list(_search(game, search)[offset : offset + size + 1])
    elif provisional:
        ids = (
            Rating.objects.filter(
                game=game, games__gt=0, games__lt=elo.PROVISIONAL_GAMES, listed=True
            )
            .order_by("-rating", "id")
            .values("id")[offset : offset + size + 1]
        )
        wanted = Rating.objects.filter(id__in=ids).order_by("-rating", "id")
        rows = list(wanted.annotate(player_name=F("user__display_name")).only(*_ROW_FIELDS))
    else:
        params = {
            "game": game,
            "offset": offset,
            "limit": size + 1,
            "established": elo.PROVISIONAL_GAMES,
        }
        rows = list(Rating.objects.raw(_RANKED_PAGE_SQL, params))
    for position, row in enumerate(rows):
        if not search:
            row.rank = None if provisional else offset + position + 1  # type: ignore[attr-defined]
    return LadderPage(
        game, rows[:size], page, len(rows) > size, search, provisional and not search, size
    )


_ROW_FIELDS = ("rating", "games", "wins", "last_played", "game", "user_id")


def _search(game: str, search: str) -> QuerySet[Rating]:
    """Players whose name starts with `search` (any case): a range on the index of lower-cased
    names, so a search costs the same with 100 or 100,000 players."""
    prefix = search.lower()
    return (
        Rating.objects.annotate(name_key=Lower("user__display_name"))
        .filter(game=game, games__gt=0, listed=True)
        .filter(name_key__gte=prefix, name_key__lt=prefix + _LAST_CHAR)
        .annotate(rank=_rank_expression(game), player_name=F("user__display_name"))
        .only(*_ROW_FIELDS)
        # The ladder's own order (ranked players first), not the computed rank: PostgreSQL can
        # then sort and cut the page before computing the rank of its rows only.
        .order_by(_provisional_last(), "-rating", "id")
    )


def _provisional_last() -> Case:
    return Case(
        When(games__gte=elo.PROVISIONAL_GAMES, then=0), default=1, output_field=IntegerField()
    )


_LAST_CHAR = "\U0010ffff"  # sorts after every character a name may continue with


def ladder_rows(page: LadderPage) -> list[dict[str, Any]]:
    """The page's rows ready to print: formatting 50 rows in Python costs a fraction of what
    the template filters (floatformat, date, url) cost per row."""
    profile = reverse("accounts:profile", args=["-"])[:-2]
    return [
        {
            "rank": getattr(row, "rank", None),
            "name": row.player_name,  # type: ignore[attr-defined]
            "url": f"{profile}{quote(row.player_name)}/",  # type: ignore[attr-defined]
            "rating": round(row.rating),
            "games": row.games,
            "wins": row.wins,
            "provisional": row.provisional,
            "last_played": _day(row.last_played),
        }
        for row in page.rows
    ]


def _day(moment: datetime | None) -> str:
    if moment is None:
        return ""
    local = timezone.localtime(moment)
    return f"{local.day} {local:%b %Y}"


def rank_of(rating: Rating) -> int | None:
    """The position of an established player in the ladder; None while provisional or when
    the ladder leaves the player out (banned, erased)."""
    if rating.provisional or not rating.listed:
        return None
    ranked = Rating.objects.filter(pk=rating.pk).annotate(rank=_rank_expression(rating.game))
    return ranked.values_list("rank", flat=True).first()


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
            .values_list("before", "after")[:HISTORY_POINTS]
        )[::-1]
        points = [history[0][0], *(after for _, after in history)] if history else []
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


def rating_changes_seen_by(player: Any, viewer: Any) -> QuerySet[RatingChange]:
    """The player's rating changes `viewer` may see: those of matches at private tables only for
    the player themself (as their games on the profile, lobbies.selectors)."""
    changes = RatingChange.objects.filter(user=player)
    if not (viewer is not None and viewer.is_authenticated and viewer.pk == player.pk):
        changes = changes.exclude(match__table__private=True)
    return changes


def recent_changes(user: Any, limit: int = 20, viewer: Any = None) -> list[dict[str, Any]]:
    """The player's latest rated games with the change each made, newest first; without a
    `viewer` (or for anyone else) those of private tables are left out."""
    changes = rating_changes_seen_by(user, viewer).select_related("match").order_by("-id")
    return [
        {
            "title": _title(c.game),
            "match": c.match,
            "place": c.place,
            "after": round(c.after),
            "change": signed(c.delta),
            "gained": c.delta > 0,
            "at": c.created_at,
        }
        for c in changes[:limit]
    ]


def _title(game: str) -> str:
    try:
        return get_game(game).title
    except KeyError:
        return game


def signed(delta: float) -> str:
    """A rating change as players read it, in the active language: +12.5 ("+12,5" in Spanish),
    −3, 0."""
    tenths = round(abs(delta), 1)
    if tenths == 0:
        return "0"
    places = 0 if tenths == int(tenths) else 1
    return ("+" if delta > 0 else "−") + formats.number_format(tenths, decimal_pos=places)


def changes_by_seat(match: Match) -> dict[int, str]:
    """Each rated seat's rating change in a finished ranked match, as text (empty otherwise)."""
    if not match.ranked or not match.pk:
        return {}
    deltas = RatingChange.objects.filter(match_id=match.pk).values_list("seat", "delta")
    return {seat: signed(delta) for seat, delta in deltas}


def queue_entry_of(user: Any) -> QueueEntry | None:
    if user is None or not user.is_authenticated:
        return None
    return QueueEntry.objects.select_related("table__match").filter(user=user).first()
