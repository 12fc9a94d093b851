"""Scythe's opponents' panels come from a per-process cache (boards/scythe/players.py): the
cached panel is the one drawn afresh, whichever seat (or spectator) looks; it follows every change
of that player and the reader's language; it holds only what the spectator sees."""

import copy

import pytest

from boards.language import rendering
from boards.scythe import players as panels
from games.core import Rng, get_game

GAME = get_game("scythe")
INFO = {"name": "Seat1Name", "is_bot": False}


@pytest.fixture(autouse=True)
def empty_cache():
    panels._OPPONENTS.clear()
    yield
    panels._OPPONENTS.clear()


def _states(seats=5, seed=3, moves=120, every=30):
    state, rng = GAME.setup(seats, seed, {}), Rng.from_seed(seed)
    for n in range(moves):
        if n % every == 0:
            yield state
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.bots["greedy"](state, seat, rng))


def _fresh(view, seat, language="en"):
    """The panel drawn with nothing cached."""
    kept = dict(panels._OPPONENTS)
    panels._OPPONENTS.clear()
    try:
        with rendering(language):
            return panels.opponent_html(view, seat, INFO)
    finally:
        panels._OPPONENTS.clear()
        panels._OPPONENTS.update(kept)


def test_a_cached_panel_is_the_one_drawn_afresh_for_every_viewer():
    for state in _states():
        spectator = GAME.view(state, None)
        for viewer in (0, 2, 4, None):
            view = GAME.view(state, viewer)
            with rendering("en"):
                panels.opponent_html(view, 1, INFO)  # drawn, then cached
                cached = panels.opponent_html(view, 1, INFO)
            assert cached == _fresh(view, 1)
            # what another seat sees of player 2 is what a spectator sees: no secret in the key
            assert cached == _fresh(spectator, 1)
        assert panels._OPPONENTS  # the second call above was served from here


def test_a_change_of_that_player_draws_a_new_panel():
    state = next(_states())
    view = GAME.view(state, 0)
    with rendering("en"):
        before = panels.opponent_html(view, 1, INFO)
    richer = copy.deepcopy(view)
    richer["players"][1]["coins"] += 7
    with rendering("en"):
        after = panels.opponent_html(richer, 1, INFO)
    assert after != before and after == _fresh(richer, 1)


def test_each_language_has_its_own_panel():
    view = GAME.view(next(_states()), 0)
    with rendering("en"):
        english = panels.opponent_html(view, 1, INFO)
    with rendering("es"):
        spanish = panels.opponent_html(view, 1, INFO)
    assert spanish != english
    assert spanish == _fresh(view, 1, "es") and english == _fresh(view, 1, "en")


def test_the_cache_stays_bounded(monkeypatch):
    monkeypatch.setattr(panels, "_OPPONENTS_SIZE", 3)
    view = GAME.view(next(_states()), 0)
    for coins in range(10):
        changed = copy.deepcopy(view)
        changed["players"][1]["coins"] = coins
        with rendering("en"):
            panels.opponent_html(changed, 1, INFO)
    assert len(panels._OPPONENTS) == 3
