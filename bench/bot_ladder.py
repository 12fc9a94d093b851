"""The bot ladder: random, beginner, standard and strong against each other, with an Elo each.

    .venv/bin/python bench/bot_ladder.py [--game scythe,dicecity,spqf] [--seats 2,4]
        [--games 2] [--budget 0.02] [--seed 1] [--bootstrap 200]

The defaults are a smoke run (`make bench` runs every script with its defaults); the issue's
measurement is `--games 20 --budget 1.0` (hours on one core: see bench/README.md).

For each game and seat count: at 2 seats every pair of levels plays `--games` games (seats
swapped every game); at more seats every game seats all the levels (random fills nothing: with
4 seats the four of them, with 3 the strongest three, with 5 standard twice), in a rotating
order. `--budget` is the strong level's seconds per decision (issue 16: 1 s, one core).

Elo: every game counts as the pairwise results between its seats (a better place is a win,
the same place a draw), fitted by maximum likelihood (Bradley-Terry, Hunter's MM iterations)
with the weakest level played (random) pinned at 0; the 95% interval comes from `--bootstrap`
resamples of the games. `--levels standard,strong` plays only those. `--set horizon=2,width=8`
overrides numeric fields of the game's SearchConfig for the strong level (experiments), and
`--playout random|standard|quick_bot[+quick_turn]` its playout policy (and `leap`).
Also printed: the head-to-head score of each pair and each level's average place. The last line
is one JSON object with all of it.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import json
import math
import sys
import time
from dataclasses import replace
from typing import Any

from games.core import Rng, get_game
from games.core.levels import LEVELS, make_bot, search_config
from games.core.playout import bot_random
from games.core.search import SearchConfig, SearchStats, search

NAMES = ("random", *LEVELS)
Game = list[tuple[str, int]]  # one finished game: (level, place) per seat


def play(
    game_name: str,
    lineup: list[str],
    seed: int,
    budget: float,
    stats: SearchStats,
    config: SearchConfig | None = None,
) -> Game:
    game = get_game(game_name)
    bots = {
        name: bot_random(game) if name == "random" else make_bot(game, name, budget, stats)
        for name in set(lineup)
    }
    if config is not None and "strong" in bots:
        tuned = replace(config, budget=budget)
        bots["strong"] = lambda state, seat, rng: search(game, state, seat, rng, tuned, stats)
    rng = Rng.from_seed(seed ^ 0x1ADDE5)
    state = game.setup(len(lineup), seed, game.clean_options({}))
    while (result := game.outcome(state)) is None:
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, bots[lineup[seat]](state, seat, rng))
    return list(zip(lineup, result.places, strict=True))


def lineups(seats: int, games: int, names: tuple[str, ...] = NAMES) -> list[list[str]]:
    if seats == 2:
        out = []
        for a, b in itertools.combinations(names, 2):
            out += [[a, b] if i % 2 == 0 else [b, a] for i in range(games)]
        return out
    pool = list(names[-seats:]) if seats <= len(names) else [*names, "standard"]
    pool += ["standard"] * (seats - len(pool))
    return [pool[i % seats :] + pool[: i % seats] for i in range(games * seats)]


def pairwise(games: list[Game]) -> dict[tuple[str, str], float]:
    """wins[a, b]: points a scored against b (1 a better place, 0.5 the same)."""
    wins: dict[tuple[str, str], float] = {}
    for played in games:
        for (a, pa), (b, pb) in itertools.permutations(played, 2):
            if a == b:
                continue
            point = 1.0 if pa < pb else 0.5 if pa == pb else 0.0
            wins[a, b] = wins.get((a, b), 0.0) + point
    return wins


def elo(games: list[Game]) -> dict[str, float]:
    """Bradley-Terry strengths by MM iterations (a tiny prior of one draw against the anchor,
    the weakest level present, keeps an unbeaten level finite), as Elo with the anchor at 0."""
    wins = pairwise(games)
    names = sorted({n for played in games for n, _ in played})
    anchor = next(n for n in NAMES if n in names)
    for n in names:
        if n != anchor:
            wins[n, anchor] = wins.get((n, anchor), 0.0) + 0.5
            wins[anchor, n] = wins.get((anchor, n), 0.0) + 0.5
    gamma = dict.fromkeys(names, 1.0)
    for _ in range(500):
        for i in names:
            won = sum(w for (a, _), w in wins.items() if a == i)
            denom = 0.0
            for j in names:
                n_ij = wins.get((i, j), 0.0) + wins.get((j, i), 0.0)
                if j != i and n_ij:
                    denom += n_ij / (gamma[i] + gamma[j])
            gamma[i] = max(won, 1e-9) / denom if denom else gamma[i]
    base = gamma.get(anchor, 1.0)
    return {n: 400 * math.log10(gamma[n] / base) for n in names}


def interval(games: list[Game], rounds: int, seed: int) -> dict[str, tuple[float, float]]:
    rng = Rng.from_seed(seed)
    samples: dict[str, list[float]] = {}
    for _ in range(rounds):
        resample = [games[rng.below(len(games))] for _ in games]
        for name, rating in elo(resample).items():
            samples.setdefault(name, []).append(rating)
    out = {}
    for name, values in samples.items():
        values.sort()
        out[name] = (values[int(0.025 * len(values))], values[int(0.975 * len(values)) - 1])
    return out


def summary(games: list[Game], rounds: int, seed: int) -> dict[str, Any]:
    ratings, ci = elo(games), interval(games, rounds, seed)
    wins = pairwise(games)
    head = {
        f"{a} v {b}": round(wins.get((a, b), 0) / (wins.get((a, b), 0) + wins.get((b, a), 0)), 3)
        for a, b in itertools.combinations(NAMES, 2)
        if wins.get((a, b), 0) + wins.get((b, a), 0)
    }
    places: dict[str, list[int]] = {}
    for played in games:
        for name, place in played:
            places.setdefault(name, []).append(place)
    return {
        "elo": {n: [round(ratings[n]), round(ci[n][0]), round(ci[n][1])] for n in ratings},
        "score": head,
        "mean_place": {n: round(sum(p) / len(p), 2) for n, p in places.items()},
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench/bot_ladder.py")
    parser.add_argument("--game", default="scythe,dicecity,spqf")
    parser.add_argument("--seats", default="2")
    parser.add_argument(
        "--games", type=int, default=2, help="games per pair (2 seats) or per seat (more)"
    )
    parser.add_argument("--budget", type=float, default=0.02)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bootstrap", type=int, default=200)
    parser.add_argument("--levels", default=",".join(NAMES), help="a subset, weakest first")
    parser.add_argument("--set", default="", help="SearchConfig fields, e.g. horizon=2,width=8")
    parser.add_argument("--playout", default="", help="the strong level's playout policy")
    args = parser.parse_args(argv)
    levels = tuple(args.levels.split(","))
    if not levels or any(name not in NAMES for name in levels):
        parser.error(f"--levels: among {', '.join(NAMES)}")
    report: dict[str, Any] = {
        "budget": args.budget,
        "games": args.games,
        "set": args.set,
        "playout": args.playout,
        "tables": {},
    }
    for game_name in args.game.split(","):
        for seats in map(int, args.seats.split(",")):
            if seats not in get_game(game_name).seat_range():
                continue
            stats, started = SearchStats(), time.perf_counter()
            config = _tuned(game_name, args.set, args.playout)
            games = [
                play(game_name, lineup, args.seed + i, args.budget, stats, config)
                for i, lineup in enumerate(lineups(seats, args.games, levels))
            ]
            table = summary(games, args.bootstrap, args.seed)
            table["games"] = len(games)
            table["seconds"] = round(time.perf_counter() - started, 1)
            table["search_decisions_per_s"] = round(stats.decisions / max(stats.seconds, 1e-9))
            report["tables"][f"{game_name}/{seats}"] = table
            _print(game_name, seats, table)
    with open("/proc/loadavg") as load:
        report["loadavg"] = load.read().split()[:3]
    print(json.dumps(report))
    return 0


def _tuned(game_name: str, fields: str, playout: str) -> SearchConfig | None:
    """The game's search settings with `--set` and `--playout` applied (None: unchanged)."""
    if not fields and not playout:
        return None
    game = get_game(game_name)
    config = search_config(game)
    changes: dict[str, Any] = {}
    for item in filter(None, fields.split(",")):
        key, _, text = item.partition("=")
        current = getattr(config, key)
        changes[key] = float(text) if isinstance(current, float) else int(text)
    if playout:
        policy, _, leap = playout.partition("+")
        changes["playout"] = playout_policy(game, policy)
        changes["leap"] = playout_policy(game, leap) if leap else None
    return replace(config, **changes)


def playout_policy(game: Any, name: str) -> Any:
    """A policy by name: "random", a bot of the game's table, or a function of its bots module
    (Scythe's `quick_bot`)."""
    if name == "random":
        return bot_random(game)
    if name in game.bots:
        return game.bots[name]
    return getattr(importlib.import_module(f"games.{game.name}.bots"), name)


def _print(game_name: str, seats: int, table: dict[str, Any]) -> None:
    print(f"{game_name}, {seats} seats: {table['games']} games in {table['seconds']} s")
    for name, (rating, low, high) in sorted(table["elo"].items(), key=lambda kv: -kv[1][0]):
        place = table["mean_place"][name]
        print(f"  {name:9} Elo {rating:6d}  [{low}, {high}]  mean place {place}")
    for pair, score in table["score"].items():
        print(f"  {pair}: {score:.0%}")
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
