"""The bots play legal moves to the end; the heuristic one beats random."""

from games.core.playout import selfplay
from games.scythe import GAME


def test_it_plays_random_games_to_the_sixth_star():
    result = selfplay(GAME, 3, 3, seed=5)
    assert result["games"] == 3
    assert set(result["reasons"]) <= {"sixth star", "turn limit"}


def test_it_has_a_heuristic_bot_that_beats_random():
    # One short seeded game (about 3 s); 20 games won 20 when measured (docs/scythe.md).
    result = selfplay(GAME, 2, 1, seed=3, bots=("heuristic", "random"))
    assert result["wins"] == {"heuristic": 1.0}
