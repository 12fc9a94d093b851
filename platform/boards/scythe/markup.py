"""HTML and SVG written from Python for the parts of the Scythe board drawn for every seat on
every update (the map's pieces, the mats): a template's per-variable lookups, escaping and
number formatting cost several milliseconds a board there (bench/board_render.py), f-strings a
tenth of it. Every text that is not the board's own goes through `esc`."""

from __future__ import annotations

import json
from html import escape
from typing import Any

Item = dict[str, Any]


def esc(text: object) -> str:
    return escape(str(text), quote=True)


def tip(text: str) -> str:
    """A tooltip: ` title="..."`, or nothing for an empty text."""
    return f' title="{esc(text)}"' if text else ""


def legal(item: Item | None, text: str = "") -> str:
    """The attributes that make an element a legal choice match.js submits on a click, its
    tooltip the engine's label (and what it does, when `text` says it); `class` is the
    caller's (add `legal` to it)."""
    if item is None:
        return tip(text)
    label = f"{item['label']}: {text}" if text else item["label"]
    return f' data-action="{esc(item["json"])}"{tip(label)}'


def parts(found: list[dict[str, Any]]) -> str:
    """` data-part="..."`: the fields of the legal actions this element stands for, which
    board.js combines with other clicks (a unit, then a hex) into one action."""
    return f' data-part="{esc(json.dumps(found, separators=(",", ":")))}"' if found else ""


def n(value: float) -> str:
    """An SVG coordinate as text (never localised: never '12,5')."""
    return f"{value:.1f}"
