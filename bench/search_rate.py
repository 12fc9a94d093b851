"""The strong bot's play-out rate against plain self-play (issue 16, point 7).

    .venv/bin/python bench/search_rate.py [--game scythe] [--seats 2] [--games 100]
        [--decisions 40] [--budget 0.25] [--seed 1]

1. Self-play: `--games` random games (`python -m games selfplay` does the same): decisions/s.
2. Search: a game where seat 0 is the strong bot on `--budget` seconds a decision and the
   others random; for its first `--decisions` searched decisions, the decisions the search
   applied per second (tree descents and play-outs: the search's own "self-play"), and the
   iterations per second.
Rates are per second of this process's CPU time (the machine is shared: wall time would
measure the neighbours).
3. Its overhead, timed apart on the same positions: one `redetermine`, one leaf evaluation (the
   heuristic for every seat) and the tree bookkeeping, per iteration.

Prints one JSON object with the rates, their ratio and the load average before and after.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from games.core import Rng, get_game
from games.core.levels import make_bot, search_config
from games.core.playout import selfplay
from games.core.search import SearchStats


def _load() -> list[str]:
    with open("/proc/loadavg") as f:
        return f.read().split()[:3]


def search_rate(game_name: str, seats: int, seed: int, decisions: int, budget: float) -> Any:
    game = get_game(game_name)
    stats = SearchStats()
    strong = make_bot(game, "strong", budget, stats)
    rng = Rng.from_seed(seed)
    state = game.setup(seats, seed, game.clean_options({}))
    searched, positions = 0, []
    while searched < decisions and game.outcome(state) is None:
        seat = game.to_act(state)[0]
        if seat == 0 and len(game.legal_actions(state, 0)) > 1:
            positions.append(state)
            action = strong(state, 0, rng)
            searched += 1
        else:
            action = rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)
    return stats, positions


def overhead(game_name: str, positions: list[Any]) -> dict[str, float]:
    """Microseconds per call of what an iteration does besides applying decisions."""
    game = get_game(game_name)
    value = search_config(game).value
    rng = Rng.from_seed(7)
    started = time.perf_counter()
    for state in positions:
        for _ in range(20):
            game.redetermine(state, 0, rng)
    redetermine = (time.perf_counter() - started) / (20 * len(positions))
    started = time.perf_counter()
    for state in positions:
        for _ in range(20):
            for seat in range(len(state["players"])):
                value(state, seat)
    evaluate = (time.perf_counter() - started) / (20 * len(positions))
    return {
        "redetermine_us": round(1e6 * redetermine, 1),
        "evaluation_us": round(1e6 * evaluate, 1),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench/search_rate.py")
    parser.add_argument("--game", default="scythe")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--budget", type=float, default=0.25)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    before = _load()
    cpu = time.process_time()
    plain = selfplay(get_game(args.game), args.seats, args.games, args.seed)
    plain_rate = plain["decisions"] / (time.process_time() - cpu)
    stats, positions = search_rate(args.game, args.seats, args.seed, args.decisions, args.budget)
    rate = stats.decisions / stats.cpu_seconds
    report = {
        "game": args.game,
        "selfplay_decisions_per_cpu_s": round(plain_rate),
        "search_decisions_per_cpu_s": round(rate),
        "search_iterations_per_cpu_s": round(stats.iterations / stats.cpu_seconds),
        "decisions_per_iteration": round(stats.decisions / max(1, stats.iterations), 2),
        "ratio": round(rate / plain_rate, 3),
        **overhead(args.game, positions),
        "loadavg_before": before,
        "loadavg_after": _load(),
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
