"""The boards in the reader's language: every word a board shows (headings, legends, tooltips,
card names and effects) comes from the games' catalogues (boards/language.py), so a board
rendered under Spanish or Vietnamese shows none of its English words."""

import re

import pytest
from django.utils import translation

from tests.games.spqf.helpers import arrange, civ, starting
from tests.platform.boards.test_spqf_board import render


@pytest.fixture
def spqf_state():
    return arrange(hands={0: [starting(0, "s_forage"), civ("ag_terraces")]})


def test_it_draws_the_spqf_board_in_spanish(spqf_state):
    with translation.override("es"):
        html = render(spqf_state, 0)
    assert "Tu mano" in html and "Fila central de comercio" in html
    assert "Terrazas de Bellotas" in html and "Forrajear" in html
    assert "Your hand" not in html and "Acorn Terraces" not in html


def test_it_draws_the_spqf_board_in_vietnamese(spqf_state):
    with translation.override("vi"):
        html = render(spqf_state, 0)
    assert "Bài trên tay" in html and "Ruộng Bậc Thang Sồi" in html


def test_it_leaves_no_english_sentence_on_the_spanish_spqf_board(spqf_state):
    with translation.override("en"):
        english = render(spqf_state, 0)
    with translation.override("es"):
        spanish = render(spqf_state, 0)
    # Every tooltip differs; the only shared ones are numbers and names of people.
    titles = set(re.findall(r'title="([^"]{25,})"', spanish))
    assert titles and not titles & set(re.findall(r'title="([^"]{25,})"', english))


def test_it_draws_the_scythe_board_in_spanish_with_the_territories_named():
    from tests.platform.boards.scythe_render import GAME, render

    state = GAME.setup(2, 3, {})
    with translation.override("es"):
        page = render(state, state["turn"])
    assert "Leyenda: colores de terreno, piezas y símbolos" in page
    assert "Marcador de triunfos" in page and "de la Fábrica" in page
    assert "Legend: terrain colours" not in page and "of the Factory" not in page
    with translation.override("vi"):
        assert "Nhà máy" in render(state, state["turn"])
