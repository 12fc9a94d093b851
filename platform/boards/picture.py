"""The position as a picture, for e-mails (Gmail and Outlook show no SVG, so a PNG attached
inline): an SVG drawing per game from that seat's view, rasterised on the server by resvg.

Scythe's picture is the match page's own map (boards/scythe/hexmap.py, with the map's rules of
static/games/scythe/board.css); Dice City and SPQF, whose page boards are HTML, have a drawing
of their own in boards/<game>/picture.py, built from the same board context (the names,
colours and numbers the page shows). Like the page, a picture is built from the seat's view
only: it shows what that seat may know and nothing else.

resvg (resvg-py) over cairosvg: on our drawings it is faster and draws what cairosvg does
not (`paint-order`, the page's CSS as is); bench/email_render.py has the figures.
"""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path
from typing import Any

import resvg_py
from django.utils import translation
from django.utils.html import escape

from boards.language import rendering

# DejaVu (Debian's fonts-dejavu-core) has every Vietnamese and Spanish letter; loading two files
# instead of every system font is most of a picture's cost saved.
FONT_DIRS = [Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu")]
FONT_FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
FAMILY = "DejaVu Sans"


def picture_svg(
    game: str,
    view: dict[str, Any],
    seat: int | None,
    legal: list[Any],
    players: list[Any],
    language: str,
) -> str | None:
    """The game's drawing of this view in `language`, or None for a game without one."""
    module = _module(game)
    if module is None:
        return None
    with translation.override(language), rendering(language):
        return str(module.picture_svg(view, seat, legal, players))


def position_words(
    game: str,
    view: dict[str, Any],
    seat: int | None,
    legal: list[Any],
    players: list[Any],
    language: str,
) -> dict[str, Any] | None:
    """The game's position as words (boards/<game>/picture.py `position`): the seat's private
    part and every player's public standing, for the e-mail's text; None without one."""
    module = _module(game)
    if module is None:
        return None
    with translation.override(language), rendering(language):
        return dict(module.position(view, seat, legal, players))


def _module(game: str) -> Any:
    try:
        return importlib.import_module(f"boards.{game}.picture")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"boards.{game}", f"boards.{game}.picture"):
            raise
        return None


def picture_and_words(
    game: str,
    view: dict[str, Any],
    seat: int | None,
    legal: list[Any],
    players: list[Any],
    language: str,
) -> tuple[str | None, dict[str, Any] | None]:
    """picture_svg and position_words at once (their board context built once)."""
    module = _module(game)
    if module is None:
        return None, None
    with translation.override(language), rendering(language):
        svg, words = module.drawing(view, seat, legal, players)
    return str(svg), dict(words)


def picture_png(svg: str) -> bytes:
    """The SVG as PNG, at its own size in pixels."""
    fonts = _fonts()
    return bytes(
        resvg_py.svg_to_bytes(
            svg_string=svg,
            skip_system_fonts=bool(fonts),
            font_files=fonts or None,
            font_family=FAMILY,
            sans_serif_family=FAMILY,
        )
    )


@cache
def _fonts() -> list[str]:
    for folder in FONT_DIRS:
        found = [str(folder / name) for name in FONT_FILES if (folder / name).exists()]
        if len(found) == len(FONT_FILES):
            return found
    return []  # elsewhere: the system's fonts (slower to load)


def svg_document(width: float, height: float, body: str, css: str, view_box: str = "") -> str:
    box = view_box or f"0 0 {width:g} {height:g}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="{box}"><style>{css}</style><rect class="pic-ground" x="{box.split()[0]}" '
        f'y="{box.split()[1]}" width="100%" height="100%"/>{body}</svg>'
    )


def text(x: float, y: float, words: str, cls: str = "", limit: int = 0) -> str:
    """A line of text, escaped, cut at `limit` characters (0: whole)."""
    words = str(words)
    if limit and len(words) > limit:
        words = words[: limit - 1] + "…"
    return f'<text x="{x:g}" y="{y:g}" class="{cls}">{escape(words)}</text>'


def box(x: float, y: float, w: float, h: float, cls: str) -> str:
    return f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="4" class="{cls}"/>'
