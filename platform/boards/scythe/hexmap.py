"""Scythe board: the hex map laid out from the axial coordinates of the engine's map data
(pointy-top hexes), rivers on the shared edge of river-separated hexes, and the pieces on it.

Drawn as SVG text from Python (markup.py says why). Layers, bottom up: the printed board (the
same for every view of a table, built once per set of factions), the hit areas of hexes with
exactly one legal choice, the pieces (the viewer's movable units carry `data-part` for board.js:
click a unit, then a hex), the rings around hexes that are choices now."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from boards.language import language, say

from .choices import Choices
from .markup import esc, legal, n, parts, tip
from .names import faction_name
from .reference import FACTIONS, FACTORY_HEX, HEXES, hex_name, place
from .words import (
    COLOURS,
    GAIN_WORDS,
    INK,
    RES_NAMES,
    STRUCT_SHORT,
    STRUCTURE_HELP,
    SYMBOL_HELP,
    TERRAIN_HELP,
)

SIZE = 40.0  # hex radius in SVG units
ROOT3 = math.sqrt(3)


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


def _frame() -> dict[str, str]:
    xs = [centre(h)[0] for h in HEXES]
    ys = [centre(h)[1] for h in HEXES]
    pad = SIZE + 6
    left, top = min(xs) - pad, min(ys) - pad
    return {"x": n(left), "y": n(top), "w": n(max(xs) + pad - left), "h": n(max(ys) + pad - top)}


FRAME = _frame()
RIVERS = sorted({tuple(sorted((a, b))) for a, d in HEXES.items() for b in d.get("river", ())})
RIVER_LINES = [shared_edge(a, b) for a, b in RIVERS]
CENTRES = {h: centre(h) for h in HEXES}
OUTLINES = {h: corners(*CENTRES[h]) for h in HEXES}
RINGS = {h: corners(*CENTRES[h], SIZE - 3) for h in HEXES}


# --- the printed board ------------------------------------------------------------------------


def hex_title(hex_id: str) -> str:
    """A hex's tooltip: its name and coordinate, what its terrain does, its tunnel."""
    d = HEXES[hex_id]
    terrain = "factory" if hex_id == FACTORY_HEX else d["terrain"]
    text = f"{place(hex_id)}. {say(TERRAIN_HELP[terrain]) if terrain in TERRAIN_HELP else ''}"
    if d.get("home"):
        base = say("{faction} base ({hex}).", faction=faction_name(d["home"]), hex=hex_id)
        text = f"{base} {say(TERRAIN_HELP['home_base'])}"
    if d["tunnel"]:
        text += f" {say(SYMBOL_HELP['tunnel'])}"
    return text


# Each terrain's texture as an SVG pattern (the legend shows the same): farm rows, forest
# trees, mountain peaks, tundra tufts, village roofs, lake waves. Dark ink at low opacity keeps
# the colours and the labels over them readable.
PATTERNS = {
    "farm": '<path d="M0 4h16M0 12h16" stroke-width="1.6"/>',
    "forest": '<path d="M4 13l4-9 4 9z"/>',
    "mountain": '<path d="M1 14l5-9 4 6 2-3 4 6" fill="none" stroke-width="1.6"/>',
    "tundra": '<path d="M3 12v-4M6 12v-6M9 12v-4M11 5h3" fill="none" stroke-width="1.4"/>',
    "village": '<path d="M3 14v-5l4-4 4 4v5z"/>',
    "lake": '<path d="M0 6q4-4 8 0t8 0M0 13q4-4 8 0t8 0" fill="none" stroke-width="1.5"/>',
}
PATTERN_DEFS = (
    "<defs>"
    + "".join(
        f'<pattern id="sc-p-{name}" class="sc-pat" width="16" height="16"'
        f' patternUnits="userSpaceOnUse">{shape}</pattern>'
        for name, shape in PATTERNS.items()
    )
    + "</defs>"
)


def terrain_svg(factions: tuple[str, ...]) -> str:
    """Hexes, home bases (the unused ones faded), the Factory, tunnels, coordinates and rivers:
    the same for every view of a table, built once per set of factions and language."""
    return _terrain_svg(factions, language())


