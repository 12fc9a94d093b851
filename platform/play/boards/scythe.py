"""Scythe board context: the view reshaped for templates/games/scythe/board.html.

Pure Python (no database). The hex map is laid out from the axial coordinates of the engine's
map data (pointy-top hexes); rivers are drawn on the shared edge of two hexes the data lists as
river-separated. Each legal action of the viewer is attached to what it acts on: a hex (move
destinations, placements, produce, deploy, build, fights), a mat section or top box, a dial
value, a combat card, an encounter option or a Factory card. A hex with one choice is clickable
as a whole; a hex with several gets small clickable chips (and a list under the map).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from django.utils.html import escape
from django.utils.safestring import mark_safe

from games.scythe.data import (
    ENCOUNTERS,
    FACTIONS,
    FACTORY_CARDS,
    FACTORY_HEX,
    HEXES,
    MATS,
    OBJECTIVES,
    STRUCTURE_TILES,
    TOP_BOXES,
)

Item = dict[str, Any]
SIZE = 40.0  # hex radius in SVG units
ROOT3 = math.sqrt(3)
COLOURS = {
    "nordic": "#3b6fb6",
    "rusviet": "#b8322a",
    "crimea": "#e3b82a",
    "saxony": "#2b2b2b",
    "polania": "#f2f2f2",
    "albion": "#3f8f4f",
    "togawa": "#7a4e9a",
}
INK = {"crimea": "#222", "polania": "#222"}  # text on light faction colours
RES_NAMES = ("food", "wood", "metal", "oil")
RES_SHORT = {"food": "F", "wood": "W", "metal": "M", "oil": "O"}
STRUCT_SHORT = {"monument": "Mo", "mill": "Mi", "mine": "Mn", "armory": "Ar"}
TOP_TITLES = {
    "move_gain": "Move / Gain",
    "bolster": "Bolster",
    "trade": "Trade",
    "produce": "Produce",
}
TOP_TEXT = {
    "move": "move {} units",
    "gain": "gain {} coins",
    "power": "+{} power",
    "cards": "+{} combat cards",
    "popularity": "+{} popularity",
    "produce": "produce on {} territories",
}
PHASES = {
    "section": "choosing a section of the player mat",
    "top": "choosing the top-row action",
    "move": "moving",
    "grant": "placing what the action gave",
    "combat_pick": "choosing which combat to fight first",
    "combat": "combat: both sides choose in secret",
    "encounter": "resolving an encounter",
    "factory": "choosing a Factory card",
    "bottom": "choosing the bottom-row action",
    "end": "may reveal an objective before ending the turn",
}
GRANT_TEXT = {
    "pick": "Place a resource on a territory",
    "produce": "Produce: choose the territories",
    "upgrade": "Upgrade: move a technology cube",
    "deploy": "Deploy a mech",
    "build": "Build a structure",
    "enlist": "Enlist a recruit",
}
GAIN_WORDS = {
    "coins": "{} coins",
    "popularity": "{} popularity",
    "power": "{} power",
    "combat_cards": "{} combat card(s)",
    "cards": "{} combat card(s)",
    "food": "{} food",
    "wood": "{} wood",
    "metal": "{} metal",
    "oil": "{} oil",
    "gain_worker": "{} worker(s)",
    "resources_of_choice": "{} resources of your choice",
    "produce_territories": "produce on {} territories",
    "deploy_mech": "deploy a mech",
    "build_structure": "build a structure",
    "deploy": "deploy a mech",
    "build": "build a structure",
    "upgrade": "upgrade",
    "enlist": "enlist a recruit",
}
TILE_TEXT = {
    "adjacent_tunnels": "tunnels next to your structures",
    "adjacent_lakes": "lakes next to your structures",
    "adjacent_encounters": "encounter spaces next to your structures",
    "on_tunnels": "your structures on tunnels",
    "in_a_row": "your structures in a straight row",
    "on_farms_or_tundras": "your structures on farms or tundras",
}


# --- geometry ---------------------------------------------------------------------------------


def centre(hex_id: str) -> tuple[float, float]:
    d = HEXES[hex_id]
    return round(SIZE * ROOT3 * (d["q"] + d["r"] / 2), 1), SIZE * 1.5 * d["r"]


def corners(x: float, y: float, size: float = SIZE) -> str:
    points = []
    for i in range(6):
        angle = math.radians(60 * i - 30)
        points.append(f"{x + size * math.cos(angle):.1f},{y + size * math.sin(angle):.1f}")
    return " ".join(points)


def shared_edge(a: str, b: str) -> tuple[float, float, float, float]:
    """The border between two touching hexes: perpendicular to the line of centres."""
    (ax, ay), (bx, by) = centre(a), centre(b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy)
    px, py = -dy / length * SIZE / 2, dx / length * SIZE / 2
    return mx - px, my - py, mx + px, my + py


def _frame() -> dict[str, float]:
    xs = [centre(h)[0] for h in HEXES]
    ys = [centre(h)[1] for h in HEXES]
    pad = SIZE + 6
    return {"x": min(xs) - pad, "y": min(ys) - pad, "w": max(xs) - min(xs) + 2 * pad,
            "h": max(ys) - min(ys) + 2 * pad}  # fmt: skip


FRAME = _frame()
RIVERS = sorted({tuple(sorted((a, b))) for a, d in HEXES.items() for b in d.get("river", ())})
RIVER_LINES = [
    dict(zip(("x1", "y1", "x2", "y2"), shared_edge(a, b), strict=True)) for a, b in RIVERS
]


# --- legal actions attached to things ----------------------------------------------------------


def _unit_start(p: dict[str, Any], unit: str) -> str | None:
    if unit == "char":
        return str(p["char"])
    index = int(unit[1:])
    return p["mechs"][index] if unit[0] == "m" else p["workers"][index]  # type: ignore[no-any-return]


def _unit_name(p: dict[str, Any], unit: str) -> str:
    if unit == "char":
        return "Character"
    if unit[0] == "m":
        return f"Mech ({FACTIONS[p['faction']]['mechs'][int(unit[1:])]})"
    return "Worker"


def _hex_choice(a: dict[str, Any], me: dict[str, Any] | None) -> tuple[str, str, str, str] | None:
    """(hex, group, chip text, short label) of an action that targets a hex, else None."""
    kind = a["type"]
    if kind == "step" and me is not None:
        unit = a["unit"]
        start = _unit_start(me, unit)
        group = f"w@{start}" if unit[0] == "w" else unit
        text = f"{_unit_name(me, unit)} from {start}"
        if a["workers"]:
            text += f" with {a['workers']} worker(s)"
        if a["carry"]:
            text += " and the resources"
        chip = "C" if unit == "char" else ("M" + str(int(unit[1:]) + 1) if unit[0] == "m" else "W")
        return a["to"], group, chip, text
    if kind == "place":
        return a["hex"], a["res"], RES_SHORT[a["res"]], f"Place 1 {a['res']}"
    if kind == "produce_at":
        return a["hex"], "produce", "P", "Produce here"
    if kind == "fight":
        return a["hex"], "fight", "⚔", "Fight here"
    if kind == "build":
        return a["hex"], a["kind"], STRUCT_SHORT[a["kind"]], f"Build the {a['kind']}"
    if kind == "deploy" and me is not None:
        name = FACTIONS[me["faction"]]["mechs"][a["mech"]]
        return a["hex"], f"m{a['mech']}", f"M{a['mech'] + 1}", f"Deploy the {name} mech"
    return None


def _preference(a: dict[str, Any]) -> tuple[int, int]:
    """Within one group, the choice a click on the hex makes: the most workers, resources too."""
    return (-int(a.get("workers", 0)), 0 if a.get("carry") else 1)


def hex_targets(legal: list[Item], me: dict[str, Any] | None) -> dict[str, list[dict[str, Any]]]:
    """hex -> choices, one per group (e.g. one per unit for a move), preferred variant first;
    the other variants are kept as `more` for the list under the map."""
    found: dict[str, dict[str, dict[str, Any]]] = {}
    for item in legal:
        choice = _hex_choice(item["action"], me)
        if choice is None:
            continue
        hex_id, group, chip, text = choice
        style = (
            f"sc-res-{group}" if group in RES_NAMES else ("sc-fight" if group == "fight" else "")
        )
        entry: dict[str, Any] = {
            "item": item,
            "chip": chip,
            "text": text,
            "more": [],
            "style": style,
        }
        groups = found.setdefault(hex_id, {})
        if group not in groups:
            groups[group] = entry
        elif _preference(item["action"]) < _preference(groups[group]["item"]["action"]):
            entry["more"] = [groups[group], *groups[group]["more"]]
            groups[group] = entry
        elif all(e["text"] != text for e in (groups[group], *groups[group]["more"])):
            groups[group]["more"].append(entry)  # a twin (another worker there) is left out
    return {h: list(g.values()) for h, g in found.items()}


def _other_targets(legal: list[Item]) -> dict[tuple[Any, ...], Item]:
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


# --- the map -----------------------------------------------------------------------------------


def _occupants(view: dict[str, Any]) -> dict[str, dict[int, list[int]]]:
    occ: dict[str, dict[int, list[int]]] = {}
    for seat, p in enumerate(view["players"]):
        for kind, hexes in ((0, [p["char"]]), (1, p["mechs"]), (2, p["workers"])):
            for h in hexes:
                if h is not None:
                    occ.setdefault(h, {}).setdefault(seat, [0, 0, 0])[kind] += 1
    return occ


def _units(view: dict[str, Any], here: dict[int, list[int]], x: float, y: float) -> list[Any]:
    """Tokens of each seat on a hex: one row per seat, character, mechs, workers."""
    out = []
    rows = sorted(here.items())
    for r, (seat, (chars, mechs, workers)) in enumerate(rows):
        faction = view["players"][seat]["faction"]
        tokens = [("char", 1)] * chars + ([("mech", mechs)] if mechs else [])
        tokens += [("worker", workers)] if workers else []
        row_y = y - 12 + r * 19 - (len(rows) - 1) * 9
        for i, (kind, count) in enumerate(tokens):
            out.append(
                {
                    "kind": kind,
                    "count": count,
                    "x": round(x + (i - (len(tokens) - 1) / 2) * 20, 1),
                    "y": row_y,
                    "x0": round(x + (i - (len(tokens) - 1) / 2) * 20 - 8, 1),
                    "y0": row_y - 8,
                    "fill": COLOURS[faction],
                    "ink": INK.get(faction, "#fff"),
                    "letter": faction[0].upper(),
                    "faction": faction,
                }
            )
    return out


def _resources(counts: list[int] | None, x: float, y: float) -> list[Any]:
    kinds = [(RES_NAMES[i], n) for i, n in enumerate(counts or ()) if n]
    out = []
    for i, (name, n) in enumerate(kinds):
        rx = round(x + (i - (len(kinds) - 1) / 2) * 17, 1)
        out.append({"name": name, "count": n, "x": rx - 7, "y": y + 10, "tx": rx, "ty": y + 17})
    return out


def _chips(choices: list[dict[str, Any]], x: float, y: float) -> list[Any]:
    if len(choices) < 2:
        return []
    per_row = 4
    out = []
    for i, choice in enumerate(choices[:8]):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(choices) - row * per_row)
        cx = round(x + (col - (in_row - 1) / 2) * 21, 1)
        cy = y - 2 + row * 21
        out.append(dict(choice, x=cx - 9.5, y=cy - 9.5, tx=cx, ty=cy))
    return out


@lru_cache(maxsize=64)
def terrain_svg(factions: tuple[str, ...]) -> str:
    """The printed board, the same for every view of a table: hexes, home bases (the unused
    ones faded), the Factory, tunnels, hex ids and rivers. Built once per set of factions."""
    parts = []
    for hex_id, d in HEXES.items():
        x, y = centre(hex_id)
        terrain = d["terrain"]
        home = d.get("home")
        title = f"{home.capitalize()} home base" if home else terrain
        title += " · tunnel" if d["tunnel"] else ""
        cls = f"sc-t-{terrain}" + (" sc-unused" if home and home not in factions else "")
        style = f' style="fill: {COLOURS[home]}"' if home else ""
        parts.append(
            f'<g class="sc-hex" data-hex="{hex_id}"><title>{hex_id} · {escape(title)}</title>'
            f'<polygon class="{cls}" points="{corners(x, y)}"{style}/>'
        )
        if home:
            parts.append(f'<text class="sc-label" x="{x}" y="{y + 22}">{home.upper()}</text>')
        if hex_id == FACTORY_HEX:
            parts.append(
                f'<text class="sc-label sc-factory-label" x="{x}" y="{y - 20}">FACTORY</text>'
            )
        if d["tunnel"]:
            parts.append(
                f'<path class="sc-tunnel" d="M{x - 26:.1f},{y - 12:.1f} a 6 6 0 0 1 12 0"/>'
            )
        parts.append(f'<text class="sc-hexid" x="{x}" y="{y + 31}">{hex_id}</text></g>')
    river = '<line class="sc-river" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>'
    parts += [river.format(**line) for line in RIVER_LINES]
    return mark_safe("".join(parts))  # built from the map data only


def _structure(view: dict[str, Any], struct: list[Any] | None) -> dict[str, Any] | None:
    if not struct:
        return None
    owner = view["players"][struct[0]]["faction"]
    kind = struct[1]
    return {"kind": kind, "short": STRUCT_SHORT[kind], "fill": COLOURS[owner],
            "ink": INK.get(owner, "#fff")}  # fmt: skip


def map_pieces(view: dict[str, Any], targets: dict[str, list[Any]]) -> list[dict[str, Any]]:
    """What lies on the board now, hex by hex (only hexes with something to draw)."""
    occ = _occupants(view)
    tokens = set(view["tokens"])
    structs = view["structs"]
    fighting = (view["ctx"].get("combat") or {}).get("hex")
    busy = set(occ) | tokens | set(structs) | set(view["res"]) | set(targets)
    out = []
    for hex_id in sorted(h for h in busy if h in HEXES):
        x, y = centre(hex_id)
        choices = targets.get(hex_id, [])
        out.append(
            {
                "id": hex_id,
                "x": x,
                "y": y,
                "enc_x": round(x + 20, 1),
                "enc_y": y - 18,
                "struct_x": round(x - 11, 1),
                "struct_y": y - 36,
                "struct_ty": y - 29.5,
                "encounter": hex_id in tokens,
                "structure": _structure(view, structs.get(hex_id)),
                "units": _units(view, occ.get(hex_id, {}), x, y),
                "resources": _resources(view["res"].get(hex_id), x, y),
                "target": bool(choices),
                "fighting": hex_id == fighting,
                "ring": corners(x, y, SIZE - 3) if choices or hex_id == fighting else "",
                "points": corners(x, y) if len(choices) == 1 else "",
                "item": choices[0]["item"] if len(choices) == 1 else None,
                "choice": choices[0]["text"] if len(choices) == 1 else "",
                "chips": _chips(choices, x, y),
            }
        )
    return out


# --- player mats ------------------------------------------------------------------------------


def _top_boxes(p: dict[str, Any], top: str, keys: dict[tuple[Any, ...], Item]) -> list[Any]:
    names = {"move_gain": ("move", "gain"), "bolster": ("power", "cards"),
             "trade": ("popularity",), "produce": ("produce",)}[top]  # fmt: skip
    actions = {"move": ("move",), "gain": ("gain",), "power": ("bolster", "power"),
               "cards": ("bolster", "cards"), "popularity": ("trade", "popularity"),
               "produce": ("produce",)}  # fmt: skip
    boxes = []
    for name in names:
        value = TOP_BOXES[name][1 if name in p["up"] else 0]
        boxes.append(
            {
                "name": name,
                "text": TOP_TEXT[name].format(value),
                "upgraded": name in p["up"],
                "item": keys.get(actions[name]),
            }  # fmt: skip
        )
    if top == "trade":
        boxes.append({"name": "resources", "text": "2 resources", "upgraded": False,
                      "item": keys.get(("trade", "resources"))})  # fmt: skip
    return boxes


def _sections(p: dict[str, Any], keys: dict[tuple[Any, ...], Item], mine: bool) -> list[Any]:
    out = []
    for n, sec in enumerate(MATS[p["mat"]]["sections"]):
        bottom = sec["bottom"]
        cubes = p["cubes"][("upgrade", "deploy", "build", "enlist").index(bottom)]
        recruit = p["recruits"].get(bottom)
        out.append(
            {
                "n": n,
                "top": TOP_TITLES[sec["top"]],
                "boxes": _top_boxes(p, sec["top"], keys if mine else {}),
                "bottom": bottom,
                "cost": sec["cost"] - cubes,
                "resource": {
                    "upgrade": "oil",
                    "deploy": "metal",
                    "build": "wood",
                    "enlist": "food",
                }[bottom],  # fmt: skip
                "slots": sec["cost"] - sec["min_cost"] - cubes,
                "cubes": cubes,
                "coins": sec["coins"],
                "recruit": _gains(sec["recruit"]),
                "enlisted": recruit,
                "structure": sec["structure"],
                "built": p["built"].get(sec["structure"]),
                "last": p["last"] == n,
                "item": keys.get(("section", n)) if mine else None,
                "pay": keys.get(("pay", bottom)) if mine else None,
            }
        )
    return out


def _gains(spec: dict[str, Any]) -> str:
    parts = []
    for what, amount in spec.items():
        if what == "choose_one":
            parts.append(" or ".join(GAIN_WORDS.get(c, c).format(1) for c in amount))
        else:
            parts.append(GAIN_WORDS.get(what, what + " {}").format(amount))
    return ", ".join(parts) or "nothing"


def _factory_card(number: int | None) -> dict[str, Any] | None:
    if number is None:
        return None
    card = FACTORY_CARDS[number]
    return {"number": number, "cost": _gains(card["cost"]), "gain": _gains(card["gain"])}


def _player(view: dict[str, Any], seat: int, info: Any, keys: Any) -> dict[str, Any]:
    p = view["players"][seat]
    faction = p["faction"]
    mine = seat == view["seat"]
    mechs = FACTIONS[faction]["mechs"]
    stars = [{"name": k, "count": v} for k, v in sorted(p["stars"].items())]
    return {
        "seat": seat,
        "name": info["name"] if info else f"Player {seat + 1}",
        "is_bot": bool(info and info.get("is_bot")),
        "active": view["turn"] == seat and not view["over"],
        "mine": mine,
        "faction": faction,
        "faction_title": faction.capitalize(),
        "ability": FACTIONS[faction]["ability"],
        "colour": COLOURS[faction],
        "ink": INK.get(faction, "#fff"),
        "mat": f"{MATS[p['mat']]['name']} ({MATS[p['mat']]['number']})",
        "power": p["power"],
        "pop": p["pop"],
        "coins": p["coins"],
        "cards": p["cards"],
        "hand": p.get("hand"),
        "objectives": [
            {"name": OBJECTIVES[o]["name"], "item": keys.get(("reveal", o))} for o in p["objs"]
        ]
        if "objs" in p
        else None,
        "objective_count": p["objectives"],
        "revealed": [OBJECTIVES[o]["name"] for o in p["revealed"]],
        "stars": stars,
        "star_total": sum(p["stars"].values()),
        "workers_out": len(p["workers"]),
        "mechs": [{"name": name, "hex": p["mechs"][i]} for i, name in enumerate(mechs)],
        "sections": _sections(p, keys, mine),
        "fcard": _factory_card(p["fcard"]),
        "fcard_item": keys.get(("section", 4)) if mine else None,
        "fcard_tops": [
            {"text": GAIN_WORDS.get(k[1] or "", "use it"), "item": item}
            for k, item in keys.items()
            if k[0] == "factory_top"
        ]
        if mine
        else [],
        "fcard_move": keys.get(("factory_move",)) if mine else None,
        "fcard_last": p["last"] == 4,
        "upgrades": len(p["up"]),
    }


# --- what is going on now ----------------------------------------------------------------------


def _prompt(view: dict[str, Any]) -> str:
    ctx = view["ctx"]
    phase = view["phase"]
    if phase == "move" and "move" in ctx:
        move = ctx["move"]
        return f"Move: {move['left']} unit(s) left to move, up to {move['reach']} hex(es) each"
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
    options = [
        {
            "n": i + 1,
            "cost": _gains(o["cost"]),
            "gain": _gains(o["gain"]),
            "taken": i + 1 in enc["taken"],
            "item": keys.get(("encounter", i + 1)),
        }  # fmt: skip
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
    keys = _other_targets(legal)
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
            "players": [_player(view, s, infos.get(s), keys) for s in view["order"]],
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
                dict(_factory_card(c) or {}, item=keys.get(("factory_card", c)))
                for c in view.get("factory_offer", [])
            ],
            "factory_choosing": view["phase"] == "factory",
            "hex_list": hex_list,
            "top_skip": keys.get(("skip",)),
            "finish": [i for i in legal if i["action"]["type"] in FINISHERS],
            "upgrade_grid": _grid(keys, "upgrade"),
            "enlist_grid": _grid(keys, "enlist"),
            "tile": _tile(view),
            "decks": {
                "combat": view["deck"],
                "encounters": view["encounters"],
                "objectives": view["objective_deck"],
                "factory": view["factory_cards"],
            },  # fmt: skip
        }
    }
