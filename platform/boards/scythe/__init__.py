"""Scythe board context: the view reshaped for templates/games/scythe/board.html.

Pure Python (no database). It reads only the engine contract: the seat's view (which carries
control and the score so far), the legal actions and the game's `reference()` data
(reference.py). Each legal action of the viewer is attached to what it acts on (choices.py): a
territory of the map (hexmap.py), the viewer's mat (mats.py), a panel of the moment (combat,
encounter, Factory cards, the upgrade and enlist grids: here), else a button in the status bar.
The parts drawn for every seat on every update (map, mats, the list of choices on the map) come
ready-made as HTML (markup.py); the panels that appear now and then stay in templates. The site
still lists every action as a button too, collapsed (play/board_frame.html).
"""

from __future__ import annotations

from typing import Any

from django.utils.safestring import mark_safe

from boards.language import N_, say

from .choices import Choices
from .hexmap import FRAME, pieces_svg, terrain_svg, unit_name
from .markup import esc, legal
from .mats import BOTTOMS, ENLIST_BONUSES
from .names import faction_name
from .players import mine_html, opponent_html
from .reference import HEX_NAMES, REF, hex_name, place
from .words import COLOURS, GRANT_TEXT, PHASES, TILE_TEXT, TRIUMPHS, factory_card, gains

Item = dict[str, Any]
BOTTOM_RESOURCE: dict[str, str] = REF["bottom_resource"]
ENCOUNTERS: dict[str, list[dict[str, Any]]] = REF["encounters"]
STRUCTURE_TILES: dict[str, list[list[int]]] = REF["structure_tiles"]
TOP_BOXES: dict[str, list[int]] = REF["top_boxes"]


# --- what is going on now ----------------------------------------------------------------------


def _prompt(view: dict[str, Any]) -> str:
    ctx = view["ctx"]
    phase = view["phase"]
    if phase == "move" and "move" in ctx:
        move = ctx["move"]
        units = say("1 more unit") if move["left"] == 1 else say("{n} more units", n=move["left"])
        steps = say("1 step") if move["reach"] == 1 else say("{n} steps", n=move["reach"])
        text = say("Move: {units}, {steps} each", units=units, steps=steps)
        p = view["players"][view["turn"]]
        moved = [unit_name(p, u) for u in ctx["moved"]]
        return text + (say("; moved: {units}", units=", ".join(moved)) if moved else "")
    if phase == "grant" and ctx.get("queue"):
        head = ctx["queue"][0]
        text = say(GRANT_TEXT[head]) if head in GRANT_TEXT else head
        if head == "pick":
            text += " " + say("({n} left)", n=ctx["queue"].count("pick"))
        produce = ctx.get("produce")
        if head == "produce" and produce:
            chosen = ", ".join(hex_name(h) for h in produce["chosen"]) or say("none yet")
            text += " " + say("(up to {n}; chosen: {chosen})", n=produce["limit"], chosen=chosen)
        if ctx.get("fixed"):
            text += " " + say("on {where}", where=place(ctx["fixed"]))
        return text
    if phase == "payment" and ctx.get("payment"):
        action = ctx["payment"]["action"]
        name = action["action"] if action["type"] == "pay" else action["type"]
        kind = BOTTOM_RESOURCE[name]
        return say(
            "{action}: pay {n} more {resource} from territories you control (click a territory)",
            action=say(name.capitalize()),
            n=ctx["payment"]["need"],
            resource=say(kind),
        )
    if phase == "benefit" and ctx.get("enc", {}).get("gains"):
        what, amount = ctx["enc"]["gains"][0]
        return say("Encounter: take as much of {gain} as wanted", gain=gains({what: amount}))
    return say(PHASES[phase]) if phase in PHASES else phase


