"""Secrets per seat in the HTML of the Dice City and SPQF boards: a seat's board (and a
spectator's) is the same whatever it cannot know, that is, whatever the engine's `redetermine`
re-deals for it (Dice City: the deck order; SPQF: the other hands and decks, every deck order,
the Civilization deck, other monuments, other draft packs and picks)."""

import pytest

from games.core import Rng, get_game
from tests.games.spqf.helpers import arrange, civ, starting

from .rendering import render


def _states(game_name, seats, seed, every, draft=False):
    game = get_game(game_name)
    options = {"draft": True} if draft else {}
    state, rng = game.setup(seats, seed, options), Rng.from_seed(seed)
    step = 0
    while game.outcome(state) is None and step < 400:
        if step % every == 0:
            yield state
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, game.bots["random"](state, seat, rng))
        step += 1
    yield state


@pytest.mark.parametrize(
    ("game_name", "seats", "draft"), [("dicecity", 3, False), ("spqf", 3, False), ("spqf", 2, True)]
)
def test_a_board_shows_nothing_its_viewer_may_not_know(game_name, seats, draft):
    game = get_game(game_name)
    for n, state in enumerate(_states(game_name, seats, seed=4, every=37, draft=draft)):
        for viewer in [*range(seats), None]:
            html = render(game_name, state, viewer)
            other = game.redetermine(state, -1 if viewer is None else viewer, Rng.from_seed(n))
            assert render(game_name, other, viewer) == html, (n, viewer)


def test_the_redeal_does_change_what_is_secret():
    """The check above can fail: a re-deal changes the hidden cards themselves."""
    game = get_game("spqf")
    state = game.setup(3, 4, {})
    other = game.redetermine(state, 0, Rng.from_seed(1))
    assert other["players"][1]["hand"] != state["players"][1]["hand"]


def test_an_opponents_hand_is_never_on_your_board():
    forage, terraces, orchard = starting(0, "s_forage"), civ("ag_terraces"), civ("ag_orchard")
    state = arrange(hands={0: [forage], 1: [terraces, orchard]})
    mine = render("spqf", state, 1)
    assert f'data-card="{terraces}"' in mine and f'data-card="{orchard}"' in mine
    for viewer in (0, None):
        html = render("spqf", state, viewer)
        assert f'data-card="{terraces}"' not in html and f'data-card="{orchard}"' not in html
        assert "Acorn Terraces" not in html and "Hazel Orchard" not in html
