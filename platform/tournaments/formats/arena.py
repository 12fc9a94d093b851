"""Arena, pure: who sits together among the players waiting for a game, and the points of a
player's games (lichess's arena rules, read for 2-5 seats). No Django, no database: the site
(tournaments/arena.py) gives the waiting players and the games played.

- Pairing: the waiting players by score, then rating (then id); each table takes the best
  waiting player and the next best ones who were not at their previous game; a player whose
  only possible tables are immediate rematches waits while other games are still being played
  (someone new will come), and is seated with them only when nobody else is playing.
- Points: 2 for each tablemate finished ahead of, 1 for each tied with (at 2 seats: 2 a win,
  1 a draw, 0 a loss, as lichess). A win is a first place alone. After two wins in a row a
  player is on fire: each game's points are doubled until a game that is not a win. A won
  game played berserk earns 1 point more (not doubled).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tournaments.formats.base import FormatError, Settings


@dataclass(frozen=True)
class Waiting:
    id: int
    score: float
    rating: float
    last: frozenset[int] = frozenset()  # the tablemates of this player's previous game
    firsts: int = 0  # games this player sat first


@dataclass(frozen=True)
class Game:
    """One finished arena game of one player: their place, the table's places, berserk."""

    places: tuple[int, ...]
    seat: int
    berserk: bool = False


@dataclass
class Sheet:
    points: float = 0.0
    wins: int = 0
    played: int = 0
    streak: int = 0  # wins in a row so far
    marks: list[str] = field(default_factory=list)  # each game's points, "4" doubled: "4*"

    @property
    def on_fire(self) -> bool:
        return self.streak >= 2


def base_points(places: Sequence[int], seat: int) -> int:
    mine = places[seat]
    ahead = sum(1 for i, p in enumerate(places) if i != seat and p > mine)
    tied = sum(1 for i, p in enumerate(places) if i != seat and p == mine)
    return 2 * ahead + tied


def is_win(places: Sequence[int], seat: int) -> bool:
    return places[seat] == 1 and sum(1 for p in places if p == 1) == 1


def sheet_of(games: Sequence[Game]) -> Sheet:
    """A player's points over their games in the order played."""
    sheet = Sheet()
    for game in games:
        points = base_points(game.places, game.seat)
        doubled = sheet.on_fire
        if doubled:
            points *= 2
        won = is_win(game.places, game.seat)
        if won and game.berserk:
            points += 1
        sheet.points += points
        sheet.played += 1
        sheet.wins += int(won)
        sheet.streak = sheet.streak + 1 if won else 0
        sheet.marks.append(f"{points}{'*' if doubled else ''}{'b' if game.berserk else ''}")
    return sheet


def pair_waiting(
    waiting: Sequence[Waiting], table_size: int, others_playing: bool
) -> list[tuple[int, ...]]:
    """Tables for the waiting players (each a tuple of ids in seat order); some may wait."""
    if table_size < 2:
        raise ValueError("a table has at least 2 seats")
    pool = sorted(waiting, key=lambda w: (-w.score, -w.rating, w.id))
    tables: list[tuple[int, ...]] = []
    skipped: list[Waiting] = []
    while len(pool) >= table_size:
        head = pool[0]
        group = [head]
        for candidate in pool[1:]:
            if len(group) == table_size:
                break
            if not any(_met(candidate, g) for g in group):
                group.append(candidate)
        if len(group) < table_size:
            if others_playing:
                skipped.append(pool.pop(0))  # waits for someone new
                continue
            group += [w for w in pool if w not in group][: table_size - len(group)]
        chosen = {w.id for w in group}
        pool = [w for w in pool if w.id not in chosen]
        tables.append(_seat_order(group))
    return tables


def _met(a: Waiting, b: Waiting) -> bool:
    return a.id in b.last or b.id in a.last


def _seat_order(group: Sequence[Waiting]) -> tuple[int, ...]:
    """Who sat first least often sits first; the rest keep their standing order."""
    first = min(group, key=lambda w: (w.firsts, -w.score, -w.rating, w.id))
    return (first.id, *(w.id for w in group if w is not first))


class ArenaFormat:
    """What the site asks of every format before starting (validate); the rest is above."""

    name = "arena"

    def validate(self, settings: Settings, count: int) -> None:
        if count < settings.table_size:
            raise FormatError(f"an arena at {settings.table_size}-player tables needs as many")


ARENA = ArenaFormat()