def _combat(view: dict[str, Any], names: list[str], choices: Choices) -> dict[str, Any] | None:
    combat = view["ctx"].get("combat")
    if not combat:
        return None
    sides = []
    for i, side in enumerate(combat["sides"]):
        p = view["players"][side["seat"]]
        sides.append(
            {
                "role": N_("attacker") if i == 0 else N_("defender"),
                "name": names[side["seat"]],
                "faction": faction_name(p["faction"]),
                "power": p["power"],
                "cards": p["cards"],
                "limit": side["limit"],
                "done": side["done"],
                "mine": side["seat"] == view["seat"],
                "dial": side.get("dial"),
                "chosen": side.get("cards"),
                "total": (side.get("dial") or 0) + sum(side.get("cards") or ()),
            }
        )
    mine = next((s for s in sides if s["mine"]), None)
    dials = []
    if mine is not None and mine["dial"] is None and not mine["done"]:
        top = min(7, mine["power"])
        dials = [{"value": v, "item": choices.get("dial", v)} for v in range(top + 1)]
    hand = []
    if mine is not None:  # one chip per value: the engine's choice is "add a card worth v"
        left = list(view["players"][view["seat"]].get("hand", []))
        for c in mine["chosen"] or []:
            left.remove(c)
        hand = [
            {"value": v, "count": left.count(v), "item": choices.get("card", v)}
            for v in sorted(set(left))
        ]
    return {
        "hex": place(combat["hex"]),
        "sides": sides,
        "dials": dials,
        "hand": hand,
        "commit": choices.get("commit"),
    }


