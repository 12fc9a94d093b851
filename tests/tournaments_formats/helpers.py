"""Small builders for the worked examples (docs/tournaments.md)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence

from tournaments.formats import (
    FORMATS,
    Entrant,
    PlayedRound,
    RoundPlan,
    Settings,
    StandingRow,
    TableResult,
)


def seeded(count: int) -> list[Entrant]:
    """Entrants 1..count, id = seed, ratings 1990, 1980, ..."""
    return [Entrant(id=i, rating=2000.0 - 10 * i, seed=i) for i in range(1, count + 1)]


def best_seed_wins(plan: RoundPlan) -> PlayedRound:
    """Every table finishes in seed order (game score 10 for 1st, 9 for 2nd...)."""
    results = []
    for table in plan.tables:
        order = sorted(table.players)
        places = tuple(order.index(p) + 1 for p in table.players)
        scores = tuple(float(10 - order.index(p)) for p in table.players)
        results.append(TableResult(table.key, table.players, places, scores))
    return PlayedRound(plan, tuple(results))


def run_event(
    name: str,
    entrants: list[Entrant],
    settings: Settings,
    result: Callable[[RoundPlan], PlayedRound] = best_seed_wins,
) -> tuple[list[PlayedRound], list[StandingRow]]:
    fmt = FORMATS[name]
    played: list[PlayedRound] = []
    while (plan := fmt.plan_round(entrants, settings, played)) is not None:
        played.append(result(plan))
        assert len(played) < 500
    return played, fmt.standings(entrants, settings, played)


def tables_of(played: Sequence[PlayedRound]) -> list[list[tuple[str, tuple[int, ...]]]]:
    return [[(t.key, t.players) for t in rnd.plan.tables] for rnd in played]


def repeats(tables: Sequence[Sequence[int]], met: dict[tuple[int, int], int]) -> int:
    """Earlier meetings of the pairs seated together (a pair that met twice counts 2)."""
    return sum(
        met.get((min(a, b), max(a, b)), 0)
        for table in tables
        for a, b in itertools.combinations(table, 2)
    )


def partitions(players: list[int], sizes: list[int]) -> Iterator[list[list[int]]]:
    """Brute force, written apart from the code under test: every split of ``players`` into
    tables of ``sizes`` (by trying every ordering of the sizes for the first player)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in set(sizes):
        left = list(sizes)
        left.remove(size)
        for others in itertools.combinations(rest, size - 1):
            remaining = [p for p in rest if p not in others]
            for tail in partitions(remaining, left):
                yield [[first, *others], *tail]
