"""The rating change explained: the expected place from the ratings before the game, and each
opponent's part of the change, derived from the same formula so that the parts add up exactly
to the change stored (docs/ratings.md, "Explained")."""

from hypothesis import given
from hypothesis import strategies as st

from ladders.elo import change_explained, expected_place, rating_changes


def test_equals_at_a_table_of_five_are_expected_third():
    assert expected_place([1500] * 5, 0) == 3.0


def test_the_favourite_is_expected_nearer_the_top():
    ratings = [1700, 1500, 1300]
    assert expected_place(ratings, 0) < expected_place(ratings, 1) < expected_place(ratings, 2)


def test_worked_example_4_split_by_opponent():
    """docs/ratings.md, example 4: A (1700, third) loses to B and C, beats D and E."""
    ratings, places, games = [1700, 1500, 1500, 1300, 1500], [3, 1, 1, 4, 5], [30, 30, 30, 30, 5]
    parts = change_explained(ratings, places, games, 0)
    assert [p.opponent for p in parts] == [1, 2, 3, 4]
    assert [p.score for p in parts] == [0.0, 0.0, 1.0, 1.0]
    assert [p.points for p in parts] == [-6.08, -6.08, 0.73, 1.92]
    assert round(sum(p.points for p in parts), 2) == rating_changes(ratings, places, games)[0]


tables = st.integers(min_value=2, max_value=5).flatmap(
    lambda n: st.tuples(
        st.lists(st.floats(min_value=600, max_value=2800), min_size=n, max_size=n),
        st.lists(st.integers(min_value=1, max_value=n), min_size=n, max_size=n),
        st.lists(st.integers(min_value=0, max_value=200), min_size=n, max_size=n),
    )
)


@given(tables)
def test_the_parts_always_add_up_to_the_change(table):
    ratings, places, games = table
    changes = rating_changes(ratings, places, games)
    for player in range(len(ratings)):
        parts = change_explained(ratings, places, games, player)
        assert len(parts) == len(ratings) - 1
        cents = sum(round(p.points * 100) for p in parts)
        assert cents == round(changes[player] * 100)
