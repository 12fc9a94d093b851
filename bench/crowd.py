"""A public site under a crowd, for real (issue 31, point 4): the whole stack at once for
--minutes (10): uvicorn x N for the sockets and x M for the pages behind nginx
(deploy/nginx.conf, as compose runs them), PostgreSQL, a Redis of the
bench's own, a Celery worker per kind of work, beat, the outbox worker and an SMTP sink, with

- --live (200) live Dice City tables of 4 players over WebSockets, each moving at a player's
  pace (--live-rate moves/s over all of them);
- --turn (1,000) turn-based matches whose deadlines fall during the run: the deadline sweep
  times each turn out, a bot moves, the next player is e-mailed;
- a --entrants (500) player Swiss at 4-player tables: its first round's games end one after
  another (three players of each table resign through the match page) from --round-from
  seconds in, and the next round must start within 5 s of the last;
- --browsers (50) HTTP clients reading ladders, profiles and tournament pages (half logged in).

    .venv/bin/python bench/crowd.py [--minutes 10] [--servers 2] [--page-servers 2]

It prints, with the load average: every 5xx and refused connection (must be 0), the moves' p95
(live target: <= 50 ms), the next round's start after the last game (<= 5 s), the outbox's
and the deadline sweep's lag (a few seconds at most), the Celery queues' depths, the e-mails
handed to SMTP and each process kind's most PostgreSQL connections. The last line is JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from crowd_clients import Browsers, Monitor, Sink, resign_all  # noqa: E402
from crowd_setup import crowd_create  # noqa: E402
from live_setup import ROOT, database_prepare, server_env  # noqa: E402
from live_stack import (  # noqa: E402
    PostgresCpu,
    cpu_seconds,
    free_port,
    nginx_start,
    redis_start,
    stop,
)
from live_tables import Seat, Stats, Table, _connect_all, _drive, _percentile  # noqa: E402
from live_tables import _server_start as _uvicorn_start  # noqa: E402

QUEUE = "crowd"
WORKERS = {"bots": 1, "tournaments": 1, "mail": 1, "sweeps": 1}  # kind: concurrency
LIVE_P95_MS = 50.0
ROUND_START_S = 5.0
OUTBOX_LAG_S = 5.0
# The stack's processes by what they are, for the CPU each kind used during the run.
LABELLED: list[tuple[str, subprocess.Popen]] = []


class CpuByKind:
    """CPU seconds of each kind of process over the measured time (children included: a
    Celery worker's pool), PostgreSQL's backends of the bench's database, and this process (the
    load generator: sockets, browsers, resignations)."""

    def __init__(self, database: str) -> None:
        self.postgres = PostgresCpu(database)
        self.start = {id(p): cpu_seconds(p.pid) for _, p in LABELLED}
        self.own = sum(os.times()[:2])

    def used(self, seconds: float) -> dict[str, float]:
        by_kind: dict[str, float] = {}
        for kind, process in LABELLED:
            spent = cpu_seconds(process.pid) - self.start[id(process)]
            by_kind[kind] = by_kind.get(kind, 0.0) + spent
        by_kind["postgres"] = self.postgres.used()
        by_kind["load generator"] = sum(os.times()[:2]) - self.own
        return {k: round(v / seconds, 2) for k, v in sorted(by_kind.items())}


def main() -> None:
    args = _parse_args()
    var_dir = Path(tempfile.mkdtemp(prefix="crowd-"))
    processes: list[subprocess.Popen] = []
    sink = Sink()
    redis, redis_url = redis_start(var_dir)
    processes.append(redis)
    LABELLED.append(("redis", redis))
    try:
        env = _env(args, var_dir, redis_url, sink.port)
        started = time.monotonic()
        database_prepare(env, args.database)
        crowd = crowd_create(env, args.live, args.turn, args.entrants)
        print(f"set-up: {time.monotonic() - started:.0f} s", flush=True)
        subprocess.run(["redis-cli", "-u", redis_url, "FLUSHALL"], check=True, capture_output=True)
        port = _stack_start(args, env, var_dir, processes)
        _loadgen_renice(args.loadgen_nice)
        _deadlines_spread(args, crowd.turn_matches)
        figures = asyncio.run(_run(args, crowd, port, sink, env))
    finally:
        for process in reversed(processes):
            stop(process)
        sink.stop()
    _report(figures)


def _env(args, var_dir: Path, redis_url: str, smtp_port: int) -> dict[str, str]:
    env = server_env(args.database, var_dir)
    (var_dir / "prometheus").mkdir(exist_ok=True)
    env.update(
        {
            "REDIS_URL": redis_url,
            "CELERY_TASK_ALWAYS_EAGER": "0",
            "CELERY_QUEUE": QUEUE,
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": str(smtp_port),
            "BOT_MOVE_DELAY_MS": "0",
            # Metrics on, as compose runs the site (docs/operations.md, "Metrics"); no process
            # here is scraped, but each counts.
            "METRICS": "1",
            "METRICS_TOKEN": "crowd-bench-token-crowd",
            "PROMETHEUS_MULTIPROC_DIR": str(var_dir / "prometheus"),
            # Every client of the bench comes from 127.0.0.1: per-address limits would refuse
            # the crowd as one client (a real crowd comes from many addresses).
            "THROTTLE_ANON": "1000000/min",
            "THROTTLE_USER": "1000000/min",
        }
    )
    return env


def _stack_start(args, env: dict[str, str], var_dir: Path, processes: list) -> int:
    """Servers, proxy, workers, beat and the outbox worker; returns the proxy's port."""
    uvicorn = argparse.Namespace(workers=1, ws="auto")
    app = "config.asgi:application"
    socket_ports = [free_port() for _ in range(args.servers)]
    sockets = [_uvicorn_start(env, p, uvicorn, var_dir, app) for p in socket_ports]
    processes += sockets
    # As compose runs them: pages on processes of their own at PAGES_NICE, or (--page-servers
    # 0) on the socket processes, every process serving both.
    page_ports = [free_port() for _ in range(args.page_servers)]
    pages = [_uvicorn_start(env, p, uvicorn, var_dir, app, nice=args.page_nice) for p in page_ports]
    processes += pages
    LABELLED.extend(("sockets" if pages else "web", server) for server in sockets)
    LABELLED.extend(("pages", server) for server in pages)
    proxy, proxy_port = nginx_start(var_dir, page_ports or socket_ports, socket_ports)
    processes.append(proxy)
    LABELLED.append(("nginx", proxy))
    celery = [sys.executable, "-m", "celery", "-A", "config"]
    for kind, concurrency in WORKERS.items():
        queues = f"{QUEUE}.{kind}" + (f",{QUEUE}.ratings,{QUEUE}" if kind == "sweeps" else "")
        command = ["nice", "-n", str(args.worker_nice), *celery, "worker", "-Q", queues]
        command += ["-n", f"{kind}@%h", "--loglevel=info"]
        command += ["--without-gossip", "--without-mingle"]
        command += ["--concurrency", str(concurrency)]
        processes.append(_process(command, env, var_dir / f"worker-{kind}.log"))
        LABELLED.append((f"worker-{kind}", processes[-1]))
    beat = [*celery, "beat", "--loglevel=warning", "--schedule", str(var_dir / "beat")]
    processes.append(_process(beat, env, var_dir / "beat.log"))
    LABELLED.append(("beat", processes[-1]))
    outbox = [sys.executable, "manage.py", "outbox_work"]
    processes.append(_process(outbox, env, var_dir / "outbox.log"))
    LABELLED.append(("outbox", processes[-1]))
    for kind in WORKERS:  # every worker listening before anything is measured
        _wait_for(var_dir / f"worker-{kind}.log", " ready.", 180)
    print(
        f"stack up: {args.servers} socket and {args.page_servers} page processes,"
        f" {len(WORKERS)} workers, beat, outbox; logs in {var_dir}"
    )
    return proxy_port


