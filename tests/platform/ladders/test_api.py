"""The ladders API: ladders, a player's ratings and history, the ranked queue."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.platform.ladders.conftest import finish_two, ranked_match, rated_players


@pytest.fixture
def alice_api(alice):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    return client


def test_it_lists_the_ladders(client):
    games = client.get("/api/ladders/").json()
    assert "goofspiel" in [g["game"] for g in games]


def test_it_reads_a_page_of_a_ladder(client, db):
    rated_players(3)
    page = client.get("/api/ladders/goofspiel/?q=p001").json()
    assert page["results"][0]["player"] == "p001" and page["results"][0]["rank"] == 2
    assert page["has_next"] is False


def test_it_shows_a_players_ratings_and_history(client, alice, bob):
    match = finish_two(ranked_match(alice, bob), winner=alice)
    [rating] = client.get("/api/players/alice/ratings/").json()
    assert rating["rating"] == 1532.0 and rating["provisional"] and rating["rank"] is None
    [change] = client.get("/api/players/alice/ratings/goofspiel/history/").json()
    assert change == {**change, "match": match.pk, "delta": 32.0, "place": 1}


def test_it_says_when_a_player_does_not_exist(client, db):
    response = client.get("/api/players/nobody/ratings/")
    assert response.status_code == 404 and response.json()["error"] == "not_found"


def test_it_joins_and_leaves_the_queue_with_a_token(alice_api):
    joined = alice_api.post("/api/matchmaking/queue/", {"game": "goofspiel", "seats": 2})
    assert joined.status_code == 201 and joined.json()["queued"] is True
    assert alice_api.get("/api/matchmaking/queue/").json()["game"] == "goofspiel"
    assert alice_api.delete("/api/matchmaking/queue/").status_code == 204
    again = alice_api.delete("/api/matchmaking/queue/")
    assert again.status_code == 409 and again.json()["error"] == "not_queued"


@pytest.mark.parametrize(
    ("body", "code"),
    [({"game": "goofspiel"}, "malformed"), ({"game": "goofspiel", "seats": 9}, "bad_seats"),
     ({"game": "chess", "seats": 2}, "unknown_game")],
)  # fmt: skip
def test_it_refuses_a_bad_queue_request(alice_api, body, code):
    response = alice_api.post("/api/matchmaking/queue/", body, format="json")
    assert response.json()["error"] == code and "detail" in response.json()


def test_it_refuses_the_queue_to_anonymous_callers(client, db):
    response = client.post("/api/matchmaking/queue/", {"game": "goofspiel", "seats": 2})
    assert response.status_code in (401, 403) and "error" in response.json()
