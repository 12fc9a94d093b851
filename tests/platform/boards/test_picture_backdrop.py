"""A picture on a kept backdrop (boards.picture.backdrop_image, Scythe's printed board) is the
picture resvg draws from the whole SVG: the pieces laid over the kept pixels, the same whether
the pixels were kept or decoded again from the SVG's own copy (test_turn_email_secrets.py checks
that each seat's picture holds only its view)."""

import io

from PIL import Image, ImageChops

import boards.picture as picture
from games.core import Rng, get_game
from play.selectors import legal_for

PLAYERS = [{"seat": i, "name": f"P{i}", "is_bot": False} for i in range(5)]


def _state():
    game = get_game("scythe")
    state, rng = game.setup(3, 7, {}), Rng.from_seed(7)
    for _ in range(60):
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, game.bots["random"](state, seat, rng))
    return game, state


def _svg(game, state, seat):
    view = game.view(state, seat)
    legal = legal_for(game, state, seat, language="es")
    return picture.picture_svg("scythe", view, seat, legal, PLAYERS[:3], "es")


def _pixels(png):
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_the_picture_on_its_backdrop_is_the_whole_svg_drawn_by_resvg():
    game, state = _state()
    seat = game.to_act(state)[0]
    svg = _svg(game, state, seat)
    assert 'data-backdrop="' in svg and 'class="sc-pieces"' in svg
    laid = _pixels(picture.picture_png(svg))
    whole = _pixels(picture._rasterised(svg))  # resvg alone, the backdrop decoded by it
    assert laid.size == whole.size
    # Only rounding apart (straight against premultiplied alpha): at most 3 of 255 a channel.
    assert max(high for _, high in ImageChops.difference(laid, whole).getextrema()) <= 3


def test_a_backdrop_not_kept_is_decoded_from_the_svg():
    game, state = _state()
    svg = _svg(game, state, 0)
    kept = picture.picture_png(svg)
    picture._backdrops.clear()  # another process drew the SVG, or it was let go
    assert picture.picture_png(svg) == kept


def test_the_pieces_are_drawn_on_the_backdrop():
    """The check above can fail: the pieces change the picture's pixels."""
    game, state = _state()
    svg = _svg(game, state, 0)
    found = picture._BACKDROP.search(svg)
    board = picture._backdrop_pixels(found.group(1), found.group(2)).convert("RGB")
    assert ImageChops.difference(_pixels(picture.picture_png(svg)), board).getbbox() is not None