def _loadgen_renice(nice: int) -> None:
    """The load generator stands for the players' own machines: at a lower niceness than the
    stack (set after the stack started, so no server inherits it) its sockets read each frame
    when it arrives, and a move's latency is the site's, not the time this process waited for
    a core behind the site it measures. Needs root for a negative value (else: left as is)."""
    try:
        os.setpriority(os.PRIO_PROCESS, 0, nice)
    except PermissionError:
        print(f"the load generator stays at niceness {os.getpriority(os.PRIO_PROCESS, 0)}")


def _wait_for(log: Path, text: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if log.exists() and text in log.read_text(errors="replace"):
            return
        time.sleep(0.5)
    raise SystemExit(f"{log.name} did not say {text!r} in {seconds:.0f} s")


def _deadlines_spread(args, matches: list[int]) -> None:
    """The turn-based matches' first deadlines, spread from 30 s into the run to 30 s before its
    end (set now: the set-up and the stack's start took their time)."""
    import psycopg

    with psycopg.connect(f"postgresql://postgres@127.0.0.1:5432/{args.database}") as db:
        db.execute("SELECT setseed(%s)", [1 / (1 + args.seed)])
        db.execute(
            "UPDATE play_match SET deadline = now() + make_interval(secs => 30 + random() * %s)"
            " WHERE id = ANY(%s)",
            [max(1.0, args.minutes * 60 - 60), matches],
        )


def _process(command: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    out = log.open("wb")
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)


async def _run(args, crowd, port: int, sink: Sink, env: dict[str, str]) -> dict:
    tables = [Table(t.match_id, [Seat(i) for i in range(len(t.sessions))]) for t in crowd.live]
    stats = Stats()
    connect = argparse.Namespace(client_ports=[port], route="match")
    readers = await _connect_all(connect, tables, crowd.live, stats)
    monitor = Monitor(
        args.database, f"redis://{_redis_of(env)}", QUEUE, list(WORKERS) + ["ratings"]
    )
    browsers = Browsers(port, crowd, args.browsers)
    stop_event = asyncio.Event()
    interval = len(tables) / args.live_rate
    rng = random.Random(args.seed)
    drivers = [
        asyncio.create_task(_drive(t, stats, stop_event, interval, random.Random(rng.random())))
        for t in tables
    ]
    load_before = Path("/proc/loadavg").read_text().split()[:3]
    cpu = CpuByKind(args.database)
    stats.measuring = True
    monitor.start()
    browsers.start()
    began = time.monotonic()
    resigns: Counter[int] = Counter()
    ended = asyncio.create_task(
        resign_all(port, crowd, args.round_from, args.round_spread, resigns)
    )
    await asyncio.sleep(args.minutes * 60)
    if ended.done() and ended.exception() is not None:
        print(f"the round's resignations stopped: {ended.exception()!r}")
    stats.measuring = False
    elapsed = time.monotonic() - began
    cores_by_kind = cpu.used(elapsed)
    stop_event.set()
    for task in [*drivers, ended]:
        task.cancel()
    await asyncio.gather(*drivers, ended, return_exceptions=True)
    browsers.stop()
    watched = monitor.stop(crowd.tournament)
    stats.closing = True
    for table in tables:
        for seat in table.seats:
            await seat.socket.close()
    await asyncio.gather(*readers, return_exceptions=True)
    figures = _figures(args, stats, elapsed, browsers, watched, sink, load_before)
    figures["resign_by_status"] = dict(resigns)
    figures["cores_by_kind"] = cores_by_kind
    figures["http_5xx"] += sum(n for status, n in resigns.items() if status >= 500)
    figures["http_refused"] += resigns[0]
    return figures


def _redis_of(env: dict[str, str]) -> str:
    return env["REDIS_URL"].split("://", 1)[1]


def _figures(args, stats, elapsed, browsers, watched, sink, load_before) -> dict:
    lat = stats.latencies_ms
    return {
        "minutes": args.minutes,
        "servers": args.servers,
        "page_servers": args.page_servers,
        "loadgen_nice": os.getpriority(os.PRIO_PROCESS, 0),
        "live_tables": args.live,
        "live_moves": stats.moves,
        "live_moves_per_s": round(stats.moves / elapsed, 1),
        "live_p50_ms": round(_percentile(lat, 50), 1),
        "live_p95_ms": round(_percentile(lat, 95), 1),
        "live_p99_ms": round(_percentile(lat, 99), 1),
        "live_errors": stats.errors,
        "live_timeouts": stats.timeouts,
        "sockets_closed_by_server": stats.closed,
        **browsers.figures(),
        **watched,
        "emails_to_smtp": sink.count,
        "loadavg_before": load_before,
        "loadavg_after": Path("/proc/loadavg").read_text().split()[:3],
    }


def _report(f: dict) -> None:
    checks = [
        ("no 5xx (HTTP)", f["http_5xx"] == 0, f["http_5xx"]),
        ("no connection refused or reset", f["http_refused"] == 0, f["http_refused"]),
        ("no socket closed by the server", f["sockets_closed_by_server"] == 0,
         f["sockets_closed_by_server"]),
        (f"live moves p95 <= {LIVE_P95_MS:.0f} ms", f["live_p95_ms"] <= LIVE_P95_MS,
         f"{f['live_p95_ms']} ms"),
        (f"next round within {ROUND_START_S:.0f} s of the last game",
         f["round_start_s"] is not None and f["round_start_s"] <= ROUND_START_S,
         f"{f['round_start_s']} s"),
        (f"outbox at most {OUTBOX_LAG_S:.0f} s behind", f["outbox_lag_max_s"] <= OUTBOX_LAG_S,
         f"{f['outbox_lag_max_s']} s"),
    ]  # fmt: skip
    print()
    for name, held, value in checks:
        print(f"{'PASS' if held else 'FAIL'}  {name}: {value}")
    print(
        f"live: {f['live_moves']} moves ({f['live_moves_per_s']}/s) at {f['live_tables']} tables,"
        f" p50 {f['live_p50_ms']} ms, p95 {f['live_p95_ms']} ms, p99 {f['live_p99_ms']} ms;"
        f" HTTP: {f['http_requests']} requests, p50 {f['http_p50_ms']} ms, p95"
        f" {f['http_p95_ms']} ms, by status {f['http_by_status']}; resignations by status"
        f" {f['resign_by_status']} (0: refused or reset)"
    )
    print(
        f"deadline sweep lag max {f['sweep_lag_max_s']} s; matches timed out"
        f" {f['matches_timed_out']} ({f['timeouts_done']} decisions made for absent players);"
        f" e-mails to SMTP {f['emails_to_smtp']}; queue depth max {f['queue_depth_max']}"
    )
    print(f"PostgreSQL connections, most at once by process kind: {f['connections_max']}")
    print(
        f"cores used, by kind of process (of {os.cpu_count()}):"
        f" {f['cores_by_kind']}, {sum(f['cores_by_kind'].values()):.2f} in all"
    )
    print(f"load average {' '.join(f['loadavg_before'])} -> {' '.join(f['loadavg_after'])}")
    print(json.dumps(f))


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument(
        "--servers",
        type=int,
        default=2,
        help="uvicorn processes for the sockets (compose: sockets)",
    )
    parser.add_argument(
        "--page-servers",
        type=int,
        default=2,
        help="uvicorn processes for pages and the API (compose: web); 0: the socket processes"
        " serve them too",
    )
    parser.add_argument(
        "--page-nice",
        type=int,
        default=10,
        help="the page processes' niceness, as compose runs them (PAGES_NICE)",
    )
    parser.add_argument(
        "--worker-nice",
        type=int,
        default=10,
        help="the Celery workers' niceness, as compose runs them (WORKER_NICE): 0 to compete",
    )
    parser.add_argument(
        "--loadgen-nice",
        type=int,
        default=-5,
        help="this process's niceness once the stack is up (the players' machines; 0 to compete)",
    )
    parser.add_argument("--live", type=int, default=200, help="live tables of 4")
    parser.add_argument("--live-rate", type=float, default=50.0, help="live moves/s in all")
    parser.add_argument("--turn", type=int, default=1000, help="turn-based matches")
    parser.add_argument("--entrants", type=int, default=500, help="players of the Swiss")
    parser.add_argument("--browsers", type=int, default=50, help="HTTP clients")
    parser.add_argument("--round-from", type=float, default=60.0, help="s before games end")
    parser.add_argument("--round-spread", type=float, default=120.0, help="s over which they do")
    parser.add_argument("--database", default="tabletop_crowd")
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args()


if __name__ == "__main__":
    main()
