"""The bracket of an elimination event, laid out on the server (templates/tournaments/
bracket.svg draws it): a column per round, a box per table listing its players with their
places (those who go through in bold), and a line from each box to the box each of its players
plays next. Double elimination: the winners' bracket and the grand final above, the losers'
bracket below (table keys "W..", "GF..", "L.." as the format names them)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from tournaments.labels import round_label
from tournaments.selectors import RoundRows, TableRow

BOX_W = 160
COL_W = 196
LINE_H = 18
GAP = 14
PAD = 12
NAME_CHARS = 18


def _section(key: str) -> str:
    return "losers" if key.startswith("L") else "winners"


def bracket_layout(rounds: Sequence[RoundRows], advance: int) -> dict[str, Any]:
    """Boxes and lines in SVG coordinates; {"empty": True} before the first round."""
    played = [rnd for rnd in rounds if rnd.tables]
    if not played:
        return {"empty": True, "width": 300, "height": 40}
    column_of = {rnd.round.number: i for i, rnd in enumerate(played)}
    boxes: list[dict[str, Any]] = []
    bands = []
    top = PAD
    sections = [x for x in ("winners", "losers") if _tables_of(played, x)]
    for section in sections:
        columns = _tables_of(played, section)
        height = _band_height([tables for _, tables in columns])
        if len(sections) > 1:
            title = _("Losers' bracket") if section == "losers" else _("Winners' bracket")
            bands.append({"title": title, "y": top + 10})
            top += 18
        boxes += _place(columns, column_of, top, height, section)
        top += height + GAP * 2
    return {
        "empty": False,
        "width": PAD * 2 + (len(played) - 1) * COL_W + BOX_W,
        "height": top,
        "boxes": boxes,
        "lines": _lines(boxes),
        "bands": bands,
        "box_w": BOX_W,
        "advance": advance,
    }


@dataclass(frozen=True)
class _Round:
    number: int
    label: str


@dataclass(frozen=True)
class _FutureTable:
    key: str
    match_id: None = None
    is_finished: bool = False


def rounds_to_come(bracket: Any, names: dict[int, str], after: int) -> list[RoundRows]:
    """The columns of the format's bracket not planned yet (round_number 0): boxes whose
    players are not all known, each unknown seat shown by where it comes from ("W1-T2 1st")."""
    if bracket is None:
        return []
    future = [c for c in bracket.columns if c.round_number == 0]
    rows = []
    for offset, column in enumerate(future, start=1):
        tables = [
            TableRow(
                table=_FutureTable(key=box.key),  # type: ignore[arg-type]
                players=[
                    {
                        "id": pid,
                        "name": names.get(pid, "?") if pid is not None else source,
                        "place": None,
                        "advances": False,
                        "future": pid is None,
                    }
                    for pid, source in zip(box.players, box.sources, strict=False)
                ],
            )
            for box in column.boxes
        ]
        rnd = _Round(number=after + offset, label=round_label(column.label))
        rows.append(RoundRows(round=rnd, tables=tables, byes=[]))  # type: ignore[arg-type]
    return rows


def _tables_of(rounds: Sequence[RoundRows], section: str) -> list[tuple[Any, list[Any]]]:
    columns = []
    for rnd in rounds:
        tables = [t for t in rnd.tables if _section(t.table.key) == section]
        if tables:
            columns.append((rnd.round, tables))
    return columns


def _box_h(players: int) -> int:
    return LINE_H * (players + 1) + 4


def _band_height(columns: list[list[Any]]) -> int:
    return max(sum(_box_h(len(t.players)) + GAP for t in tables) for tables in columns)


def _place(
    columns: list[tuple[Any, list[Any]]],
    column_of: dict[int, int],
    top: int,
    height: int,
    section: str,
) -> list[dict[str, Any]]:
    """Boxes of a column spread evenly over the band, like a printed bracket; a column per
    round, so a double elimination's winners' and losers' tables of one round line up."""
    placed = []
    for rnd, tables in columns:
        slot = height / len(tables)
        x = PAD + column_of[rnd.number] * COL_W
        for i, row in enumerate(tables):
            box_h = _box_h(len(row.players))
            y = round(top + (i + 0.5) * slot - box_h / 2, 1)
            placed.append(
                {
                    "x": x,
                    "y": y,
                    "h": box_h,
                    "section": section,
                    "head_y": round(y + 13, 1),
                    "title_x": x + 6,
                    "name_x": x + 8,
                    "place_x": x + BOX_W - 8,
                    "round": rnd.number,
                    "title": _("%(table)s · round %(number)s")
                    % {"table": row.table.key, "number": rnd.number},
                    "match": row.table.match_id,
                    "finished": row.table.is_finished,
                    "players": [
                        {**p, "label": _short(p["name"]), "y": round(y + LINE_H * (n + 2) - 5, 1)}
                        for n, p in enumerate(row.players)
                    ],
                }
            )
    return placed


def _short(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"


def _lines(boxes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """From the box a player last played in to the next box they play in."""
    last_box: dict[int, dict[str, Any]] = {}
    lines = []
    for box in sorted(boxes, key=lambda b: (b["round"], b["x"], b["y"])):
        for player in box["players"]:
            if player["id"] is None:
                continue  # a seat still to be decided
            before = last_box.get(player["id"])
            if before is not None and before["x"] < box["x"]:
                y1 = next(p["y"] for p in before["players"] if p["id"] == player["id"]) - 4
                x1, x2, y2 = before["x"] + BOX_W, box["x"], player["y"] - 4
                mid = round((x1 + x2) / 2, 1)
                drop = before["section"] != box["section"]  # down to the losers' bracket
                lines.append({"d": f"M{x1},{y1} H{mid} V{y2} H{x2}", "drop": drop})
            last_box[player["id"]] = box
    return lines
