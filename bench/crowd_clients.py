"""The crowd of bench/crowd.py besides the live tables: an SMTP sink, HTTP clients browsing,
players resigning through the match page, and a monitor sampling PostgreSQL and Redis."""

from __future__ import annotations

import asyncio
import http.client
import random
import secrets
import threading
import time
from collections import Counter

import psycopg
import redis
from aiosmtpd.controller import Controller
from live_stack import free_port


class Sink:
    """An SMTP server that takes every message and counts it."""

    def __init__(self) -> None:
        self.count = 0
        self.port = free_port()
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name
        self.count += 1
        return "250 OK"

    def stop(self) -> None:
        self.controller.stop()


def _request(conn, method: str, path: str, cookie: str, body: str = "") -> int:
    headers = {"Cookie": cookie} if cookie else {}
    if body:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    conn.request(method, path, body=body or None, headers=headers)
    response = conn.getresponse()
    response.read()
    return response.status


class Browsers:
    """HTTP clients reading the site's pages, each with a think time of 0.5-2.5 s, half of them
    logged in; keep-alive connections through the proxy, reopened after an error."""

    def __init__(self, port: int, crowd, count: int) -> None:
        cup = crowd.tournament
        self.port, self.count = port, count
        self.paths = [
            "/",
            "/ladders/",
            "/ladders/dicecity/",
            "/api/ladders/dicecity/",
            "/tournaments/",
            f"/tournaments/{cup}/",
            f"/tournaments/{cup}/standings/",
            f"/api/tournaments/{cup}/standings/",
            f"/api/tournaments/{cup}/rounds/",
            *(f"/players/{name}/" for name in crowd.names[:10]),
        ]
        self.sessions = [f"sessionid={s}" for s in crowd.browsers]
        self.latencies: list[float] = []
        self.statuses: Counter[int] = Counter()
        self.refused = 0
        self.stopping = threading.Event()
        self.threads = [threading.Thread(target=self._browse, args=(i,)) for i in range(count)]

    def start(self) -> None:
        for thread in self.threads:
            thread.start()

    def stop(self) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join(30)

    def _browse(self, number: int) -> None:
        rng = random.Random(number)
        cookie = self.sessions[number % len(self.sessions)] if number % 2 else ""
        paths = [*self.paths, "/my-games/"] if cookie else self.paths
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        while not self.stopping.wait(rng.uniform(0.5, 2.5)):
            started = time.perf_counter()
            try:
                status = _request(conn, "GET", rng.choice(paths), cookie)
            except (OSError, http.client.HTTPException):
                self.refused += 1
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                continue
            self.latencies.append((time.perf_counter() - started) * 1000)
            self.statuses[status] += 1
        conn.close()

    def figures(self) -> dict:
        ordered = sorted(self.latencies)

        def pct(q: float) -> float | None:
            return (
                round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1) if ordered else None
            )

        return {
            "http_requests": sum(self.statuses.values()),
            "http_by_status": dict(self.statuses),
            "http_5xx": sum(n for s, n in self.statuses.items() if s >= 500),
            "http_refused": self.refused,
            "http_p50_ms": pct(0.5),
            "http_p95_ms": pct(0.95),
        }


async def resign_all(port: int, crowd, start_s: float, spread_s: float, statuses: Counter) -> None:
    """From `start_s` on, over `spread_s`, each table of the Swiss's first round ends: three of
    its four players resign on the match page (a form POST with its CSRF token). Every answer
    is counted in `statuses` (a 5xx there fails the run as any other); a player whose resign
    failed tries again a second later, as a person would."""
    tables = list(crowd.round_one)
    gap = spread_s / max(1, len(tables))

    async def resign(number: int, match_id: int, seats: list[tuple[int, str]]) -> None:
        # Each table at its own moment, whatever the others' answers take (one after the other,
        # slow pages had left a fifth of the round unplayed at the end of the run).
        await asyncio.sleep(start_s + number * gap)
        await asyncio.to_thread(_resign_three, port, match_id, seats, statuses)

    await asyncio.gather(*(resign(n, m, seats) for n, (m, seats) in enumerate(tables)))


