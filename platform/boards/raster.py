"""The pictures' plain SVG drawn by Pillow, without resvg (boards/picture.py, `picture_png`).

Dice City's and SPQF's pictures are boxes, dice, a shield and some hundred lines of text in a
few CSS classes. resvg drew them in ~40-70 ms, most of it laying out and filling the text and
encoding the PNG; this module draws the same SVG in a few milliseconds: the document is read
with ElementTree (the SVG stays the one drawing: the e-mail's picture is made from it, and the
secrets tests read it), its `<style>` rules and inline styles resolved for the few properties
those drawings use, shapes and text painted in document order on a canvas twice the picture's
size (Pillow's shapes have no anti-aliasing: drawn at 2x and halved they are smooth), text by
FreeType with DejaVu (every Vietnamese and Spanish letter), each line's pixels kept for the
next picture (the same card names, numbers and headings come back every turn).

Only a document marked `data-raster="pillow"` (svg_document's `raster`) is drawn here, and only
with the elements and properties below: anything else raises Unsupported and picture_png hands
the document to resvg, so a drawing that grows past this subset is still drawn whole.
"""

from __future__ import annotations

import html
import math
import re
import unicodedata
import xml.etree.ElementTree as ET
from collections import OrderedDict
from functools import cache
from pathlib import Path
from threading import Lock
from typing import Any

from PIL import Image, ImageColor, ImageDraw, ImageFont