@lru_cache(maxsize=64)
def _terrain_svg(factions: tuple[str, ...], lang: str) -> str:
    parts_ = [PATTERN_DEFS]
    for hex_id, d in HEXES.items():
        x, y = CENTRES[hex_id]
        home = d.get("home")
        cls = f"sc-t-{d['terrain']}" + (" sc-unused" if home and home not in factions else "")
        style = f' style="fill: {COLOURS[home]}"' if home else ""
        parts_.append(
            f'<g class="sc-hex" data-hex="{hex_id}" data-name="{esc(hex_name(hex_id))}">'
            f"<title>{esc(hex_title(hex_id))}</title>"
            f'<polygon class="{cls}" points="{OUTLINES[hex_id]}"{style}/>'
        )
        if d["terrain"] in PATTERNS:  # the terrain reads without colour vision too
            outline = "M" + OUTLINES[hex_id].replace(" ", " L") + "Z"  # a path: not a hex shape
            parts_.append(
                f'<path class="sc-pattern" d="{outline}" fill="url(#sc-p-{d["terrain"]})"/>'
            )
        if home:
            label = esc(faction_name(home).upper())
            parts_.append(f'<text class="sc-label" x="{x}" y="{y + 17}">{label}</text>')
        if hex_id == FACTORY_HEX:
            label = esc(say("Factory").upper())
            parts_.append(
                f'<text class="sc-label sc-factory-label" x="{x}" y="{y - 20}">{label}</text>'
            )
        if d["tunnel"]:
            parts_.append(
                f'<path class="sc-tunnel" d="M{x - 26:.1f},{y - 12:.1f} a 6 6 0 0 1 12 0"/>'
            )
        parts_.append(f'<text class="sc-hexid" x="{x}" y="{y + 31.5}">{hex_id}</text></g>')
    for x1, y1, x2, y2 in RIVER_LINES:
        parts_.append(
            f'<line class="sc-river" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}">'
            f"<title>{esc(say(SYMBOL_HELP['river']))}</title></line>"
        )
    return "".join(parts_)


# --- units ------------------------------------------------------------------------------------


def unit_name(p: dict[str, Any], unit: str) -> str:
    if unit == "char":
        return say("Character")
    if unit[0] == "m":
        name = say(FACTIONS[p["faction"]]["mechs"][int(unit[1:])])
        return say("Mech {n} ({name})", n=int(unit[1:]) + 1, name=name)
    return say("Worker")


def _occupants(view: dict[str, Any]) -> dict[str, dict[int, dict[str, list[str]]]]:
    """hex -> seat -> kind -> the unit ids there (`char`, `m0`, `w3`)."""
    occ: dict[str, dict[int, dict[str, list[str]]]] = {}
    for seat, p in enumerate(view["players"]):
        units = [("char", "char", p["char"])]
        units += [("mech", f"m{i}", h) for i, h in enumerate(p["mechs"])]
        units += [("worker", f"w{i}", h) for i, h in enumerate(p["workers"])]
        for kind, unit, h in units:
            if h is not None:
                kinds = occ.setdefault(h, {}).setdefault(seat, {})
                kinds.setdefault(kind, []).append(unit)
    return occ


def _token(kind: str, x: float, y: float, fill: str, ink: str, label: str) -> str:
    style = f' style="fill: {fill}"'
    text = f'<text x="{n(x)}" y="{n(y)}" style="fill: {ink}">{label}</text>'
    if kind == "char":
        return f'<circle cx="{n(x)}" cy="{n(y)}" r="9"{style}/>{text}'
    if kind == "mech":
        return f'<rect x="{n(x - 8)}" y="{n(y - 8)}" width="16" height="16" rx="2"{style}/>{text}'
    return f'<circle cx="{n(x)}" cy="{n(y)}" r="7.5"{style}/>{text}'


def _unit_title(p: dict[str, Any], kind: str, units: list[str], where: str) -> str:
    faction = faction_name(p["faction"])
    if kind == "char":
        what = say("{faction} character", faction=faction)
    elif kind == "mech":
        names = ", ".join(say(FACTIONS[p["faction"]]["mechs"][int(u[1:])]) for u in units)
        what = say("{faction} mech × {n}: {names}", faction=faction, n=len(units), names=names)
    else:
        what = say("{faction} worker × {n}", faction=faction, n=len(units))
    said = say("{what} on {where}.", what=what, where=where)
    return f"{said} {say(SYMBOL_HELP['character' if kind == 'char' else kind])}"


def _units(view: dict[str, Any], hex_id: str, here: Any, steps: dict[str, Any]) -> list[str]:
    """Tokens of each seat on a hex: one row per seat (character, mechs, workers); the viewer's
    units that may move now carry the step's fields for board.js."""
    x, y = CENTRES[hex_id]
    out = []
    rows = sorted(here.items())
    crowd = sum(len(kinds) for _seat, kinds in rows)  # tokens drawn on this hex
    for r, (seat, kinds) in enumerate(rows):
        p = view["players"][seat]
        fill, ink = COLOURS[p["faction"]], INK.get(p["faction"], "#fff")
        tokens = [(k, kinds[k]) for k in ("char", "mech", "worker") if k in kinds]
        row_y = y - 12 + r * 19 - (len(rows) - 1) * 9
        for i, (kind, units) in enumerate(tokens):
            ux = x + (i - (len(tokens) - 1) / 2) * 20
            label = "★" if kind == "char" else str(len(units))
            movable = [u for u in units if u in steps] if seat == view["seat"] else []
            title = tip(_unit_title(p, kind, units, place(hex_id)))
            pick = (
                parts([steps[u] for u in movable])
                + f' data-names="{esc("|".join(unit_name(p, u) for u in movable))}"'
                if movable
                else ""
            )
            # A movable unit's target, invisible: 22 units around a unit alone on its hex (44 px
            # once the phone's map is zoomed to its default), else up to its neighbours; on a
            # phone a crowded hex's targets grow to 44 px too (board.css), and a tap there asks
            # which of its units is meant (board.js).
            reach = 22 if crowd == 1 else 9.5
            crowded = " sc-tap-crowd" if crowd > 1 else ""
            hit = (
                f'<circle class="sc-tap{crowded}" cx="{n(ux)}" cy="{n(row_y)}" r="{reach}"/>'
                if movable
                else ""
            )
            # Every unit it stands for (board motion, static/js/match.js): a worker leaving a
            # stack glides from the stack's place, one joining a stack from its own.
            flip = " ".join(f"u{seat}-{u}" for u in units)
            out.append(
                f'<g class="sc-unit sc-{kind}{" sc-pick" if movable else ""}" data-flip="{flip}"'
                f"{pick}{title}>"
                f"{hit}{_token(kind, ux, row_y, fill, ink, label)}</g>"
            )
    return out