def _resign_three(port: int, match_id: int, seats: list[tuple[int, str]], statuses) -> None:
    for _, session in seats[1:]:
        for _attempt in range(10):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            token = secrets.token_hex(16)
            cookie = f"sessionid={session}; csrftoken={token}"
            try:
                status = _request(
                    conn,
                    "POST",
                    f"/matches/{match_id}/resign/",
                    cookie,
                    f"csrfmiddlewaretoken={token}",
                )
            except (OSError, http.client.HTTPException):
                status = 0  # refused or reset
            finally:
                conn.close()
            statuses[status] += 1
            if status == 302:
                break
            if status < 500 and status != 0:
                raise RuntimeError(f"resigning in match {match_id} answered {status}")
            time.sleep(1)


class Monitor:
    """Once a second: the outbox's lag (now minus the oldest due job), the deadline sweep's
    (now minus the oldest passed deadline), each Celery queue's depth and each process kind's
    PostgreSQL connections; the most of each over the run."""

    def __init__(self, database: str, redis_url: str, queue: str, kinds: list[str]) -> None:
        self.database = database
        self.redis = redis.Redis.from_url(redis_url)
        self.queues = [queue, *(f"{queue}.{kind}" for kind in kinds)]
        self.most: dict[str, float] = {"outbox": 0.0, "sweep": 0.0}
        self.depths: Counter[str] = Counter()
        self.connections: Counter[str] = Counter()
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)

    def start(self) -> None:
        self.thread.start()

    def _watch(self) -> None:
        with psycopg.connect(f"postgresql://postgres@127.0.0.1:5432/{self.database}") as db:
            db.autocommit = True
            while not self.stopping.wait(1.0):
                self._sample(db)

    def _sample(self, db) -> None:
        (outbox,) = db.execute(
            "SELECT coalesce(extract(epoch FROM now() - min(due_at)), 0) FROM outbox_job"
            " WHERE due_at <= now()"
        ).fetchone()
        (sweep,) = db.execute(
            "SELECT coalesce(extract(epoch FROM now() - min(deadline)), 0) FROM play_match m"
            " WHERE status = 'active' AND deadline <= now() AND NOT EXISTS (SELECT 1 FROM"
            " play_seat s WHERE s.match_id = m.id AND s.to_act AND s.paused_at IS NOT NULL)"
        ).fetchone()
        self.most["outbox"] = max(self.most["outbox"], float(outbox))
        self.most["sweep"] = max(self.most["sweep"], float(sweep))
        for queue in self.queues:
            self.depths[queue] = max(self.depths[queue], int(self.redis.llen(queue)))
        rows = db.execute(
            "SELECT application_name, count(*) FROM pg_stat_activity WHERE datname = %s GROUP BY 1",
            [self.database],
        ).fetchall()
        for name, count in rows:
            self.connections[name or "?"] = max(self.connections[name or "?"], count)

    def stop(self, tournament: int) -> dict:
        self.stopping.set()
        self.thread.join(10)
        with psycopg.connect(f"postgresql://postgres@127.0.0.1:5432/{self.database}") as db:
            (round_start,) = db.execute(
                "SELECT extract(epoch FROM r.started_at - (SELECT max(m.finished_at)"
                " FROM tournaments_tournamenttable t JOIN play_match m ON m.id = t.match_id"
                " JOIN tournaments_round one ON one.id = t.round_id AND one.number = 1"
                " WHERE t.tournament_id = %s)) FROM tournaments_round r"
                " WHERE r.tournament_id = %s AND r.number = 2",
                [tournament, tournament],
            ).fetchone() or (None,)
            timeouts, matches = db.execute(
                "SELECT count(*), count(DISTINCT match_id) FROM play_actionrecord WHERE timed_out"
            ).fetchone()
        return {
            "round_start_s": round(float(round_start), 2) if round_start is not None else None,
            "outbox_lag_max_s": round(self.most["outbox"], 1),
            "sweep_lag_max_s": round(self.most["sweep"], 1),
            "queue_depth_max": dict(self.depths),
            "connections_max": dict(self.connections),
            "timeouts_done": timeouts,
            "matches_timed_out": matches,
        }
