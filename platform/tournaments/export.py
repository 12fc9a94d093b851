"""Results out of the site: the rounds (every table, its players in seat order with their
registration ids, places and scores), the standings, and the schedule, as JSON and as CSV.
The API's rounds and the export files are the same rows."""

from __future__ import annotations

import csv
import io
from typing import Any

from tournaments import selectors
from tournaments.models import Tournament


def rounds_rows(t: Tournament) -> list[dict[str, Any]]:
    """Every round with its tables (pairings), their matches and results."""
    return [
        {
            "number": r.round.number,
            "label": r.round.label,
            "finished": r.round.finished_at is not None,
            "byes": r.bye_entrants,
            "tables": [
                {
                    "id": row.table.pk,
                    "key": row.table.key,
                    "match": row.table.match_id,
                    "players": [
                        {k: p[k] for k in ("id", "name", "place", "score", "status")}
                        for p in row.players
                    ],
                    "finished": row.table.is_finished,
                    "manual": row.table.manual,
                }
                for row in r.tables
            ],
        }
        for r in selectors.rounds_with_tables(t, selectors.names_of(t))
    ]


def schedule_rows(t: Tournament) -> list[dict[str, Any]]:
    return [
        {
            "round": s.number,
            "starts_at": s.starts_at.isoformat() if s.starts_at else None,
            "deadline": s.deadline.isoformat() if s.deadline else None,
        }
        for s in t.schedule.order_by("number")
    ]


def results_json(t: Tournament) -> dict[str, Any]:
    return {
        "tournament": {
            "id": t.pk,
            "name": t.name,
            "game": t.game,
            "format": t.format,
            "status": t.status,
            "table_size": t.table_size,
            "started_at": t.started_at.isoformat() if t.started_at else None,
            "finished_at": t.finished_at.isoformat() if t.finished_at else None,
        },
        "schedule": schedule_rows(t),
        "standings": selectors.standings(t),
        "rounds": rounds_rows(t),
    }


RESULTS_COLUMNS = [
    "round", "table", "match", "seat", "registration", "name", "place", "score", "manual",
]  # fmt: skip


def results_csv(t: Tournament) -> str:
    """One line per player per table (and per bye: table "bye", no seat)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(RESULTS_COLUMNS)
    for rnd in rounds_rows(t):
        for table in rnd["tables"]:
            for seat, p in enumerate(table["players"], start=1):
                writer.writerow(
                    [
                        rnd["number"], table["key"], table["match"] or "", seat, p["id"],
                        _safe(p["name"]), _blank(p["place"]), _blank(p["score"]),
                        int(table["manual"]),
                    ]
                )  # fmt: skip
        for bye in rnd["byes"]:
            writer.writerow(
                [rnd["number"], "bye", "", "", bye["id"], _safe(bye["name"]), "", "", 0]
            )
    return out.getvalue()


def standings_csv(t: Tournament) -> str:
    rows = selectors.standings(t)
    keys = list(rows[0]["tiebreaks"]) if rows else []
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["rank", "registration", "name", "points", *keys, "played", "byes", "note"])
    for row in rows:
        writer.writerow(
            [
                row["rank"], row["entrant"], _safe(row["name"]), row["points"],
                *(row["tiebreaks"].get(k, 0.0) for k in keys),
                row["played"], row["byes"], row["note"],
            ]
        )  # fmt: skip
    return out.getvalue()


def _blank(value: Any) -> Any:
    return "" if value is None else value


def _safe(text: str) -> str:
    """A name a spreadsheet would run as a formula (=, +, -, @) is quoted with an apostrophe
    (OWASP's CSV injection advice); display names cannot start so, bots' names neither, but an
    export must not rely on another app's rule."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