def _last_combat(view: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
    last = view.get("last_combat") or view["ctx"].get("last_combat")
    if not last:
        return None
    return {
        "hex": place(last["hex"]),
        "winner": names[last["winner"]],
        "loser": names[last["loser"]],
        "totals": last["totals"],
        "dials": last["dials"],
        "cards": last["cards"],
    }


def _encounter(view: dict[str, Any], choices: Choices) -> dict[str, Any] | None:
    enc = view["ctx"].get("enc")
    if not enc or view["phase"] not in ("encounter", "benefit", "grant"):
        return None
    deciding = view["seat"] == view["turn"] and view["phase"] == "encounter"
    options = []
    for i, o in enumerate(ENCOUNTERS[str(enc["card"])]):
        item = choices.get("encounter", i + 1)
        options.append(
            {
                "n": i + 1,
                "cost": gains(o["cost"]),
                "gain": gains(o["gain"]),
                "taken": i + 1 in enc["taken"],
                "item": item,
                "closed": deciding and i + 1 not in enc["taken"] and item is None,
            }
        )
    return {"card": enc["card"], "hex": place(enc["hex"]), "options": options}


def _tile(view: dict[str, Any]) -> dict[str, Any]:
    tiers = [
        {"range": f"{lo}" if lo == hi else f"{lo}–{hi}", "coins": coins}
        for lo, hi, coins in STRUCTURE_TILES[view["tile"]]
    ]
    return {
        "name": view["tile"],
        "text": say(TILE_TEXT[view["tile"]]) if view["tile"] in TILE_TEXT else view["tile"],
        "tiers": tiers,
    }


def _triumphs(view: dict[str, Any], names: list[str]) -> str:
    """Scythe, Placing stars: who has placed which stars (combat: up to 2, Saxony more)."""
    seats = view["order"]
    head = "".join(f"<th>{esc(names[s])}</th>" for s in seats)
    rows = "".join(
        f"<tr><th>{esc(say(text))}</th>"
        + "".join(f"<td>{'★' * view['players'][s]['stars'].get(key, 0)}</td>" for s in seats)
        + "</tr>"
        for key, text in TRIUMPHS
    )
    return f'<table class="sc-choicegrid sc-track"><tr><th></th>{head}</tr>{rows}</table>'


def _grid(choices: Choices, kind: str) -> dict[str, Any] | None:
    """Upgrade (top box x bottom action) or enlist (bottom action x one-time bonus) choices as
    a table of clickable cells; None when there is no such choice now."""
    if not choices.has(kind):
        return None
    rows = list(TOP_BOXES) if kind == "upgrade" else list(BOTTOMS)
    cols = list(BOTTOMS) if kind == "upgrade" else list(ENLIST_BONUSES)
    return {
        "cols": cols,
        "rows": [{"name": r, "cells": [choices.get(kind, r, c) for c in cols]} for r in rows],
    }


def _hex_list(choices: Choices) -> str:
    """Every choice on the map as a button, by territory: the map's fallback (collapsed)."""
    rows = []
    for hex_id in sorted(choices.by_hex, key=lambda h: HEX_NAMES[h]):
        where = place(hex_id)
        buttons = "".join(
            f'<button type="button" class="legal sc-choice secondary"{legal(item)}>'
            f"{esc(_without(item['label'], where))}</button>"
            for item in choices.by_hex[hex_id]
        )
        rows.append(
            f'<div class="sc-hexrow" data-hex="{hex_id}"><span class="sc-hexname">'
            f"{esc(hex_name(hex_id))} <small>{hex_id}</small></span>{buttons}</div>"
        )
    if not rows:
        return ""
    count = sum(len(items) for items in choices.by_hex.values())
    return (
        '<details class="sc-hexlist card" data-keep="hexlist"><summary>Choices on the map, '
        f"by territory ({count})</summary>{''.join(rows)}</details>"
    )


def _without(label: str, where: str) -> str:
    """A button's label without the territory its row already names."""
    for word in (" to ", " on ", " onto ", " from "):
        label = label.replace(word + where, "")
    return label


def as_finished(view: dict[str, Any], outcome: dict[str, Any]) -> dict[str, Any]:
    """The view of a match the site ended (forfeits) while the engine would play on: over,
    so no seat is drawn as the one to play (boards/context.py)."""
    return {**view, "over": view["over"] or {"reason": outcome.get("reason"), "seat": None}}


def board_context(
    view: dict[str, Any], seat: int | None, legal: list[Any], players: list[Any]
) -> dict[str, Any]:
    infos = {p["seat"]: p for p in players}
    names = [
        infos[s]["name"] if s in infos else f"Player {s + 1}" for s in range(len(view["players"]))
    ]
    choices = Choices(legal)
    turn = view["turn"]
    factions = tuple(sorted(p["faction"] for p in view["players"]))
    sc: dict[str, Any] = {
        "turn_name": names[turn],
        "turn_faction": faction_name(view["players"][turn]["faction"]),
        "prompt": _prompt(view),
        "over": view["over"],
        "rounds": view["turns"] // max(1, len(view["order"])) + 1,
        "combat": _combat(view, names, choices),
        "last_combat": _last_combat(view, names),
        "encounter": _encounter(view, choices),
        "factory_offer": [
            dict(factory_card(c) or {}, item=choices.get("factory_card", c))
            for c in view.get("factory_offer", [])
        ],
        "factory_choosing": view["phase"] == "factory",
        "upgrade_grid": _grid(choices, "upgrade"),
        "enlist_grid": _grid(choices, "enlist"),
        "tile": _tile(view),
        "decks": {
            "combat": view["deck"],
            "encounters": view["encounters"],
            "objectives": view["objective_deck"],
            "factory": view["factory_cards"],
        },
        "frame": FRAME,
        "colours": esc(",".join(COLOURS[p["faction"]] for p in view["players"])),
        "seat": "" if seat is None else seat,
        "resources": ",".join(REF["resources"]),  # the order of the view's resource counts
    }
    html = {
        "mine": mine_html(view, infos.get(seat), choices) if seat is not None else "",
        "opponents": "".join(
            opponent_html(view, s, infos.get(s)) for s in view["order"] if s != seat
        ),
        "map": terrain_svg(factions) + pieces_svg(view, choices),
        "hex_list": _hex_list(choices),
        "triumphs": _triumphs(view, names),
    }
    sc.update({k: mark_safe(v) for k, v in html.items()})  # built by markup.py's rules
    sc["rest"] = choices.rest()
    return {"sc": sc}
