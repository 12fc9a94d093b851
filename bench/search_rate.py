"""The strong bot's play-out rate against plain self-play (issue 16, point 7).

    .venv/bin/python bench/search_rate.py [--game scythe,dicecity,spqf] [--seats 2]
        [--games 100] [--decisions 40] [--budget 0.25] [--seed 1]

Per game:
1. Self-play: `--games` random games (`python -m games selfplay` does the same): decisions per
   CPU second.
2. Positions: the first `--decisions` decisions of seat 0 with a real choice in a random game.
3. The search on each of them, `--budget` seconds a decision, twice:
   - `machinery`: play-outs by the same policy as self-play (uniform random), so the rate is
     self-play's but for the search's own work: re-deals (`redetermine`), the copies, the
     candidates' legality per deal, the leaf evaluations and the bookkeeping. Its ratio to
     self-play is the issue's "playouts keep at least 70% of that rate".
   - `configured`: the play-out policy the strong level really uses (Scythe: `quick_bot`, its
     turns after the first taken at once by `quick_turn`; Dice City and SPQF: the standard
     bot), whose own look-ahead is thinking, not decisions.
   For each: decisions applied per CPU second of the rounds (the search's "self-play"), the
   same over all of the search's CPU (with the standard move and the candidates' ranking it
   starts with), rounds per CPU second and decisions per round.
4. Its overhead, timed apart on the same positions: one `redetermine` and one leaf evaluation
   (the heuristic for every seat), in microseconds.
Rates are per second of this process's CPU time (the machine is shared: wall time would
measure the neighbours). Prints one JSON object per game with the load average before and after.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from typing import Any

from games.core import Game, Rng, get_game
from games.core.levels import search_config
from games.core.playout import bot_random, selfplay
from games.core.search import SearchStats, search


def _load() -> list[str]:
    with open("/proc/loadavg") as f:
        return f.read().split()[:3]


def positions(game: Game, seats: int, seed: int, decisions: int) -> list[Any]:
    """Seat 0's first `decisions` states with more than one legal action, in a random game."""
    rng = Rng.from_seed(seed)
    state = game.setup(seats, seed, game.clean_options({}))
    out: list[Any] = []
    while len(out) < decisions and game.outcome(state) is None:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if seat == 0 and len(legal) > 1:
            out.append(state)
        state = game.apply(state, seat, rng.choice(legal))
    return out


def search_rate(game: Game, states: list[Any], budget: float, policy: str, seed: int) -> Any:
    """The search on every position with the level's settings, its play-outs by `policy`
    ("random", or "configured": the level's own)."""
    config = replace(search_config(game), budget=budget)
    if policy == "random":
        config = replace(config, playout=bot_random(game), leap=None)
    stats = SearchStats()
    rng = Rng.from_seed(seed)
    for state in states:
        search(game, state, 0, rng, config, stats)
    rounds_cpu = max(stats.cpu_seconds - stats.setup_cpu_seconds, 1e-9)
    return {
        "decisions_per_cpu_s": round(stats.decisions / rounds_cpu),
        "with_setup_decisions_per_cpu_s": round(stats.decisions / max(stats.cpu_seconds, 1e-9)),
        "rounds_per_cpu_s": round(stats.iterations / rounds_cpu),
        "decisions_per_round": round(stats.decisions / max(1, stats.iterations), 2),
        "replayed_share": round(stats.replayed / max(1, stats.decisions), 3),
        "setup_share": round(stats.setup_cpu_seconds / max(stats.cpu_seconds, 1e-9), 3),
    }


def overhead(game: Game, states: list[Any]) -> dict[str, float]:
    """Microseconds of CPU per call of what a round does besides applying decisions."""
    value = search_config(game).value
    rng = Rng.from_seed(7)
    started = time.process_time()
    for state in states:
        for _ in range(20):
            game.redetermine(state, 0, rng)
    redetermine = (time.process_time() - started) / (20 * len(states))
    started = time.process_time()
    for state in states:
        for _ in range(20):
            for seat in range(len(state["players"])):
                value(state, seat)
    evaluate = (time.process_time() - started) / (20 * len(states))
    return {
        "redetermine_us": round(1e6 * redetermine, 1),
        "evaluation_us": round(1e6 * evaluate, 1),
    }


def measure(name: str, seats: int, games: int, decisions: int, budget: float, seed: int) -> Any:
    game = get_game(name)
    before = _load()
    cpu = time.process_time()
    plain = selfplay(game, seats, games, seed)
    plain_rate = plain["decisions"] / (time.process_time() - cpu)
    states = positions(game, seats, seed, decisions)
    machinery = search_rate(game, states, budget, "random", seed)
    configured = search_rate(game, states, budget, "configured", seed)
    return {
        "game": name,
        "positions": len(states),
        "budget": budget,
        "selfplay_decisions_per_cpu_s": round(plain_rate),
        "machinery": machinery,
        "machinery_ratio": round(machinery["decisions_per_cpu_s"] / plain_rate, 3),
        "configured": configured,
        "configured_ratio": round(configured["decisions_per_cpu_s"] / plain_rate, 3),
        **overhead(game, states),
        "loadavg_before": before,
        "loadavg_after": _load(),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench/search_rate.py")
    parser.add_argument("--game", default="scythe,dicecity,spqf")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--budget", type=float, default=0.25)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for name in args.game.split(","):
        report = measure(name, args.seats, args.games, args.decisions, args.budget, args.seed)
        print(json.dumps(report))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
