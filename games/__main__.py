"""Command line: `python -m games selfplay GAME --seats N --games K --seed S [--bot random]`.

The last line printed is one JSON object: games, decisions, seconds, decisions_per_s,
apply_p95_ms and more. `--bot greedy,random` deals those bots to the seats in rotation and
reports wins per bot.
"""

from __future__ import annotations

import argparse
import json
import sys

from games.core import game_names, get_game
from games.core.playout import selfplay


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("selfplay", help="play bot games to the end and time them")
    play.add_argument("game", choices=game_names())
    play.add_argument("--seats", type=int, default=2)
    play.add_argument("--games", type=int, default=10)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--bot", default="random", help="a bot name, or several comma-separated")
    play.add_argument("--option", action="append", default=[], help="name=value, repeatable")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    if args.seats not in game.seat_range():
        parser.error(f"{game.title} takes {game.min_seats} to {game.max_seats} seats")
    options = dict(item.split("=", 1) for item in args.option)
    bots = tuple(args.bot.split(","))
    result = selfplay(game, args.seats, args.games, args.seed, bots, options)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
