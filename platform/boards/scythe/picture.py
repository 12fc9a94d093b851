"""Scythe's picture for e-mails: the match page's map as the seat sees it (hexes, rivers,
pieces, the rings around the hexes of its choices now), drawn by the page's own functions and
styled by the map's rules of the page's stylesheet."""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from django.contrib.staticfiles import finders

from boards.language import language, say
from boards.picture import backdrop_image, svg_document

from .choices import Choices
from .hexmap import FRAME, pieces_svg, terrain_svg
from .mats import OBJECTIVES
from .names import faction_name
from .words import objective_text


def picture_svg(
    view: dict[str, Any], seat: int | None, legal: list[Any], players: list[Any]
) -> str:
    factions = tuple(sorted(p["faction"] for p in view["players"]))
    f = FRAME
    pieces = pieces_svg(view, Choices(legal))
    body = f'{_printed_board(factions, language())}<g class="sc-map">{pieces}</g>'
    return svg_document(float(f["w"]), float(f["h"]), body, map_css(), view_box=_BOX, ground=False)


_BOX = f"{FRAME['x']} {FRAME['y']} {FRAME['w']} {FRAME['h']}"


@lru_cache(maxsize=32)
def _printed_board(factions: tuple[str, ...], lang: str) -> str:
    """The printed board (hexes, names, rivers: the same for every view of a table) drawn once
    per set of factions and language, as the backdrop `<image>` the pictures draw their pieces
    on (boards/picture.py `backdrop_image`): the board's hundreds of labels were most of a
    picture's cost (bench/email_render.py)."""
    svg = svg_document(
        float(FRAME["w"]),
        float(FRAME["h"]),
        f'<g class="sc-map">{terrain_svg(factions)}</g>',
        map_css(),
        view_box=_BOX,
    )
    return backdrop_image(
        svg, float(FRAME["x"]), float(FRAME["y"]), float(FRAME["w"]), float(FRAME["h"])
    )


@cache
def map_css() -> str:
    """The map's part of static/games/scythe/board.css (from "the map" to the next section):
    the page's colours and type, read once. The page's sizing rule of the map element is left
    out (it sizes an element in the page, not a picture)."""
    path = finders.find("games/scythe/board.css")
    assert path, "static/games/scythe/board.css"
    with open(path, encoding="utf-8") as sheet:
        css = sheet.read()
    part = css[css.index("/* the map */") : css.index("/* drawn by board.js")]
    rules = [line for line in part.splitlines() if not line.startswith(".sc-map {")]
    return (
        "\n".join(rules)
        + "\n.pic-ground { fill: #fff; }\n.sc-map text { font-family: 'DejaVu Sans'; }"
    )


def position(
    view: dict[str, Any], seat: int | None, legal: list[Any], players: list[Any]
) -> dict[str, Any]:
    """The position as words for the e-mail's text: the seat's own secrets (its combat cards
    and objectives, in its view only) and every player's public standing."""
    names = {p["seat"]: p["name"] for p in players}
    mine = view["players"][seat] if seat is not None else None
    private: dict[str, Any] = {}
    if mine is not None:
        private = {
            "cards": [str(card) for card in sorted(mine.get("hand") or [])],
            "objectives": [
                f"{say(OBJECTIVES[str(o)]['name'])}: {objective_text(OBJECTIVES[str(o)]['req'])}"
                for o in mine.get("objs") or []
            ],
        }
    public = [
        {
            "name": names.get(s, f"Player {s + 1}"),
            "you": s == seat,
            "faction": faction_name(p["faction"]),
            "stars": sum(p["stars"].values()),
            "power": p["power"],
            "popularity": p["pop"],
            "coins": p["coins"],
            "cards": len(p["hand"]) if "hand" in p else p["cards"],
            "territories": len(p["controlled"]),
            "score": p["score"]["total"],
        }
        for s, p in enumerate(view["players"])
    ]
    return {"game": "scythe", "private": private, "players": public}


def drawing(
    view: dict[str, Any], seat: int | None, legal: list[Any], players: list[Any]
) -> tuple[str, dict[str, Any]]:
    return picture_svg(view, seat, legal, players), position(view, seat, legal, players)
