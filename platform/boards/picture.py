"""The position as a picture, for e-mails (Gmail and Outlook show no SVG, so a PNG attached
inline): an SVG drawing per game from that seat's view, rasterised on the server by resvg.

Scythe's picture is the match page's own map (boards/scythe/hexmap.py, with the map's rules of
static/games/scythe/board.css); Dice City and SPQF, whose page boards are HTML, have a drawing
of their own in boards/<game>/picture.py, built from the same board context (the names,
colours and numbers the page shows). Like the page, a picture is built from the seat's view
only: it shows what that seat may know and nothing else.

resvg (resvg-py) over cairosvg: on our drawings it is faster and draws what cairosvg does
not (`paint-order`, the page's CSS as is); bench/email_render.py has the figures. Dice City's
and SPQF's drawings (boxes, dice, text: `svg_document(raster="pillow")`) are drawn from their
SVG by Pillow instead (boards/raster.py: ~5x less CPU, the text most of it; the same picture),
resvg taking any drawing that grows past that subset.

A drawing with a static part (Scythe's printed board: the same for every view of a table) has
it as a backdrop (`backdrop_image`): rasterised once and kept as pixels, put in the SVG as a
PNG `<image>` marked `data-backdrop`, so the SVG alone still draws the whole picture. For such
a drawing `picture_png` rasterises only what lies on the backdrop (on a transparent canvas),
lays it over the kept pixels and encodes the PNG with Pillow at a low compression level: resvg
has no compression option, and its encoder on a detailed picture was most of the cost (decoding
the embedded backdrop again each time was the rest).
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import io
import logging
import re
from collections import OrderedDict
from functools import cache
from pathlib import Path
from threading import Lock
from typing import Any

import resvg_py
from django.utils import translation
from django.utils.html import escape
from PIL import Image

from boards import raster
from boards.language import rendering

logger = logging.getLogger(__name__)

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
    """The SVG as PNG, at its own size in pixels. A plain drawing (`svg_document(raster=
    "pillow")`: boxes, dice, text) drawn by Pillow (boards/raster.py); a drawing on a backdrop
    (`backdrop_image`): the rest rasterised on a transparent canvas and laid over the
    backdrop's kept pixels; any other by resvg."""
    if raster.png_ready(svg):
        try:
            return _encoded(raster.draw(svg))
        except raster.Unsupported as exc:  # grown past the subset: resvg draws it whole
            logger.warning("picture drawn by resvg, not Pillow: %s", exc)
            return _rasterised(svg)
    found = _BACKDROP.search(svg)
    if found is None:
        return _rasterised(svg)
    ground = _backdrop_pixels(found.group(1), found.group(2))
    layer = Image.open(io.BytesIO(_rasterised(svg[: found.start()] + svg[found.end() :])))
    if layer.size != ground.size:  # not laid on the whole canvas: resvg draws it all
        return _rasterised(svg)
    return _encoded(Image.alpha_composite(ground, layer.convert("RGBA")).convert("RGB"))


def _encoded(picture: Image.Image) -> bytes:
    # (256 colours would encode ~2x faster, but Pillow's fast quantiser merges near colours:
    # SPQF's #fafafa cards on white, Dice City's white ground to #fefefe)
    out = io.BytesIO()
    picture.save(out, "PNG", compress_level=PNG_LEVEL)
    return out.getvalue()


# zlib level of the pictures encoded by Pillow: 1 is ~4x faster than the default 6 on a board
# and its PNG ~10% larger (bench/email_render.py)
PNG_LEVEL = 1
BACKDROPS_KEPT = 32  # backdrops' pixels kept (~1.3 MB each for Scythe's map)
_BACKDROP = re.compile(
    r'<image data-backdrop="([0-9a-f]+)" href="data:image/png;base64,([^"]*)"[^>]*/>'
)
_backdrops: OrderedDict[str, Image.Image] = OrderedDict()
_backdrops_lock = Lock()


def backdrop_image(svg: str, x: float, y: float, width: float, height: float) -> str:
    """`svg` (a drawing's static part, the size of the whole picture, opaque) rasterised once,
    as the `<image>` to put first in the picture's SVG; its pixels are kept for picture_png."""
    png = _rasterised(svg)
    key = hashlib.sha256(png).hexdigest()[:20]
    encoded = base64.b64encode(png).decode()
    _backdrop_pixels(key, encoded)
    return (
        f'<image data-backdrop="{key}" href="data:image/png;base64,{encoded}" '
        f'x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}"/>'
    )


def _backdrop_pixels(key: str, encoded: str) -> Image.Image:
    """The backdrop's pixels (RGBA), decoded from the SVG's own copy when not kept (another
    process drew the SVG, or it was let go): the picture never depends on what is kept."""
    with _backdrops_lock:
        pixels = _backdrops.get(key)
        if pixels is not None:
            _backdrops.move_to_end(key)
            return pixels
    pixels = Image.open(io.BytesIO(base64.b64decode(encoded))).convert("RGBA")
    pixels.load()
    with _backdrops_lock:
        _backdrops[key] = pixels
        while len(_backdrops) > BACKDROPS_KEPT:
            _backdrops.popitem(last=False)
    return pixels


def _rasterised(svg: str) -> bytes:
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


def svg_document(
    width: float,
    height: float,
    body: str,
    css: str,
    view_box: str = "",
    ground: bool = True,
    raster: str = "",
) -> str:
    """An SVG of `body` styled by `css`, on a ground (`.pic-ground`) unless `ground` is False
    (a body that begins with an opaque backdrop of the whole picture); `raster="pillow"`:
    drawn by boards/raster.py (a body of rects, circles, simple paths and text only)."""
    box = view_box or f"0 0 {width:g} {height:g}"
    under = (
        f'<rect class="pic-ground" x="{box.split()[0]}" y="{box.split()[1]}" width="100%" '
        'height="100%"/>'
        if ground
        else ""
    )
    mark = f' data-raster="{raster}"' if raster else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg"{mark} width="{width:g}" height="{height:g}" '
        f'viewBox="{box}"><style>{css}</style>{under}{body}</svg>'
    )


def text(x: float, y: float, words: str, cls: str = "", limit: int = 0) -> str:
    """A line of text, escaped, cut at `limit` characters (0: whole)."""
    words = str(words)
    if limit and len(words) > limit:
        words = words[: limit - 1] + "…"
    return f'<text x="{x:g}" y="{y:g}" class="{cls}">{escape(words)}</text>'


def box(x: float, y: float, w: float, h: float, cls: str) -> str:
    return f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="4" class="{cls}"/>'
