"""Every registered game passes the conformance suite (games/core/conformance.py)."""

import pytest

from games.core import game_names, get_game
from games.core.conformance import check_game


@pytest.mark.parametrize("name", game_names())
def test_it_passes_the_conformance_suite(name):
    assert check_game(get_game(name), seeds=range(2)) > 0
