"""games.core.adjudication: an unfinished game ended by the bots' evaluation, or shared."""

from __future__ import annotations

import pytest

from games.core import get_game
from games.core.adjudication import adjudicated, evaluation, shared
from games.core.game import Game


@pytest.mark.parametrize("name", ["dicecity", "spqf", "scythe"])
def test_it_places_seats_by_the_games_own_evaluation(name):
    game = get_game(name)
    state = game.setup(3, 7, {})
    for _ in range(12):  # a few decisions in
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, game.legal_actions(state, seat)[0])
    values = evaluation(game, state, 3)
    assert values is not None and len(values) == 3
    result = adjudicated(game, state, 3)
    assert result.reason == "adjudicated"
    for a in range(3):
        for b in range(3):
            if values[a] > values[b]:
                assert result.places[a] < result.places[b]
            if values[a] == values[b]:
                assert result.places[a] == result.places[b]


def test_a_game_without_an_evaluation_is_shared():
    game = get_game("dicecity")
    bare = Game(**{**game.__dict__, "extra": {}})
    assert adjudicated(bare, game.setup(2, 1, {}), 2) == shared(2)
    assert shared(4).places == (1, 1, 1, 1) and shared(4).reason == "shared"
