"""N live Dice City tables over real WebSockets against the ASGI server (uvicorn), PostgreSQL
and the Redis channel layer: moves/s, and the time from a submission until EVERY seat of that
table has the snapshot of the new version (p50, p95, p99).

    python bench/live_tables.py --tables 100 --seconds 30

Each table has 4 players, one WebSocket each (JSON snapshots, no HTML). The seat to act picks a
random legal action from its own snapshot and submits it with the version; the next move of a
table starts once all four seats have the update, paced so that all tables together aim at
--rate moves/s (0: no pacing, every table moves as fast as it can). The last line printed is one
JSON object with the figures. See bench/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from live_profile import profile_start, profile_summary, py_spy  # noqa: E402
from live_setup import (  # noqa: E402
    ROOT,
    BenchTable,
    database_prepare,
    floor_payloads,
    server_env,
    tables_create,
)
from live_stack import (  # noqa: E402
    PostgresCpu,
    cpu_seconds,
    free_port,
    nginx_available,
    nginx_start,
    redis_start,
    stop,
)

MOVE_TIMEOUT_S = 10.0
# Names other benches import from here (bench/idle_sockets.py).
_cpu_seconds, _free_port = cpu_seconds, free_port


@dataclass
class Seat:
    index: int
    socket: object = None
    version: int = -1
    snapshot: dict = field(default_factory=dict)


@dataclass
class Table:
    match_id: int
    seats: list[Seat]
    waiting_for: int | None = None  # the version every seat must reach to finish the move
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    answered: asyncio.Event = field(default_factory=asyncio.Event)  # the actor's ack or error
    error: str | None = None
    finished: bool = False
    sent_at: float = 0.0  # perf_counter() when the pending move was submitted
    arrived_at: float = 0.0  # perf_counter() when the last seat received it
    acked_ms: float | None = None  # submission -> the actor's "ack" (action_submit done)
    moves: int = 0  # measured moves of this table

    def on_snapshot(self, seat: Seat, snapshot: dict) -> None:
        seat.version = snapshot["version"]
        seat.snapshot = snapshot
        if snapshot["status"] == "finished":
            self.finished = True
        if self.waiting_for is not None and all(s.version >= self.waiting_for for s in self.seats):
            if not self.arrived.is_set():
                self.arrived_at = time.perf_counter()
            self.arrived.set()


@dataclass
class Stats:
    measuring: bool = False
    latencies_ms: list[float] = field(default_factory=list)
    acks_ms: list[float] = field(default_factory=list)
    moves: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    timeouts: int = 0
    closed: int = 0  # sockets the server closed during the run
    closing: bool = False  # the bench is closing the sockets itself
    snapshot_bytes: int = 0  # the snapshot frames received while measuring: their total size
    snapshots: int = 0
    cpu_parts: dict = field(default_factory=dict)  # seconds by part: loadgen, postgres...
    cpu_by_server: list[float] = field(default_factory=list)  # seconds, in --servers order
    moves_by_server: list[int] = field(default_factory=list)  # tables by match id modulo

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


FLOOR_APP = "live_floor:app"


def main() -> None:
    """Every figure of issue 10 in one run: the site (at 1 process, and at --servers N if more),
    then the floor on the same load, then one summary with the CPU ratio and the load average."""
    args = _parse_args()
    if args.profile:
        py_spy()  # fail before the set-up, not after it
    app = FLOOR_APP if args.app == "floor" else args.app
    runs: list[tuple[str, str, int]] = []  # (name, app, servers)
    if args.metrics_pair:  # issue 30: metrics off and on served side by side, same load
        runs.append(("metrics pair", app, 2))
    elif args.metrics_ab:  # issue 30: the same site with its metrics off, then on
        runs += [("metrics off", app, 1), ("metrics on", app, 1)]
    elif app == FLOOR_APP:
        runs.append(("floor", app, 1))
    else:
        counts = args.servers
        runs += [(f"site x{n}" if len(counts) > 1 else "site", app, n) for n in counts]
        if not args.no_floor:
            runs.append(("floor", FLOOR_APP, 1))
    # --rounds N: the whole sequence N times, site and floor alternating, so that each ratio
    # compares two runs minutes apart on a machine whose speed drifts (bench/README.md).
    rounds = [
        {
            name: _bench(
                argparse.Namespace(
                    **{
                        **vars(args),
                        "servers": n,
                        "metrics": name == "metrics on",
                        "metrics_on_server": number % 2,  # which of the pair has them
                    }
                ),
                run_app,
            )
            for name, run_app, n in runs
        }
        for number in range(args.rounds)
    ]
    _summary(rounds)
    if args.metrics_pair:
        _metrics_pair_ratio(rounds)
    elif args.metrics_ab:
        _metrics_ratio(rounds)


def _metrics_ratio(rounds: list[dict[str, dict]]) -> None:
    """CPU per move with the metrics on over off, per round (each pair minutes apart at most)."""
    ratios = [
        r["metrics on"]["server_cpu_ms_per_move"] / r["metrics off"]["server_cpu_ms_per_move"]
        for r in rounds
    ]
    spread = f"{min(ratios):.3f}..{max(ratios):.3f}"
    print(
        f"metrics on / off, server CPU per move: median {statistics.median(ratios):.3f}"
        f" over {len(ratios)} rounds ({spread}); per round {[round(x, 3) for x in ratios]};"
        f" loadavg {Path('/proc/loadavg').read_text().strip()}"
    )


# Student's t at 97.5% for 1..30 degrees of freedom (a 95% two-sided interval).
T_975 = [12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23, 2.20, 2.18, 2.16, 2.14]
T_975 += [2.13, 2.12, 2.11, 2.10, 2.09, 2.09, 2.08, 2.07, 2.07, 2.06, 2.06, 2.06, 2.05, 2.05]
T_975 += [2.05, 2.04]


def _metrics_pair_ratio(rounds: list[dict[str, dict]]) -> None:
    """CPU per move of the process with metrics over the one without, served at the same time
    (the machine's drift and the other jobs' load fall on both alike). Which process, and so
    which half of the tables, has the metrics swaps every round: two rounds in a row make one
    crossover pair whose geometric mean cancels any difference between the halves."""
    ratios = []
    for figures in rounds:
        pair = figures["metrics pair"]
        on = pair["metrics_on_server"]
        cpu, moves = pair["cpu_by_server"], pair["moves_by_server"]
        per_move = [1000 * c / m for c, m in zip(cpu, moves, strict=True)]
        ratios.append(per_move[on] / per_move[1 - on])
        print(
            f"round: off {per_move[1 - on]:.3f} ms/move ({moves[1 - on]} moves),"
            f" on {per_move[on]:.3f} ms/move ({moves[on]} moves), on/off {ratios[-1]:.4f}"
        )
    crossed = [(a * b) ** 0.5 for a, b in zip(ratios[0::2], ratios[1::2], strict=False)]
    load = Path("/proc/loadavg").read_text().strip()
    if len(crossed) < 2:
        print(f"metrics on / off side by side: per round {ratios} (run 4+ rounds for an interval)")
        return
    mean = statistics.mean(crossed)
    t = T_975[min(len(crossed) - 1, len(T_975)) - 1]
    half = t * statistics.stdev(crossed) / len(crossed) ** 0.5
    print(
        f"metrics on / off side by side, server CPU per move over {len(crossed)} crossover pairs"
        f" ({len(ratios)} rounds): mean {mean:.4f},"
        f" 95% interval {mean - half:.4f}..{mean + half:.4f}"
        f", range {min(crossed):.4f}..{max(crossed):.4f}; pairs {[round(x, 4) for x in crossed]};"
        f" loadavg {load}"
    )


def _summary(rounds: list[dict[str, dict]]) -> None:
    print()
    print(
        f"{'run':<13} {'procs':>5} {'moves/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} "
        f"{'CPU/move':>9} {'x floor':>8} {'x1 proc':>8} {'loadgen':>8} {'postgres':>8} "
        f"{'redis':>7} {'nginx':>7} {'frame B':>8}  loadavg before -> after"
    )
    ratios: dict[str, list[float]] = {}
    for number, figures in enumerate(rounds, 1):
        floor = figures.get("floor", {}).get("server_cpu_ms_per_move")
        one = next((f for f in figures.values() if f["app"] != FLOOR_APP), {})
        one_cpu = one.get("server_cpu_ms_per_move")
        for name, f in figures.items():
            cpu = f["server_cpu_ms_per_move"]
            ratio = round(cpu / floor, 2) if cpu and floor else None
            f["cpu_ratio_to_floor"] = ratio
            f["cpu_ratio_to_first"] = round(cpu / one_cpu, 2) if cpu and one_cpu else None
            if ratio is not None and name != "floor":
                ratios.setdefault(name, []).append(ratio)
            label = f"{name} #{number}" if len(rounds) > 1 else name
            parts = f["cpu_ms_per_move"]
            print(
                f"{label:<13} {f['servers']:>5} {f['moves_per_s']:>8} {f['p50_ms']:>8} "
                f"{f['p95_ms']:>8} {f['p99_ms']:>8} {str(cpu) + ' ms':>9} {str(ratio):>8} "
                f"{str(f['cpu_ratio_to_first']):>8} {parts['loadgen']:>8} "
                f"{parts['postgres']:>8} {parts['redis']:>7} {str(parts['nginx']):>7} "
                f"{str(f.get('snapshot_bytes_mean')):>8}  "
                f"{' '.join(f['loadavg_before'])} -> {' '.join(f['loadavg_after'])}"
            )
    for name, found in ratios.items():
        if len(found) > 1:
            print(
                f"{name}: CPU ratio to the floor over {len(found)} rounds: median "
                f"{statistics.median(found)}, range {min(found)}-{max(found)}"
            )
    print(json.dumps(rounds[0] if len(rounds) == 1 else rounds))


def _bench(args: argparse.Namespace, app: str) -> dict:
    var_dir = Path(tempfile.mkdtemp(prefix="live-bench-"))
    env = server_env(args.database, var_dir)
    started = time.monotonic()
    database_prepare(env, args.database)
    bench_tables = tables_create(env, args.tables)
    metrics_env = {  # as docker-compose.yml runs it: multiprocess files
        "METRICS": "1",
        "METRICS_TOKEN": "bench-token-bench-token",
        "PROMETHEUS_MULTIPROC_DIR": str(var_dir / "prometheus"),
    }
    if getattr(args, "metrics", False) or args.metrics_pair:
        (var_dir / "prometheus").mkdir()
    if getattr(args, "metrics", False):
        env.update(metrics_env)
    if app == FLOOR_APP:
        env["FLOOR_PAYLOADS"] = str(var_dir / "payloads.json")
        floor_payloads(env, bench_tables, var_dir / "payloads.json")
    setup_s = time.monotonic() - started
    print(f"{app}: set-up: {args.tables} tables, {4 * args.tables} players in {setup_s:.1f} s")
    redis, proxy = None, None
    if not args.shared_redis:  # its CPU is then the bench's alone
        redis, env["REDIS_URL"] = redis_start(var_dir)
    ports = [args.port + i if args.port else free_port() for i in range(args.servers)]
    if args.metrics_pair:
        envs = [env, env]
        envs[args.metrics_on_server] = {**env, **metrics_env}
        servers = [
            _server_start(e, p, args, var_dir, app) for e, p in zip(envs, ports, strict=True)
        ]
    else:
        servers = [_server_start(env, port, args, var_dir, app) for port in ports]
    if _proxied(args):
        proxy, proxy_port = nginx_start(var_dir, ports)
        args.client_ports = [proxy_port]
    else:
        args.client_ports = ports
    load_before = Path("/proc/loadavg").read_text().split()[:3]
    parts = {"redis": redis, "nginx": proxy}
    try:
        result = asyncio.run(_run(args, bench_tables, servers, parts))
    finally:
        for process in [*servers, proxy, redis]:
            stop(process)
    figures = _report(args, app, result)
    if args.profile:
        profile_summary(Path(args.profile))
    return {**figures, "loadavg_before": load_before}


def _parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time")
    parser.add_argument("--warmup", type=float, default=3.0, help="unmeasured time first")
    parser.add_argument(
        "--rate", type=float, default=250.0, help="target moves/s over all tables (0: no pacing)"
    )
    parser.add_argument("--workers", type=int, default=1, help="uvicorn worker processes")
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="run the site and the floor this many times, alternating: a ratio per round and "
        "their median",
    )
    parser.add_argument(
        "--app",
        default="config.asgi:application",
        help="the ASGI application: 'floor' (bench/live_floor.py) or module:attr (variants)",
    )
    parser.add_argument(
        "--versus-floor",
        action="store_true",
        help="(the default now) then run the same load against the floor: the CPU ratio",
    )
    parser.add_argument(
        "--no-floor", action="store_true", help="measure the site only (no floor, no ratio)"
    )
    parser.add_argument(
        "--ws",
        default="auto",
        choices=["auto", "websockets", "websockets-sansio"],
        help="uvicorn's WebSocket implementation",
    )
    parser.add_argument("--database", default="tabletop_bench")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument(
        "--servers",
        type=_counts,
        default=[1],
        help="ASGI server processes on their own ports, behind the proxy: '4' measures the site "
        "at 1 process, then at 4; '1,2,4' at each, in the same run",
    )
    parser.add_argument(
        "--route",
        choices=["match", "seat"],
        default="match",
        help="without the proxy, which process a socket goes to: 'match' (every socket of a "
        "table on one process, as the proxy routes them) or 'seat' (seat i of every table on "
        "process i mod N: one table's players on different processes)",
    )
    parser.add_argument(
        "--proxy",
        choices=["auto", "on", "off"],
        default="auto",
        help="nginx with deploy/nginx.conf in front of the servers (auto: when nginx is "
        "installed and --route is match)",
    )
    parser.add_argument(
        "--shared-redis",
        action="store_true",
        help="use REDIS_URL's Redis instead of one started for the bench (its CPU then counts "
        "other users' work too)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--metrics-ab",
        action="store_true",
        help="issue 30: the site with METRICS off then on in each round (no floor); prints the"
        " CPU-per-move ratio per round, its median and spread",
    )
    parser.add_argument(
        "--metrics-pair",
        action="store_true",
        help="issue 30: two server processes at once, one with METRICS off and one on, each "
        "serving half the tables (by match id; the halves swap every round); prints each "
        "round's CPU-per-move ratio, their mean with a 95%% interval, median and range",
    )
    parser.add_argument(
        "--profile",
        metavar="FILE",
        help="sample the server with py-spy during the measured time (raw stacks to FILE, "
        "a summary printed); needs py-spy installed",
    )
    return parser.parse_args()


def _counts(text: str) -> list[int]:
    counts = sorted({int(n) for n in text.split(",")})
    if len(counts) == 1 and counts[0] > 1:
        counts = [1, counts[0]]
    if counts[0] < 1:
        raise argparse.ArgumentTypeError("server counts are whole numbers from 1")
    return counts


def _proxied(args: argparse.Namespace) -> bool:
    if args.metrics_pair:  # each half of the tables must reach its own process
        return False
    if args.proxy == "on":
        if not nginx_available():
            raise SystemExit("--proxy on: nginx is not installed (apt-get install nginx-light)")
        return True
    return args.proxy == "auto" and args.route == "match" and nginx_available()


def _server_start(
    env: dict[str, str], port: int, args: argparse.Namespace, var_dir: Path, app: str, nice=0
):
    log = (var_dir / f"server-{port}.log").open("wb")
    command = ["nice", "-n", str(nice)] if nice else []
    command += [sys.executable, "-m", "uvicorn", app, "--host", "127.0.0.1"]
    command += ["--port", str(port), "--workers", str(args.workers), "--log-level", "warning"]
    command += ["--no-access-log", "--ws", args.ws]
    # As the Dockerfile runs it: idle connections outlive nginx's keepalive (60 s) to them.
    command += ["--timeout-keep-alive", "75"]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server exited; see {var_dir / f'server-{port}.log'}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                return process
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not answer in 60 s")


def _server_stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


async def _run(args: argparse.Namespace, bench_tables: list[BenchTable], servers: list, parts):
    tables = [Table(t.match_id, [Seat(i) for i in range(len(t.sessions))]) for t in bench_tables]
    stats = Stats()
    connect_started = time.monotonic()
    readers = await _connect_all(args, tables, bench_tables, stats)
    connect_s = time.monotonic() - connect_started
    stop = asyncio.Event()
    interval = len(tables) / args.rate if args.rate else 0.0
    rng = random.Random(args.seed)
    drivers = [
        asyncio.create_task(_drive(t, stats, stop, interval, random.Random(rng.random())))
        for t in tables
    ]
    await asyncio.sleep(args.warmup)
    stats.measuring = True
    pids = [server.pid for server in servers]
    cpu_each = [cpu_seconds(pid) for pid in pids]
    cpu_server, cpu_self = sum(cpu_each), time.process_time()
    others = {k: cpu_seconds(p.pid) if p else None for k, p in parts.items()}
    postgres = PostgresCpu(args.database)
    measured_from = time.monotonic()
    spy = profile_start(args.profile, pids[0], args.seconds) if args.profile else None
    await asyncio.sleep(args.seconds)
    stats.measuring = False
    elapsed = time.monotonic() - measured_from
    stats.cpu_by_server = [
        cpu_seconds(pid) - before for pid, before in zip(pids, cpu_each, strict=True)
    ]
    stats.moves_by_server = [
        sum(t.moves for t in tables if t.match_id % len(pids) == i) for i in range(len(pids))
    ]
    cpu_server = sum(map(cpu_seconds, pids)) - cpu_server
    cpu_self = time.process_time() - cpu_self
    cpu_parts = {
        "loadgen": cpu_self,
        "postgres": postgres.used(),
        **{k: cpu_seconds(parts[k].pid) - v if v is not None else None for k, v in others.items()},
    }
    stats.cpu_parts = cpu_parts
    stop.set()
    for driver in drivers:
        driver.cancel()  # a driver may be waiting for an answer that will never come
    await asyncio.gather(*drivers, return_exceptions=True)
    if spy is not None:
        await asyncio.to_thread(spy.wait)
    finished = sum(t.finished for t in tables)
    stats.closing = True
    for table in tables:
        for seat in table.seats:
            await seat.socket.close()
    await asyncio.gather(*readers, return_exceptions=True)
    return stats, elapsed, connect_s, cpu_server, cpu_self, finished


def _port_of(args: argparse.Namespace, table: Table, seat: Seat) -> int:
    """The proxy's port, else the server of this socket (by --route)."""
    ports = args.client_ports
    return ports[(table.match_id if args.route == "match" else seat.index) % len(ports)]