SCALE = 2  # the canvas is drawn at twice the picture's size, then halved (smooth edges)
NS = "{http://www.w3.org/2000/svg}"
FONT_DIRS = [Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu")]
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
TEXT_KEPT = 4096  # lines of text kept as pixels (a few KB each)
_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_PATH_TOKEN = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[A-Za-z]")
_TEXT_PROPS = {"font-family", "font-size", "font-weight", "fill", "text-anchor"}
_SHAPE_PROPS = {"fill", "stroke", "stroke-width"}


class Unsupported(ValueError):
    """Something in the document this subset does not draw (resvg draws it instead)."""


def png_ready(svg: str) -> bool:
    return 'data-raster="pillow"' in svg[:400]


def draw(svg: str) -> Image.Image:
    """The document as an RGB image of its own size in pixels. Raises Unsupported."""
    try:
        root = ET.fromstring(svg)
    except ET.ParseError as exc:
        raise Unsupported(str(exc)) from exc
    width, height = _length(root.get("width")), _length(root.get("height"))
    if root.get("viewBox", f"0 0 {width:g} {height:g}").split() != ["0", "0", f"{width:g}",
                                                                    f"{height:g}"]:  # fmt: skip
        raise Unsupported("viewBox")
    rules: list[tuple[str, dict[str, str]]] = []
    canvas = Image.new("RGB", (round(width * SCALE), round(height * SCALE)), "white")
    pen, memo = _Pen(canvas), dict[tuple[Any, ...], dict[str, str]]()
    for node in root:
        tag = node.tag.removeprefix(NS)
        if tag == "style":
            rules += _rules(node.text or "")
        elif tag == "rect":
            _rect(pen, node, _style(rules, "rect", node, _SHAPE_PROPS, memo), width, height)
        elif tag == "circle":
            _circle(pen, node, _style(rules, "circle", node, _SHAPE_PROPS, memo))
        elif tag == "path":
            _path(pen, node, _style(rules, "path", node, _SHAPE_PROPS, memo))
        elif tag == "text":
            _text(canvas, node, _style(rules, "text", node, _TEXT_PROPS, memo))
        else:
            raise Unsupported(tag)
    return canvas.reduce(SCALE)


class _Pen:
    """Opaque colours drawn straight (fast), translucent ones (#0003 strokes) blended."""

    def __init__(self, canvas: Image.Image) -> None:
        self.canvas = canvas
        self.opaque = ImageDraw.Draw(canvas)
        self.blend = ImageDraw.Draw(canvas, "RGBA")

    def __call__(self, colour: tuple[int, ...]) -> tuple[ImageDraw.ImageDraw, tuple[int, ...]]:
        if colour[3] == 255:
            return self.opaque, colour[:3]
        return self.blend, colour


def _rules(css: str) -> list[tuple[str, dict[str, str]]]:
    """`.a { p: v; }` and `text { ... }` rules, in order (a later rule wins, as in CSS for
    selectors of one kind; a class rule wins over an element's)."""
    out = []
    for selectors, body in _RULE.findall(css):
        props = _declarations(body)
        for selector in selectors.split(","):
            selector = selector.strip()
            if not re.fullmatch(r"\.?[A-Za-z][\w-]*", selector):
                raise Unsupported(selector)
            out.append((selector, props))
    return out


def _declarations(body: str) -> dict[str, str]:
    props = {}
    for item in body.split(";"):
        if item.strip():
            name, _, value = item.partition(":")
            props[name.strip()] = value.strip()
    return props


def _style(
    rules: list[tuple[str, dict[str, str]]],
    tag: str,
    node: ET.Element,
    known: set[str],
    memo: dict[tuple[Any, ...], dict[str, str]],
) -> dict[str, str]:
    """The node's properties: its element's rules, then its classes' in order, then its own
    style attribute; computed once per kind of node in a document (`memo`)."""
    key = (len(rules), tag, node.get("class"), node.get("style"))
    found = memo.get(key)
    if found is None:
        found = memo[key] = _style_of(rules, tag, node, known)
    return found


def _style_of(
    rules: list[tuple[str, dict[str, str]]], tag: str, node: ET.Element, known: set[str]
) -> dict[str, str]:
    classes = set((node.get("class") or "").split())
    style: dict[str, str] = {}
    for selector, props in rules:  # the element's rules first, then the classes' in order
        if selector == tag:
            style.update(props)
    for selector, props in rules:
        if selector[0] == "." and selector[1:] in classes:
            style.update(props)
    style.update(_declarations(node.get("style") or ""))
    for name in style.keys() - known:
        if name != "font-family" or "DejaVu" not in style[name]:
            raise Unsupported(f"{tag} {name}")
    return style


def _length(value: str | None, whole: float = 0.0) -> float:
    if value is None:
        return 0.0
    if value.endswith("%"):
        return whole * float(value[:-1]) / 100
    return float(value.removesuffix("px"))


def _colour(value: str | None) -> tuple[int, ...] | None:
    if value is None or value == "none":
        return None
    try:
        rgba = ImageColor.getcolor(value, "RGBA")
    except ValueError as exc:
        raise Unsupported(value) from exc
    return rgba if isinstance(rgba, tuple) else (rgba, rgba, rgba, 255)


def _paint(style: dict[str, str], default_fill: str = "#000") -> tuple[Any, Any, float]:
    fill = _colour(style.get("fill", default_fill))
    stroke = _colour(style.get("stroke"))
    width = _length(style.get("stroke-width", "1")) * SCALE
    return fill, stroke if width > 0 else None, width


def _rect(pen: _Pen, node: ET.Element, style: dict[str, str], w: float, h: float) -> None:
    x, y = _length(node.get("x")) * SCALE, _length(node.get("y")) * SCALE
    right = x + _length(node.get("width"), w) * SCALE
    bottom = y + _length(node.get("height"), h) * SCALE
    radius = _length(node.get("rx")) * SCALE
    fill, stroke, width = _paint(style)
    if fill is not None:
        whole = (x, y, right, bottom) == (0, 0, *pen.canvas.size) and not radius
        if whole and fill[3] == 255:  # the ground: the canvas filled at once
            pen.canvas.paste(fill[:3], (0, 0, *pen.canvas.size))
        else:
            draw, colour = pen(fill)
            draw.rounded_rectangle((x, y, right - 1, bottom - 1), radius, fill=colour)
    if stroke is not None:  # centred on the edge, as SVG strokes are
        half = width / 2
        draw, colour = pen(stroke)
        draw.rounded_rectangle(
            (x - half, y - half, right + half - 1, bottom + half - 1), radius + half,
            outline=colour, width=round(width),
        )  # fmt: skip


def _circle(pen: _Pen, node: ET.Element, style: dict[str, str]) -> None:
    cx, cy = _length(node.get("cx")) * SCALE, _length(node.get("cy")) * SCALE
    r = _length(node.get("r")) * SCALE
    fill, stroke, width = _paint(style)
    if fill is not None:
        draw, colour = pen(fill)
        draw.ellipse((cx - r, cy - r, cx + r - 1, cy + r - 1), fill=colour)
    if stroke is not None:
        half = width / 2
        draw, colour = pen(stroke)
        draw.ellipse(
            (cx - r - half, cy - r - half, cx + r + half - 1, cy + r + half - 1),
            outline=colour, width=round(width),
        )  # fmt: skip


def _path(pen: _Pen, node: ET.Element, style: dict[str, str]) -> None:
    fill, stroke, width = _paint(style)
    points = [(x * SCALE, y * SCALE) for x, y in path_points(node.get("d") or "")]
    if len(points) < 3:
        raise Unsupported("path")
    if fill is not None:
        draw, colour = pen(fill)
        draw.polygon(points, fill=colour)
    if stroke is not None:
        draw, colour = pen(stroke)
        draw.line([*points, points[0]], fill=colour, width=round(width), joint="curve")


def path_points(d: str, steps: int = 8) -> list[tuple[float, float]]:
    """One closed outline of M/L/H/V/Q commands (absolute or relative), curves flattened."""
    tokens, points = _PATH_TOKEN.findall(d), []
    x = y = 0.0
    i, command = 0, ""

    def number() -> float:
        nonlocal i
        i += 1
        return float(tokens[i - 1])

    while i < len(tokens):
        if tokens[i].isalpha():
            command, i = tokens[i], i + 1
            if command in "Zz":
                if any(t.isalpha() and t not in "Zz" for t in tokens[i:]):
                    raise Unsupported("path: more than one outline")
                continue
        rel = command.islower()
        kind = command.upper()
        if kind in "ML":
            dx, dy = number(), number()
            x, y = (x + dx, y + dy) if rel else (dx, dy)
            points.append((x, y))
            if kind == "M":
                command = "l" if rel else "L"
        elif kind == "H":
            x = x + number() if rel else number()
            points.append((x, y))
        elif kind == "V":
            y = y + number() if rel else number()
            points.append((x, y))
        elif kind == "Q":
            cx, cy, ex, ey = number(), number(), number(), number()
            if rel:
                cx, cy, ex, ey = x + cx, y + cy, x + ex, y + ey
            for step in range(1, steps + 1):
                t = step / steps
                points.append(
                    (
                        (1 - t) ** 2 * x + 2 * (1 - t) * t * cx + t * t * ex,
                        (1 - t) ** 2 * y + 2 * (1 - t) * t * cy + t * t * ey,
                    )
                )
            x, y = ex, ey
        else:
            raise Unsupported(f"path command {command!r}")
    return points


def _text(canvas: Image.Image, node: ET.Element, style: dict[str, str]) -> None:
    if len(node):
        raise Unsupported("text with children")
    words = unicodedata.normalize("NFC", html.unescape(node.text or ""))
    if not words.strip():
        return
    fill = _colour(style.get("fill", "#000"))
    if fill is None:
        return
    size = _length(style.get("font-size", "16px"))
    bold = style.get("font-weight", "normal") in ("bold", "700", "bolder")
    anchor = {"start": "ls", "middle": "ms", "end": "rs"}.get(style.get("text-anchor", "start"))
    if anchor is None:
        raise Unsupported("text-anchor")
    mask, (dx, dy) = _line(words, size, bold, anchor)
    x = round(_length(node.get("x")) * SCALE) + dx
    y = round(_length(node.get("y")) * SCALE) + dy
    box = (x, y, x + mask.size[0], y + mask.size[1])
    canvas.paste(fill[:3], box, _alpha(mask, fill[3]))


def _alpha(mask: Image.Image, alpha: int) -> Image.Image:
    return mask if alpha == 255 else mask.point(lambda v: v * alpha // 255)


_lines: OrderedDict[tuple[str, float, bool, str], tuple[Image.Image, tuple[int, int]]]
_lines = OrderedDict()
_lines_lock = Lock()


def _line(words: str, size: float, bold: bool, anchor: str) -> tuple[Image.Image, tuple[int, int]]:
    """The line's coverage (mode L) at the canvas's scale and its offset from the anchor
    point, kept: the same words in the same font are drawn once per process."""
    key = (words, size, bold, anchor)
    with _lines_lock:
        found = _lines.get(key)
        if found is not None:
            _lines.move_to_end(key)
            return found
    font = _font(size * SCALE, bold)
    box = font.getbbox(words, anchor=anchor)
    left, top, right, bottom = (math.floor(box[0]), math.floor(box[1]), math.ceil(box[2]),
                                math.ceil(box[3]))  # fmt: skip
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), words, fill=255, font=font, anchor=anchor)
    made = (mask, (left, top))
    with _lines_lock:
        _lines[key] = made
        while len(_lines) > TEXT_KEPT:
            _lines.popitem(last=False)
    return made


@cache
def _font(size: float, bold: bool) -> ImageFont.FreeTypeFont:
    for folder in FONT_DIRS:
        path = folder / FONT_FILES[bold]
        if path.exists():
            return ImageFont.truetype(str(path), size=size, layout_engine=ImageFont.Layout.BASIC)
    raise Unsupported("no DejaVu font")
