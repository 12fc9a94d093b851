"""Seating players at tables of given sizes so that few pairs meet again.

The cost of a table is the sum over its pairs of (repeat, spread): ``repeat`` counts earlier
meetings (weighted as the caller wants) and always wins over ``spread`` (how far apart the two
are in the standings). Totals are compared lexicographically: no spread gain ever buys a repeat.

Method: a greedy pass in rank order (each table starts with the best unseated player and takes,
among the next few unseated, whoever adds the least cost), then swaps of two players between
tables while any swap lowers the total (a local optimum). While repeats remain, a few restarts
from random deals (seeded, so deterministic) are swapped down the same way and kept when
cheaper. Up to EXACT_LIMIT players every partition is tried instead, so small events get the
best arrangement there is.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence

from tournaments.formats.common import PairCost

EXACT_LIMIT = 10
WINDOW = 12  # how many unseated players (in rank order) the greedy pass looks at
NEAR_TABLES = 4  # swaps are tried between tables at most this far apart (all when few tables)
MAX_PASSES = 30
# while repeats remain, up to RESTARTS fresh random starts (fewer for big events: at most
# RESTART_BUDGET // players, so none from 3,000 players on)
RESTARTS = 40
RESTART_BUDGET = 3000

Cost = tuple[int, float]


def arrange(players: Sequence[int], sizes: Sequence[int], cost: PairCost) -> list[list[int]]:
    """``players`` best first; ``sizes`` of the tables in order; returns the tables, each best
    ranked player first (seat order is decided later)."""
    if len(players) <= EXACT_LIMIT and len(sizes) > 1:
        return exact(players, sizes, cost)
    tables = greedy(players, sizes, cost)
    improve(tables, cost)
    restarts = min(RESTARTS, RESTART_BUDGET // len(players))
    tables = restart(tables, cost, random.Random(len(players)), restarts)
    rank = {p: i for i, p in enumerate(players)}
    return [sorted(t, key=rank.__getitem__) for t in tables]


def table_cost(table: Sequence[int], cost: PairCost) -> Cost:
    rep, spread = 0, 0.0
    for a, b in itertools.combinations(table, 2):
        r, s = cost(a, b)
        rep += r
        spread += s
    return rep, spread


def total_cost(tables: Sequence[Sequence[int]], cost: PairCost) -> Cost:
    rep, spread = 0, 0.0
    for table in tables:
        r, s = table_cost(table, cost)
        rep += r
        spread += s
    return rep, spread


def greedy(players: Sequence[int], sizes: Sequence[int], cost: PairCost) -> list[list[int]]:
    unseated = list(players)
    tables: list[list[int]] = []
    for size in sizes:
        table = [unseated.pop(0)]
        while len(table) < size:
            best = min(
                range(min(WINDOW, len(unseated))),
                key=lambda i: (_added(table, unseated[i], cost), i),
            )
            table.append(unseated.pop(best))
        tables.append(table)
    return tables


def _added(table: Sequence[int], player: int, cost: PairCost) -> Cost:
    rep, spread = 0, 0.0
    for other in table:
        r, s = cost(player, other)
        rep += r
        spread += s
    return rep, spread


def improve(tables: list[list[int]], cost: PairCost) -> None:
    """Swap two players of nearby tables whenever that lowers the total; stop when no swap does
    (a local optimum) or after MAX_PASSES passes."""
    count = len(tables)
    reach = count if count <= 3 * NEAR_TABLES else NEAR_TABLES
    for _ in range(MAX_PASSES):
        changed = False
        for i in range(count):
            for j in range(i + 1, min(count, i + reach + 1)):
                changed |= _improve_pair(tables[i], tables[j], cost)
        if not changed:
            return


def _improve_pair(left: list[int], right: list[int], cost: PairCost) -> bool:
    """Apply the best swap between the two tables while one lowers their cost."""
    changed = False
    while True:
        to_left = {x: _added([y for y in left if y != x], x, cost) for x in (*left, *right)}
        to_right = {x: _added([y for y in right if y != x], x, cost) for x in (*left, *right)}
        best: tuple[Cost, int, int] | None = None
        for x, a in enumerate(left):
            for y, b in enumerate(right):
                rep_ab, spread_ab = cost(a, b)
                rep = (
                    to_left[b][0]
                    - rep_ab
                    - to_left[a][0]
                    + to_right[a][0]
                    - rep_ab
                    - to_right[b][0]
                )
                spread = (
                    to_left[b][1] - spread_ab - to_left[a][1] + to_right[a][1] - spread_ab
                ) - to_right[b][1]
                if (rep < 0 or (rep == 0 and spread < -1e-9)) and (
                    best is None or (rep, spread) < best[0]
                ):
                    best = ((rep, spread), x, y)
        if best is None:
            return changed
        _, x, y = best
        left[x], right[y] = right[y], left[x]
        changed = True


def restart(
    tables: list[list[int]], cost: PairCost, rng: random.Random, tries: int
) -> list[list[int]]:
    """Restarts while the best arrangement still has repeats: deal the players at random,
    swap down to a local optimum, keep the result when it is cheaper. Seeded, so the same
    players give the same tables."""
    best = [list(t) for t in tables]
    best_cost = total_cost(best, cost)
    players = [p for t in best for p in t]
    sizes = [len(t) for t in best]
    for _ in range(tries):
        if best_cost[0] == 0:
            break
        rng.shuffle(players)
        trial, start = [], 0
        for size in sizes:
            trial.append(players[start : start + size])
            start += size
        improve(trial, cost)
        found = total_cost(trial, cost)
        if found < best_cost:
            best, best_cost = trial, found
    return best


def exact(players: Sequence[int], sizes: Sequence[int], cost: PairCost) -> list[list[int]]:
    """Every way to split ``players`` into tables of ``sizes`` (tables of equal size are not
    told apart); the cheapest, first found in rank order on ties."""
    best: tuple[Cost, list[list[int]]] | None = None
    for tables in _partitions(list(players), list(sizes)):
        found = total_cost(tables, cost)
        if best is None or found < best[0]:
            best = (found, tables)
    assert best is not None
    # tables come back in the given order of sizes, better ranked tables first
    rank = {p: i for i, p in enumerate(players)}
    ordered = sorted(best[1], key=lambda t: (-len(t), min(rank[p] for p in t)))
    return [sorted(t, key=rank.__getitem__) for t in ordered]


def _partitions(players: list[int], sizes: list[int]) -> Iterator[list[list[int]]]:
    """Each split once: the first unseated player opens a table of each distinct size left
    (tables of equal size are interchangeable), with every choice of companions."""
    if not sizes:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes), reverse=True):
        left = list(sizes)
        left.remove(size)
        for others in itertools.combinations(rest, size - 1):
            chosen = set(others)
            remaining = [p for p in rest if p not in chosen]
            for tail in _partitions(remaining, left):
                yield [[first, *others], *tail]