async def _connect_all(args, tables, bench_tables, stats) -> list[asyncio.Task]:
    from websockets.asyncio.client import connect

    limit = asyncio.Semaphore(20)

    async def open_seat(table: Table, seat: Seat, session: str) -> None:
        port = _port_of(args, table, seat)
        async with limit:
            seat.socket = await connect(
                f"ws://127.0.0.1:{port}/ws/matches/{table.match_id}/",
                origin=f"http://127.0.0.1:{port}",
                additional_headers={"Cookie": f"sessionid={session}"},
                compression=None,
                max_size=None,
                open_timeout=30,
            )
            first = json.loads(await seat.socket.recv())
            table.on_snapshot(seat, first)

    await asyncio.gather(
        *(
            open_seat(table, seat, bench.sessions[seat.index])
            for table, bench in zip(tables, bench_tables, strict=True)
            for seat in table.seats
        )
    )
    return [
        asyncio.create_task(_read(table, seat, stats)) for table in tables for seat in table.seats
    ]


async def _read(table: Table, seat: Seat, stats: Stats) -> None:
    try:
        await _read_until_closed(table, seat, stats)
    finally:
        stats.closed += not stats.closing
        table.finished = True  # a table with a seat gone stops moving
        table.arrived.set()
        table.answered.set()


