"""Scythe board context: the view reshaped for templates/games/scythe/board.html.

Pure Python (no database). The hex map is laid out from the axial coordinates of the engine's
map data (pointy-top hexes); rivers are drawn on the shared edge of two hexes the data lists as
river-separated. Each legal action of the viewer is attached to what it acts on: a hex (move
destinations, placements, produce, deploy, build, fights), a mat section or top box, a dial
value, a combat card, an encounter option or a Factory card. A hex with one choice is clickable
as a whole; a hex with several gets small clickable chips (and a list under the map).
"""

from __future__ import annotations

from typing import Any

from games.scythe.data import ENCOUNTERS, HEXES, STRUCTURE_TILES, TOP_BOXES

from .hexmap import FRAME, hex_targets, map_pieces, terrain_svg, unit_hex_now, unit_name
from .mats import player
from .words import GRANT_TEXT, PHASES, TILE_TEXT, factory_card, gains

Item = dict[str, Any]


def other_targets(legal: list[Item]) -> dict[tuple[Any, ...], Item]:
    """Mat sections, top boxes, paid bottom actions, dial, cards, encounter, Factory."""
    keys: dict[tuple[Any, ...], Item] = {}
    for item in legal:
        a = item["action"]
        kind = a["type"]
        if kind == "section":
            key: tuple[Any, ...] = ("section", a["n"])
        elif kind in ("move", "gain", "produce", "skip", "commit", "end_move", "end_turn"):
            key = (kind,)
        elif kind in ("bolster", "trade"):
            key = (kind, a["gain"])
        elif kind == "pay":
            key = ("pay", a["action"])
        elif kind == "dial":
            key = ("dial", a["power"])
        elif kind == "card":
            key = ("card", a["value"])
        elif kind == "encounter":
            key = ("encounter", a["option"])
        elif kind == "factory_card":
            key = ("factory_card", a["card"])
        elif kind == "factory_top":
            key = ("factory_top", a.get("choice"))
        elif kind == "factory_move":
            key = ("factory_move",)
        elif kind == "reveal":
            key = ("reveal", a["card"])
        elif kind == "upgrade":
            key = ("upgrade", a["top"], a["bottom"])
        elif kind == "enlist":
            key = ("enlist", a["section"], a["bonus"])
        else:
            continue
        keys.setdefault(key, item)
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
        if ctx.get("fixed"):
            text += f" on {ctx['fixed']}"
        return text
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
    return {"hex": combat["hex"], "sides": sides, "dials": dials, "hand": hand,
            "commit": keys.get(("commit",))}  # fmt: skip


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
    if not enc or view["phase"] not in ("encounter", "grant"):
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
        for i, o in enumerate(ENCOUNTERS[enc["card"]])
    ]
    return {"card": enc["card"], "hex": enc["hex"], "options": options}


def _tile(view: dict[str, Any]) -> dict[str, Any]:
    tiers = [
        {"range": f"{lo}" if lo == hi else f"{lo}–{hi}", "coins": coins}
        for lo, hi, coins in STRUCTURE_TILES[view["tile"]]
    ]
    return {"name": view["tile"], "text": TILE_TEXT.get(view["tile"], view["tile"]), "tiers": tiers}


BOTTOMS = ("upgrade", "deploy", "build", "enlist")
FINISHERS = ("end_move", "done", "end_turn")


TRIUMPHS = (
    ("upgrades", "all 6 upgrades"),
    ("mechs", "all 4 mechs"),
    ("structures", "all 4 structures"),
    ("recruits", "all 4 recruits"),
    ("workers", "all 8 workers"),
    ("objective", "an objective"),
    ("combat", "a combat won"),
    ("popularity", "18 popularity"),
    ("power", "16 power"),
)


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
    cols = list(BOTTOMS) if kind == "upgrade" else ["power", "coins", "popularity", "cards"]
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
            },  # fmt: skip
        }
    }
