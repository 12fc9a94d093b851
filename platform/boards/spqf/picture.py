"""SPQF's picture for e-mails: the seat's hand (its own, which only it sees), its trade row and
stored cards, its monument, level, cubes and VP; the central trade row and the supply; one line
per other player (their hand only counted, as on the page). Built from the board's own context
(boards/spqf/__init__.py), so it says what the match page says to that seat."""

from __future__ import annotations

from typing import Any

from boards.language import say
from boards.picture import box, svg_document, text

from . import board_context

W, CARD_W, CARD_H, GAP = 640, 100, 46, 5
CSS = """
.pic-ground { fill: #fff; } text { font-family: 'DejaVu Sans'; font-size: 11px; fill: #222; }
.h { font-size: 14px; font-weight: bold; } .m { fill: #555; } .b { font-weight: bold; }
.card { fill: #fafafa; stroke-width: 2.5; }
.agriculture { stroke: #3f7d3a; } .industry { stroke: #6b4a2b; } .military { stroke: #a23a2a; }
.science { stroke: #2c5d8f; } .leadership { stroke: #7a3f8f; } .engineering { stroke: #c07a1a; }
.oak { stroke: #b59a3c; fill: #fbf6e2; } .wild { stroke: #888; }
"""


def drawing(
    view: dict[str, Any], seat: int | None, legal: list[Any], players: list[Any]
) -> tuple[str, dict[str, Any]]:
    """The picture and the words, from one board context (it is most of their cost)."""
    sp = board_context(view, seat, legal, players)["sp"]
    return _svg(sp), _words(sp)


def picture_svg(
    view: dict[str, Any], seat: int | None, legal: list[Any], players: list[Any]
) -> str:
    return _svg(board_context(view, seat, legal, players)["sp"])


def _svg(sp: dict[str, Any]) -> str:
    parts, y = [text(8, 20, say("Round {n}", n=sp["round"]), "h")], 20.0
    me = sp["me"]
    if me:
        y += 20
        parts.append(text(8, y, _summary(me), "b", limit=100))
        for title, cards in ((say("Your hand"), me["hand"] or []), (say("Trade row"), me["row"])):
            if cards:
                parts.append(text(8, y + 20, title, "m"))
                parts += _cards(cards, y + 26)
                y += 26 + _rows(cards) * (CARD_H + GAP)
    parts.append(text(8, y + 20, say("Central trade row"), "h"))
    parts += _cards(sp["central"], y + 28)
    y += 28 + _rows(sp["central"]) * (CARD_H + GAP) + 10
    supply = say("{n} green", n=sp["supply"]["g"]) + ", " + say("{n} black", n=sp["supply"]["b"])
    parts.append(text(8, y, f"{say('Supply:')} {supply}", "m"))
    for p in sp["others"]:
        y += 18
        parts.append(text(8, y, _summary(p), "", limit=110))
    return svg_document(W, y + 12, "".join(parts), CSS, raster="pillow")


def _summary(p: dict[str, Any]) -> str:
    cubes = say("{n} green", n=p["cubes"]["g"]) + ", " + say("{n} black", n=p["cubes"]["b"])
    monument = f" · {say(p['monument']['name'])}" if p.get("monument") else ""
    return (
        f"{p['name']} · {say('{vp} VP', vp=p['vp'])} · {say('Level {n}', n=p['level'])} · "
        f"{cubes}{monument}"
    )


def _rows(cards: list[Any]) -> int:
    return max(1, -(-len(cards) // 6))


def _cards(cards: list[dict[str, Any]], top: float) -> list[str]:
    out = []
    for i, card in enumerate(cards):
        x, y = 8 + (i % 6) * (CARD_W + GAP), top + (i // 6) * (CARD_H + GAP)
        out.append(box(x, y, CARD_W, CARD_H, "card " + str(card.get("cat", "wild"))))
        out.append(text(x + 5, y + 16, card["name"], "b", limit=14))
        vp = say("{vp} VP", vp=card["vp"]) if card.get("vp") else ""
        cost = " ".join(v for v in (card.get("cost", ""), vp) if v)
        out.append(text(x + 5, y + 33, cost, "m", limit=16))
    return out


def position(
    view: dict[str, Any], seat: int | None, legal: list[Any], players: list[Any]
) -> dict[str, Any]:
    return _words(board_context(view, seat, legal, players)["sp"])


def _words(sp: dict[str, Any]) -> dict[str, Any]:
    """The position as words for the e-mail's text: the seat's hand and monument (its view
    only), every player's public standing (another player's hand only counted)."""
    me = sp["me"]
    private: dict[str, Any] = {}
    if me:
        private = {
            "hand": [c["name"] for c in me["hand"] or []],
            "monument": say(me["monument"]["name"]) if me.get("monument") else "",
        }
    everyone = ([me] if me else []) + list(sp["others"])
    public = [
        {
            "name": p["name"],
            "you": bool(me) and p["seat"] == me["seat"],
            "vp": p["vp"],
            "level": p["level"],
            "green": p["cubes"]["g"],
            "black": p["cubes"]["b"],
            "hand": p["hand_count"],
            "row": [c["name"] for c in p["row"]],
        }
        for p in sorted(everyone, key=lambda p: int(p["seat"]))
    ]
    return {"game": "spqf", "private": private, "players": public, "round": sp["round"]}
