"""Bad input changes nothing and says why: each refusal names its reason and leaves the match
(version, log, state) or the table (status, places) exactly as it was."""

import pytest

from lobbies.models import Table
from lobbies.services import lobby_cancel, lobby_create, lobby_join, lobby_start
from play.models import ActionRecord, Match
from play.services import action_submit


def _match_snapshot(match_id):
    match = Match.objects.get(pk=match_id)
    log = list(ActionRecord.objects.filter(match=match).values_list("seq", "seat", "action"))
    seats = list(match.seats.values_list("index", "to_act"))
    return match.version, match.status, match.state, log, seats


def _table_snapshot(table_id):
    table = Table.objects.get(pk=table_id)
    places = list(table.entries.values_list("user_id", "bot"))
    return table.status, places, Match.objects.filter(table=table).count()


def _post_action(client, match, body, **kwargs):
    return client.post(f"/api/matches/{match.pk}/actions/", body, format="json", **kwargs)


@pytest.fixture
def seat0(started_match):
    return started_match.seats.get(index=0).user


@pytest.fixture
def seat1(started_match):
    return started_match.seats.get(index=1).user


def test_malformed_json(as_user, started_match, seat0):
    before = _match_snapshot(started_match.pk)
    response = as_user(seat0).post(
        f"/api/matches/{started_match.pk}/actions/",
        data='{"action": {"type": "bid", "card": 1}, "version": ',
        content_type="application/json",
    )
    assert response.status_code == 400 and response.json()["error"] == "malformed"
    assert "JSON" in response.json()["detail"]
    assert _match_snapshot(started_match.pk) == before


def test_a_body_without_a_version(as_user, started_match, seat0):
    before = _match_snapshot(started_match.pk)
    response = _post_action(as_user(seat0), started_match, {"action": "bid card=1"})
    assert response.status_code == 400 and response.json()["error"] == "malformed"
    assert _match_snapshot(started_match.pk) == before


def test_an_unknown_action_type(as_user, started_match, seat0):
    before = _match_snapshot(started_match.pk)
    response = _post_action(
        as_user(seat0), started_match, {"action": {"type": "fly"}, "version": 0}
    )
    assert response.status_code == 400 and response.json()["error"] == "invalid_action"
    assert _match_snapshot(started_match.pk) == before


def test_an_illegal_action_comes_back_with_the_engines_reason(as_user, started_match, seat0):
    before = _match_snapshot(started_match.pk)
    response = _post_action(as_user(seat0), started_match, {"action": "bid card=9", "version": 0})
    assert response.status_code == 422
    assert response.json() == {"error": "illegal_action", "detail": "You no longer hold the 9."}
    assert _match_snapshot(started_match.pk) == before


def test_a_move_out_of_turn(as_user, started_match, seat0):
    action_submit(match_id=started_match.pk, user=seat0, action="bid card=1", version=0)
    before = _match_snapshot(started_match.pk)
    response = _post_action(as_user(seat0), started_match, {"action": "bid card=2", "version": 1})
    assert response.status_code == 409 and response.json()["error"] == "not_your_turn"
    assert _match_snapshot(started_match.pk) == before


def test_a_stale_version(as_user, started_match, seat0, seat1):
    action_submit(match_id=started_match.pk, user=seat0, action="bid card=1", version=0)
    action_submit(match_id=started_match.pk, user=seat1, action="bid card=2", version=1)
    before = _match_snapshot(started_match.pk)
    response = _post_action(as_user(seat0), started_match, {"action": "bid card=2", "version": 1})
    assert response.status_code == 409 and response.json()["error"] == "stale_version"
    assert "version 2" in response.json()["detail"]
    assert _match_snapshot(started_match.pk) == before


def test_a_version_from_the_future(as_user, started_match, seat0):
    before = _match_snapshot(started_match.pk)
    response = _post_action(as_user(seat0), started_match, {"action": "bid card=2", "version": 7})
    assert response.status_code == 409 and response.json()["error"] == "stale_version"
    assert _match_snapshot(started_match.pk) == before


def test_a_non_player_acting(as_user, started_match, carol):
    before = _match_snapshot(started_match.pk)
    response = _post_action(as_user(carol), started_match, {"action": "bid card=1", "version": 0})
    assert response.status_code == 403 and response.json()["error"] == "not_a_player"
    assert _match_snapshot(started_match.pk) == before


def test_an_anonymous_visitor_acting(api, started_match):
    before = _match_snapshot(started_match.pk)
    response = _post_action(api, started_match, {"action": "bid card=1", "version": 0})
    assert response.status_code == 403 and response.json()["error"] == "not_authenticated"
    assert _match_snapshot(started_match.pk) == before


def test_an_action_on_an_unknown_match(as_user, seat0):
    response = _post_action(as_user(seat0), Match(pk=999999), {"action": "bid", "version": 0})
    assert response.status_code == 404


