"""The parts of the stack around bench/live_tables.py's servers, each started and measured apart
(issue 31): a Redis server of the bench's own (so its CPU is the bench's alone), the proxy
(nginx with deploy/nginx.conf's rules, in front of the N servers), and the CPU of each part:
PostgreSQL's backends of the bench's database, Redis, nginx, the servers, the load generator."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TICK = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process and its children, from /proc (0 for a gone process)."""
    total = 0.0
    pids = [pid]
    while pids:
        current = pids.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / TICK
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except (OSError, IndexError):
            continue
        pids.extend(int(c) for c in children)
    return total


def _wait_port(port: int, process: subprocess.Popen, what: str, log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"{what} exited; see {log}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit(f"{what} did not listen in 30 s; see {log}")


def redis_start(var_dir: Path) -> tuple[subprocess.Popen, str]:
    """A Redis server on a free port, keeping nothing on disk: (process, URL)."""
    port = free_port()
    log = var_dir / "redis.log"
    command = ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", ""]
    command += ["--appendonly", "no", "--dir", str(var_dir), "--logfile", str(log)]
    process = subprocess.Popen(command)
    _wait_port(port, process, "redis-server", log)
    return process, f"redis://127.0.0.1:{port}/0"


def nginx_available() -> bool:
    return shutil.which("nginx") is not None


def nginx_start(
    var_dir: Path, ports: list[int], socket_ports: list[int] | None = None
) -> tuple[subprocess.Popen, int]:
    """nginx in front of the servers on `ports` (pages and the API) and `socket_ports` (the
    sockets; the same servers unless given), with deploy/nginx.conf's own rules (its upstreams
    given these servers, its listen port a free one): (process, port)."""
    listen = free_port()
    rules = (ROOT / "deploy" / "nginx.conf").read_text()
    for name, upstream in (("web", ports), ("sockets", socket_ports or ports)):
        servers = "".join(f"    server 127.0.0.1:{port};\n" for port in upstream)
        rules = re.sub(rf"^    server {name}:8000;\n", servers, rules, flags=re.MULTILINE)
    rules = re.sub(r"listen 80;", f"listen 127.0.0.1:{listen};", rules)
    config = var_dir / "nginx.conf"
    config.write_text(
        f"worker_processes 1;\npid {var_dir / 'nginx.pid'};\nerror_log {var_dir / 'nginx.log'};\n"
        "daemon off;\nevents { worker_connections 8192; }\n"
        f"http {{\naccess_log off;\nclient_body_temp_path {var_dir};\n{rules}\n}}\n"
    )
    log = var_dir / "nginx.log"
    process = subprocess.Popen(["nginx", "-p", str(var_dir), "-c", str(config)])
    _wait_port(listen, process, "nginx", log)
    return process, listen


def stop(process: subprocess.Popen | None) -> None:
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class PostgresCpu:
    """CPU of PostgreSQL's backends serving `database`: those alive at the start count from
    there, those that came later count whole (a pooled site's backends live the whole run)."""

    def __init__(self, database: str) -> None:
        import psycopg

        self.database = database
        self.db = psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True)
        self.start = {pid: cpu_seconds(pid) for pid in self._pids()}

    def _pids(self) -> list[int]:
        rows = self.db.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s", [self.database]
        ).fetchall()
        return [pid for (pid,) in rows]

    def connections(self) -> int:
        return len(self._pids())

    def used(self) -> float:
        now = {pid: cpu_seconds(pid) for pid in self._pids()}
        self.db.close()
        return sum(cpu - self.start.get(pid, 0.0) for pid, cpu in now.items())
