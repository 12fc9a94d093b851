"""Dice City's picture for e-mails: the seat's city (5 dice rows by 6 columns, each location
in its type's colour, the dice where they lie, deactivated ones crossed), its stock, then the
display, the bandits and the trade ships, and one line per other player. Built from the
board's own context (boards/dicecity/__init__.py), so it says what the match page says."""

from __future__ import annotations

from typing import Any

from boards.language import say
from boards.picture import box, svg_document, text

from . import board_context

W, CELL_W, CELL_H, GAP = 640, 96, 40, 4
DIE = {"white": "#fff", "yellow": "#f2c94c", "red": "#d9534f", "blue": "#4a7fd4", "black": "#222"}
CSS = """
.pic-ground { fill: #fff; } text { font-family: 'DejaVu Sans'; font-size: 11px; fill: #222; }
.h { font-size: 14px; font-weight: bold; } .m { fill: #555; } .b { font-weight: bold; }
.c { text-anchor: middle; } .card { stroke: #0003; stroke-width: 1; }
.resource { fill: #d8ecd2; } .military { fill: #f3d3cf; } .economic { fill: #f6ebc2; }
.cultural { fill: #e6d9f0; } .civic { fill: #d4e3f3; } .off { fill: #ddd; }
.die { stroke: #111; stroke-width: 1; } .dn { font-weight: bold; font-size: 11px; }
.bandit { fill: #f3d3cf; stroke: #b55; } .shield { fill: #777; }
.ship { fill: #d4e3f3; stroke: #57a; }
"""


def drawing(
    view: dict[str, Any], seat: int | None, legal: list[Any], players: list[Any]
) -> tuple[str, dict[str, Any]]:
    """The picture and the words, from one board context (it is most of their cost)."""
    dc = board_context(view, seat, legal, players)["dc"]
    return _svg(dc), _words(dc)


def picture_svg(
    view: dict[str, Any], seat: int | None, legal: list[Any], players: list[Any]
) -> str:
    return _svg(board_context(view, seat, legal, players)["dc"])


def _svg(dc: dict[str, Any]) -> str:
    parts, y = [], 22.0
    me = dc["me"]
    if me:
        title = say("Your city") + f" · {me['name']} · " + say("{vp} VP", vp=me["score"]["total"])
        parts.append(text(8, y, title, "h"))
        parts += _city(me, y + 10)
        y += 10 + 5 * (CELL_H + GAP) + 16
        parts.append(text(8, y, _stock(me), "m"))
        y += 24
    parts.append(text(8, y, say("Display"), "h"))
    parts += _cards(dc["display"], y + 8)
    y += 8 + CELL_H + 22
    parts += _fights(dc, y)
    y += CELL_H + 8
    for p in dc["others"]:
        y += 18
        vp = say("{vp} VP", vp=p["score"]["total"])
        parts.append(text(8, y, f"{p['name']} · {vp} · {_stock(p)}", "", limit=100))
    return svg_document(W, y + 12, "".join(parts), CSS, raster="pillow")


def _city(p: dict[str, Any], top: float) -> list[str]:
    out = []
    for r, row in enumerate(p["rows"]):
        y = top + r * (CELL_H + GAP)
        out.append(
            f'<circle cx="14" cy="{y + CELL_H / 2:g}" r="7" class="die" '
            f'style="fill: {DIE.get(row["colour"], "#999")}"/>'
        )
        for c, cell in enumerate(row["cells"]):
            x = 28 + c * (CELL_W + GAP)
            out.append(
                box(x, y, CELL_W, CELL_H, "card " + ("off" if cell["off"] else cell["type"]))
            )
            out.append(text(x + 4, y + 15, cell["name"], "b", limit=14))
            vp = say("{vp} VP", vp=cell["vp"]) if cell["vp"] else ""
            note = "✕ " + say("off") if cell["off"] else vp
            out.append(text(x + 4, y + 31, note, "m"))
            if cell["die"]:
                out.append(_die(x + CELL_W - 12, y + 12, cell["die"], cell["col"]))
    return out


def _die(x: float, y: float, colour: str, number: int) -> str:
    ink = "#fff" if colour in ("black", "blue", "red") else "#111"
    return (
        f'<rect x="{x - 9:g}" y="{y - 9:g}" width="18" height="18" rx="3" class="die" '
        f'style="fill: {DIE.get(colour, "#999")}"/><text x="{x:g}" y="{y + 4:g}" class="c dn" '
        f'style="fill: {ink}">{number}</text>'
    )


def _cards(cards: list[dict[str, Any]], top: float) -> list[str]:
    out, w = [], (W - 16 - 7 * GAP) / 8
    for i, card in enumerate(cards):
        x = 8 + i * (w + GAP)
        out.append(box(x, top, w, CELL_H, "card " + card["type"]))
        out.append(text(x + 3, top + 15, card["name"], "b", limit=10))
        out.append(text(x + 3, top + 31, card["cost"], "m", limit=12))
    return out


def _stock(p: dict[str, Any]) -> str:
    return ", ".join(f"{s['count']} {s['word']}" for s in p["stock"])


def _fights(dc: dict[str, Any], top: float) -> list[str]:
    """The bandit piles (shield, VP, how many left) and the trade-ship piles (wood/stone/iron
    to export, VP, how many left), as the page's market shows them."""
    out = [text(8, top, say("Bandits"), "b"), text(330, top, say("Ships"), "b")]
    piles = [("bandit", 8 + i * 104, str(b["defense"]), b) for i, b in enumerate(dc["bandits"])]
    piles += [("ship", 330 + i * 104, s["cost"], s) for i, s in enumerate(dc["ships"])]
    for cls, x, head, pile in piles:
        out.append(box(x, top + 6, 98, CELL_H - 6, cls))
        if cls == "bandit":  # the shield the page prints beside a bandit's strength
            out.append(
                f'<path d="M{x + 5:g},{top + 11:g} h10 v5 q0,6 -5,8 q-5,-2 -5,-8 z" '
                'class="shield"/>'
            )
        out.append(text(x + (20 if cls == "bandit" else 5), top + 21, head, "b"))
        out.append(text(x + 5, top + 35, say("{vp} VP", vp=pile["vp"]) + f" ×{pile['left']}", "m"))
    return out


def position(
    view: dict[str, Any], seat: int | None, legal: list[Any], players: list[Any]
) -> dict[str, Any]:
    return _words(board_context(view, seat, legal, players)["dc"])


def _words(dc: dict[str, Any]) -> dict[str, Any]:
    """The position as words for the e-mail's text. Dice City hides nothing from its players
    (only the deck's order, from everyone): no private part, every player's standing."""
    everyone = ([dc["me"]] if dc["me"] else []) + list(dc["others"])
    public = [
        {
            "name": p["name"],
            "you": bool(dc["me"]) and p["seat"] == dc["me"]["seat"],
            "vp": p["score"]["total"],
            "stock": _stock(p),
            "passes": p["passes"],
            "army": p["army"],
            "bandits": len(p["bandits"]),
            "ships": len(p["ships"]),
        }
        for p in sorted(everyone, key=lambda p: int(p["seat"]))
    ]
    return {"game": "dicecity", "private": {}, "players": public, "step": dc["step"]}
