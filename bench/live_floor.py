"""The floor for bench/live_tables.py (`--app floor`): a bare ASGI application that does the same
work per move as the site, and nothing else, so the site's CPU per move has a reference measured
on the same machine in the same run.

Per move, like the site (issue 10, point 1):
- one PostgreSQL transaction on the bench's own rows: read the match row, then ONE statement as
  the site's (play/rows.py), prepared: update the match row if still at that version (the row
  lock; state of the site's size, version, deadline), update the two seats whose turn changes,
  insert one log row of the site's size and one outbox row;
- one pub/sub message on Redis (the version), received by every server process;
- each seat's socket of that match gets a JSON payload of the site's size (the site's own first
  payload of that seat, with the version and whose turn it is changed, and the log's last
  entries as the site's frames carry them: the move's entry travels in the pub/sub message and
  every process keeps the match's tail), encoded once per seat.

What it leaves out is what the site adds on top: the engine, Django (ORM, request and consumer
machinery, sessions: a socket here is not authenticated), the channel layer's bookkeeping.
Sockets follow /ws/matches/<id>/ and speak the bench's protocol ("act" -> "ack" + "snapshot").
"""

from __future__ import annotations

import asyncio
import json
import os
import re
from datetime import UTC, datetime
from typing import Any

import orjson
import psycopg
import redis.asyncio as aioredis

PATH = re.compile(r"^/ws/matches/([0-9]+)/$")
POOL_SIZE = int(os.environ.get("FLOOR_POOL", "32"))  # connections per process
CHANNEL = "floor.moves"


class Floor:
    def __init__(self) -> None:
        self.ready = asyncio.Event()
        self.started = False
        self.pool: asyncio.Queue[psycopg.AsyncConnection[Any]] = asyncio.Queue()
        self.redis: aioredis.Redis | None = None
        self.sockets: dict[int, list[tuple[int, Any]]] = {}  # match -> [(seat, send)]
        self.payloads: dict[int, dict[int, dict[str, Any]]] = {}  # match -> seat -> payload
        self.seats: dict[int, int] = {}  # match -> seat count
        self.sessions: dict[str, int] = {}  # sessionid -> seat (no authentication here)
        self.logs: dict[int, list[Any]] = {}  # match -> its last log entries, oldest first
        self.log_tail = 10  # the site's LOG_TAIL, read with the payloads

    async def start(self) -> None:
        if self.started:
            await self.ready.wait()
            return
        self.started = True
        url = os.environ["DATABASE_URL"].replace("postgres://", "postgresql://", 1)
        for _ in range(POOL_SIZE):
            self.pool.put_nowait(await psycopg.AsyncConnection.connect(url))
        self.redis = aioredis.Redis.from_url(os.environ["REDIS_URL"])
        await self._payloads_load()
        asyncio.get_running_loop().create_task(self._listen())
        self.ready.set()

    async def _payloads_load(self) -> None:
        """Each match's first payload per seat, rendered by the site in the set-up
        (live_setup.floor_payloads), so the frames here have the site's sizes."""
        path = os.environ["FLOOR_PAYLOADS"]
        with open(path) as file:
            raw = json.load(file)
        self.log_tail = int(raw["log_tail"])
        for match, found in raw["matches"].items():
            self.payloads[int(match)] = {int(s): p for s, p in found["payloads"].items()}
            self.seats[int(match)] = len(found["payloads"])
            self.sessions.update(found["sessions"])
            self.logs[int(match)] = found["log"]  # the site's tail at the start

    async def _listen(self) -> None:
        assert self.redis is not None
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(CHANNEL)
        async for message in pubsub.listen():
            if message["type"] != "message":
                continue
            head, _, entry = message["data"].partition(b"|")
            match, version = (int(x) for x in head.split(b":"))
            log = self.logs.setdefault(match, [])
            log.append(orjson.loads(entry))
            del log[: -self.log_tail]
            await self._fan_out(match, version)

    async def _fan_out(self, match: int, version: int) -> None:
        local = self.sockets.get(match, [])
        if not local:
            return
        frames = {seat: self._frame(match, seat, version) for seat in {s for s, _ in local}}
        for seat, send in local:
            await send({"type": "websocket.send", "text": frames[seat]})

    def _frame(self, match: int, seat: int, version: int) -> str:
        payload = dict(self.payloads[match][seat])
        acting = version % self.seats[match]
        payload["version"] = version
        payload["to_act"] = [acting]
        payload["status"] = "active"
        payload["log"] = self.logs.get(match, [])
        if seat != acting:
            payload["legal"] = []
        elif not payload["legal"]:  # the seat that acted first has the choices of the sample
            payload["legal"] = next(p["legal"] for p in self.payloads[match].values() if p["legal"])
        return orjson.dumps({"type": "snapshot", **payload}).decode()

    async def move(self, match: int, seat: int, version: int, action: Any) -> int:
        """The site's write of a move (play/rows.py): one statement that updates the match row
        if it is still at the version read (the row lock), the two seats whose turn changes,
        and inserts the log row and the outbox row; prepared, in its own transaction."""
        seats = self.seats[match]
        connection = await self.pool.get()
        try:
            async with connection.transaction():
                row = await (
                    await connection.execute(
                        "SELECT version, state FROM play_match WHERE id = %s", [match], prepare=True
                    )
                ).fetchone()
                assert row is not None
                new_version = row[0] + 1
                state = orjson.dumps(row[1]).decode()  # the site writes the new state back
                text = orjson.dumps(action).decode()
                done = await (
                    await connection.execute(
                        FLOOR_WRITE,
                        [
                            new_version,
                            state,
                            match,
                            row[0],
                            new_version % seats,
                            new_version % seats,
                            new_version,
                            seat,
                            new_version % seats,
                            new_version,
                            seat,
                            text,
                            text,
                            f"player {seat} did {text}"[:300],
                            orjson.dumps({"match": match, "version": new_version}).decode(),
                        ],
                        prepare=True,
                    )
                ).fetchone()
                assert done is not None
        finally:
            self.pool.put_nowait(connection)
        entry = {  # a log entry of the site's shape (play/selectors.log_entries)
            "seq": new_version,
            "seat": seat,
            "player": f"player {seat + 1}",
            "action": action,
            "text": f"player {seat + 1} made move {new_version}",  # a log line of the site's length
            "timed_out": False,
            "revealed": None,
            "at": datetime.now(UTC).isoformat(),
        }
        assert self.redis is not None
        await self.redis.publish(CHANNEL, f"{match}:{new_version}|".encode() + orjson.dumps(entry))
        return new_version


