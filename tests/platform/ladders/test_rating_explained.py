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


def _api(user):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_login(user)
    return client


def test_a_ranked_result_explains_each_change_and_the_parts_sum_to_what_was_stored(
    alice, bob, carol
):
    from ladders.models import Rating, RatingChange
    from tests.platform.ladders.conftest import play_out, ranked_match

    Rating.objects.create(user=alice, game="goofspiel", rating=1700, games=30)
    Rating.objects.create(user=bob, game="goofspiel", rating=1450, games=3)
    match = play_out(ranked_match(alice, bob, carol))
    body = _api(carol).get(f"/api/matches/{match.pk}/result/").json()
    stored = {c.seat: c for c in RatingChange.objects.filter(match=match)}
    assert {why["seat"] for why in body["ratings"]} == set(stored)
    assert body["ratings"][0]["you"] and body["ratings"][0]["name"] == "carol"
    for why in body["ratings"]:
        change = stored[why["seat"]]
        assert (why["before"], why["after"], why["change"]) == (
            change.before,
            change.after,
            change.delta,
        )
        parts = sum(round(o["points"] * 100) for o in why["opponents"])
        assert parts == round(change.delta * 100)
        assert len(why["opponents"]) == 2 and 1 <= why["expected_place"] <= 3
    favourite = next(w for w in body["ratings"] if w["name"] == "alice")
    assert favourite["expected_place"] < 2 and favourite["k"] == 32


def test_a_casual_result_has_places_and_scores_but_no_ratings(alice, bob):
    from tests.platform.ladders.conftest import play_out, ranked_match

    match = play_out(ranked_match(alice, bob, ranked=False))
    body = _api(alice).get(f"/api/matches/{match.pk}/result/").json()
    assert body["ratings"] == [] and not body["rated"]
    assert sorted(c["place"] for c in body["columns"]) in ([1, 2], [1, 1])
    assert body["replay_url"].endswith("/replay/?step=0")


def test_the_result_of_a_match_in_play_is_refused(alice, bob):
    from tests.platform.ladders.conftest import ranked_match

    match = ranked_match(alice, bob)
    response = _api(alice).get(f"/api/matches/{match.pk}/result/")
    assert (response.status_code, response.json()["error"]) == (409, "not_finished")
