"""Bot strength with intervals: a round robin of random, beginner, standard and strong.

    .venv/bin/python bench/bot_strength.py [--out var/strength.jsonl]
        [--game scythe,dicecity,spqf] [--seats 2,4] [--games 1] [--budget 0.02]
        [--seed 10000] [--jobs 1] [--report]

The defaults are a smoke run (`make bench` runs every script with its defaults); the issue's
measurement, the strong level at its default 1 s a decision, hours on the shared cores:

    nice -n 10 .venv/bin/python bench/bot_strength.py --games 40 --budget 1.0 --jobs 2

At 2 seats every pair of levels plays `--games` games (seats swapped every game), at 4 seats
the four levels sit at every table, `--games` times in each of the 4 rotations. Every finished game
is appended to `--out` as one JSON line (its lineup, places, the strong seat's CPU seconds a
searched decision, the load average at its end), and a run started again with the same file
plays only the games it lacks: the run can be stopped and resumed, and several processes
(`--jobs`) play at once. `--report` prints the figures from the file without playing.

Printed per game and seat count, with 90% intervals (the issue's: "the lower end of a 90%
interval"; only the games played at `--budget` count):
- each pair's score at 2 seats (a better place 1, a tie 0.5), with its Wilson score interval;
- each level's mean place, and the strong level's lead in place over each other level at the
  same tables (paired per game), with percentile bootstrap intervals;
- the verdicts: strong's score against standard at 2 seats has its lower end at 70% or more;
  strong's lead over every other level at 4 seats has its lower end above 0;
- the load average sampled through the run (min / mean / max of the 1-minute figure) and the
  CPU the strong bot really got a decision (its budget is wall time: on a loaded machine it
  thinks less, and is weaker).
The last line is one JSON object with all of it.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from bot_ladder import NAMES, elo, lineups

from games.core import Rng, get_game
from games.core.levels import make_bot
from games.core.playout import bot_random
from games.core.search import SearchStats

Z90 = 1.6449  # the two-sided 90% normal quantile
BAR = 0.70  # strong against standard, 2 seats (issue 16)


def wilson(points: float, games: int, z: float = Z90) -> tuple[float, float]:
    """The Wilson score interval of a proportion (a tie counts half a win)."""
    if games == 0:
        return (0.0, 1.0)
    p, n = points / games, games
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def bootstrap_mean(values: list[float], seed: int, rounds: int = 4000) -> tuple[float, float]:
    """The 90% percentile bootstrap interval of a mean."""
    if not values:
        return (math.nan, math.nan)
    rng, n = Rng.from_seed(seed), len(values)
    means = sorted(sum(values[rng.below(n)] for _ in range(n)) / n for _ in range(rounds))
    return (means[int(0.05 * rounds)], means[int(0.95 * rounds) - 1])


def schedule(game: str, seats: int, games: int, seed: int, budget: float) -> list[dict[str, Any]]:
    """Every game of the round robin, each with its own seed: what a record names."""
    return [
        {"game": game, "seats": seats, "seed": seed + 1000 * seats + i, "lineup": lineup}
        | {"budget": budget}
        for i, lineup in enumerate(lineups(seats, games, NAMES))
    ]


def play_game(spec: dict[str, Any]) -> dict[str, Any]:
    """One game of the schedule to its end: the record the file keeps."""
    game, budget = get_game(spec["game"]), spec["budget"]
    stats = SearchStats()
    bots = {
        name: bot_random(game) if name == "random" else make_bot(game, name, budget, stats)
        for name in set(spec["lineup"])
    }
    rng = Rng.from_seed(spec["seed"] ^ 0x1ADDE5)
    state = game.setup(spec["seats"], spec["seed"], game.clean_options({}))
    started = time.perf_counter()
    while (result := game.outcome(state)) is None:
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, bots[spec["lineup"][seat]](state, seat, rng))
    return {
        **spec,
        "places": list(result.places),
        "wall_s": round(time.perf_counter() - started, 1),
        "searches": stats.searches,
        "strong_cpu_s": round(stats.cpu_seconds / max(1, stats.searches), 4),
        "strong_wall_s": round(stats.seconds / max(1, stats.searches), 4),
        "loadavg": _load(),
    }


def _load() -> list[float]:
    with open("/proc/loadavg") as f:
        return [float(x) for x in f.read().split()[:3]]


def _key(record: dict[str, Any]) -> tuple[Any, ...]:
    lineup = tuple(record["lineup"])
    return (record["game"], record["seats"], record["seed"], lineup, record["budget"])


def read_records(path: str) -> tuple[list[dict[str, Any]], list[list[float]]]:
    """The games and the load samples the file holds."""
    games, loads = [], []
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                item = json.loads(line)
                (loads if "sample" in item else games).append(item)
    return games, [item["sample"] for item in loads]


def run(specs: list[dict[str, Any]], jobs: int, path: str) -> None:
    """Play the games of `specs` the file lacks, appending each as it ends, and a load sample
    every minute."""
    done = {_key(r) for r in read_records(path)[0]}
    todo = _interleaved([s for s in specs if _key(s) not in done])
    print(f"{len(todo)} of {len(specs)} games to play, {jobs} at once", flush=True)
    stop = threading.Event()
    lock = threading.Lock()
    sampler = threading.Thread(target=_sample, args=(path, stop, lock), daemon=True)
    sampler.start()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for future in as_completed([pool.submit(play_game, spec) for spec in todo]):
            record = future.result()
            with lock, open(path, "a") as f:
                f.write(json.dumps(record) + "\n")
            print(_line(record), flush=True)
    stop.set()


def _interleaved(specs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each game and pairing in turn (the first game of each, then the second...), so a run
    stopped early has played some of every table."""
    groups: dict[Any, list[dict[str, Any]]] = {}
    for spec in specs:
        groups.setdefault((spec["game"], spec["seats"], frozenset(spec["lineup"])), []).append(spec)
    rows = itertools.zip_longest(*groups.values())
    return [spec for row in rows for spec in row if spec is not None]


