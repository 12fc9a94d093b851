"""Every registered game passes the conformance suite (games/core/conformance.py)."""

import dataclasses

import pytest

from games.core import game_names, get_game
from games.core.conformance import ConformanceError, check_game


@pytest.mark.parametrize("name", game_names())
def test_it_passes_the_conformance_suite(name):
    assert check_game(get_game(name), seeds=range(2)) > 0


def test_a_game_that_claims_a_public_view_but_shows_a_hand_fails_it():
    """`public_view` lets the site build one view a version for every viewer: a game with a
    secret (the hands of SPQF) that claimed it would leak, and the suite says so."""
    spqf = get_game("spqf")
    claimed = dataclasses.replace(spqf, public_view=True)
    with pytest.raises(ConformanceError, match="public_view"):
        check_game(claimed, seeds=range(1))
    assert check_game(get_game("dicecity"), seeds=range(1)) > 0  # which does claim it