FLOOR_WRITE = (
    "WITH m AS (UPDATE play_match SET version = %s, state = %s::jsonb, updated_at = now(),"
    " deadline = now() + interval '1 hour' WHERE id = %s AND version = %s RETURNING id),"
    " s AS (UPDATE play_seat SET to_act = (index = %s::int),"
    " to_act_since = CASE WHEN index = %s::int THEN %s::int END"
    " WHERE match_id = (SELECT id FROM m) AND index IN (%s::int, %s::int)),"
    " a AS (INSERT INTO play_actionrecord (match_id, seq, seat, action, public_action, text,"
    " to_act_before, timed_out, revealed, created_at)"
    " SELECT id, %s, %s, %s::jsonb, %s::jsonb, %s, '[]'::jsonb, false, true, now() FROM m)"
    " INSERT INTO outbox_job (kind, payload, key, due_at, attempts, last_error, created_at)"
    " SELECT 'floor', %s::jsonb, NULL, now(), 0, '', now() FROM m RETURNING id"
)


FLOOR = Floor()


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await send({"type": "lifespan.shutdown.complete"})
                return
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"floor"})
        return
    await FLOOR.start()
    found = PATH.match(scope["path"])
    match = int(found.group(1)) if found else 0
    if match not in FLOOR.payloads:
        await send({"type": "websocket.close", "code": 4404})
        return
    await _socket(match, scope, receive, send)


async def _socket(match: int, scope: dict[str, Any], receive: Any, send: Any) -> None:
    # The seat from the session cookie, as a table lookup (the site checks the session).
    cookies = dict(scope["headers"]).get(b"cookie", b"").decode()
    session = cookies.partition("sessionid=")[2].split(";")[0]
    seat = FLOOR.sessions[session]
    local = FLOOR.sockets.setdefault(match, [])
    entry = (seat, send)
    try:
        while True:
            message = await receive()
            if message["type"] == "websocket.connect":
                await send({"type": "websocket.accept"})
                local.append(entry)
                version = int(FLOOR.payloads[match][seat]["version"])
                await send({"type": "websocket.send", "text": FLOOR._frame(match, seat, version)})
            elif message["type"] == "websocket.receive":
                content = orjson.loads(message.get("text") or "{}")
                if content.get("type") == "act":
                    version = await FLOOR.move(match, seat, content["version"], content["action"])
                    await send(
                        {
                            "type": "websocket.send",
                            "text": orjson.dumps({"type": "ack", "version": version}).decode(),
                        }
                    )
            elif message["type"] == "websocket.disconnect":
                return
    finally:
        if entry in local:
            local.remove(entry)
