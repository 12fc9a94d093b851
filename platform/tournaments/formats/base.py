"""The contract between the tournament formats and the tournaments app.

Pure Python: no Django, no database. The app stores entrants and results and asks a format what
to do next; a format answers from its arguments alone (``plan_round`` is a pure function: the
same arguments give the same plan).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from django.utils.translation import gettext as _


class FormatError(ValueError):
    """The format cannot run with these settings and this many entrants (message for people)."""


@dataclass(frozen=True)
class Entrant:
    id: int  # the app's registration id, stable
    rating: float  # ladder rating at the start (1500 if none)
    seed: int  # 1 = top seed, after the seeding method (rating snake / random / by hand)
    active: bool = True  # False once withdrawn or disqualified: never paired again


@dataclass(frozen=True)
class Settings:
    table_size: int  # seats per table the organiser chose
    min_seats: int  # the game's minimum
    max_seats: int  # the game's maximum
    advance: int = 1  # elimination: top k of each table advance (1 for 2-player tables)
    rounds: int = 0  # swiss: number of rounds
    rng_seed: int = 0  # any random choice (tie order...) derives from it: reproducible
    # pairs of entrant ids kept apart when the format can (a block either way): Swiss and the
    # eliminations seat them at different tables when some arrangement allows it
    apart: frozenset[frozenset[int]] = frozenset()


@dataclass(frozen=True)
class PlannedTable:
    players: tuple[int, ...]  # entrant ids in seat order (seat 0 first)
    key: str  # stable id inside the event: "R2-T3", "W1-T2", "L3-T1", "GF", "GF2"


@dataclass(frozen=True)
class RoundPlan:
    """All the tables that can be played at the same time.

    Double elimination may play a winners' and a losers' round together in one plan.
    """

    number: int  # 1, 2, ...
    label: str  # "Round 2", "Winners' round 1", "Losers' round 3", "Grand final"...
    tables: tuple[PlannedTable, ...]
    byes: tuple[int, ...] = ()  # entrant ids given a bye this round


@dataclass(frozen=True)
class TableResult:
    key: str  # the PlannedTable.key
    players: tuple[int, ...]  # seat order, as planned
    places: tuple[int, ...]  # 1 = best; ties share a place; a forfeiter/withdrawn is last
    scores: tuple[float, ...]  # game scores (tie-break)
    scored: bool = True  # False: ended by a rule (adjudicated, shared), no game score


@dataclass(frozen=True)
class PlayedRound:
    plan: RoundPlan
    results: tuple[TableResult, ...]  # one per table of the plan, all finished


@dataclass(frozen=True)
class StandingRow:
    entrant: int
    rank: int  # 1-based; ties share a rank only if every tie-break is equal
    points: float  # the format's points (swiss: sum of (N - place)/(N - 1), ties shared)
    tiebreaks: dict[str, float]  # ordered: {"opponents_points": .., "game_score": .., "rating": ..}
    played: int
    byes: int
    eliminated: bool = False  # elimination formats
    note: str = ""  # "bye", "withdrawn", "champion"...


@dataclass(frozen=True)
class BracketBox:
    """One table of an elimination bracket, played, planned or still to come.

    ``players`` lists the entrants known so far in seat order; a seat whose player is not known
    yet is ``None`` and ``sources`` (same length as ``players``) says where it comes from
    ("W1-T2 1st", "W2-T1 3rd", "bye"), "" for a known player. ``places`` is empty until the table
    is played, then aligned with ``players``. ``advancing`` are the ids that went on, and
    ``advance_to`` (aligned with ``advancing``) the key of the box each one went to ("" when it
    is not planned yet, "champion" after the final); ``dropping`` (double elimination) are the
    ids that went down to the losers' bracket, ``drop_to`` aligned with them likewise.
    """

    key: str  # the PlannedTable.key it is (or will be) played as
    label: str  # "Table 2", "Final", "Grand final"
    players: tuple[int | None, ...]
    sources: tuple[str, ...]
    places: tuple[int, ...] = ()
    advancing: tuple[int, ...] = ()
    advance_to: tuple[str, ...] = ()
    dropping: tuple[int, ...] = ()
    drop_to: tuple[str, ...] = ()
    state: str = "future"  # "future" (players not all known) | "ready" | "played"


@dataclass(frozen=True)
class BracketColumn:
    """One round of one section, drawn left to right."""

    section: str  # "main" (single elimination) | "winners" | "losers" | "final"
    label: str  # "Round 1", "Winners' round 2", "Losers' round 1", "Grand final"
    round_number: int  # the RoundPlan.number it is played in (0 if not planned yet)
    boxes: tuple[BracketBox, ...]
    byes: tuple[int, ...] = ()  # entrants who skip this column and go straight to the next


@dataclass(frozen=True)
class Bracket:
    """What the SVG draws: columns (rounds) of boxes (tables), per section, in drawing order."""

    columns: tuple[BracketColumn, ...]
    champion: int | None = None
    sections: tuple[str, ...] = field(default=("main",))


class Format(Protocol):
    name: str  # "single_elimination" | "double_elimination" | "round_robin" | "swiss"
    title: str  # "Single elimination"...

    def validate(self, settings: Settings, entrants: int) -> None:
        """Raise FormatError(message) when the event is impossible."""

    def plan_round(
        self, entrants: Sequence[Entrant], settings: Settings, played: Sequence[PlayedRound]
    ) -> RoundPlan | None:
        """The next round after ``played``; None when the event is over."""

    def standings(
        self, entrants: Sequence[Entrant], settings: Settings, played: Sequence[PlayedRound]
    ) -> list[StandingRow]:
        """Every entrant, best first."""

    def bracket(
        self, entrants: Sequence[Entrant], settings: Settings, played: Sequence[PlayedRound]
    ) -> Bracket | None:
        """Elimination formats: the bracket to draw; None for the others."""


def seed_entrants(
    players: Sequence[tuple[int, float]],
    method: str,
    rng_seed: int,
    order: Sequence[int] | None = None,
) -> list[Entrant]:
    """Entrants with seeds 1..n from (id, rating) pairs.

    "rating": highest rating first, ties by id; "random": shuffled by ``rng_seed``; "manual":
    ``order`` lists every id once in seed order. Snake seeding into tables is done by the formats
    from these seeds.
    """
    ratings = dict(players)
    if len(ratings) != len(players):
        raise FormatError(_("Each player may enter only once."))
    ids: list[int]
    if method == "rating":
        ids = sorted(ratings, key=lambda pid: (-ratings[pid], pid))
    elif method == "random":
        ids = sorted(ratings)
        random.Random(rng_seed).shuffle(ids)
    elif method == "manual":
        if order is None or sorted(order) != sorted(ratings):
            raise FormatError(_("A seeding by hand must list every entrant exactly once."))
        ids = list(order)
    else:
        raise FormatError(_("Unknown seeding method %(method)s.") % {"method": repr(method)})
    return [Entrant(id=pid, rating=ratings[pid], seed=n + 1) for n, pid in enumerate(ids)]
