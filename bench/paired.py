"""One bench's figure in two trees, run alternately (A B A B ..., A first in odd rounds, B in
even ones), so that the machine's load falls on both alike: each round's ratio A / B, their
mean with a 95% interval (Student's t), median and range, and the load average.

    python bench/paired.py --before /work/wt/base --rounds 4 --figure sweep
    python bench/paired.py --before /work/wt/base --rounds 4 --figure live -- --tables 20

A is this tree, B the tree at `--before` (a git worktree with its own `make install`); each
runs its own .venv. `--figure sweep` runs bench/deadline_sweep.py (this tree's copy in both:
the same matches, banks written only where the model has them) and reads "ms a due
deadline"; `--figure live` runs bench/live_tables.py --no-floor (each tree's own copy) and
reads server_cpu_ms_per_move. Arguments after `--` go to the bench. Each tree gets databases
of its own (their migrations differ). `--side-by-side` runs A and B at the same time in each
round (each beside the other, so a change in the machine's load falls on both alike) instead
of one after the other.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Student's t, two-sided 95%, by degrees of freedom
T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26}
T95.update({10: 2.23, 11: 2.20, 12: 2.18, 13: 2.16, 14: 2.14, 15: 2.13, 16: 2.12, 17: 2.11})
T95.update({18: 2.10, 19: 2.09, 20: 2.09})


def _load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def _command(tree: Path, figure: str, extra: list[str], tag: str) -> tuple[list[str], dict]:
    env = dict(os.environ)
    python = str(tree / ".venv" / "bin" / "python")
    if figure == "sweep":
        script = tree / "bench" / "_paired_deadline_sweep.py"
        if tree != ROOT:  # the same bench in both trees
            shutil.copy(ROOT / "bench" / "deadline_sweep.py", script)
        else:
            script = ROOT / "bench" / "deadline_sweep.py"
        base = env.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tabletop")
        env["BENCH_DATABASE_URL"] = base.rsplit("/", 1)[0] + f"/tabletop_sweep_bench_{tag}"
        return [python, str(script), *extra], env
    script = tree / "bench" / "live_tables.py"
    return [python, str(script), "--no-floor", "--database", f"tabletop_bench_{tag}", *extra], env


def _figure(figure: str, out: str, err: str, code: int, tag: str) -> float:
    if figure == "sweep":
        found = re.search(r"([0-9.]+) ms a due deadline", out)
        value = float(found.group(1)) if found else None
    else:
        last = [line for line in out.splitlines() if line.startswith("{")]
        found = json.loads(last[-1]) if last else {}
        if "server_cpu_ms_per_move" not in found and found:  # the summary: {name: figures}
            found = next(iter(found.values()))
        value = found.get("server_cpu_ms_per_move")
    if value is None:
        print(out[-3000:], err[-3000:], sep="\n", file=sys.stderr)
        raise SystemExit(f"{tag}: no figure (exit {code})")
    return float(value)


def _run(tree: Path, figure: str, extra: list[str], tag: str) -> float:
    command, env = _command(tree, figure, extra, tag)
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
    return _figure(figure, done.stdout, done.stderr, done.returncode, tag)


def _side_by_side(trees: dict[str, tuple[Path, str]], figure: str, extra: list[str]) -> dict:
    """Both trees' benches at once (the same load falls on both, each beside the other)."""
    running = {}
    for name, (tree, tag) in trees.items():
        command, env = _command(tree, figure, extra, tag)
        running[name] = subprocess.Popen(
            command, cwd=tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
    got = {}
    for name, process in running.items():
        out, err = process.communicate()
        got[name] = _figure(figure, out, err, process.returncode, trees[name][1])
    return got


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, type=Path, help="tree B (a git worktree)")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--figure", choices=["sweep", "live"], required=True)
    parser.add_argument(
        "--tag-before", default="b", help="B's databases' suffix (one per tree: migrations differ)"
    )
    parser.add_argument(
        "--side-by-side",
        action="store_true",
        help="run A and B at the same time each round (else one after the other)",
    )
    parser.add_argument("extra", nargs="*", help="arguments for the bench (after --)")
    args = parser.parse_args()
    before = args.before.resolve()
    print("loadavg before:", _load())
    ratios, figures = [], []
    for number in range(1, args.rounds + 1):
        order = [("A", ROOT), ("B", before)] if number % 2 else [("B", before), ("A", ROOT)]
        trees = {name: (tree, "a" if name == "A" else args.tag_before) for name, tree in order}
        if args.side_by_side:
            got = _side_by_side(trees, args.figure, args.extra)
        else:
            got = {n: _run(tree, args.figure, args.extra, tag) for n, (tree, tag) in trees.items()}
        ratio = got["A"] / got["B"]
        ratios.append(ratio)
        figures.append(got)
        print(
            f"round {number}: A {got['A']:.2f} ms, B {got['B']:.2f} ms, "
            f"A/B {ratio:.3f}, loadavg {_load()}",
            flush=True,
        )
    mean = statistics.mean(ratios)
    if len(ratios) > 1:
        half = T95.get(len(ratios) - 1, 2.0) * statistics.stdev(ratios) / len(ratios) ** 0.5
        interval = f", 95% interval {mean - half:.3f}..{mean + half:.3f}"
    else:
        interval = ""
    print(
        f"{args.figure}: A/B over {len(ratios)} rounds: mean {mean:.3f}{interval}, median "
        f"{statistics.median(ratios):.3f}, range {min(ratios):.3f}..{max(ratios):.3f}; "
        f"A median {statistics.median(f['A'] for f in figures):.2f} ms, "
        f"B median {statistics.median(f['B'] for f in figures):.2f} ms"
    )
    print("loadavg after:", _load())


if __name__ == "__main__":
    main()
