"""Swiss pairing at scale (issue 13): one round of 500 players at 4-player tables (target
<= 2 s) and of 5,000 players (target <= 20 s), after a few simulated rounds so that score groups
and meeting history exist.

    .venv/bin/python bench/tournament_pairing.py [--players 500 5000] [--table 4] [--before 4]
                                                 [--repeat 3]

Pure Python (tournaments.formats): no database. For each size it plays ``--before`` rounds with
random results (untimed), then times ``Swiss.plan_round`` for the next round ``--repeat`` times
(wall and CPU time; the machine may be shared, so the load average is printed too) and reports
the plan's quality: repeat meetings, table sizes, byes, first-seat repeats.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]

from tests.tournaments_formats.simulate import random_result  # noqa: E402
from tournaments.formats import FORMATS, Entrant, PlayedRound, RoundPlan, Settings  # noqa: E402
from tournaments.formats.common import meetings  # noqa: E402


def quality(plan: RoundPlan, played: list[PlayedRound]) -> str:
    met = meetings(played)
    repeats = sum(
        met.get((min(a, b), max(a, b)), 0)
        for t in plan.tables
        for i, a in enumerate(t.players)
        for b in t.players[i + 1 :]
    )
    firsts = Counter(t.players[0] for rnd in played for t in rnd.plan.tables)
    # tables whose first seat went to someone who sat first more often than a tablemate
    first_again = sum(
        1 for t in plan.tables if firsts[t.players[0]] > min(firsts[p] for p in t.players)
    )
    sizes = Counter(len(t.players) for t in plan.tables)
    return (
        f"tables {dict(sorted(sizes.items()))}, byes {len(plan.byes)}, repeat meetings {repeats}, "
        f"first seat to a player who sat first more than a tablemate {first_again}"
    )


def bench(players: int, table: int, before: int, repeat: int) -> float:
    rng = random.Random(players)
    entrants = [
        Entrant(id=i + 1, rating=float(rng.randint(1200, 1900)), seed=i + 1) for i in range(players)
    ]
    settings = Settings(table_size=table, min_seats=2, max_seats=5, rounds=before + 1)
    swiss = FORMATS["swiss"]
    played: list[PlayedRound] = []
    for _ in range(before):
        plan = swiss.plan_round(entrants, settings, played)
        assert plan is not None
        results = tuple(random_result(t.key, t.players, rng) for t in plan.tables)
        played.append(PlayedRound(plan, results))
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        plan = swiss.plan_round(entrants, settings, played)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    assert plan is not None
    best = min(walls)
    print(
        f"{players:>6} players, {table}-player tables, round {before + 1}: "
        f"wall best {best:.3f} s (runs {', '.join(f'{w:.3f}' for w in walls)}), "
        f"cpu best {min(cpus):.3f} s; {quality(plan, played)}"
    )
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[500, 5000])
    parser.add_argument("--table", type=int, default=4)
    parser.add_argument("--before", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    targets = {500: 2.0, 5000: 20.0}
    failed = False
    for players in args.players:
        best = bench(players, args.table, args.before, args.repeat)
        target = targets.get(players)
        if target is not None:
            ok = best <= target
            failed |= not ok
            print(f"        target <= {target:.0f} s: {'ok' if ok else 'MISSED'}")
    print("loadavg:", Path("/proc/loadavg").read_text().strip())
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
