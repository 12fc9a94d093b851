"""A Dice City city for the board: 30 spaces, each with its location, die, tokens, tooltip and
the choices made on it. A table has up to 120 spaces, each drawn on every update for each kind
of viewer, so a space's HTML is built here (every value escaped) rather than by a few dozen
template conditions per space: the board renders about twice as fast."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.utils.html import escape
from django.utils.safestring import mark_safe

from boards.language import language, say

from . import places
from . import words as W
from .places import Item, Key


def card(slug: str) -> dict[str, Any]:
    """A location design: name, type, cost (as words and as resource counts), shield, VP (a
    copy: the caller adds what depends on the space)."""
    return dict(_design(slug, language()))


@cache
def _design(slug: str, lang: str) -> dict[str, Any]:
    """One per language: the words are the reader's (boards/language.py)."""
    catalogue = W.catalogue()
    design = catalogue["cards"][slug]
    price = [
        {"res": res, "n": n}
        for res, n in zip(catalogue["resources"], design["cost"], strict=True)
        if n
    ]
    out = {
        "slug": slug,
        "name": design["name"],
        "type": design["type"],
        "vp": design["vp"],
        "defense": design["defense"],
        "text": design["text"],
        "cost": ", ".join(say("{n} {resource}", n=c["n"], resource=say(c["res"])) for c in price)
        or say("free"),
        "price": price,
        "printed": bool(design.get("printed")),
        # Where a location built in a city comes from: a display card's or its pile's flip id.
        "came_from": escape(
            " ".join([f"dcplacing-{slug}", *(f"dc-{slug}-{i}" for i in range(8)), f"dcp-{slug}"])
        ),
    }
    out["tip"] = W.card_tip(out)
    out["name"] = W.card_name(design["name"])
    return out


def trays(rows: list[Any]) -> list[Item]:
    """The trays of the dice that may be picked (shown beside the picked die by board.js)."""
    return [dict(cell["tray"], pick=cell["pick"], die=cell["die"]) for row in rows
            for cell in row["cells"] if cell["tray"]]  # fmt: skip


def city(p: dict[str, Any], seat: int, owner: str, ctx: dict[str, Any]) -> list[Any]:
    active = ctx["view"]["turn"]["seat"] == seat and not ctx["view"]["over"]
    return [
        {
            "colour": colour,
            "tip": W.row_tip(colour),
            "cells": [_cell(p, seat, r * 6 + col, owner, ctx) for col in range(6)],
            "used": active and p["dice"][r] < 0,
        }
        for r, colour in enumerate(W.catalogue()["rows"])
    ]


def _cell(p: dict[str, Any], seat: int, slot: int, owner: str, ctx: dict[str, Any]) -> Item:
    colour, col = W.catalogue()["rows"][slot // 6], slot % 6 + 1
    die = colour if p["dice"][slot // 6] == slot % 6 else None
    cell = card(p["city"][slot])
    cell.update(vp=p["location_vp"][slot], off=p["off"][slot], shield=p["defense"][slot])
    pick = f"die:{die}" if die and f"die:{die}" in ctx["picks"] else ""
    cell.update(col=col, die=die, pick=pick)
    cell["tray"] = _tray(seat, die, ctx["steps"]) if pick else None
    item = ctx["found"].get(("cell", seat, slot))
    now = say("Now: {label}.", label=item["label"]) + " " if item else ""
    tip = now + W.cell_tip(cell, f"{W.colour(colour)} {col}", owner)
    reroll = ctx["reroll"] is not None and die in ctx["reroll_dice"] and seat == ctx["seat"]
    after = ctx["steps"].get(("cell", seat, slot))
    cell["html"] = mark_safe(  # noqa: S308 - every value is escaped in the parts
        _tag(cell, (seat, slot, colour, col), item, after, tip)
        + _inside(cell)
        + (_token(ctx["steps"].get(("token", seat, slot))) if cell["off"] else "")
        + (_die(cell, bool(reroll), seat) if die else "")
        + "</td>"
    )
    return cell


def _tag(
    cell: Item, where: tuple[int, int, str, int], item: Item | None, after: Any, tip: str
) -> str:
    """The space's <td> opening tag: its classes, where it is, its choices, its tooltip."""
    classes = f"dc-cell dc-{cell['type']}"
    classes += " dc-off" if cell["off"] else ""
    classes += " dc-printed" if cell["printed"] else ""
    classes += " legal" if item else ""
    classes += " dc-target" if after else ""
    seat, slot, row, col = where
    attrs = (
        f'class="{classes}" data-seat="{seat}" data-slot="{slot}" data-row="{row}" data-col="{col}"'
    )
    # A location built here glides in from the display card or the pile it was (match.js).
    attrs += f' data-flip="c{seat}-{slot}-{escape(cell["slug"])}"'
    if not cell["printed"]:
        attrs += f' data-flip-from="{cell["came_from"]}"'
    if item:
        attrs += f' data-action="{escape(item["json"])}"'
    if after:
        attrs += f' data-after="{escape(places.after(after))}"'
    return f'<td {attrs} title="{escape(tip)}">'


def _inside(cell: Item) -> str:
    """The location's name, and its shield and VP."""
    shield = cell["shield"]
    meta = f'<span class="dc-shield">{shield}</span>' if shield is not None else ""
    meta += " " + escape(say("{vp} VP", vp=cell["vp"])) if cell["vp"] else ""
    name = escape(cell["name"])
    return f'<span class="dc-name">{name}</span><span class="dc-meta">{meta}</span>'


def _token(after: Any) -> str:
    """The deactivation token; a die dropped on it reactivates the space."""
    if not after:
        tip, off = say("Deactivated: a die can reactivate it"), escape(say("off"))
        return f'<span class="dc-token" title="{escape(tip)}">✕ {off}</span>'
    tip = say("Deactivated: drop or click a die here to reactivate it")
    return (
        f'<span class="dc-token dc-target" data-after="{escape(places.after(after))}" '
        f'title="{escape(tip)}">✕ {escape(say("off"))}</span>'
    )


def _die(cell: Item, reroll: bool, seat: int) -> str:
    die, col, pick = cell["die"], cell["col"], cell["pick"]
    classes = f"dc-die dc-die-{die}"
    attrs = f'data-die="{die}" data-flip="die{seat}-{die}"'
    if pick:
        classes += " dc-pickable"
        attrs += f' data-pick="{pick}" role="button" tabindex="0"'
    if reroll:
        classes += " dc-rerollable"
        attrs += f' data-reroll="{die}" role="button" tabindex="0"'
    tip = W.die_tip(die, col, cell["name"], bool(pick))
    return (
        f'<span class="{classes}" {attrs} aria-label="{escape(_die_on(die, col))}" '
        f'title="{escape(tip)}">{col}</span>'
    )


def _die_on(die: str, col: int) -> str:
    return say("{colour} die on {col}", colour=W.colour(die), col=col)


def _tray(seat: int, die: str | None, steps: dict[Key, dict[str, str]]) -> dict[str, str]:
    """What a picked die may do that has no place in the city: pass, refresh."""
    return {
        kind: places.after(steps.get((kind, seat, die)))
        for kind in ("pass", "refresh")
        if steps.get((kind, seat, die))
    }