# --- what lies on the board ---------------------------------------------------------------------


def _resources(counts: list[int], x: float, y: float) -> list[str]:
    kinds = [(RES_NAMES[i], k) for i, k in enumerate(counts) if k]
    out = []
    for i, (name, count) in enumerate(kinds):
        rx = round(x + (i - (len(kinds) - 1) / 2) * 17, 1)
        out.append(
            f'<g class="sc-res sc-res-{name}"><title>{esc(say(GAIN_WORDS[name], n=count))}</title>'
            f'<rect x="{n(rx - 7)}" y="{n(y + 10)}" width="14" height="14" rx="2"/>'
            f'<text x="{n(rx)}" y="{n(y + 17)}">{count}</text></g>'
        )
    return out


def _structure(view: dict[str, Any], struct: list[Any], x: float, y: float) -> str:
    owner = view["players"][struct[0]]["faction"]
    kind = struct[1]
    title = f"{faction_name(owner)} {say(STRUCTURE_HELP[kind])} {say(SYMBOL_HELP['structure'])}"
    return (
        f'<g class="sc-structure"><title>{esc(title)}</title>'
        f'<rect x="{n(x - 13)}" y="{n(y - 37)}" width="26" height="15" rx="2" '
        f'style="fill: {COLOURS[owner]}"/><text x="{n(x)}" y="{n(y - 29.5)}" '
        f'style="fill: {INK.get(owner, "#fff")}">{esc(say(STRUCT_SHORT[kind]))}</text></g>'
    )


def _encounter(x: float, y: float) -> str:
    return (
        f'<g class="sc-encounter-token"><title>{esc(say(SYMBOL_HELP["encounter"]))}</title>'
        f'<circle cx="{n(x + 20)}" cy="{n(y - 18)}" r="7"/>'
        f'<text x="{n(x + 20)}" y="{n(y - 18)}">!</text></g>'
    )


def _steps(choices: Choices) -> dict[str, dict[str, Any]]:
    """unit -> the fields a click on it fixes, for the viewer's units that may step now."""
    return {
        item["action"]["unit"]: {"type": "step", "unit": item["action"]["unit"]}
        for item in choices.legal
        if item["action"]["type"] == "step"
    }


def pieces_svg(view: dict[str, Any], choices: Choices) -> str:
    """Hit areas, then pieces hex by hex, then rings: only hexes with something to draw."""
    occ = _occupants(view)
    steps = _steps(choices)
    tokens = set(view["tokens"])
    structs = view["structs"]
    fighting = (view["ctx"].get("combat") or {}).get("hex")
    hits, pieces, rings = [], [], []
    for hex_id, items in choices.by_hex.items():
        if len(items) == 1:
            hits.append(
                f'<polygon class="legal sc-hit" data-hex="{hex_id}" points="{OUTLINES[hex_id]}"'
                f"{legal(items[0])}/>"
            )
        # A territory of several choices: its ring names it, so the keyboard can choose it
        # (static/js/board-keys.js makes it a tab stop; a click on the map does the same).
        at = f' data-hex="{hex_id}"' if len(items) > 1 else ""
        rings.append(f'<polygon class="sc-ring"{at} points="{RINGS[hex_id]}"/>')
    if fighting:
        rings.append(f'<polygon class="sc-fight-hex" points="{RINGS[fighting]}"/>')
    busy = set(occ) | tokens | set(structs) | set(view["res"])
    for hex_id in sorted(h for h in busy if h in HEXES):
        x, y = CENTRES[hex_id]
        drawn = [f'<g class="sc-pieces" data-at="{hex_id}">']
        if hex_id in tokens:
            drawn.append(_encounter(x, y))
        if hex_id in structs:
            drawn.append(_structure(view, structs[hex_id], x, y))
        drawn += _units(view, hex_id, occ.get(hex_id, {}), steps)
        drawn += _resources(view["res"].get(hex_id) or [], x, y)
        drawn.append("</g>")
        pieces.append("".join(drawn))
    choices.on_map()
    return "".join(hits + pieces + rings)
