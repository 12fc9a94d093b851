"""The worked examples of docs/ratings.md, pinned (keep the two in step)."""

import pytest

from ladders.elo import apply_changes, expected, rating_changes

WORKED_EXAMPLES = [
    # (name, ratings, places, rated games before, changes)
    ("two newcomers, one wins", [1500, 1500], [1, 2], [0, 0], [32.0, -32.0]),
    ("an upset between established players", [1600, 1400], [2, 1], [30, 30], [-24.31, 24.31]),
    ("five equals finish in order", [1500] * 5, [1, 2, 3, 4, 5], [30] * 5,
     [16.0, 8.0, 0.0, -8.0, -16.0]),
    ("a shared first place and a newcomer last", [1700, 1500, 1500, 1300, 1500],
     [3, 1, 1, 4, 5], [30, 30, 30, 30, 5], [-9.51, 12.0, 12.0, 1.51, -32.0]),
    ("a draw between a newcomer and an established player", [1500, 1550], [1, 1], [25, 3],
     [2.29, -4.57]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "ratings", "places", "games", "changes"),
    WORKED_EXAMPLES,
    ids=[example[0] for example in WORKED_EXAMPLES],
)
def test_it_matches_the_worked_examples(name, ratings, places, games, changes):
    assert rating_changes(ratings, places, games) == changes


def test_it_expects_half_a_point_between_equals_and_about_three_quarters_at_200():
    assert expected(1500, 1500) == 0.5
    assert round(expected(1600, 1400), 4) == 0.7597


def test_it_moves_a_five_player_winner_as_much_as_a_two_player_one():
    assert rating_changes([1500] * 5, [1, 2, 2, 2, 2], [30] * 5)[0] == 16.0
    assert rating_changes([1500] * 2, [1, 2], [30] * 2)[0] == 16.0


def test_it_rounds_new_ratings_to_hundredths():
    assert apply_changes([1500.0, 1499.99], [24.31, -0.015]) == [1524.31, 1499.97]