async def _read_until_closed(table: Table, seat: Seat, stats: Stats) -> None:
    async for raw in seat.socket:
        message = json.loads(raw)
        kind = message["type"]
        if kind == "snapshot":
            table.on_snapshot(seat, message)
            if stats.measuring:
                stats.snapshots += 1
                stats.snapshot_bytes += len(raw)
        elif kind == "ack":
            table.acked_ms = (time.perf_counter() - table.sent_at) * 1000
            table.answered.set()
        elif kind == "error":
            table.error = message.get("error", "error")
            stats.error(table.error)
            table.arrived.set()
            table.answered.set()


async def _drive(
    table: Table, stats: Stats, stop: asyncio.Event, interval: float, rng: random.Random
) -> None:
    """Move, wait until every seat has the new version, pause to keep the pace; repeat."""
    loop = asyncio.get_running_loop()
    next_at = loop.time() + rng.random() * interval
    while not stop.is_set() and not table.finished:
        await asyncio.sleep(max(0.0, next_at - loop.time()))
        if stop.is_set():
            break
        await _settled(table)
        actor = _actor(table)
        if table.finished:
            break
        if actor is None:  # the newest snapshot is still on its way to the seat that acts
            await asyncio.sleep(0.01)
            continue
        version = actor.version
        choice = rng.choice(actor.snapshot["legal"])["action"]
        table.waiting_for, table.error, table.acked_ms = version + 1, None, None
        table.arrived.clear()
        table.answered.clear()
        sent = table.sent_at = time.perf_counter()
        await actor.socket.send(json.dumps({"type": "act", "action": choice, "version": version}))
        try:
            await asyncio.wait_for(table.arrived.wait(), MOVE_TIMEOUT_S)
        except TimeoutError:
            stats.timeouts += 1
            # Never submit again while this move may still be queued in the server.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(table.answered.wait(), 6 * MOVE_TIMEOUT_S)
        else:
            if table.error is None and stats.measuring:
                stats.moves += 1
                table.moves += 1
                stats.latencies_ms.append((table.arrived_at - sent) * 1000)
                if table.acked_ms is not None:
                    stats.acks_ms.append(table.acked_ms)
        table.waiting_for = None
        next_at = max(next_at + interval, loop.time())


