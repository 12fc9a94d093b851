"""Scythe board: the hex map laid out from the axial coordinates of the engine's map data
(pointy-top hexes), rivers on the shared edge of river-separated hexes, the pieces on it, and
the legal actions that target a hex (a hex with one choice is clickable as a whole; a hex with
several gets small clickable chips, and a list under the map)."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from django.utils.html import escape
from django.utils.safestring import mark_safe

from .reference import FACTIONS, FACTORY_HEX, HEXES, carry_words
from .words import COLOURS, INK, RES_NAMES, RES_SHORT, STRUCT_SHORT

Item = dict[str, Any]
SIZE = 40.0  # hex radius in SVG units
CHIP_TOP = 8.0  # choice chips start this far below a hex's centre (the units sit above)
ROOT3 = math.sqrt(3)


# --- geometry ---------------------------------------------------------------------------------


def n(value: float) -> str:
    """An SVG coordinate as text: rendered as is by the template (never localised, so never
    '12,5'), and cheaper than the template's number formatting."""
    return f"{value:.1f}"


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


def _frame() -> dict[str, str]:
    xs = [centre(h)[0] for h in HEXES]
    ys = [centre(h)[1] for h in HEXES]
    pad = SIZE + 6
    left, top = min(xs) - pad, min(ys) - pad
    return {"x": n(left), "y": n(top), "w": n(max(xs) + pad - left), "h": n(max(ys) + pad - top)}


FRAME = _frame()
RIVERS = sorted({tuple(sorted((a, b))) for a, d in HEXES.items() for b in d.get("river", ())})
RIVER_LINES = [
    dict(zip(("x1", "y1", "x2", "y2"), shared_edge(a, b), strict=True)) for a, b in RIVERS
]


# --- legal actions attached to things ----------------------------------------------------------


def unit_hex_now(p: dict[str, Any], unit: str) -> str | None:
    if unit == "char":
        return str(p["char"])
    index = int(unit[1:])
    return p["mechs"][index] if unit[0] == "m" else p["workers"][index]  # type: ignore[no-any-return]


def unit_name(p: dict[str, Any], unit: str) -> str:
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
        start = unit_hex_now(me, unit)
        group = f"w@{start}" if unit[0] == "w" else unit
        text = f"{unit_name(me, unit)} from {start}"
        if a["workers"]:
            text += f" with {a['workers']} worker(s)"
        if a["carry"] == "all":
            text += " and all the resources"
        elif a["carry"] != "none":
            text += f" and {carry_words(a['carry'])}"
        chip = "C" if unit == "char" else ("M" + str(int(unit[1:]) + 1) if unit[0] == "m" else "W")
        if unit[0] == "w" and start in HEXES:
            chip += _arrow(a["to"], start)  # several workers' hexes may lead to the same place
        return a["to"], group, chip, text
    if kind == "place":
        return a["hex"], a["res"], RES_SHORT[a["res"]], f"Place 1 {a['res']}"
    if kind == "produce_at":
        return a["hex"], "produce", "P", "Produce here"
    if kind == "pay_from":
        return a["hex"], "pay", "−1", "Pay 1 token from here"
    if kind == "fight":
        return a["hex"], "fight", "⚔", "Fight here"
    if kind == "build":
        return a["hex"], a["kind"], STRUCT_SHORT[a["kind"]], f"Build the {a['kind']}"
    if kind == "deploy" and me is not None:
        name = FACTIONS[me["faction"]]["mechs"][a["mech"]]
        return a["hex"], f"m{a['mech']}", f"M{a['mech'] + 1}", f"Deploy the {name} mech"
    return None


def _arrow(to: str, start: str) -> str:
    """Which way the unit comes from, seen from its destination (screen directions)."""
    (tx, ty), (sx, sy) = centre(to), centre(start)
    angle = math.degrees(math.atan2(ty - sy, sx - tx)) % 360  # y grows downwards on screen
    return "→↗↑↖←↙↓↘"[round(angle / 45) % 8]


def _preference(a: dict[str, Any]) -> tuple[int, int]:
    """Within one group, the choice a click on the hex makes: the most workers, resources too."""
    carry = a.get("carry", "none")
    return (-int(a.get("workers", 0)), 0 if carry == "all" else (2 if carry == "none" else 1))


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
                    "x": n(x + (i - (len(tokens) - 1) / 2) * 20),
                    "y": n(row_y),
                    "x0": n(x + (i - (len(tokens) - 1) / 2) * 20 - 8),
                    "y0": n(row_y - 8),
                    "fill": COLOURS[faction],
                    "ink": INK.get(faction, "#fff"),
                    "letter": faction[0].upper(),
                    "faction": faction,
                }
            )
    return out


def _resources(counts: list[int] | None, x: float, y: float) -> list[Any]:
    kinds = [(RES_NAMES[i], k) for i, k in enumerate(counts or ()) if k]
    out = []
    for i, (name, count) in enumerate(kinds):
        rx = round(x + (i - (len(kinds) - 1) / 2) * 17, 1)
        spot = {"x": n(rx - 7), "y": n(y + 10), "tx": n(rx), "ty": n(y + 17)}
        out.append({"name": name, "count": count, **spot})
    return out


def _chips(choices: list[dict[str, Any]], x: float, y: float) -> list[Any]:
    """Several choices on one hex: small chips in the hex's lower half, below the unit tokens
    (drawn from y - 21 to y + 7), so a marker never hides the workers it would move."""
    if len(choices) < 2:
        return []
    per_row = 4
    out = []
    for i, choice in enumerate(choices[:8]):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(choices) - row * per_row)
        cx = round(x + (col - (in_row - 1) / 2) * 21, 1)
        cy = y + CHIP_TOP + 9.5 + row * 20
        out.append(dict(choice, x=n(cx - 9.5), y=n(cy - 9.5), tx=n(cx), ty=n(cy)))
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
    ink = INK.get(owner, "#fff")
    return {"kind": kind, "short": STRUCT_SHORT[kind], "fill": COLOURS[owner], "ink": ink}


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
                "x": n(x),
                "enc_x": n(x + 20),
                "enc_y": n(y - 18),
                "struct_x": n(x - 11),
                "struct_y": n(y - 36),
                "struct_ty": n(y - 29.5),
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
