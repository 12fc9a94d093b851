"""The bots, the conformance suite with the draft option, and a quick speed check."""

import pytest

from games.core.conformance import play_checked
from games.core.playout import play_one, selfplay
from games.spqf import GAME


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_it_passes_the_conformance_checks_with_the_draft_setup(seats):
    play_checked(GAME, seats, seed=11, options={"draft": True})


def test_the_heuristic_bot_beats_random_in_most_two_player_games():
    won = 0.0
    games = 20
    for index in range(games):
        bots = ["heuristic", "random"] if index % 2 == 0 else ["random", "heuristic"]
        _, outcome = play_one(GAME, 2, 100 + index, bots)
        if outcome.places[bots.index("heuristic")] == 1:
            won += 1 / outcome.places.count(1)
    assert won / games >= 0.8


def test_heuristic_bots_finish_four_player_games():
    result = selfplay(GAME, 4, 3, seed=5, bots=("heuristic",))
    assert result["games"] == 3


def test_random_self_play_is_fast_enough():
    result = selfplay(GAME, 4, 5, seed=1)
    assert result["apply_p95_ms"] < 5  # the bench target is 1 ms; CI machines vary
