"""Where the server's time goes during bench/live_tables.py: py-spy samples every thread of
the ASGI server (and its workers) during the measured window; the summary groups the samples by
the functions of this project, Django, Channels and the rest, inclusive and self."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

# Where a sample's time goes: the first marker found in its stack (innermost match wins among
# nested ones because the markers are tried in this order).
PARTS = (
    ("after commit: broadcast, turn e-mail and bot queries", "_after_commit (play/services.py"),
    ("action_submit: lock, engine apply, log, snapshot save", "action_submit (play/services.py"),
    ("payload_for: load match + seats, view, legal, labels", "payload_for (play/snapshots.py"),
    ("access + presence (socket connects)", "(play/snapshots.py"),
    ("JSON encode (send_json)", "encode (json/"),
    ("JSON decode", "decode (json/"),
    ("channel layer (channels_redis)", "(channels_redis/"),
    ("WebSocket protocol (uvicorn, websockets)", "(uvicorn/protocols/"),
    ("sync/async hops (asgiref)", "(asgiref/"),
)
ENGINE = "(games/"
ROOT = Path(__file__).resolve().parent.parent  # this checkout: frames named from it
TOP = 20


def py_spy() -> str:
    """The py-spy executable, or exit with how to get it (it is not a project dependency)."""
    for candidate in (Path(sys.executable).parent / "py-spy", shutil.which("py-spy")):
        if candidate and Path(candidate).exists():
            return str(candidate)
    raise SystemExit("--profile needs py-spy: .venv/bin/pip install py-spy")


def profile_start(path: str, pid: int, seconds: float) -> subprocess.Popen:
    command = [py_spy(), "record", "--pid", str(pid), "--duration", str(int(seconds))]
    command += ["--rate", "200", "--format", "raw", "--subprocesses", "--gil", "--output", path]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def profile_summary(path: Path) -> None:
    """Print the share of the server's busy samples per part of a move, and the busiest
    functions (self time). Samples are of threads holding the GIL: Python CPU time."""
    parts: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = engine = 0
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        frames = [_short(f) for f in stack.split(";")[1:]]  # the first frame is the process
        if not frames or not count.isdigit():
            continue
        samples = int(count)
        total += samples
        own[frames[-1]] += samples
        joined = ";".join(frames)
        part = next((name for name, marker in PARTS if marker in joined), "other (event loop...)")
        parts[part] += samples
        engine += samples if ENGINE in joined else 0
    if not total:
        print("profile: no samples")
        return
    print(f"profile: {total} samples of the server holding the GIL; share by part of a move:")
    for name, samples in parts.most_common():
        print(f"  {100 * samples / total:5.1f}%  {name}")
    print(f"  ({100 * engine / total:.1f}% of all samples are in the game engine, games/)")
    print("busiest functions (self):")
    for name, samples in own.most_common(TOP):
        print(f"  {100 * samples / total:5.1f}%  {name}")


def _short(frame: str) -> str:
    """'fn (path/to/file.py:12)' -> 'fn (to/file.py)' without the line, to group by function."""
    name, _, where = frame.partition(" (")
    where = where.rstrip(")").rsplit(":", 1)[0]
    for marker in ("site-packages/", f"{ROOT}/", "lib/python3.11/"):
        if marker in where:
            where = where.split(marker, 1)[1]
    return f"{name} ({where})"
