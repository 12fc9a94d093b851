"""Playing whole events through a format with random results (the tests' referee)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tournaments.formats import Entrant, Format, PlayedRound, RoundPlan, Settings, TableResult


def entrants_for(count: int, rng_seed: int = 0) -> list[Entrant]:
    rng = random.Random(rng_seed)
    ratings = sorted((round(rng.uniform(1200, 1800)) for _ in range(count)), reverse=True)
    return [Entrant(id=100 + i, rating=float(r), seed=i + 1) for i, r in enumerate(ratings)]


def random_result(key: str, players: Sequence[int], rng: random.Random) -> TableResult:
    """Random places (sometimes tied), random game scores."""
    order = list(range(len(players)))
    rng.shuffle(order)
    places = [0] * len(players)
    place = 0
    for index, seat in enumerate(order):
        if index == 0 or rng.random() > 0.15:
            place = index + 1
        places[seat] = place
    scores = tuple(float(rng.randrange(0, 60)) for _ in players)
    return TableResult(key, tuple(players), tuple(places), scores)


def play(
    fmt: Format,
    entrants: list[Entrant],
    settings: Settings,
    rng: random.Random,
    withdraw: float = 0.0,
    max_rounds: int = 1000,
    seen: list[list[Entrant]] | None = None,
) -> list[PlayedRound]:
    """Plan and play rounds until the format says the event is over. With ``withdraw`` > 0,
    after each round each active entrant withdraws with that probability (active=False).
    ``seen`` collects the entrants as they were when each round was planned."""
    played: list[PlayedRound] = []
    for _ in range(max_rounds):
        plan = fmt.plan_round(entrants, settings, played)
        if plan is None:
            return played
        if seen is not None:
            seen.append(list(entrants))
        check_plan(plan, entrants, settings)
        results = tuple(random_result(t.key, t.players, rng) for t in plan.tables)
        played.append(PlayedRound(plan, results))
        if withdraw:
            entrants[:] = [
                Entrant(e.id, e.rating, e.seed, active=e.active and rng.random() >= withdraw)
                for e in entrants
            ]
    raise AssertionError("the event never ended")


def check_plan(plan: RoundPlan, entrants: Sequence[Entrant], settings: Settings) -> None:
    """No player twice in a round, tables within the seat limits, withdrawn never seated."""
    seen: list[int] = [p for t in plan.tables for p in t.players] + list(plan.byes)
    assert len(seen) == len(set(seen)), plan
    low = max(2, settings.min_seats)
    for table in plan.tables:
        assert low <= len(table.players) <= settings.table_size, table
    inactive = {e.id for e in entrants if not e.active}
    assert not inactive & set(seen), plan
    keys = [t.key for t in plan.tables]
    assert len(keys) == len(set(keys))
