"""Profiles show each game's rating and rank, the history chart and recent rated games."""

from ladders.models import Rating, RatingChange
from ladders.selectors import signed
from tests.platform.ladders.conftest import finish_two, ranked_match


def test_it_shows_the_rating_chart_and_the_change_of_each_rated_game(client, alice, bob):
    finish_two(ranked_match(alice, bob), winner=alice)
    second = finish_two(ranked_match(alice, bob), winner=bob)
    response = client.get("/players/alice/")
    page = response.content.decode()
    assert 'id="ratings"' in page and "<svg" in page and "<polyline" in page
    assert "provisional" in page
    lost = RatingChange.objects.get(match=second, user=alice).delta
    assert [row["change"] for row in response.context["recent_rated"]] == [signed(lost), "+32"]
    assert signed(lost) in page and "+32" in page


def test_it_shows_the_rank_of_an_established_player(client, alice, bob):
    Rating.objects.create(user=bob, game="goofspiel", games=40, rating=1400)
    Rating.objects.create(user=alice, game="goofspiel", games=19, rating=1390)
    finish_two(ranked_match(alice, bob), winner=alice)
    assert client.get("/players/alice/").context["ratings"][0]["rank"] == 1


def test_it_shows_no_ratings_section_before_a_rated_game(client, alice):
    assert 'id="ratings"' not in client.get("/players/alice/").content.decode()


def test_it_writes_rating_changes_as_players_read_them():
    assert [signed(x) for x in (12.0, -3.5, 0.04, 24.31)] == ["+12", "\u22123.5", "0", "+24.3"]
