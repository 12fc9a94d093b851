"""The rows of a move, written in as few statements as the data allows (issue 10).

A move changes one match row (its version, snapshot, clock and, at the end, its result), the seats
whose turn began or ended, and appends one log entry and one outbox job (with the request id of the
work that made the move, as job_record writes it). On PostgreSQL `move_write` does all of that in
ONE statement: a WITH whose first part updates the match row only if it is still at the version the
move was computed from (the UPDATE takes the row lock; a concurrent move on the same match waits for
it, then finds the version changed), and whose other parts insert and update only when that first
part found the row. Only the columns a move changes are written, straight from the values in hand
(no model objects are saved). The statement is prepared by the server once per connection and shape
(psycopg's `prepare=True`).

`None` back means the row had moved on (another process's move, seen by nobody here yet): the
caller rolls back and takes the locked path (play/services.py). On SQLite (`make run`) the same
rows are written with the ORM, under the write lock SQLite's IMMEDIATE transactions take.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

import orjson
import psycopg
from django.conf import settings
from django.db import connection

from outbox.services import Written
from play.models import ActionRecord, Match, Seat
from shared.logs import log_fields


def _json(value: Any) -> str | None:
    if value is None:
        return None
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def fast() -> bool:
    """Whether the one-statement write is available (PostgreSQL)."""
    return connection.vendor == "postgresql"


def move_write(
    *,
    match: Match,
    before: int,
    before_updated: datetime,
    clock_changed: bool,
    record: ActionRecord,
    seats: Sequence[Seat],
    job_kind: str,
    job_payload: dict[str, Any],
    now: datetime,
) -> int | None:
    """Write a move computed from version `before`: the match's moving columns, `seats`'
    to_act and to_act_since, the log `record` and the outbox job. Returns the job's id, or
    None when the match is no longer at `before` (nothing written)."""
    due = now + timedelta(seconds=settings.OUTBOX_GRACE_SECONDS)
    params: list[Any] = [
        match.version,
        _json(match.state),
        match.status,
        _json(match.outcome),
        clock_changed,
        match.deadline,
        _json(match.banks),
        now,
        match.finished_at,
        match.pk,
        before,
        before_updated,
    ]
    seat_part = ""
    if seats:
        rows = ", ".join("(%s::int, %s::bool, %s::int)" for _ in seats)
        seat_part = (
            "s AS (UPDATE play_seat SET to_act = v.to_act, to_act_since = v.since"
            f" FROM (VALUES {rows}) AS v(idx, to_act, since)"
            " WHERE play_seat.match_id = (SELECT id FROM m) AND play_seat.index = v.idx), "
        )
        for seat in seats:
            params += [seat.index, seat.to_act, seat.to_act_since]
    params += [
        record.seq,
        record.seat,
        _json(record.action),
        _json(record.public_action),
        record.text,
        _json(record.phrase),
        _json(record.to_act_before),
        record.timed_out,
        record.revealed,
        now,
        job_kind,
        _json(job_payload),
        due,
        now,
        log_fields().get("request_id", ""),
    ]
    sql = (
        "WITH m AS (UPDATE play_match SET version = %s, state = %s::jsonb, status = %s,"
        " outcome = %s::jsonb, deadline = CASE WHEN %s THEN %s ELSE deadline END,"
        " banks = %s::jsonb, updated_at = %s, finished_at = %s"
        " WHERE id = %s AND version = %s AND updated_at = %s RETURNING id), "
        + seat_part
        + "a AS (INSERT INTO play_actionrecord (match_id, seq, seat, action, public_action, text,"
        " phrase, to_act_before, timed_out, revealed, created_at)"
        " SELECT id, %s, %s, %s::jsonb, %s::jsonb, %s, %s::jsonb, %s::jsonb, %s, %s, %s FROM m) "
        "INSERT INTO outbox_job (kind, payload, key, due_at, attempts, last_error, created_at,"
        " request_id) SELECT %s, %s::jsonb, NULL, %s, 0, '', %s, %s FROM m RETURNING id"
    )
    connection.ensure_connection()
    raw = connection.connection
    assert raw is not None
    cursor = _cursor(raw)
    cursor.execute(sql, params, prepare=True)
    row = cursor.fetchone()
    return None if row is None else int(row[0])


# A server-side binding cursor per connection (Django's own cursors bind on the client): the
# statement is parsed and planned once per connection, then only executed; the cursor is kept
# with its connection (a new psycopg cursor copies the connection's adapters map each time).
_cursors: weakref.WeakKeyDictionary[psycopg.Connection[Any], psycopg.Cursor[Any]] = (
    weakref.WeakKeyDictionary()
)


def _cursor(raw: psycopg.Connection[Any]) -> psycopg.Cursor[Any]:
    cursor = _cursors.get(raw)
    if cursor is None or cursor.closed:
        cursor = _cursors[raw] = psycopg.Cursor(raw)
    return cursor


def move_write_orm(
    *,
    match: Match,
    record: ActionRecord,
    seats: Sequence[Seat],
    fields: list[str],
) -> None:
    """The same rows through the ORM (SQLite, and the locked path): the match row is already
    locked by the caller."""
    record.save(force_insert=True)
    for seat in seats:  # usually two seats: two plain UPDATEs cost less than bulk_update's CASE
        Seat.objects.filter(pk=seat.pk).update(to_act=seat.to_act, to_act_since=seat.to_act_since)
    match.save(update_fields=fields)


def job_of(job_id: int, kind: str, payload: dict[str, Any]) -> Written:
    """The outbox row written by `move_write`, as `job_done` and the announcers take it."""
    return Written(job_id, kind, payload)


def _recordset(columns: Sequence[Any]) -> str:
    """The column list of jsonb_to_recordset for these model fields."""
    return ", ".join(f"{c.column} {c.db_type(connection)}" for c in columns)


def _rows_json(objs: Sequence[Any], attnames: Sequence[tuple[str, str]]) -> str:
    """The objects' values as one JSON array of objects (orjson: dates, nested JSON as is)."""
    return orjson.dumps(
        [{column: getattr(obj, attname) for column, attname in attnames} for obj in objs],
        option=orjson.OPT_NON_STR_KEYS,
    ).decode()