@pytest.fixture
def table(alice):
    return lobby_create(host=alice, game="goofspiel", seats=2, options={"cards": 3})


def test_joining_a_full_table(as_user, table, bob, carol):
    lobby_join(table_id=table.pk, user=bob)  # the last place: the table starts at once
    before = _table_snapshot(table.pk)
    response = as_user(carol).post(f"/api/tables/{table.pk}/join/")
    assert response.status_code == 409
    assert response.json() == {"error": "started", "detail": "This table has already started."}
    assert _table_snapshot(table.pk) == before


def test_joining_a_table_started_early_with_bots(as_user, alice, carol):
    table = lobby_create(host=alice, game="goofspiel", seats=4)
    lobby_start(table_id=table.pk, user=alice)
    before = _table_snapshot(table.pk)
    response = as_user(carol).post(f"/api/tables/{table.pk}/join/")
    assert response.status_code == 409 and response.json()["error"] == "started"
    assert _table_snapshot(table.pk) == before


def test_joining_a_cancelled_table(as_user, table, alice, carol):
    lobby_cancel(table_id=table.pk, user=alice)
    before = _table_snapshot(table.pk)
    response = as_user(carol).post(f"/api/tables/{table.pk}/join/")
    assert response.status_code == 409
    assert response.json() == {"error": "cancelled", "detail": "This table was cancelled."}
    assert _table_snapshot(table.pk) == before


def test_joining_an_unknown_table(as_user, carol):
    response = as_user(carol).post("/api/tables/999999/join/")
    assert response.status_code == 404 and response.json()["error"] == "not_found"


def test_bots_at_a_ranked_table(as_user, alice):
    table = lobby_create(host=alice, game="goofspiel", seats=3, ranked=True)
    before = _table_snapshot(table.pk)
    response = as_user(alice).post(f"/api/tables/{table.pk}/bot/", {"bot": "random"}, format="json")
    assert response.status_code == 409
    assert response.json() == {
        "error": "ranked_bots",
        "detail": "Bots cannot play at ranked tables.",
    }
    assert _table_snapshot(table.pk) == before


@pytest.fixture
def private_table(alice):
    return lobby_create(host=alice, game="goofspiel", seats=3, private=True)


def test_a_private_table_without_its_invite_is_hidden_and_refused(as_user, private_table, carol):
    client = as_user(carol)
    before = _table_snapshot(private_table.pk)
    assert client.get(f"/api/tables/{private_table.pk}/").status_code == 404
    assert client.get("/api/tables/").json()["results"] == []
    for body in ({}, {"invite": "not-the-token"}):
        response = client.post(f"/api/tables/{private_table.pk}/join/", body, format="json")
        assert response.status_code == 403 and response.json()["error"] == "private"
    assert _table_snapshot(private_table.pk) == before


def test_a_private_table_with_its_invite_link_works(as_user, private_table, carol):
    client = as_user(carol)
    token = private_table.invite_token
    body = client.get(f"/api/tables/{private_table.pk}/?invite={token}").json()
    assert body["id"] == private_table.pk
    response = client.post(
        f"/api/tables/{private_table.pk}/join/", {"invite": token}, format="json"
    )
    assert response.status_code == 200 and response.json()["players"] == ["alice", "carol"]
    assert response.json()["invite"] == token


def test_a_private_table_page_is_a_404_without_its_invite_link(client, private_table, carol):
    client.force_login(carol)
    before = _table_snapshot(private_table.pk)
    assert client.get(f"/tables/{private_table.pk}/").status_code == 404
    assert client.get(f"/tables/{private_table.pk}/?invite=wrong").status_code == 404
    page = client.post(f"/tables/{private_table.pk}/join/", follow=True)
    assert "you need its invite link" in page.content.decode()
    assert _table_snapshot(private_table.pk) == before


def test_a_private_table_page_with_its_invite_link_works(client, private_table, carol):
    client.force_login(carol)
    token = private_table.invite_token
    page = client.get(f"/tables/{private_table.pk}/?invite={token}")
    assert page.status_code == 200 and 'id="join"' in page.content.decode()
    client.post(f"/tables/{private_table.pk}/join/", {"invite": token})
    assert [e.user for e in private_table.entries.all()][-1] == carol
    assert client.get(f"/tables/{private_table.pk}/").status_code == 200


def test_a_private_tables_match_is_hidden_from_outsiders(as_user, alice, bob, carol):
    table = lobby_create(host=alice, game="goofspiel", seats=2, private=True)
    lobby_join(table_id=table.pk, user=bob, invite_token=table.invite_token)
    match = Match.objects.get(table=table)
    client = as_user(carol)
    assert client.get(f"/api/matches/{match.pk}/").status_code == 404
    assert client.get(f"/api/matches/{match.pk}/log/").status_code == 404
    assert as_user(bob).get(f"/api/matches/{match.pk}/").status_code == 200
