"""Scythe board context: the view reshaped for templates/games/scythe/board.html.

Pure Python (no database). It reads only the engine contract: the seat's view (which carries
control and the score so far), the legal actions and the game's `reference()` data
(reference.py). Each legal action of the viewer is attached to what it acts on: a hex
(hexmap.py: move destinations, placements, produce, deploy, build, fights), a mat section or
top box (mats.py), a dial value, a combat card, an encounter option, a Factory card, an
objective, an upgrade or enlist cell (here), so the template can make it clickable in place;
the site still lists every action as a button too.
"""

from __future__ import annotations

from typing import Any

from .hexmap import FRAME, hex_targets, map_pieces, terrain_svg, unit_hex_now, unit_name
from .mats import BOTTOMS, player
from .reference import HEXES, REF
from .words import GRANT_TEXT, PHASES, TILE_TEXT, TRIUMPHS, factory_card, gains

Item = dict[str, Any]
BOTTOM_RESOURCE: dict[str, str] = REF["bottom_resource"]
ENCOUNTERS: dict[str, list[dict[str, Any]]] = REF["encounters"]
STRUCTURE_TILES: dict[str, list[list[int]]] = REF["structure_tiles"]
TOP_BOXES: dict[str, list[int]] = REF["top_boxes"]
ENLIST_BONUSES: list[str] = REF["enlist_bonuses"]
KEY_FIELDS = {
    "section": ("n",),
    "move": (),
    "gain": (),
    "produce": (),
    "skip": (),
    "commit": (),
    "bolster": ("gain",),
    "trade": ("gain",),
    "pay": ("action",),
    "dial": ("power",),
    "card": ("value",),
    "encounter": ("option",),
    "factory_card": ("card",),
    "factory_top": ("choice",),
    "factory_move": (),
    "reveal": ("card",),
    "upgrade": ("top", "bottom"),
    "enlist": ("section", "bonus"),
}
# Drawn as buttons in the status bar: the ways out, and the one-off choices with no place on
# the map or a mat (an encounter benefit taken in part, Coercion, Artillery, a retreat).
FINISHERS = (
    "benefit",
    "coerce",
    "load",
    "artillery",
    "retreat",
    "end_move",
    "done",
    "end_turn",
)


def other_targets(legal: list[Item]) -> dict[tuple[Any, ...], Item]:
    """Choices drawn off the map (mat sections, top boxes, paid bottom actions, dial, cards,
    encounter options, Factory cards, objectives, upgrade and enlist cells), by a key of the
    action's type and the fields that tell its choices apart."""
    keys: dict[tuple[Any, ...], Item] = {}
    for item in legal:
        a = item["action"]
        fields = KEY_FIELDS.get(a["type"])
        if fields is not None:
            keys.setdefault((a["type"], *(a.get(f) for f in fields)), item)
    return keys


# --- what is going on now ----------------------------------------------------------------------


def _prompt(view: dict[str, Any]) -> str:
    ctx = view["ctx"]
    phase = view["phase"]
    if phase == "move" and "move" in ctx:
        move = ctx["move"]
        text = f"Move: {move['left']} unit(s) left to move, up to {move['reach']} hex(es) each"
        p = view["players"][view["turn"]]
        moved = [f"{unit_name(p, u)} to {unit_hex_now(p, u)}" for u in ctx["moved"]]
        return text + (f" (moved: {', '.join(moved)})" if moved else "")
    if phase == "grant" and ctx.get("queue"):
        head = ctx["queue"][0]
        text = GRANT_TEXT.get(head, head)
        if head == "pick":
            text += f" ({ctx['queue'].count('pick')} left)"
        produce = ctx.get("produce")
        if head == "produce" and produce:
            chosen = ", ".join(produce["chosen"]) or "none yet"
            text += f" (up to {produce['limit']}; chosen: {chosen})"
        if ctx.get("fixed"):
            text += f" on {ctx['fixed']}"
        return text
    if phase == "payment" and ctx.get("payment"):
        action = ctx["payment"]["action"]
        name = action["action"] if action["type"] == "pay" else action["type"]
        kind = BOTTOM_RESOURCE[name]
        return (
            f"{name.capitalize()}: pay {ctx['payment']['need']} more {kind} from territories "
            "you control (click a territory)"
        )
    if phase == "benefit" and ctx.get("enc", {}).get("gains"):
        what, amount = ctx["enc"]["gains"][0]
        return f"Encounter: take as much of {gains({what: amount})} as wanted"
    return PHASES.get(phase, phase)