def _sample(path: str, stop: threading.Event, lock: threading.Lock) -> None:
    while True:
        with lock, open(path, "a") as f:
            f.write(json.dumps({"sample": _load(), "t": round(time.time())}) + "\n")
        if stop.wait(60):
            return


def _line(record: dict[str, Any]) -> str:
    seats = ", ".join(f"{n} {p}" for n, p in zip(record["lineup"], record["places"], strict=True))
    return (
        f"{record['game']}/{record['seats']} seed {record['seed']}: {seats} "
        f"({record['wall_s']} s, strong {record['strong_cpu_s']} CPU s a decision, "
        f"load {record['loadavg'][0]})"
    )


def pair_scores(games: list[dict[str, Any]]) -> dict[str, Any]:
    """At 2 seats: each pair's points, games, score and Wilson interval."""
    out: dict[str, Any] = {}
    for i, a in enumerate(NAMES):
        for b in NAMES[i + 1 :]:
            played = [g for g in games if set(g["lineup"]) == {a, b}]
            points = sum(_points(g, b) for g in played)
            low, high = wilson(points, len(played))
            share = points / len(played) if played else math.nan
            out[f"{b} v {a}"] = {"points": points, "games": len(played), "score": share}
            out[f"{b} v {a}"]["interval"] = [round(low, 3), round(high, 3)]
    return out


def _points(game: dict[str, Any], level: str) -> float:
    mine = game["places"][game["lineup"].index(level)]
    other = next(p for n, p in zip(game["lineup"], game["places"], strict=True) if n != level)
    return 1.0 if mine < other else 0.5 if mine == other else 0.0


def places(games: list[dict[str, Any]], seed: int) -> dict[str, Any]:
    """Each level's mean place with its interval, and strong's paired lead over each other."""
    out: dict[str, Any] = {"mean": {}, "strong_lead": {}}
    for name in NAMES:
        mine = [float(_place(g, name)) for g in games if name in g["lineup"]]
        if mine:
            low, high = bootstrap_mean(mine, seed)
            out["mean"][name] = [round(sum(mine) / len(mine), 3), round(low, 3), round(high, 3)]
    for name in NAMES[:-1]:
        both = [g for g in games if {name, "strong"} <= set(g["lineup"])]
        lead = [float(_place(g, name) - _place(g, "strong")) for g in both]
        if lead:
            low, high = bootstrap_mean(lead, seed + 1)
            mean = sum(lead) / len(lead)
            out["strong_lead"][name] = [round(mean, 3), round(low, 3), round(high, 3)]
    return out


