"""Multiplayer round robin planned whole: every round of the schedule at once, so that as few
pairs as possible never share a table, then as few as possible share one twice
(docs/tournaments.md, "Round robin").

A deterministic local search (simulated annealing over swaps of two players between tables
of one round, seeded, with a fixed budget of steps, so the same arguments always give the same
schedule on any machine), in passes started from the round-at-a-time schedule (if given) and
from a seeded deal; the best plan is kept. A pass stops as soon as it reaches the lower bounds
of ``bounds`` (then the schedule is optimal) or runs out of steps. Byes are fixed before
the search: each round to those with the fewest so far, last seeds first.

A pair's meetings c cost ``NEVER`` when c = 0, nothing when c = 1, ``AGAIN`` + (c - 2) when
c >= 2: pairs apart first, then pairs that meet more than once (a pair met three times is one
such pair, cheaper than two met twice: with fewer tables than seats per table some pairs must
meet in several rounds, and putting those repeats on few pairs leaves fewer pairs apart).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass

from tournaments.formats import common

Round = tuple[tuple[int, ...], ...]  # tables of roster indexes
Schedule = tuple[Round, ...]

NEVER = 12  # the cost of a pair that never meets
AGAIN = 4  # of a pair that meets twice (each meeting after that: 1 more)
# The two costs of a pair by its meetings, one pass of the search each (the better plan is
# kept): pairs apart, then repeated pairs (repeats on few pairs); and a convex one (c(c-1)/2,
# 3 when apart: repeats spread), which does better where the tables outnumber the seats.
COSTS = ("few-repeated", "convex")  # "settle": the convex cost, cooler, from a greedy start
STEPS_PER_SLOT = 2500  # a pass of the search: steps per seat of the schedule, at most MAX_STEPS
MAX_STEPS = 300_000
# the search's temperatures, first and last step, by cost
HEAT = {"few-repeated": (4.0, 0.2), "convex": (1.2, 0.05), "settle": (0.5, 0.05)}


@dataclass(frozen=True)
class Quality:
    """What a schedule achieves (pairs by how often they share a table) and the lower bounds."""

    never: int  # pairs that never share a table
    twice: int  # pairs that share one exactly twice
    more: int  # pairs that share one three times or more
    never_bound: int  # no schedule with these rounds, tables and byes has fewer pairs apart
    again_bound: int  # nor, with never_bound pairs apart, fewer pairs meeting more than once

    @property
    def optimal(self) -> bool:
        return self.never == self.never_bound and self.twice + self.more == self.again_bound


def bye_rounds(players: int, size: int, low: int, rounds: int) -> tuple[list[int], list[set[int]]]:
    """The rounds' table sizes, and each round's byes: those with the fewest so far, last
    seeds first."""
    sizes, count = common.table_sizes(players, size, low)
    had: Counter[int] = Counter()
    byes = []
    for _r in range(rounds):
        out = set(sorted(range(players), key=lambda p: (had[p], -p))[:count])
        had.update(out)
        byes.append(out)
    return sizes, byes


def bounds(players: int, sizes: list[int], byes: list[set[int]]) -> tuple[int, int]:
    """Lower bounds: (pairs never met, pairs met more than once when that many are apart).

    With M meetings (pairs of seats at a table, over all rounds), P pairs and a pairs apart,
    the extra meetings (beyond one per pair met) are E = M - (P - a), so a >= P - M, and a
    is at least E's lower bound minus (M - P). E is bounded below three ways:
    - per player: one who plays g rounds meets at least g(smallest table - 1) times, and the
      meetings beyond the n - 1 others are extra (each pair counted by both);
    - by pigeonholes: between two rounds, a table of s players spread over t tables (and the
      byes) puts at least the even split's pairs together again (s = qt + r: r C(q + 1, 2)
      + (t - r) C(q, 2)), so the pairs' sum of
      C(c, 2) over their c meetings is at least the total Q over all pairs of rounds; a pair
      with c meetings adds c - 1 to E and C(c, 2) <= (R/2)(c - 1) to that sum (R rounds),
      so E >= 2Q/R;
    and a is at least P minus the most others each player can meet, g(largest table - 1), per
    player (each pair counted by both). Pairs met more than once: at least E / (R - 1)."""
    rounds = len(byes)
    pairs = players * (players - 1) // 2
    meetings = sum(s * (s - 1) // 2 for s in sizes) * rounds
    played = Counter(p for out in byes for p in range(players) if p not in out)
    most, least = (max(sizes, default=1) - 1), (min(sizes, default=1) - 1)
    short = sum(max(0, players - 1 - played[p] * most) for p in range(players))
    over = sum(max(0, played[p] * least - (players - 1)) for p in range(players))
    # a round's byes are buckets too (of one player, none met): counted as tables, which can
    # only lower the pigeonhole count, so the bound stays a bound
    tables = len(sizes) + (len(byes[0]) if byes else 0)
    per_pair_of_rounds = 0
    for s in sizes:
        base, rest = divmod(s, tables)
        per_pair_of_rounds += rest * math.comb(base + 1, 2) + (tables - rest) * math.comb(base, 2)
    doubled = per_pair_of_rounds * rounds * (rounds - 1) // 2
    extra = max(math.ceil(over / 2), math.ceil(2 * doubled / rounds) if rounds else 0)
    apart = max(0, pairs - meetings, math.ceil(short / 2), extra - (meetings - pairs))
    extra = meetings - pairs + apart
    again = math.ceil(extra / (rounds - 1)) if rounds > 1 and extra > 0 else 0
    return apart, again


def quality(players: int, schedule: Schedule, sizes: list[int], byes: list[set[int]]) -> Quality:
    met: Counter[tuple[int, int]] = Counter()
    for rnd in schedule:
        for table in rnd:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    met[common.pair(a, b)] += 1
    pairs = players * (players - 1) // 2
    spread = Counter(met.values())
    never_bound, again_bound = bounds(players, sizes, byes)
    return Quality(
        pairs - len(met),
        spread[2],
        sum(n for c, n in spread.items() if c > 2),
        never_bound,
        again_bound,
    )


def plan(players: int, size: int, low: int, rounds: int, greedy: Schedule = ()) -> Schedule:
    """The whole schedule: ``rounds`` rounds of roster indexes, tables sorted. Passes of the
    search (COSTS): from ``greedy`` (a schedule built a round at a time, if given, with the
    same byes), then from a seeded random deal; the best plan found (``greedy`` itself
    included) is kept: pairs apart, then pairs met more than once, then met three times."""
    sizes, byes = bye_rounds(players, size, low, rounds)
    rng = random.Random(f"round-robin-{players}-{size}-{low}-{rounds}")
    dealt: list[list[list[int]]] = []  # round -> table -> players
    for out in byes:
        order = [p for p in range(players) if p not in out]
        rng.shuffle(order)
        rnd: list[list[int]] = []
        at = 0
        for s in sizes:
            rnd.append(order[at : at + s])
            at += s
        dealt.append(rnd)
    if len(sizes) < 2:
        return _sorted(dealt)
    starts = [(kind, dealt) for kind in COSTS]
    if len(greedy) == rounds and all(
        {p for t in rnd for p in t} == set(range(players)) - out
        for rnd, out in zip(greedy, byes, strict=True)
    ):
        starts.insert(0, ("settle", [[list(t) for t in rnd] for rnd in greedy]))
    found: list[tuple[tuple[int, int, int], int, Schedule]] = []
    if starts[0][0] == "settle":  # the plan is never worse than the greedy schedule itself
        q = quality(players, _sorted(starts[0][1]), sizes, byes)
        found.append(((q.never, q.twice + q.more, q.more), 99, _sorted(starts[0][1])))
    for kind, initial in starts:
        tables = [[list(t) for t in rnd] for rnd in initial]
        done = _search(players, sizes, byes, tables, rng, kind)
        schedule = _sorted(tables)
        q = quality(players, schedule, sizes, byes)
        found.append(((q.never, q.twice + q.more, q.more), len(found), schedule))
        if done:
            break
    return min(found)[2]


def _sorted(tables: list[list[list[int]]]) -> Schedule:
    return tuple(tuple(tuple(sorted(t)) for t in rnd) for rnd in tables)


def _search(
    players: int,
    sizes: list[int],
    byes: list[set[int]],
    tables: list[list[list[int]]],
    rng: random.Random,
    kind: str,
) -> bool:
    """One pass of simulated annealing in place, leaving the best schedule seen; True when it
    reached the lower bounds (optimal)."""
    n = players
    where = [[-1] * n for _rnd in tables]  # round -> player -> table index (-1: bye)
    for r, rnd in enumerate(tables):
        for t, table in enumerate(rnd):
            for p in table:
                where[r][p] = t
    if kind in ("convex", "settle"):
        cost_of = [3] + [c * (c - 1) // 2 for c in range(1, len(tables) + 3)]
    else:
        cost_of = [NEVER, 0] + [AGAIN + c - 2 for c in range(2, len(tables) + 3)]
    met = [0] * (n * n)
    for rnd in tables:
        for table in rnd:
            for a in table:
                for b in table:
                    if a != b:
                        met[a * n + b] += 1
    cost = sum(cost_of[met[a * n + b]] for a in range(n) for b in range(a + 1, n))
    never_bound, again_bound = bounds(n, sizes, byes)
    floor = cost_of[0] * never_bound + cost_of[2] * again_bound  # reached: check if optimal
    best, best_tables = cost, [[list(t) for t in rnd] for rnd in tables]
    seated = [[p for p in range(n) if p not in out] for out in byes]
    slots = sum(len(s) for s in seated)
    steps = min(MAX_STEPS, STEPS_PER_SLOT * slots)
    hot, cold = HEAT[kind]
    ratio = (cold / hot) ** (1 / steps)
    heat = hot
    rounds = len(tables)
    done = False
    for _step in range(steps):
        if best <= floor and _at_bounds(n, met, never_bound, again_bound):
            done = True
            break
        heat *= ratio
        r = rng.randrange(rounds)
        people = seated[r]
        a, b = people[rng.randrange(len(people))], people[rng.randrange(len(people))]
        spot = where[r]
        ta, tb = spot[a], spot[b]
        if ta == tb:
            continue
        one, two = tables[r][ta], tables[r][tb]
        an, bn = a * n, b * n
        delta = 0
        for x in one:
            if x != a:
                c = met[an + x]
                delta += cost_of[c - 1] - cost_of[c]
                c = met[bn + x]
                delta += cost_of[c + 1] - cost_of[c]
        for y in two:
            if y != b:
                c = met[bn + y]
                delta += cost_of[c - 1] - cost_of[c]
                c = met[an + y]
                delta += cost_of[c + 1] - cost_of[c]
        if delta > 0 and rng.random() >= math.exp(-delta / heat):
            continue
        for x in one:
            if x != a:
                met[an + x] -= 1
                met[x * n + a] -= 1
                met[bn + x] += 1
                met[x * n + b] += 1
        for y in two:
            if y != b:
                met[bn + y] -= 1
                met[y * n + b] -= 1
                met[an + y] += 1
                met[y * n + a] += 1
        one[one.index(a)] = b
        two[two.index(b)] = a
        spot[a], spot[b] = tb, ta
        cost += delta
        if cost < best:
            best, best_tables = cost, [[list(t) for t in rnd] for rnd in tables]
    tables[:] = best_tables
    return done


def _at_bounds(n: int, met: list[int], never_bound: int, again_bound: int) -> bool:
    counts = Counter(met[a * n + b] for a in range(n) for b in range(a + 1, n))
    return counts[0] == never_bound and n * (n - 1) // 2 - counts[0] - counts[1] == again_bound
