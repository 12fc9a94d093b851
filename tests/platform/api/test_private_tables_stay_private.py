"""A private table tells outsiders nothing: not its status, not its match, not the rating
changes of the ranked match played at it. Its players see everything."""

import pytest

from lobbies.services import lobby_create, lobby_join
from play.services import seat_forfeit


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def private_table(alice):
    return lobby_create(host=alice, game="goofspiel", seats=2, private=True, ranked=True)


@pytest.fixture
def private_result(private_table, alice, bob):
    """alice beats bob in a ranked match at a private table (bob resigns)."""
    lobby_join(table_id=private_table.pk, user=bob, invite_token=private_table.invite_token)
    private_table.refresh_from_db()
    match = private_table.match
    seat_forfeit(match_id=match.pk, seat_index=match.seats.get(user=bob).index, reason="resigned")
    return match


def test_it_hides_a_private_tables_status_from_a_visitor(client, private_table):
    assert client.get(f"/tables/{private_table.pk}/status/").status_code == 404


def test_it_hides_a_private_tables_status_from_an_outsider(client, private_table, carol):
    client.force_login(carol)
    assert client.get(f"/tables/{private_table.pk}/status/").status_code == 404
    wrong = client.get(f"/tables/{private_table.pk}/status/?invite=wrong")
    assert wrong.status_code == 404


def test_it_shows_a_private_tables_status_to_its_invitees(client, private_table, carol):
    token = private_table.invite_token
    body = client.get(f"/tables/{private_table.pk}/status/?invite={token}").json()
    assert body == {"status": "open", "taken": 1, "seats": 2, "match_url": None}


def test_it_shows_a_private_tables_status_to_its_players(client, private_table, alice):
    client.force_login(alice)
    body = client.get(f"/tables/{private_table.pk}/status/").json()
    assert body["status"] == "open" and body["taken"] == 1


def test_it_shows_a_public_tables_status_to_anyone(client, alice):
    table = lobby_create(host=alice, game="goofspiel", seats=2)
    assert client.get(f"/tables/{table.pk}/status/").json()["status"] == "open"


def test_it_hides_a_private_match_from_the_rating_history_api(api, private_result, carol):
    api.force_login(carol)
    assert api.get("/api/players/alice/ratings/goofspiel/history/").json() == []
    api.logout()
    assert api.get("/api/players/alice/ratings/goofspiel/history/").json() == []


def test_it_shows_a_private_match_in_the_players_own_rating_history(api, private_result, alice):
    api.force_login(alice)
    history = api.get("/api/players/alice/ratings/goofspiel/history/").json()
    assert [(h["match"], h["place"]) for h in history] == [(private_result.pk, 1)]


def test_it_hides_a_private_match_from_a_public_profile(client, private_result, carol):
    client.force_login(carol)
    page = client.get("/players/alice/").content.decode()
    assert f"/matches/{private_result.pk}/" not in page
    assert "bob" not in page  # neither among the games nor among the rated games


def test_it_shows_a_public_ranked_match_on_the_profile(client, alice, bob, carol):
    table = lobby_create(host=alice, game="goofspiel", seats=2, ranked=True)
    lobby_join(table_id=table.pk, user=bob)
    table.refresh_from_db()
    match = table.match
    seat_forfeit(match_id=match.pk, seat_index=match.seats.get(user=bob).index, reason="resigned")
    client.force_login(carol)
    page = client.get("/players/alice/").content.decode()
    assert f"/matches/{match.pk}/" in page and "bob" in page