def rows_update(model: Any, objs: Sequence[Any], fields: Sequence[str]) -> None:
    """Write `fields` of several rows of `model` from the objects in hand: on PostgreSQL one
    UPDATE from `jsonb_to_recordset` of ONE parameter, the rows as JSON (the ORM's bulk_update
    builds a CASE per field and row, and a VALUES list's thousands of placeholders are split and
    quoted by psycopg in Python: either cost a sweep chunk more CPU than all its other
    statements); elsewhere the ORM's bulk_update."""
    if not objs:
        return
    if not fast():
        model.objects.bulk_update(objs, list(fields))
        return
    meta = model._meta
    columns = [meta.pk, *(meta.get_field(name) for name in fields)]
    sets = ", ".join(f"{c.column} = v.{c.column}" for c in columns[1:])
    sql = (
        f"UPDATE {meta.db_table} AS t SET {sets} "  # noqa: S608 - fixed names
        f"FROM jsonb_to_recordset(%s::jsonb) AS v({_recordset(columns)}) "
        f"WHERE t.{meta.pk.column} = v.{meta.pk.column}"
    )
    rows = _rows_json(objs, [(c.column, c.attname) for c in columns])
    with connection.cursor() as cursor:
        cursor.execute(sql, [rows])


def rows_insert(model: Any, objs: Sequence[Any]) -> None:
    """Insert several rows of `model` from the objects in hand and set their ids: on PostgreSQL
    one INSERT from `jsonb_to_recordset` of one parameter (Django's bulk_create sends each
    column as an array, whose texts psycopg quotes in Python: most of the CPU of a sweep chunk's
    log entries); elsewhere the ORM's bulk_create. Every column is written as the object holds
    it (set the times yourself: no auto_now here)."""
    if not objs:
        return
    if not fast():
        model.objects.bulk_create(objs)
        return
    meta = model._meta
    columns = [f for f in meta.concrete_fields if f is not meta.pk]
    names = ", ".join(c.column for c in columns)
    sql = (
        f"INSERT INTO {meta.db_table} ({names}) SELECT {names} "  # noqa: S608 - fixed names
        f"FROM ROWS FROM (jsonb_to_recordset(%s::jsonb) AS ({_recordset(columns)})) "
        f"WITH ORDINALITY AS v({names}, n_) "
        f"ORDER BY n_ RETURNING {meta.pk.column}"
    )
    rows = _rows_json(objs, [(c.column, c.attname) for c in columns])
    with connection.cursor() as cursor:
        cursor.execute(sql, [rows])
        ids = [row[0] for row in cursor.fetchall()]
    for obj, pk in zip(objs, ids, strict=True):
        obj.pk = pk
        obj._state.adding = False
