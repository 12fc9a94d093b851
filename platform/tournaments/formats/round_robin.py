"""Round robin: every pair of players meets, or as evenly as the numbers allow
(docs/tournaments.md, "Round robin").

The whole schedule is fixed by the roster (entrants in seed order) and the settings, so every
call sees the same rounds; a player who withdraws leaves their seats empty (a table left below
the game's minimum gives its other players a bye).
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections import Counter
from collections.abc import Sequence

from django.utils.translation import gettext as _

from tournaments.formats import common, meeting_plan
from tournaments.formats.arrange import arrange
from tournaments.formats.base import (
    Bracket,
    Entrant,
    FormatError,
    PlannedTable,
    PlayedRound,
    RoundPlan,
    Settings,
    StandingRow,
)
from tournaments.formats.points import points_standings

Round = tuple[tuple[int, ...], ...]  # tables of roster indexes
Schedule = tuple[Round, ...]

# GF(4) = {0, 1, a, a+1} as 0..3: addition is XOR, multiplication by this table.
GF4_MUL = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))


class RoundRobin:
    name = "round_robin"
    title = "Round robin"

    def validate(self, settings: Settings, entrants: int) -> None:
        common.check_settings(settings, entrants)
        if settings.rounds < 0:
            raise FormatError(_("The number of rounds cannot be negative."))

    def plan_round(
        self, entrants: Sequence[Entrant], settings: Settings, played: Sequence[PlayedRound]
    ) -> RoundPlan | None:
        roster = roster_of(entrants, played)
        low, size = common.seats_bounds(settings)
        if len(played) >= total_rounds(len(roster), size, settings.rounds):
            return None
        number = len(played) + 1
        rounds = total_rounds(len(roster), size, settings.rounds)
        legacy = size == 2 and started_by_circle(roster, played)
        if legacy:
            cycle = circle(len(roster))
            this_round = cycle[(number - 1) % len(cycle)]
        elif planned_whole(len(roster), size, rounds):
            whole = planned(len(roster), size, low, rounds)
            before = played_tables(roster, played)
            if not follows(before, whole):  # another plan's rounds, or the old greedy ones
                whole = planned_after(len(roster), size, low, rounds, before)
            this_round = whole[number - 1]
        else:
            this_round = schedule_round(len(roster), size, low, number)
        active = {e.id for e in entrants if e.active}
        rank = {p: i for i, p in enumerate(roster)}
        history = common.seat_history(played) if legacy or size > 2 else {}
        tables: list[PlannedTable] = []
        byes: list[int] = []
        for table in this_round:
            present = [roster[i] for i in table if roster[i] in active]
            if len(present) < low:
                byes.extend(present)
                continue
            if size == 2 and not legacy:  # Berger tables: the schedule's seat order
                order = tuple(present)
            else:
                order = (
                    common.seat_order(present, history, rank)
                    if legacy
                    else common.even_seats(present, history, rank, size)
                )
            tables.append(PlannedTable(order, f"R{number}-T{len(tables) + 1}"))
        scheduled = {roster[i] for t in this_round for i in t}
        byes.extend(p for p in roster if p in active and p not in scheduled)
        return RoundPlan(
            number, f"Round {number}", tuple(tables), tuple(sorted(byes, key=rank.__getitem__))
        )

    def standings(
        self, entrants: Sequence[Entrant], settings: Settings, played: Sequence[PlayedRound]
    ) -> list[StandingRow]:
        return points_standings(entrants, played)

    def bracket(
        self, entrants: Sequence[Entrant], settings: Settings, played: Sequence[PlayedRound]
    ) -> Bracket | None:
        return None


def roster_of(entrants: Sequence[Entrant], played: Sequence[PlayedRound]) -> list[int]:
    """Who the schedule is for, in seed order: the active entrants and everyone who already took
    part (so a withdrawal mid-event does not reshuffle the later rounds)."""
    took_part = {p for rnd in played for t in rnd.plan.tables for p in t.players}
    took_part |= {p for rnd in played for p in rnd.plan.byes}
    chosen = [e for e in entrants if e.active or e.id in took_part]
    return [e.id for e in sorted(chosen, key=lambda e: e.seed)]


def default_rounds(players: int, size: int) -> int:
    """Enough rounds for each player to be able to meet every other one."""
    if size == 2:
        return players - 1 if players % 2 == 0 else players
    return max(1, math.ceil((players - 1) / (size - 1)))


def total_rounds(players: int, size: int, rounds: int) -> int:
    return rounds or default_rounds(players, size)


PLANNED_UP_TO = 64  # players: up to this many at 3-5 seats, the whole schedule is planned at once
PLANNED_SLOTS = 64 * 32  # and when players * rounds is at most this (the search's size)


def planned_whole(players: int, size: int, rounds: int) -> bool:
    """Whether the schedule is planned whole (meeting_plan), not a round at a time: at 3-5
    seats without an affine plane, up to PLANNED_UP_TO players and PLANNED_SLOTS seats."""
    return (
        size > 2
        and players != size * size
        and players <= PLANNED_UP_TO
        and players * rounds <= PLANNED_SLOTS
    )


@functools.lru_cache(maxsize=32)
def planned(players: int, size: int, low: int, rounds: int) -> Schedule:
    """The whole schedule at 3-5 seats (meeting_plan), its search started from cyclic
    layouts, the round-at-a-time schedule (when its rounds so far foretell it within a third of the
    budget) and a
    seeded deal; within meeting_plan.BUDGET seconds in all."""
    began = time.perf_counter()
    whole = designed(players, size, low, rounds)
    if whole:  # every pair exactly once: optimal
        return whole
    greedy: list[Round] = []
    for r in range(1, rounds + 1):
        greedy.append(schedule_round(players, size, low, r))
        spent = time.perf_counter() - began
        if spent * rounds / r > meeting_plan.BUDGET / 3:
            greedy = []  # too slow to build (a loaded machine): the other starts only
            break
    budget = meeting_plan.BUDGET - (time.perf_counter() - began)
    return meeting_plan.plan(players, size, low, rounds, tuple(greedy), budget=budget)


def designed(players: int, size: int, low: int, rounds: int) -> Schedule:
    """A schedule from a design of v = players .. players + 3 points in which every pair meets
    exactly once in ``rounds`` rounds (``design``), the points from ``players`` on left out
    (their seats empty), when every round keeps the balanced table sizes (common.table_sizes,
    no byes): then every pair of the players meets exactly once too (24 at 5 seats from the
    affine plane of 25; 27 at 4 from 28; at 3 seats 26 from 27, 32 from 33, 44 from 45, 50
    from 51, 56 from 57). () when there is none."""
    sizes, byes = common.table_sizes(players, size, low)
    for v in range(players, players + 4):
        whole = design(v, size, low)
        if len(whole) != rounds:
            continue
        cut = tuple(tuple(sorted(tuple(p for p in t if p < players) for t in rnd)) for rnd in whole)
        if not byes and all(sorted(map(len, rnd), reverse=True) == sizes for rnd in cut):
            return cut
    return ()


@functools.lru_cache(maxsize=16)
def design(v: int, size: int, low: int) -> Schedule:
    """A resolvable design of v points in (v - 1) / (size - 1) rounds, every pair exactly
    once, where one is built here: the affine plane (v = size², size 3-5); at 3 seats a
    Kirkman triple system of 15 (the search reaches it: checked, else none), by tripling
    (meeting_plan.tripled) those of 27 (from the affine plane of 9) and 45 (from 15), and
    1-rotational ones of 33, 51 and 57 (meeting_plan.rotational); at 4 seats a 1-rotational
    one of 28 over Z_3^3 (meeting_plan.rotational_z3)."""
    if v == size * size and size in (3, 4, 5):
        return affine_plane(size)
    if v == 28 and size == 4:
        return meeting_plan.rotational_z3(meeting_plan.ROTATIONAL_Z3_28)
    if size != 3 or v % 3:
        return ()
    if v in meeting_plan.ROTATIONAL_KTS:
        return meeting_plan.rotational(v, 3, meeting_plan.ROTATIONAL_KTS[v])
    if v == 15:
        found = meeting_plan.plan(15, 3, low, 7)
        sizes, byes = meeting_plan.bye_rounds(15, 3, low, 7)
        q = meeting_plan.quality(15, found, sizes, byes)
        return found if q.never == q.twice == q.more == 0 else ()
    w = v // 3
    if w % 6 == 3:
        inner = design(w, 3, low)
        return meeting_plan.tripled(inner, w) if inner else ()
    return ()


def played_tables(roster: Sequence[int], played: Sequence[PlayedRound]) -> Schedule:
    """The rounds played as tables of roster indexes (sorted; a withdrawn player's seat left
    out, as the table was played)."""
    index = {p: i for i, p in enumerate(roster)}
    return tuple(
        tuple(
            sorted(
                tuple(sorted(index[p] for p in t.players if p in index)) for t in rnd.plan.tables
            )
        )
        for rnd in played
    )


def follows(before: Schedule, plan: Schedule) -> bool:
    """Whether the rounds played are the plan's: each table played lies within a table of
    the plan's round. Not when an event was begun with the round-at-a-time schedule this
    module used before plans were made whole, or with a plan made in another process that
    the wall-clock budget cut short (meeting_plan.BUDGET), or before the planner changed."""
    for rnd, wanted in zip(before, plan, strict=False):
        tables = [set(t) for t in wanted]
        if not all(any(set(t) <= w for w in tables) for t in rnd):
            return False
    return True


@functools.lru_cache(maxsize=32)
def planned_after(players: int, size: int, low: int, rounds: int, before: Schedule) -> Schedule:
    """The whole schedule around the rounds already played (kept as they were), the others
    planned by the search started from the plan itself and a seeded deal."""
    whole = planned(players, size, low, rounds)
    return meeting_plan.plan(players, size, low, rounds, whole, fixed=before)


_BUILT: dict[tuple[int, int, int], list[Round]] = {}  # rounds built so far, extended on demand


def schedule_round(players: int, size: int, low: int, number: int) -> Round:
    """Round ``number`` (1-based) of the schedule; the rounds before it are built (once, then
    kept) but none after it, so a long schedule costs only what has been played."""
    if size == 2:
        cycle = berger(players)
        first, second = divmod(number - 1, len(cycle))
        if first % 2:
            # every second cycle swaps the seats (as a double round robin does) and starts
            # from Berger round 2, so no player sits alike three games running at the seam
            return tuple(table[::-1] for table in cycle[(second + 1) % len(cycle)])
        return cycle[second]
    key = (players, size, low)
    if key not in _BUILT:
        if len(_BUILT) > 256:
            _BUILT.clear()
        _BUILT[key] = list(affine_plane(size)) if players == size * size else []
    built = _BUILT[key]
    while len(built) < number:
        built.append(next_round(players, size, low, built))
    return built[number - 1]


@functools.lru_cache(maxsize=64)
def berger(players: int) -> Schedule:
    """FIDE's Berger tables (Handbook C.05, annex 1), tables in seat order. Seeds 1..m with m
    odd and a last seed m + 1 (with an odd number of players, the bye): round r seats together
    the seeds i, j with i + j = r + 1 (mod m), the first seat to the one from whom the other is
    an odd number of steps on (mod m); seed m + 1 meets the seed i with 2i = r + 1, taking the
    second seat in odd rounds and the first in even ones. Each player's seats then alternate
    but for one repeat at most, so first seats stay within 1 of half at any point."""
    m = players - 1 if players % 2 == 0 else players
    rounds = []
    for r in range(1, m + 1):
        tables = []
        for i in range(1, m + 1):
            j = (r - i) % m + 1  # i + j = r + 1 (mod m), j in 1..m
            if j == i:
                if players % 2 == 0:
                    last = (i - 1, m) if r % 2 else (m, i - 1)
                    tables.append(last)
            elif i < j:
                tables.append((i - 1, j - 1) if (j - i) % m % 2 else (j - 1, i - 1))
        rounds.append(tuple(sorted(tables, key=min)))
    return tuple(rounds)


def started_by_circle(roster: Sequence[int], played: Sequence[PlayedRound]) -> bool:
    """Whether an event was begun with the circle method this module used before Berger tables
    (its rounds are stored and never recomputed): then it ends with the same method. Round 1
    is the same in both; round 2 tells, as it differs (the circle's pairs seed 1 with seed n - 1
    or n, Berger's with seed 2), and one whose every table is Berger's leaves Berger's rounds
    free of repeats anyway."""
    if len(played) < 2 or len(roster) < 3:  # 2 players: one round, the same in both
        return False
    index = {p: i for i, p in enumerate(roster)}
    wanted = {frozenset(t) for t in berger(len(roster))[1]}
    return any(frozenset(index[p] for p in t.players) not in wanted for t in played[1].plan.tables)


@functools.lru_cache(maxsize=64)
def circle(players: int) -> Schedule:
    """The circle method (before Berger tables, kept for events begun with it): the first
    player stays, the others turn one place each round; with an odd number the missing partner
    is a bye (the table is left out)."""
    ring: list[int | None] = list(range(players))
    if players % 2:
        ring.append(None)
    count = len(ring)
    rounds = []
    for _n in range(count - 1):
        tables = []
        for i in range(count // 2):
            a, b = ring[i], ring[count - 1 - i]
            if a is not None and b is not None:
                tables.append((a, b))
        rounds.append(tuple(tables))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return tuple(rounds)


def affine_plane(q: int) -> Schedule:
    """The affine plane of order q (q = 2, 3, 4, 5 are prime powers): q*q players, q + 1 rounds
    of q tables of q, every pair at the same table exactly once (a resolvable design)."""

    def mul(a: int, b: int) -> int:
        return GF4_MUL[a][b] if q == 4 else (a * b) % q

    def add(a: int, b: int) -> int:
        return a ^ b if q == 4 else (a + b) % q

    rounds = []
    for slope in range(q):
        lines = [[x * q + add(mul(slope, x), b) for x in range(q)] for b in range(q)]
        rounds.append(tuple(tuple(sorted(line)) for line in lines))
    rounds.append(tuple(tuple(x * q + y for y in range(q)) for x in range(q)))
    return tuple(rounds)


def next_round(players: int, size: int, low: int, earlier: Sequence[Round]) -> Round:
    """One more round: byes to those with the fewest so far (last seeds first), then tables
    that add as little as possible to pairs that met most (a meeting that would be a pair's
    m-th costs 4**m, so a third meeting is avoided before any second one)."""
    met: Counter[common.Pair] = Counter()
    seated: Counter[int] = Counter()
    for rnd in earlier:
        for table in rnd:
            seated.update(table)
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    met[common.pair(a, b)] += 1
    sizes, bye_count = common.table_sizes(players, size, low)
    by_need = sorted(range(players), key=lambda p: (len(earlier) - seated[p], -p))
    out = set(by_need[:bye_count])
    # a different deterministic order each round, so the greedy pass does not keep grouping
    # neighbours; the swaps then remove what meetings they can
    order = [p for p in range(players) if p not in out]
    random.Random(f"{players}-{size}-{len(earlier)}").shuffle(order)

    def cost(a: int, b: int) -> tuple[int, float]:
        return 4 ** met.get(common.pair(a, b), 0) - 1, 0.0

    return tuple(tuple(sorted(t)) for t in arrange(order, sizes, cost))
