"""Idle sockets are cheap (issue 10, point 5): N open, idle match sockets on one ASGI process.

    python bench/idle_sockets.py --sockets 2000 --seconds 600

Sets up N/4 live 4-seat Dice City tables (bench/live_setup.py), starts one uvicorn process, opens
one WebSocket per seat, then holds them all open and quiet for --seconds. Prints the server's
resident memory before and after the sockets opened (RSS per socket), its CPU while idle, and
how many sockets the server closed (a reconnect storm would show here) or stopped answering: at
the end each socket sends a "hello" with a stale version and must get its snapshot back.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from live_setup import database_prepare, server_env, tables_create  # noqa: E402
from live_tables import _cpu_seconds, _free_port, _server_start, _server_stop  # noqa: E402


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def _hold(port: int, tables, seconds: float, server_pid: int) -> dict:
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

    rss_before = _rss_kb(server_pid)
    started = time.monotonic()
    await asyncio.gather(*(open_one(t.match_id, session) for t in tables for session in t.sessions))
    connect_s = time.monotonic() - started
    await asyncio.sleep(2)
    rss_open = _rss_kb(server_pid)
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
    args = parser.parse_args()
    tables_count = max(1, args.sockets // 4)
    var_dir = Path(tempfile.mkdtemp(prefix="idle-bench-"))
    env = server_env(args.database, var_dir)
    database_prepare(env, args.database)
    tables = tables_create(env, tables_count)
    port = _free_port()
    server_args = argparse.Namespace(workers=1, ws="auto")
    load_before = Path("/proc/loadavg").read_text().split()[:3]
    server = _server_start(env, port, server_args, var_dir, "config.asgi:application")
    try:
        figures = asyncio.run(_hold(port, tables, args.seconds, server.pid))
    finally:
        _server_stop(server)
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