def _combat(view: dict[str, Any], names: list[str], keys: Any) -> dict[str, Any] | None:
    combat = view["ctx"].get("combat")
    if not combat:
        return None
    sides = []
    for i, side in enumerate(combat["sides"]):
        p = view["players"][side["seat"]]
        sides.append(
            {
                "role": "attacker" if i == 0 else "defender",
                "name": names[side["seat"]],
                "faction": p["faction"].capitalize(),
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
        dials = [{"value": v, "item": keys.get(("dial", v))} for v in range(top + 1)]
    hand = []
    if mine is not None:
        left = list(view["players"][view["seat"]].get("hand", []))
        for c in mine["chosen"] or []:
            left.remove(c)
        hand = [{"value": v, "item": keys.get(("card", v))} for v in left]
    return {
        "hex": combat["hex"],
        "sides": sides,
        "dials": dials,
        "hand": hand,
        "commit": keys.get(("commit",)),
    }


def _last_combat(view: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
    last = view.get("last_combat") or view["ctx"].get("last_combat")
    if not last:
        return None
    return {
        "hex": last["hex"],
        "winner": names[last["winner"]],
        "loser": names[last["loser"]],
        "totals": last["totals"],
        "dials": last["dials"],
        "cards": last["cards"],
    }


def _encounter(view: dict[str, Any], keys: Any) -> dict[str, Any] | None:
    enc = view["ctx"].get("enc")
    if not enc or view["phase"] not in ("encounter", "benefit", "grant"):
        return None
    deciding = view["seat"] == view["turn"] and view["phase"] == "encounter"
    options = [
        {
            "n": i + 1,
            "cost": gains(o["cost"]),
            "gain": gains(o["gain"]),
            "taken": i + 1 in enc["taken"],
            "item": keys.get(("encounter", i + 1)),
            "closed": deciding and i + 1 not in enc["taken"] and ("encounter", i + 1) not in keys,
        }
        for i, o in enumerate(ENCOUNTERS[str(enc["card"])])
    ]
    return {"card": enc["card"], "hex": enc["hex"], "options": options}


def _tile(view: dict[str, Any]) -> dict[str, Any]:
    tiers = [
        {"range": f"{lo}" if lo == hi else f"{lo}–{hi}", "coins": coins}
        for lo, hi, coins in STRUCTURE_TILES[view["tile"]]
    ]
    return {"name": view["tile"], "text": TILE_TEXT.get(view["tile"], view["tile"]), "tiers": tiers}


def _triumphs(view: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """Scythe, Placing stars: who has placed which stars (combat: up to 2, Saxony more)."""
    seats = view["order"]
    rows = [
        {"name": text, "cells": ["★" * view["players"][s]["stars"].get(key, 0) for s in seats]}
        for key, text in TRIUMPHS
    ]
    return {"names": [names[s] for s in seats], "rows": rows}


def _grid(keys: dict[tuple[Any, ...], Item], kind: str) -> dict[str, Any] | None:
    """Upgrade (top box x bottom action) or enlist (bottom action x one-time bonus) choices as
    a table of clickable cells; None when there is no such choice now."""
    if not any(k[0] == kind for k in keys):
        return None
    rows = list(TOP_BOXES) if kind == "upgrade" else list(BOTTOMS)
    cols = list(BOTTOMS) if kind == "upgrade" else list(ENLIST_BONUSES)
    return {
        "cols": cols,
        "rows": [{"name": r, "cells": [keys.get((kind, r, c)) for c in cols]} for r in rows],
    }


def board_context(
    view: dict[str, Any], seat: int | None, legal: list[Any], players: list[Any]
) -> dict[str, Any]:
    infos = {p["seat"]: p for p in players}
    names = [
        infos[s]["name"] if s in infos else f"Player {s + 1}" for s in range(len(view["players"]))
    ]
    me = view["players"][seat] if seat is not None else None
    targets = hex_targets(legal, me)
    keys = other_targets(legal)
    turn = view["turn"]
    hex_list = [
        {"hex": h, "terrain": HEXES[h]["terrain"], "choices": choices}
        for h, choices in sorted(targets.items())
        if len(choices) > 1 or choices[0]["more"]
    ]
    return {
        "sc": {
            "frame": FRAME,
            "terrain": terrain_svg(tuple(sorted(p["faction"] for p in view["players"]))),
            "pieces": map_pieces(view, targets),
            "players": [player(view, s, infos.get(s), keys) for s in view["order"]],
            "turn_name": names[turn],
            "turn_faction": view["players"][turn]["faction"].capitalize(),
            "prompt": _prompt(view),
            "over": view["over"],
            "rounds": view["turns"] // max(1, len(view["order"])) + 1,
            "combat": _combat(view, names, keys),
            "last_combat": _last_combat(view, names),
            "fights": view["ctx"].get("fights") if view["phase"] == "combat_pick" else None,
            "encounter": _encounter(view, keys),
            "factory_offer": [
                dict(factory_card(c) or {}, item=keys.get(("factory_card", c)))
                for c in view.get("factory_offer", [])
            ],
            "factory_choosing": view["phase"] == "factory",
            "hex_list": hex_list,
            "top_skip": keys.get(("skip",)),
            "finish": [i for i in legal if i["action"]["type"] in FINISHERS],
            "upgrade_grid": _grid(keys, "upgrade"),
            "enlist_grid": _grid(keys, "enlist"),
            "tile": _tile(view),
            "triumphs": _triumphs(view, names),
            "decks": {
                "combat": view["deck"],
                "encounters": view["encounters"],
                "objectives": view["objective_deck"],
                "factory": view["factory_cards"],
            },
        }
    }
