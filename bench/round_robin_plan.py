"""Multiplayer round robin plans (issue 32): for each size, the time to plan the whole
schedule (tournaments.formats.meeting_plan) and what it achieves against the lower bounds.

    .venv/bin/python bench/round_robin_plan.py [--players 7 60] [--seats 3 4 5] [--min 2]
                                               [--markdown]

Pure Python (no database). Per size: the default rounds, the seconds to plan (wall, CPU),
pairs never at a table together, pairs met twice, met three times or more, and the proven
lower bounds (pairs apart; pairs meeting more than once given that many apart). ``optimal``
when both bounds are reached. Target: every size within 10 s. The machine may be shared, so
the load average is printed too.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "platform"), str(ROOT)]

from tournaments.formats import meeting_plan  # noqa: E402
from tournaments.formats.round_robin import default_rounds, planned, planned_whole  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs=2, default=[7, 60])
    parser.add_argument("--seats", type=int, nargs="+", default=[3, 4, 5])
    parser.add_argument("--min", type=int, default=2, help="the game's minimum seats")
    parser.add_argument("--markdown", action="store_true", help="rows for docs/tournaments.md")
    args = parser.parse_args()
    slowest = 0.0
    print("loadavg:", Path("/proc/loadavg").read_text().strip())
    for seats in args.seats:
        for players in range(args.players[0], args.players[1] + 1):
            rounds = default_rounds(players, seats)
            if not planned_whole(players, seats, rounds):
                continue
            planned.cache_clear()
            start, cpu = time.perf_counter(), time.process_time()
            schedule = planned(players, seats, args.min, rounds)
            took, cpu = time.perf_counter() - start, time.process_time() - cpu
            slowest = max(slowest, took)
            sizes, byes = meeting_plan.bye_rounds(players, seats, args.min, rounds)
            q = meeting_plan.quality(players, schedule, sizes, byes)
            if args.markdown:
                print(
                    f"| {players} | {seats} | {rounds} | {q.never} ({q.never_bound}) "
                    f"| {q.twice} | {q.more} | {q.again_bound} | {took:.1f} | {cpu:.1f} |"
                )
            else:
                print(
                    f"{players:>3} players at {seats}: {rounds:>2} rounds, "
                    f"{took:5.2f} s (cpu {cpu:.2f}); "
                    f"apart {q.never} (bound {q.never_bound}), twice {q.twice}, "
                    f"3+ {q.more} (more than once: bound {q.again_bound})"
                    f"{', optimal' if q.optimal else ''}",
                    flush=True,
                )
    print(f"slowest {slowest:.2f} s, target <= 10 s: {'ok' if slowest <= 10 else 'MISSED'}")
    print("loadavg:", Path("/proc/loadavg").read_text().strip())
    sys.exit(0 if slowest <= 10 else 1)


if __name__ == "__main__":
    main()