def _place(game: dict[str, Any], level: str) -> int:
    return int(game["places"][game["lineup"].index(level)])


def table_report(games: list[dict[str, Any]], seats: int, seed: int) -> dict[str, Any]:
    searched = [g for g in games if g["searches"]]
    cpu = sorted(g["strong_cpu_s"] for g in searched)
    table: dict[str, Any] = {"games": len(games), "places": places(games, seed)}
    table["elo"] = {n: round(r) for n, r in elo(_as_ladder(games)).items()}
    table["strong_cpu_s_a_decision"] = _spread(cpu)
    table["load_at_game_ends"] = _spread(sorted(g["loadavg"][0] for g in games))
    if seats == 2:
        table["scores"] = pair_scores(games)
        low = table["scores"]["strong v standard"]["interval"][0]
        table["verdict"] = {"strong v standard lower end": low, "clears 70%": low >= BAR}
    else:
        leads = table["places"]["strong_lead"]
        lows = {name: lead[1] for name, lead in leads.items()}
        table["verdict"] = {"strong's lead, lower ends": lows, "best mean place": _best(lows)}
    return table


def _best(lows: dict[str, float]) -> bool:
    return bool(lows) and min(lows.values()) > 0


def _spread(values: list[float]) -> list[float]:
    """min, median, max."""
    return [values[0], values[len(values) // 2], values[-1]] if values else []


def _as_ladder(games: list[dict[str, Any]]) -> list[list[tuple[str, int]]]:
    return [list(zip(g["lineup"], g["places"], strict=True)) for g in games]


def report(path: str, seed: int, budget: float) -> dict[str, Any]:
    games, samples = read_records(path)
    games = [g for g in games if g["budget"] == budget]
    out: dict[str, Any] = {"budget": budget, "tables": {}}
    for key in sorted({(g["game"], g["seats"]) for g in games}):
        chosen = [g for g in games if (g["game"], g["seats"]) == key]
        out["tables"][f"{key[0]}/{key[1]}"] = table_report(chosen, key[1], seed)
    minute = [s[0] for s in samples]
    if minute:
        mean = round(sum(minute) / len(minute), 2)
        out["loadavg_through_the_run"] = {"min": min(minute), "mean": mean, "max": max(minute)}
    out["loadavg_now"] = _load()
    return out


def print_report(result: dict[str, Any]) -> None:
    for name, table in result["tables"].items():
        cpu = table["strong_cpu_s_a_decision"]
        print(f"== {name}: {table['games']} games; strong's CPU a decision {cpu} s")
        for pair, score in table.get("scores", {}).items():
            low, high = score["interval"]
            share = f"{score['score']:.0%}" if score["games"] else "-"
            print(f"  {pair}: {score['points']} of {score['games']} ({share}) [{low}, {high}]")
        for level, (mean, low, high) in table["places"]["mean"].items():
            print(f"  {level:9} mean place {mean} [{low}, {high}]")
        for level, (mean, low, high) in table["places"]["strong_lead"].items():
            print(f"  strong's lead in place over {level}: {mean} [{low}, {high}]")
        print(f"  verdict: {table['verdict']}")
    print(f"load average through the run: {result.get('loadavg_through_the_run')}")
    print(json.dumps(result))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench/bot_strength.py")
    parser.add_argument("--out", default="var/strength.jsonl", help="the games, one JSON line each")
    parser.add_argument("--game", default="scythe,dicecity,spqf")
    parser.add_argument("--seats", default="2,4")
    parser.add_argument("--games", type=int, default=1, help="per pair (2 seats), per rotation")
    parser.add_argument("--budget", type=float, default=0.02, help="strong's seconds a decision")
    parser.add_argument("--seed", type=int, default=10000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--report", action="store_true", help="only print what the file holds")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1 or args.budget <= 0:
        parser.error("--games and --jobs take 1 or more, --budget a positive number of seconds")
    if not args.report:
        specs = [
            spec
            for name in args.game.split(",")
            for seats in map(int, args.seats.split(","))
            if seats in get_game(name).seat_range()
            for spec in schedule(name, seats, args.games, args.seed, args.budget)
        ]
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        run(specs, args.jobs, args.out)
    print_report(report(args.out, args.seed, args.budget))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
