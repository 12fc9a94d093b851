"""Idle sockets are cheap (issue 10, point 5): N open, idle match sockets on one ASGI process.

    python bench/idle_sockets.py --sockets 2000 --seconds 600
    python bench/idle_sockets.py --sockets 400 --seconds 5 --trace   # where the memory goes

Sets up N/4 live 4-seat Dice City tables (bench/live_setup.py), starts one uvicorn process, opens
one WebSocket per seat, then holds them all open and quiet for --seconds. Prints the server's
resident memory before and after the sockets opened (RSS per socket), its CPU while idle, and
how many sockets the server closed (a reconnect storm would show here) or stopped answering: at
the end each socket sends a "hello" with a stale version and must get its snapshot back.

--trace: the server runs under tracemalloc once loaded (bench/idle_trace.py; slower, and its
RSS then includes the traces) and the bench prints what the Python heap gained per socket between a
snapshot before the sockets opened and one after, by the line that allocated it and by the
site's own line that led to it; --collect: then a third snapshot after a full garbage
collection in the server, and what that collection freed per socket (RSS and heap).
--opening-moves N: moves played on each table before the run (live_setup.OPENING_MOVES).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import linecache
import os
import resource
import signal
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import live_setup  # noqa: E402
from live_setup import ROOT, database_prepare, server_env, tables_create  # noqa: E402
from live_tables import _cpu_seconds, _free_port, _server_start, _server_stop  # noqa: E402


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def _trace_snapshot(server_pid: int, trace_dir: Path | None, number: int) -> None:
    """Ask the server for snapshot `number` (bench/idle_trace.py) and wait until it is written."""
    if trace_dir is None:
        return
    os.kill(server_pid, signal.SIGUSR1)
    done = trace_dir / "done"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if done.exists() and len(done.read_text().splitlines()) > number:
            return
        await asyncio.sleep(0.5)
    raise SystemExit("the server wrote no tracemalloc snapshot in 300 s")


def _site_frame(trace) -> str:
    """The innermost frame of the site's own code (platform/, games/) in a trace's traceback."""
    for frame in trace.traceback:  # most recent call first
        path = Path(frame.filename)
        if ROOT in path.parents and ".venv" not in path.parts:
            return f"{path.relative_to(ROOT)}:{frame.lineno}"
    return "(no frame of the site)"


def _trace_report(trace_dir: Path, sockets: int, top: int = 25) -> dict:
    import tracemalloc

    before = tracemalloc.Snapshot.load(str(trace_dir / "snapshot-0.pickle"))
    after = tracemalloc.Snapshot.load(str(trace_dir / "snapshot-1.pickle"))
    total = sum(s.size for s in after.statistics("filename")) - sum(
        s.size for s in before.statistics("filename")
    )
    print(f"tracemalloc: the Python heap grew {total / 1024 / max(1, sockets):.1f} KB per socket")
    print(f"  by the line that allocated it (top {top}, KB per socket, blocks per socket):")
    for stat in after.compare_to(before, "lineno")[:top]:
        frame = stat.traceback[0]
        line = linecache.getline(frame.filename, frame.lineno).strip()[:70]
        print(
            f"  {stat.size_diff / 1024 / sockets:7.2f} {stat.count_diff / sockets:6.1f}  "
            f"{frame.filename.split('site-packages/')[-1]}:{frame.lineno}  {line}"
        )
    # By the site's line each allocation came through: new traces only (sizes of the traces
    # present in "after" minus those in "before", keyed by the site frame).
    by_site: dict[str, list[int]] = {}
    for sign, snapshot in ((-1, before), (1, after)):
        for trace in snapshot.traces:
            entry = by_site.setdefault(_site_frame(trace), [0, 0])
            entry[0] += sign * trace.size
            entry[1] += sign
    print(f"  by the site's innermost line on the way (top {top}):")
    grown = sorted(by_site.items(), key=lambda item: -item[1][0])[:top]
    for where, (size, count) in grown:
        print(f"  {size / 1024 / sockets:7.2f} {count / sockets:6.1f}  {where}")
    return {"heap_per_socket_kb": round(total / 1024 / max(1, sockets), 1)}


def _collect_report(trace_dir: Path, sockets: int, top: int = 15) -> dict:
    """What a full collection freed after the sockets opened: garbage the collector had not
    reached yet, by the line that allocated it."""
    import tracemalloc

    held = tracemalloc.Snapshot.load(str(trace_dir / "snapshot-1.pickle"))
    collected = tracemalloc.Snapshot.load(str(trace_dir / "snapshot-2.pickle"))
    stats = collected.compare_to(held, "lineno")
    freed = -sum(s.size_diff for s in stats)
    print(
        f"a full collection then freed {freed / 1024 / max(1, sockets):.1f} KB of heap per socket:"
    )
    for stat in sorted(stats, key=lambda s: s.size_diff)[:top]:
        frame = stat.traceback[0]
        line = linecache.getline(frame.filename, frame.lineno).strip()[:70]
        print(
            f"  {-stat.size_diff / 1024 / sockets:7.2f} {-stat.count_diff / sockets:6.1f}  "
            f"{frame.filename.split('site-packages/')[-1]}:{frame.lineno}  {line}"
        )
    return {"heap_freed_by_collect_kb_per_socket": round(freed / 1024 / max(1, sockets), 1)}


async def _hold(
    port: int,
    tables,
    seconds: float,
    server_pid: int,
    trace_dir: Path | None = None,
    collect: bool = False,
) -> dict:
    from websockets.asyncio.client import connect

    limit = asyncio.Semaphore(50)
    sockets = []
    closed_by_server = 0

    async def open_one(match_id: int, session: str):
        async with limit:
            socket = await connect(
                f"ws://127.0.0.1:{port}/ws/matches/{match_id}/",
                origin=f"http://127.0.0.1:{port}",
                additional_headers={"Cookie": f"sessionid={session}"},
                compression=None,
                max_size=None,
                open_timeout=60,
                ping_interval=None,  # quiet: only the server's own heartbeat runs
            )
            await socket.recv()
            sockets.append(socket)

    await _trace_snapshot(server_pid, trace_dir, 0)
    rss_before = _rss_kb(server_pid)
    started = time.monotonic()
    await asyncio.gather(*(open_one(t.match_id, session) for t in tables for session in t.sessions))
    connect_s = time.monotonic() - started
    await asyncio.sleep(2)
    rss_open = _rss_kb(server_pid)
    await _trace_snapshot(server_pid, trace_dir, 1)
    if collect:
        rss_uncollected = _rss_kb(server_pid)
        await _trace_snapshot(server_pid, trace_dir, 2)
        collected = {
            "rss_freed_by_collect_kb_per_socket": round(
                (rss_uncollected - _rss_kb(server_pid)) / max(1, len(sockets)), 1
            ),
            "objects_collected": int((trace_dir / "done").read_text().splitlines()[2].split()[1]),
        }
    cpu_before = _cpu_seconds(server_pid)
    await asyncio.sleep(seconds)
    idle_cpu = _cpu_seconds(server_pid) - cpu_before
    rss_after = _rss_kb(server_pid)

    answered = 0

    async def probe(socket) -> bool:
        try:
            await socket.send(json.dumps({"type": "hello", "version": -5}))
            while True:
                message = json.loads(await asyncio.wait_for(socket.recv(), 30))
                if message["type"] == "snapshot":
                    return True
        except Exception:
            return False

    results = await asyncio.gather(*(probe(s) for s in sockets))
    answered = sum(results)
    closed_by_server = sum(1 for s in sockets if s.close_code is not None)
    for socket in sockets:
        await socket.close()
    return {
        **(collected if collect else {}),
        "sockets": len(sockets),
        "connect_s": round(connect_s, 1),
        "rss_before_kb": rss_before,
        "rss_open_kb": rss_open,
        "rss_after_idle_kb": rss_after,
        "rss_per_socket_kb": round((rss_open - rss_before) / max(1, len(sockets)), 1),
        "rss_per_socket_after_idle_kb": round((rss_after - rss_before) / max(1, len(sockets)), 1),
        "idle_seconds": seconds,
        "idle_server_cpu_s": round(idle_cpu, 2),
        "answered_after_idle": answered,
        "closed_by_server": closed_by_server,
    }


def _more_files() -> None:
    """Thousands of sockets need as many descriptors, here and in the server (inherited)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))


