"""What the translation hook (games.core.words) costs: the engines' text before and after it.

    .venv/bin/python bench/game_text.py [--before c77bc31] [--game scythe] [--games 20]

Runs, for the games/ of the `--before` commit (plain f-strings) and of this tree (phrases):
1. the self-play command `python -m games selfplay GAME --seats 2 --games N --seed 1` (bots
   only: it asks for no button or log text, so it shows the rules pay nothing for the hook);
2. the site's text work per decision over seeded random playouts: every legal action's
   `label` and the decision's `narrate` (what play.selectors and play.services call on each
   move), and, this tree only, the same phrases rendered in Spanish with `translate`.
Each figure is the best of `--repeat` runs, in a subprocess per tree. Print `cat /proc/loadavg`
next to the figures you report.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TEXT_PASS = r"""
import random, sys, time
from games.core import get_game
try:
    from games.core import translate
except ImportError:
    translate = None
name, seats, decisions = sys.argv[1], 2, int(sys.argv[2])
game = get_game(name)
text_s = es_s = 0.0
done = 0
seed = 0
while done < decisions:
    state, pick = game.setup(seats, seed, {}), random.Random(seed)
    seed += 1
    while done < decisions and game.outcome(state) is None:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = pick.choice(legal)
        after = game.apply(state, seat, action)
        t0 = time.perf_counter()
        texts = [game.label(state, seat, a) for a in legal]
        texts.append(game.narrate(state, seat, action, after))
        t1 = time.perf_counter()
        if translate is not None:
            for text in texts:
                translate(text, "es")
        es_s += time.perf_counter() - t1
        text_s += t1 - t0
        state, done = after, done + 1
print(f"{text_s / done * 1e6:.1f} {es_s / done * 1e6:.1f}")
"""


def tree_of(ref: str, into: Path) -> Path:
    """games/ as it was at `ref`, extracted into `into`."""
    archive = into / "games.tar"
    subprocess.run(
        ["git", "-C", str(ROOT), "archive", "-o", str(archive), ref, "games"], check=True
    )
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    return into


def run(tree: Path, args: list[str]) -> str:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(
        [sys.executable, *args], env=env, cwd=tree, capture_output=True, text=True, check=True
    )
    return done.stdout


def selfplay_seconds(tree: Path, game: str, games: int, repeat: int) -> float:
    """The self-play command's own `seconds` (the games, without the interpreter's start)."""
    best = float("inf")
    for _ in range(repeat):
        out = run(tree, ["-m", "games", "selfplay", game, "--seats", "2", "--games", str(games),
                         "--seed", "1"])  # fmt: skip
        best = min(best, float(json.loads(out.splitlines()[-1])["seconds"]))
    return best


def text_micros(tree: Path, game: str, decisions: int, repeat: int) -> tuple[float, float]:
    runs = [run(tree, ["-c", TEXT_PASS, game, str(decisions)]).split() for _ in range(repeat)]
    return min(float(r[0]) for r in runs), min(float(r[1]) for r in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="c77bc31", help="a commit before the hook")
    parser.add_argument("--game", default="scythe")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--decisions", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        trees = {"before": tree_of(args.before, Path(scratch)), "after": ROOT}
        print(f"loadavg {Path('/proc/loadavg').read_text().strip()}")
        print("| tree | selfplay s | labels+narrate us/decision | translate es us/decision |")
        print("|---|---|---|---|")
        for label, tree in trees.items():
            seconds = selfplay_seconds(tree, args.game, args.games, args.repeat)
            text, spanish = text_micros(tree, args.game, args.decisions, args.repeat)
            shown = f"{spanish:.1f}" if label == "after" else "-"
            print(f"| {label} | {seconds:.2f} | {text:.1f} | {shown} |")
        print(f"loadavg {Path('/proc/loadavg').read_text().strip()}")


if __name__ == "__main__":
    main()
