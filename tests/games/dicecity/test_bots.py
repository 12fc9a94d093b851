"""The bots: legal choices only, and the greedy bot beats the random one (issue 3: >= 80%)."""

from games.core.playout import selfplay
from games.dicecity import GAME


def test_it_lets_greedy_beat_random_in_most_two_player_games():
    # The full figure (200 games) is bench/dicecity_bots.py; 12 games keep the suite fast.
    result = selfplay(GAME, 2, 12, 100, ("greedy", "random"))
    assert result["wins"].get("greedy", 0) >= 0.8 * 12


def test_it_plays_greedy_against_itself_to_the_end_at_three_players():
    result = selfplay(GAME, 3, 1, 7, ("greedy",))
    assert result["games"] == 1 and result["mean_score"] > 20