def main() -> None:
    _more_files()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sockets", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--database", default="tabletop_bench")
    parser.add_argument("--trace", action="store_true", help="tracemalloc in the server")
    parser.add_argument("--collect", action="store_true", help="then a full collection")
    parser.add_argument(
        "--opening-moves", type=int, default=getattr(live_setup, "OPENING_MOVES", 0)
    )
    args = parser.parse_args()
    live_setup.OPENING_MOVES = args.opening_moves
    tables_count = max(1, args.sockets // 4)
    var_dir = Path(tempfile.mkdtemp(prefix="idle-bench-"))
    env = server_env(args.database, var_dir)
    database_prepare(env, args.database)
    tables = tables_create(env, tables_count)
    port = _free_port()
    server_args = argparse.Namespace(workers=1, ws="auto")
    load_before = Path("/proc/loadavg").read_text().split()[:3]
    app, trace_dir = "config.asgi:application", None
    if args.trace:
        trace_dir = var_dir / "trace"
        trace_dir.mkdir()
        env = {**env, "IDLE_TRACE_DIR": str(trace_dir)}
        app = "idle_trace:application"
    server = _server_start(env, port, server_args, var_dir, app)
    try:
        figures = asyncio.run(
            _hold(port, tables, args.seconds, server.pid, trace_dir, args.trace and args.collect)
        )
    finally:
        _server_stop(server)
    if trace_dir is not None:
        figures.update(_trace_report(trace_dir, figures["sockets"]))
        if args.collect:
            figures.update(_collect_report(trace_dir, figures["sockets"]))
    figures["opening_moves"] = args.opening_moves
    figures["loadavg_before"] = load_before
    figures["loadavg_after"] = Path("/proc/loadavg").read_text().split()[:3]
    print(
        f"{figures['sockets']} idle sockets: {figures['rss_per_socket_kb']} KB of server RSS per "
        f"socket once open, {figures['rss_per_socket_after_idle_kb']} KB after "
        f"{args.seconds:.0f} s idle; {figures['answered_after_idle']} answered after the idle "
        f"time, {figures['closed_by_server']} closed by the server; idle CPU "
        f"{figures['idle_server_cpu_s']} s; loadavg {' '.join(load_before)} -> "
        f"{' '.join(figures['loadavg_after'])} (target: <= 100 KB per socket, all answered)"
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
