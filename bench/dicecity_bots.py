"""Dice City: the greedy bot against the random bot, 2 players (issue 3: >= 80% wins).

    .venv/bin/python bench/dicecity_bots.py [games] [seed]

Seats alternate between the bots game by game (games.core.playout.selfplay), so neither bot
keeps the first seat. Prints the selfplay summary and the greedy win rate.
"""

from __future__ import annotations

import json
import sys

from games.core import get_game
from games.core.playout import selfplay


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 200
    seed = int(argv[1]) if len(argv) > 1 else 1
    result = selfplay(get_game("dicecity"), 2, games, seed, ("greedy", "random"))
    print(json.dumps(result))
    rate = result["wins"].get("greedy", 0.0) / games
    print(f"greedy wins {rate:.1%} of {games} two-player games against random")
    return 0 if rate >= 0.8 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