async def _settled(table: Table) -> None:
    """Wait (a while) until every seat of the table shows the same version (after a timeout)."""
    for _ in range(1000):
        if all(s.version == table.seats[0].version for s in table.seats):
            return
        await asyncio.sleep(0.01)


def _actor(table: Table) -> Seat | None:
    """The seat with choices in the newest snapshot any seat has (as its browser would)."""
    newest = max(s.version for s in table.seats)
    return next((s for s in table.seats if s.version == newest and s.snapshot.get("legal")), None)


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def _report(args: argparse.Namespace, app: str, result) -> dict:
    stats, elapsed, connect_s, cpu_server, cpu_self, finished = result
    lat = stats.latencies_ms
    figures = {
        "tables": args.tables,
        "sockets": 4 * args.tables,
        "workers": args.workers,
        "servers": args.servers,
        "app": app,
        "ws": args.ws,
        "rate_target": args.rate,
        "seconds": round(elapsed, 2),
        "moves": stats.moves,
        "moves_per_s": round(stats.moves / elapsed, 1),
        "p50_ms": round(_percentile(lat, 50), 1),
        "p95_ms": round(_percentile(lat, 95), 1),
        "p99_ms": round(_percentile(lat, 99), 1),
        "max_ms": round(max(lat), 1) if lat else None,
        "ack_p50_ms": round(_percentile(stats.acks_ms, 50), 1),
        "ack_p95_ms": round(_percentile(stats.acks_ms, 95), 1),
        "errors": stats.errors,
        "timeouts": stats.timeouts,
        "stopped_tables": finished,
        "sockets_closed_by_server": stats.closed,
        "snapshot_bytes_mean": round(stats.snapshot_bytes / stats.snapshots)
        if stats.snapshots
        else None,
        "connect_s": round(connect_s, 1),
        "server_cpu_s": round(cpu_server, 1),
        "loadgen_cpu_s": round(cpu_self, 1),
        "server_cpu_ms_per_move": round(1000 * cpu_server / stats.moves, 2)
        if stats.moves
        else None,
        "route": args.route,
        "proxy": _proxied(args),
        "cpu_by_server": [round(c, 3) for c in stats.cpu_by_server],
        "moves_by_server": stats.moves_by_server,
        "metrics_on_server": getattr(args, "metrics_on_server", None),
        # The other parts' CPU per move: is the server the part that holds the curve back?
        "cpu_ms_per_move": {
            k: round(1000 * v / stats.moves, 2) if v is not None and stats.moves else None
            for k, v in stats.cpu_parts.items()
        },
    }
    print(
        f"{figures['moves_per_s']} moves/s over {figures['seconds']} s; submission -> every seat "
        f"updated: p50 {figures['p50_ms']} ms, p95 {figures['p95_ms']} ms, "
        f"p99 {figures['p99_ms']} ms; server CPU {figures['server_cpu_s']} s, "
        f"load generator CPU {figures['loadgen_cpu_s']} s"
    )
    figures["loadavg_after"] = Path("/proc/loadavg").read_text().split()[:3]
    print(json.dumps(figures))
    return figures


if __name__ == "__main__":
    try:
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    except ImportError:
        pass
    main()
