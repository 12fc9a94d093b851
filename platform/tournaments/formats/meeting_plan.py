"""Multiplayer round robin planned whole: every round of the schedule at once, so that as few
pairs as possible never share a table, then as few as possible share one twice
(docs/tournaments.md, "Round robin").

A seeded local search (simulated annealing over swaps of two players between tables of one
round) in passes, the best plan kept:

- cyclic passes (no byes only): the players are k orbits of m (and f < tables fixed points)
  under turning by one (i -> i + 1 mod m), and the rounds are the m turns of R/m base rounds,
  so the search moves players in the base rounds only and counts meetings per orbit of pairs
  (a pair's meetings are those of every pair its turns give): a search space m times smaller,
  where near-resolvable designs are (1-rotational designs, Kirkman-like systems);
- whole passes: every round free, started from the round-at-a-time schedule (if given) and
  from a seeded deal.

Each pass has a fixed budget of steps, so on an unloaded machine the same arguments give the
same schedule; and the plan as a whole has a wall-clock budget (``BUDGET``): a pass cut by it
returns the best it saw, later passes are skipped. A plan may so differ between processes
under load, which is why an event that played rounds of another plan goes on from what it
played (``fixed``: those rounds are kept, the others planned around them). A pass stops as
soon as it reaches the lower bounds of ``bounds`` (then the schedule is optimal). Byes are
fixed before the search: each round to those with the fewest so far, last seeds first.

A pair's meetings c cost ``NEVER`` when c = 0, nothing when c = 1, ``AGAIN`` + (c - 2) when
c >= 2: pairs apart first, then pairs that meet more than once (a pair met three times is one
such pair, cheaper than two met twice: with fewer tables than seats per table some pairs must
meet in several rounds, and putting those repeats on few pairs leaves fewer pairs apart).
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Iterator, Sequence
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
CYCLIC_STEPS = 150_000  # steps of a cyclic pass (each several times cheaper than a whole one)
CYCLIC_LAYOUTS = 2  # cyclic passes: the layouts with the fewest fixed points, larger m first
BUDGET = 8.0  # seconds of wall clock for a whole plan (the limit: 10 s)
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


def plan(
    players: int,
    size: int,
    low: int,
    rounds: int,
    greedy: Schedule = (),
    fixed: Schedule = (),
    budget: float = BUDGET,
) -> Schedule:
    """The whole schedule: ``rounds`` rounds of roster indexes, tables sorted. Passes of the
    search: cyclic ones (``layouts``), then from ``greedy`` (a schedule built a round at a
    time, or any earlier plan, if given, with the same byes), then from a seeded random deal
    (COSTS); the best plan found (``greedy`` itself included) is kept: pairs apart, then
    pairs met more than once, then met three times. ``fixed``: rounds already played (tables
    of roster indexes, a withdrawn player's seat left out), kept as they are; each one's byes
    are who it did not seat. Within ``budget`` seconds of wall clock."""
    deadline = time.perf_counter() + budget
    sizes, byes = bye_rounds(players, size, low, rounds)
    fixed = fixed[:rounds]
    for r, kept in enumerate(fixed):
        byes[r] = set(range(players)) - {p for t in kept for p in t}
    rng = random.Random(f"round-robin-{players}-{size}-{low}-{rounds}")
    dealt: list[list[list[int]]] = []  # round -> table -> players
    for out in byes[len(fixed) :]:
        order = [p for p in range(players) if p not in out]
        rng.shuffle(order)
        rnd: list[list[int]] = []
        at = 0
        for s in sizes:
            rnd.append(order[at : at + s])
            at += s
        dealt.append(rnd)
    dealt = [[list(t) for t in kept] for kept in fixed] + dealt
    if len(sizes) < 2 and not fixed:
        return _sorted(dealt)
    found: list[tuple[tuple[int, int, int], int, Schedule]] = []

    def keep(schedule: Schedule) -> bool:
        q = quality(players, schedule, sizes, byes)
        found.append(((q.never, q.twice + q.more, q.more), len(found), schedule))
        return q.optimal

    passes: list[tuple[str, object]] = []  # (kind, a layout's m or a start)
    cyclic = layouts(players, sizes, rounds)[:CYCLIC_LAYOUTS] if not fixed and not any(byes) else []
    passes += [("cyclic", m) for m, _k, _f in cyclic[:1]]
    if len(greedy) == rounds and all(
        {p for t in rnd for p in t} == set(range(players)) - out
        for rnd, out in zip(greedy[len(fixed) :], byes[len(fixed) :], strict=True)
    ):
        start = [[list(t) for t in rnd] for rnd in fixed] + [
            [list(t) for t in rnd] for rnd in greedy[len(fixed) :]
        ]
        passes.append(("settle", start))
        if keep(_sorted(start)):  # the plan is never worse than the greedy schedule itself
            return min(found)[2]
    passes += [("cyclic", m) for m, _k, _f in cyclic[1:]]
    passes += [(kind, dealt) for kind in reversed(COSTS)]
    for number, (kind, arg) in enumerate(passes):
        now = time.perf_counter()
        if found and now > deadline:
            break
        share = now + (deadline - now) / (len(passes) - number)  # of the time left, even
        if kind == "cyclic":
            assert isinstance(arg, int)
            if keep(_cyclic(players, sizes, rounds, arg, rng, CYCLIC_STEPS, share)):
                break
            continue
        assert isinstance(arg, list)
        tables = [[list(t) for t in rnd] for rnd in arg]
        done = _search(players, sizes, byes, tables, rng, kind, len(fixed), share)
        if keep(_sorted(tables)) or done:
            break
    return min(found)[2]


def tripled(inner: Schedule, w: int) -> Schedule:
    """3w players at 3-player tables from a schedule ``inner`` of w players (w odd) at
    3-player tables (the tripling construction of Kirkman triple systems): players are three
    layers of w, L*w + a; the rounds of ``inner`` laid on the three layers at once, then w
    rounds d of transversals {(0, a), (1, a + d), (2, -(2a + d))} (mod w; each a round since
    2 is invertible mod an odd w), which seat every pair of players of different layers
    exactly once. So from a Kirkman system of w (every pair once in (w - 1)/2 rounds) comes
    one of 3w in (3w - 1)/2 rounds: 27 from the affine plane of 9, 45 from one of 15."""
    assert w % 2 == 1
    within = tuple(
        tuple(sorted(tuple(layer * w + a for a in table) for layer in range(3) for table in rnd))
        for rnd in inner
    )
    across = tuple(
        tuple(sorted((a, w + (a + d) % w, 2 * w + (-(2 * a + d)) % w) for a in range(w)))
        for d in range(w)
    )
    return within + across


# 1-rotational Kirkman triple systems (points Z_{v-1} and one fixed point; ``rotational``):
# base triples whose differences cover every residue mod v - 1 outside the subgroup of order
# 2 exactly once, one per pair of cosets of it; found by a backtracking search over residues
# (Buratti: such systems exist for v = 3, 9 mod 24), checked by test_even_meetings.py
ROTATIONAL_KTS: dict[int, tuple[tuple[int, int, int], ...]] = {
    33: ((1, 11, 5), (2, 7, 4), (3, 15, 24), (6, 13, 30), (9, 28, 10)),
    51: (
        (1, 24, 2), (3, 20, 13), (4, 9, 23), (5, 44, 18),
        (6, 15, 36), (7, 10, 42), (8, 12, 46), (14, 22, 16),
    ),
    57: (
        (1, 16, 14), (2, 21, 32), (3, 24, 41), (5, 10, 17), (6, 26, 20),
        (7, 11, 40), (8, 9, 18), (15, 55, 23), (19, 53, 22),
    ),
}  # fmt: skip


def rotational(v: int, k: int, base: Sequence[Sequence[int]]) -> Schedule:
    """A 1-rotational resolvable design: points Z_{v-1} (0 .. v - 2) and v - 1 fixed; with
    m = (v - 1)/(k - 1) and H the subgroup {0, m, 2m, ...} of order k - 1, round r (0 .. m - 1)
    is the fixed point with H + r, and every base block plus j*m + r (j < k - 1). When the
    base blocks' differences cover each residue outside H exactly once and their residues
    mod m are 1 .. m - 1 once each, every round seats everyone and every pair meets once."""
    n = v - 1
    m = n // (k - 1)
    return tuple(
        tuple(
            sorted(
                [tuple(sorted([n, *((r + j * m) % n for j in range(k - 1))]))]
                + [
                    tuple(sorted((x + j * m + r) % n for x in block))
                    for block in base
                    for j in range(k - 1)
                ]
            )
        )
        for r in range(m)
    )


# a 1-rotational resolvable design of 28 points in blocks of 4 over the group Z_3^3 (points
# 0 .. 26 as base-3 digit vectors, 27 fixed): base blocks found by the same residue search
# (none over the cyclic Z_27); see ``rotational_z3``
ROTATIONAL_Z3_28 = ((3, 18, 6, 10), (12, 16, 21, 26))


def rotational_z3(base: Sequence[Sequence[int]]) -> Schedule:
    """``rotational`` over Z_3^3 for 28 points at 4 seats: H = {0, 1, 2} (the first digit),
    round c (0 .. 8) the fixed point 27 with H + 3c, and every base block plus h + 3c
    (h in H); every pair meets exactly once when the base blocks' differences cover each
    element outside H once and they lie in the 8 other cosets of H once each."""

    def add(a: int, b: int) -> int:
        return sum((a // 3**i + b // 3**i) % 3 * 3**i for i in range(3))

    return tuple(
        tuple(
            sorted(
                [tuple(sorted([27, *(add(h, 3 * c) for h in range(3))]))]
                + [
                    tuple(sorted(add(add(x, h), 3 * c) for x in block))
                    for block in base
                    for h in range(3)
                ]
            )
        )
        for c in range(9)
    )


def layouts(players: int, sizes: list[int], rounds: int) -> list[tuple[int, int, int]]:
    """The cyclic layouts (m, k, f) of a schedule without byes: players = k orbits of m plus
    f fixed points, m dividing the rounds, m > 1, f at most the tables (two fixed points at a
    table would meet every round); fewest pairs of fixed points (which never meet) first,
    then larger m (a smaller search)."""
    out = []
    for m in range(2, rounds + 1):
        k, f = divmod(players, m)
        if rounds % m == 0 and k and f <= len(sizes):
            out.append((f * (f - 1) // 2, -m, (m, k, f)))
    return [layout for _pairs, _m, layout in sorted(out)]


def _cyclic(
    n: int,
    sizes: list[int],
    rounds: int,
    m: int,
    rng: random.Random,
    steps: int,
    deadline: float,
) -> Schedule:
    """A cyclic pass with the convex cost: point q < k*m is (q // m, q % m), turned by r to
    (q // m, q % m + r mod m); points from k*m on are fixed. The base rounds' pairs are
    counted by orbit (the pairs their turns give): two points of one orbit d apart (d and
    m - d alike; d = m/2 gives m/2 pairs, each met twice per base pair), two of orbits x < y
    with the second d after the first, a point of orbit x with a fixed point (m pairs each),
    two fixed points (one pair, met m times)."""
    k = n // m
    orbit = k * m
    bases = rounds // m
    key: dict[tuple[int, ...], int] = {}
    size_of: list[int] = []  # pairs in the orbit
    mult_of: list[int] = []  # meetings of each per base pair
    pk = [0] * (n * n)
    for p in range(n):
        for q in range(n):
            if p == q:
                continue
            name: tuple[int, ...]
            if p < orbit and q < orbit:
                (x, i), (y, j) = divmod(p, m), divmod(q, m)
                if x == y:
                    d = min((j - i) % m, (i - j) % m)
                    name, count, mult = (0, x, d), (m // 2 if 2 * d == m else m), 1 + (2 * d == m)
                else:
                    if x > y:
                        x, y, i, j = y, x, j, i
                    name, count, mult = (1, x, y, (j - i) % m), m, 1
            elif p >= orbit and q >= orbit:
                name, count, mult = (2, min(p, q), max(p, q)), 1, m
            else:
                o, u = (p, q) if p < orbit else (q, p)
                name, count, mult = (3, o // m, u), m, 1
            if name not in key:
                key[name] = len(size_of)
                size_of.append(count)
                mult_of.append(mult)
            pk[p * n + q] = key[name]
    cost_of = [3] + [c * (c - 1) // 2 for c in range(1, rounds * max(sizes) + m + 2)]
    base: list[list[list[int]]] = []
    for _b in range(bases):
        order = list(range(n))
        rng.shuffle(order)
        rnd, at = [], 0
        for s in sizes:
            rnd.append(order[at : at + s])
            at += s
        base.append(rnd)
    where = [[0] * n for _b in base]
    cover = [0] * len(size_of)
    for b, rnd in enumerate(base):
        for t, table in enumerate(rnd):
            for i, p in enumerate(table):
                where[b][p] = t
                for q in table[i + 1 :]:
                    cover[pk[p * n + q]] += 1
    cost = sum(size_of[x] * cost_of[cover[x] * mult_of[x]] for x in range(len(size_of)))
    best, best_base = cost, [[list(t) for t in rnd] for rnd in base]
    hot, cold = 1.2 * m, 0.05 * m  # an orbit's cost moves m pairs at once
    changed: list[tuple[int, int]] = []
    for heat in _heats(hot, cold, steps, deadline):
        b = rng.randrange(bases)
        u, v = rng.randrange(n), rng.randrange(n)
        spot = where[b]
        tu, tv = spot[u], spot[v]
        if tu == tv:
            continue
        one, two = base[b][tu], base[b][tv]
        delta = 0
        for table, out, into in ((one, u, v), (two, v, u)):
            for x in table:
                if x != out:
                    for orb, dc in ((pk[out * n + x], -1), (pk[into * n + x], 1)):
                        mult, c = mult_of[orb], cover[orb]
                        delta += size_of[orb] * (cost_of[(c + dc) * mult] - cost_of[c * mult])
                        cover[orb] = c + dc
                        changed.append((orb, -dc))
        if delta > 0 and rng.random() >= math.exp(-delta / heat):
            for orb, back in changed:
                cover[orb] += back
            changed.clear()
            continue
        changed.clear()
        one[one.index(u)] = v
        two[two.index(v)] = u
        spot[u], spot[v] = tv, tu
        cost += delta
        if cost < best:
            best, best_base = cost, [[list(t) for t in rnd] for rnd in base]

    def turned(q: int, r: int) -> int:
        return q if q >= orbit else q - q % m + (q % m + r) % m

    return tuple(
        tuple(tuple(sorted(turned(q, r) for q in table)) for table in rnd)
        for rnd in best_base
        for r in range(m)
    )


def _sorted(tables: list[list[list[int]]]) -> Schedule:
    return tuple(tuple(tuple(sorted(t)) for t in rnd) for rnd in tables)


def _search(
    players: int,
    sizes: list[int],
    byes: list[set[int]],
    tables: list[list[list[int]]],
    rng: random.Random,
    kind: str,
    frozen: int = 0,
    deadline: float = math.inf,
) -> bool:
    """One pass of simulated annealing in place, leaving the best schedule seen; True when it
    reached the lower bounds (optimal). The first ``frozen`` rounds are not moved; the pass
    ends at ``deadline`` (wall clock) with the best seen."""
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
    slots = sum(len(s) for s in seated[frozen:])
    if not slots or len(sizes) < 2:
        return False
    steps = min(MAX_STEPS, STEPS_PER_SLOT * slots)
    hot, cold = HEAT[kind]
    rounds = len(tables)
    done = False
    for heat in _heats(hot, cold, steps, deadline):
        if best <= floor and _at_bounds(n, met, never_bound, again_bound):
            done = True
            break
        r = frozen + rng.randrange(rounds - frozen)
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


def _heats(hot: float, cold: float, steps: int, deadline: float) -> Iterator[float]:
    """A pass's temperature at each of its ``steps``, from ``hot`` down to ``cold``
    geometrically, re-read from the wall clock every 1024 steps (``_Cooling``); ends early
    once the pass's share of the budget (``deadline``) is spent."""
    ratio = (cold / hot) ** (1 / steps)
    heat = hot
    clock = _Cooling(hot, cold, steps, deadline)
    for step in range(steps):
        if not step & 1023:
            cooled = clock.heat(step)
            if cooled is None:
                return
            heat = cooled
        heat *= ratio
        yield heat


class _Cooling:
    """A pass's temperature by its progress: the steps taken or the wall clock spent of its
    share, whichever is further on, so a pass the clock cuts short has cooled by then (its best
    is not a hot, random state). None once the share is spent."""

    def __init__(self, hot: float, cold: float, steps: int, deadline: float) -> None:
        self.hot, self.cold, self.steps = hot, cold, steps
        self.began, self.deadline = time.perf_counter(), deadline

    def heat(self, step: int) -> float | None:
        now = time.perf_counter()
        if now > self.deadline:
            return None
        progress = step / self.steps
        if self.deadline < math.inf:
            progress = max(progress, (now - self.began) / max(1e-9, self.deadline - self.began))
        return self.hot * (self.cold / self.hot) ** min(1.0, progress)


def _at_bounds(n: int, met: list[int], never_bound: int, again_bound: int) -> bool:
    counts = Counter(met[a * n + b] for a in range(n) for b in range(a + 1, n))
    return counts[0] == never_bound and n * (n - 1) // 2 - counts[0] - counts[1] == again_bound
