"""SPQF balance bench: bot self-play by monument, and heuristic against random.

    python bench/spqf_balance.py [--games 600] [--seed 1]

Prints one JSON object:
- "monuments": for 2, 3 and 4 players of heuristic bots, each monument's share of the wins
  (a shared win is split) next to the even share 1/seats; "ok" says no monument wins more than
  10 points above the even share.
- "heuristic_vs_random": the heuristic bot's win rate in 2-player games against random, seats
  alternating.

600 games per seat count by default: a monument is dealt 300 to 600 times, so the noise on a
win share is 2 to 3 points, well below the 10-point margin (about a minute of CPU).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core.playout import play_one  # noqa: E402
from games.spqf import GAME  # noqa: E402
from games.spqf.cards import MONUMENTS  # noqa: E402


def monument_shares(seats: int, games: int, seed: int) -> dict[str, object]:
    wins = [0.0] * len(MONUMENTS)
    dealt = [0] * len(MONUMENTS)
    for index in range(games):
        state, outcome = play_one(GAME, seats, seed + index, ["heuristic"] * seats)
        winners = [s for s, place in enumerate(outcome.places) if place == 1]
        for seat, p in enumerate(state["players"]):
            dealt[p["monument"]] += 1
            if seat in winners:
                wins[p["monument"]] += 1 / len(winners)
    even = 1 / seats
    # A monument's win share: how often its holder won, per game it was dealt.
    shares = {
        MONUMENTS[m]["name"]: round(wins[m] / dealt[m], 3) if dealt[m] else None
        for m in range(len(MONUMENTS))
    }
    worst = max(v for v in shares.values() if v is not None)
    return {
        "seats": seats,
        "games": games,
        "even_share": round(even, 3),
        "win_share_by_monument": shares,
        "ok": worst <= even + 0.10,
    }


def heuristic_vs_random(games: int, seed: int) -> dict[str, object]:
    won = 0.0
    for index in range(games):
        bots = ["heuristic", "random"] if index % 2 == 0 else ["random", "heuristic"]
        _, outcome = play_one(GAME, 2, seed + index, bots)
        me = bots.index("heuristic")
        if outcome.places[me] == 1:
            won += 1 / outcome.places.count(1)
    return {"games": games, "heuristic_win_rate": round(won / games, 3)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python bench/spqf_balance.py")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    report = {
        "monuments": [monument_shares(n, args.games, args.seed) for n in (2, 3, 4)],
        "heuristic_vs_random": heuristic_vs_random(args.games, args.seed),
    }
    print(json.dumps(report))
    return 0 if all(m["ok"] for m in report["monuments"]) else 1


if __name__ == "__main__":
    sys.exit(main())
