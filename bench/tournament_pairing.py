"""Swiss pairing at scale (issue 13): one round of 500 players at 4-player tables (target
<= 2 s) and of 5,000 players (target <= 20 s), after a few simulated rounds so that score groups
and meeting history exist.

    .venv/bin/python bench/tournament_pairing.py [--players 500 5000] [--table 4] [--before 4]
                                                 [--repeat 3] [--compare]

Pure Python (tournaments.formats): no database. For each size it plays ``--before`` rounds with
random results (untimed), then times ``Swiss.plan_round`` for the next round ``--repeat`` times
(wall and CPU time; the machine may be shared, so the load average is printed too) and reports
the plan's quality: repeat meetings, table sizes, byes, first-seat repeats.

``--compare`` (2-player tables): each repeat times the round twice, alternating which goes
first, with the matching by rustworkx (the default) and by networkx (the matcher before it,
on the same graph): the ratio of each pair of CPU times, and whether both plans have the same
repeat meetings and seat criteria.
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
from tournaments.formats import swiss as swiss_format  # noqa: E402
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


def compare(players: int, before: int, repeat: int) -> None:
    """Paired: rustworkx and networkx matchers on the same round, order alternating."""
    rng = random.Random(players)
    entrants = [
        Entrant(id=i + 1, rating=float(rng.randint(1200, 1900)), seed=i + 1) for i in range(players)
    ]
    settings = Settings(table_size=2, min_seats=2, max_seats=5, rounds=before + 1)
    swiss = FORMATS["swiss"]
    played: list[PlayedRound] = []
    for _ in range(before):
        plan = swiss.plan_round(entrants, settings, played)
        assert plan is not None
        played.append(
            PlayedRound(plan, tuple(random_result(t.key, t.players, rng) for t in plan.tables))
        )
    limit = swiss_format.RUSTWORKX_MAX_WEIGHT
    cpu: dict[str, list[float]] = {"rustworkx": [], "networkx": []}
    plans: dict[str, RoundPlan] = {}
    for r in range(repeat):
        for name in ("rustworkx", "networkx") if r % 2 == 0 else ("networkx", "rustworkx"):
            swiss_format.RUSTWORKX_MAX_WEIGHT = limit if name == "rustworkx" else 0
            start = time.process_time()
            plan = swiss.plan_round(entrants, settings, played)
            cpu[name].append(time.process_time() - start)
            assert plan is not None
            plans[name] = plan
    swiss_format.RUSTWORKX_MAX_WEIGHT = limit
    ratios = sorted(n / r for n, r in zip(cpu["networkx"], cpu["rustworkx"], strict=True))
    for name, times in cpu.items():
        print(
            f"{players:>6} players, 2-player tables, round {before + 1}, {name}: cpu "
            f"{', '.join(f'{t:.3f}' for t in times)} s; {quality(plans[name], played)}"
        )
    print(
        f"        networkx / rustworkx cpu per pair: {', '.join(f'{x:.1f}' for x in ratios)} "
        f"(median {ratios[len(ratios) // 2]:.1f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[500, 5000])
    parser.add_argument("--table", type=int, default=4)
    parser.add_argument("--before", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--compare", action="store_true", help="rustworkx against networkx")
    args = parser.parse_args()
    print("loadavg:", Path("/proc/loadavg").read_text().strip())
    if args.compare:
        for players in args.players:
            compare(players, args.before, args.repeat)
        print("loadavg:", Path("/proc/loadavg").read_text().strip())
        return
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
