"""The board's HTML per seat (issue 10, point 6): how long the server takes to draw one seat's
board (the game's board context, its templates and the frame around them), per game at its
most seats, from mid-game states reached at fixed seeds.

    .venv/bin/python bench/board_render.py [--games scythe,dicecity,spqf] [--seeds 1,2,3]
                                           [--repeat 20] [--profile scythe] [--before REF]

For each game and seed the engine's greedy bot plays a fixed number of decisions (a game well
under way), then a few states along the next decisions are each drawn for every seat and for a
spectator, `--repeat` times. It prints p50 and p95 of one seat's render (wall and this process's
CPU) and the engine's share apart (the seat's `view` and labelled legal actions, which the page
needs whatever the board looks like). No database: the match rows are unsaved objects, as the
renderer needs nothing else. `--profile GAME` prints cProfile's top functions for that game.
`--before REF` first measures the same games on the tree of a git commit (extracted with
`git archive` into a temporary folder, run by this script), so both figures share one machine
load: the ratio is the figure to read on a busy machine.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
# --root: the source tree to measure (the code of another commit, for --before).
ROOT = Path(sys.argv[sys.argv.index("--root") + 1]) if "--root" in sys.argv else HERE
sys.path[:0] = [str(ROOT), str(ROOT / "platform")]
# Decisions played before the first measured state, and how many states follow (every STRIDE).
WARMUP = {"scythe": 220, "dicecity": 60, "spqf": 80}
STATES, STRIDE = 4, 7


def _django_setup() -> None:
    os.environ.setdefault("DEBUG", "false")  # as in production: cached templates, no debug info
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))  # production refuses weak keys
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def states(game_name: str, seed: int) -> list[dict[str, Any]]:
    """Mid-game states of one seeded game at its most seats, played by the greedy bot."""
    from games.core import Rng, get_game

    game = get_game(game_name)
    state = game.setup(game.max_seats, seed, {})
    rng = Rng.from_seed(seed)
    bot = game.bots.get("greedy") or game.bots["random"]
    out = []
    for done in range(WARMUP[game_name] + STATES * STRIDE):
        if game.outcome(state) is not None:
            break
        if done >= WARMUP[game_name] and (done - WARMUP[game_name]) % STRIDE == 0:
            out.append(state)
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, bot(state, seat, rng))
    return out


def match_of(game_name: str, state: dict[str, Any]) -> tuple[Any, list[Any]]:
    from play.models import Match, Seat

    match = Match(pk=1, game=game_name, version=100, state=state, status=Match.Status.ACTIVE)
    seats = [
        Seat(match=match, index=i, bot="greedy", to_act=i in match.engine.to_act(state))
        for i in range(len(state["players"]))
    ]
    return match, seats


def render_once(match: Any, seats: list[Any], seat: int | None) -> tuple[float, float, float]:
    """(engine seconds, board wall seconds, board CPU seconds) of one seat's board."""
    from play import selectors

    start = time.perf_counter()
    payload = selectors.match_payload(match, seats, seat)
    legal = selectors.legal_for(match.engine, match.state, seat, selectors.seat_names(seats))
    drawn, cpu = time.perf_counter(), time.process_time()
    selectors.board_html(match, payload, legal)
    return drawn - start, time.perf_counter() - drawn, time.process_time() - cpu


def measure(game_name: str, seeds: list[int], repeat: int) -> dict[str, list[float]]:
    found: dict[str, list[float]] = {"engine": [], "wall": [], "cpu": []}
    for seed in seeds:
        for state in states(game_name, seed):
            match, seats = match_of(game_name, state)
            for seat in [*range(len(seats)), None]:
                render_once(match, seats, seat)  # the first render compiles the templates
                for _ in range(repeat):
                    engine, wall, cpu = render_once(match, seats, seat)
                    found["engine"].append(engine)
                    found["wall"].append(wall)
                    found["cpu"].append(cpu)
    return found


def quantile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[int(q * 100) - 1]


def report(game_name: str, found: dict[str, list[float]]) -> None:
    def ms(values: list[float]) -> str:
        p50, p95 = quantile(values, 0.5) * 1000, quantile(values, 0.95) * 1000
        return f"p50 {p50:6.2f} ms  p95 {p95:6.2f} ms"

    n = len(found["wall"])
    print(f"{game_name:9} board HTML per seat ({n} renders): {ms(found['wall'])}")
    print(f"{'':9} the same, CPU of this process:      {ms(found['cpu'])}")
    print(f"{'':9} view + legal actions (not timed above): {ms(found['engine'])}")


def profile(game_name: str, seeds: list[int]) -> None:
    runs = [match_of(game_name, s) for seed in seeds for s in states(game_name, seed)]
    for match, seats in runs:
        render_once(match, seats, 0)
    profiler = cProfile.Profile()
    profiler.enable()
    for match, seats in runs:
        for seat in range(len(seats)):
            render_once(match, seats, seat)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(35)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="scythe,dicecity,spqf")
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--profile", metavar="GAME")
    parser.add_argument("--before", metavar="REF", help="measure this git commit first")
    parser.add_argument("--root", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.before:
        before(args)
    _django_setup()
    seeds = [int(s) for s in args.seeds.split(",")]
    if args.profile:
        profile(args.profile, seeds)
        return
    print(f"{ROOT}: load average before: {Path('/proc/loadavg').read_text().split()[:3]}")
    for game_name in args.games.split(","):
        report(game_name, measure(game_name, seeds, args.repeat))
    print(f"load average after:  {Path('/proc/loadavg').read_text().split()[:3]}")


def before(args: argparse.Namespace) -> None:
    """This script, run on the tree of another commit."""
    with tempfile.TemporaryDirectory(prefix="board-render-") as tree:
        archive = subprocess.run(
            ["git", "-C", str(HERE), "archive", args.before], check=True, capture_output=True
        )
        subprocess.run(["tar", "-x", "-C", tree], input=archive.stdout, check=True)
        print(f"before: {args.before}")
        command = [sys.executable, __file__, "--root", tree, "--games", args.games]
        subprocess.run(command + ["--seeds", args.seeds, "--repeat", str(args.repeat)], check=True)
    print("after: this tree")


if __name__ == "__main__":
    main()
