"""Dice City's and SPQF's pictures are drawn by Pillow (boards/raster.py) from their SVG, and
are the picture resvg draws from that SVG: the same size, the same boxes, dice and words in
the same places (text is laid out by another engine, so a glyph's edge may move a pixel); a
drawing past the subset is handed to resvg whole."""

import io
import re

import pytest
from PIL import Image, ImageChops, ImageStat

import boards.picture as picture
from boards import raster
from games.core import Rng, get_game
from play.selectors import legal_for

PLAYERS = [{"seat": i, "name": f"Người {i}", "is_bot": False} for i in range(4)]


def _svg(game_name, steps, seed=7, language="vi"):
    game = get_game(game_name)
    state, rng = game.setup(3, seed, {}), Rng.from_seed(seed)
    for _ in range(steps):
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, game.bots["random"](state, seat, rng))
    seat = game.to_act(state)[0]
    legal = legal_for(game, state, seat, language=language)
    return picture.picture_svg(
        game_name, game.view(state, seat), seat, legal, PLAYERS[:3], language
    )


def _pixels(png):
    return Image.open(io.BytesIO(png)).convert("RGB")


def _mean_difference(a, b):
    return max(ImageStat.Stat(ImageChops.difference(a, b)).mean)


def _shapes(svg):
    """The drawing without its words."""
    return re.sub(r"<text [^>]*>[^<]*</text>", "", svg)


def _block_difference(a, b):
    """The largest difference of 8x8 blocks' mean colours: where ink and fills lie."""
    return max(high for _, high in ImageChops.difference(a.reduce(8), b.reduce(8)).getextrema())


@pytest.mark.parametrize(("game_name", "steps"), [("dicecity", 40), ("spqf", 30)])
def test_the_pillow_picture_is_the_one_resvg_draws_from_the_svg(game_name, steps, monkeypatch):
    svg = _svg(game_name, steps)
    assert raster.png_ready(svg) and svg.count("<text") > 10
    resvg, resvg_shapes = (_pixels(picture._rasterised(s)) for s in (svg, _shapes(svg)))

    def no_resvg(svg):
        raise AssertionError("drawn by resvg")

    monkeypatch.setattr(picture, "_rasterised", no_resvg)
    drawn, shapes = (_pixels(picture.picture_png(s)) for s in (svg, _shapes(svg)))
    assert drawn.size == resvg.size
    # Boxes, fills, dice and the shield: the same pixels, edges apart.
    assert _mean_difference(shapes, resvg_shapes) < 1.5
    assert _block_difference(shapes, resvg_shapes) <= 24
    # Words: the same ones in the same places (laid out by FreeType's hinting, not resvg's).
    assert _mean_difference(drawn, resvg) < 8


def test_the_comparison_above_can_fail():
    """Another position's boxes are far from this one's by the same measure."""
    one, other = (_pixels(picture.picture_png(_shapes(_svg("dicecity", 40, s)))) for s in (7, 8))
    assert one.size == other.size and _block_difference(one, other) > 100


def test_words_are_drawn_in_their_colour_and_place():
    svg = picture.svg_document(
        160, 40, '<text x="10" y="25" class="b">Tiếng Việt, señor</text>',
        ".pic-ground { fill: #fff; } text { fill: #c00; font-size: 14px; } "
        ".b { font-weight: bold; }",
        raster="pillow",
    )  # fmt: skip
    image, resvg = raster.draw(svg), _pixels(picture._rasterised(svg))
    white = Image.new("RGB", image.size, "white")
    left, top, right, bottom = ImageChops.difference(image, white).getbbox()
    r_left, r_top, r_right, r_bottom = ImageChops.difference(resvg, white).getbbox()
    assert abs(left - r_left) <= 1 and abs(top - r_top) <= 1 and abs(bottom - r_bottom) <= 1
    assert abs((right - left) - (r_right - r_left)) <= 0.06 * (r_right - r_left)
    assert (204, 0, 0) in {colour for _, colour in image.getcolors(4096)}


def test_the_shield_is_one_closed_outline():
    points = raster.path_points("M10,20 h10 v5 q0,6 -5,8 q-5,-2 -5,-8 z")
    assert points[0] == (10, 20) and points[1] == (20, 20) and points[2] == (20, 25)
    assert points[-1] == pytest.approx((10, 25)) and len(points) == 3 + 16


@pytest.mark.parametrize(
    "body",
    [
        '<line x1="0" y1="0" x2="10" y2="10" style="stroke: #000"/>',
        '<text x="1" y="9" style="opacity: 0.5">x</text>',
        '<path d="M0,0 C1,1 2,2 3,3 z"/>',
    ],
)
def test_a_drawing_past_the_subset_is_drawn_by_resvg(body, monkeypatch):
    svg = picture.svg_document(20, 20, body, "", raster="pillow")
    with pytest.raises(raster.Unsupported):
        raster.draw(svg)
    calls = []
    monkeypatch.setattr(picture, "_rasterised", lambda svg: calls.append(svg) or b"png")
    assert picture.picture_png(svg) == b"png" and calls == [svg]
