"""Playing games to the end with bots: the self-play command, benchmarks and tests share this."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .game import Game, Outcome, State
from .rng import Rng


def bot_random(game: Game) -> Any:
    """The uniform random bot every game gets for free."""

    def choose(state: State, seat: int, rng: Rng) -> dict[str, Any]:
        return rng.choice(game.legal_actions(state, seat))

    return choose


def pick_bot(game: Game, name: str) -> Any:
    if name in game.bots:
        return game.bots[name]
    if name == "random":
        return bot_random(game)
    raise KeyError(f"{game.name} has no bot called {name!r} (it has: {', '.join(game.bots)})")


@dataclass
class PlayoutStats:
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    apply_times: list[float] = field(default_factory=list)
    outcomes: list[Outcome] = field(default_factory=list)
    seat_bots: list[tuple[str, ...]] = field(default_factory=list)


def play_one(
    game: Game,
    seats: int,
    seed: int,
    bots: Sequence[str],
    options: Mapping[str, Any] | None = None,
    stats: PlayoutStats | None = None,
    max_decisions: int = 200_000,
) -> tuple[State, Outcome]:
    """Play one game with one bot name per seat; returns the final state and its outcome."""
    stats = stats if stats is not None else PlayoutStats()
    choosers = [pick_bot(game, name) for name in bots]
    rng = Rng.from_seed(seed ^ 0x5EED)
    state = game.setup(seats, seed, game.clean_options(options))
    apply_times = stats.apply_times
    clock = time.perf_counter
    for _ in range(max_decisions):
        result = game.outcome(state)
        if result is not None:
            stats.games += 1
            stats.outcomes.append(result)
            stats.seat_bots.append(tuple(bots))
            return state, result
        seat = game.to_act(state)[0]
        action = choosers[seat](state, seat, rng)
        started = clock()
        state = game.apply(state, seat, action)
        apply_times.append(clock() - started)
        stats.decisions += 1
    raise RuntimeError(f"{game.name} seed {seed}: no end after {max_decisions} decisions")


def percentile(values: Sequence[float], pct: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * (len(ordered) - 1))))
    return ordered[index]


def selfplay(
    game: Game,
    seats: int,
    games: int,
    seed: int,
    bots: Sequence[str] = ("random",),
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Play `games` games; bots are dealt to seats in rotation so none keeps the first seat."""
    stats = PlayoutStats()
    started = time.perf_counter()
    for index in range(games):
        seat_bots = [bots[(seat + index) % len(bots)] for seat in range(seats)]
        play_one(game, seats, seed + index, seat_bots, options, stats)
    stats.seconds = time.perf_counter() - started
    return summarise(game, seats, stats)


def summarise(game: Game, seats: int, stats: PlayoutStats) -> dict[str, Any]:
    wins: dict[str, float] = {}
    for outcome, seat_bots in zip(stats.outcomes, stats.seat_bots, strict=True):
        winners = [s for s, place in enumerate(outcome.places) if place == 1]
        for seat in winners:
            wins[seat_bots[seat]] = wins.get(seat_bots[seat], 0.0) + 1 / len(winners)
    scores = [s for o in stats.outcomes for s in o.scores]
    return {
        "game": game.name,
        "seats": seats,
        "games": stats.games,
        "decisions": stats.decisions,
        "seconds": round(stats.seconds, 3),
        "decisions_per_s": round(stats.decisions / stats.seconds, 1) if stats.seconds else 0.0,
        "apply_mean_ms": round(1000 * sum(stats.apply_times) / max(1, len(stats.apply_times)), 4),
        "apply_p50_ms": round(1000 * percentile(stats.apply_times, 50), 4),
        "apply_p95_ms": round(1000 * percentile(stats.apply_times, 95), 4),
        "apply_p99_ms": round(1000 * percentile(stats.apply_times, 99), 4),
        "mean_score": round(sum(scores) / len(scores), 2) if scores else 0.0,
        "wins": {name: round(count, 2) for name, count in sorted(wins.items())},
        "reasons": _count(o.reason for o in stats.outcomes),
    }


def _count(items: Any) -> dict[str, int]:
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return counts
