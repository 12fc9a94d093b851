"""/api/tables/: list with filters, create, and the verbs join, leave, bot, start, cancel."""

import pytest

from lobbies.models import Table
from lobbies.services import lobby_create
from play.models import Match


@pytest.fixture
def table(alice):
    return lobby_create(host=alice, game="goofspiel", seats=3, options={"cards": 3})


def test_it_creates_a_table(as_user, alice):
    response = as_user(alice).post(
        "/api/tables/",
        {
            "game": "goofspiel",
            "seats": 3,
            "ranked": True,
            "mode": "turn",
            "move_seconds": 86400,
            "private": True,
            "options": {"cards": 8},
        },
        format="json",
    )
    assert response.status_code == 201
    body = response.json()
    table = Table.objects.get(pk=body["id"])
    assert body["host"] == "alice" and body["players"] == ["alice"] and body["status"] == "open"
    assert (table.seats, table.ranked, table.mode, table.move_seconds) == (3, True, "turn", 86400)
    assert table.private and table.options == {"cards": 8}
    assert body["invite"] == table.invite_token


def test_it_says_why_a_table_is_refused(as_user, alice):
    response = as_user(alice).post("/api/tables/", {"game": "goofspiel", "seats": 7})
    assert response.status_code == 400
    assert response.json() == {"error": "bad_seats", "detail": "Goofspiel takes 2 to 4 players."}
    assert not Table.objects.exists()


def test_creating_needs_authentication(api, db):
    response = api.post("/api/tables/", {"game": "goofspiel", "seats": 2})
    assert response.status_code == 403 and not Table.objects.exists()


def test_it_lists_open_public_tables_with_filters(api, alice, bob):
    live = lobby_create(host=alice, game="goofspiel", seats=2)
    turn = lobby_create(host=bob, game="goofspiel", seats=4, mode="turn", ranked=True)
    lobby_create(host=bob, game="goofspiel", seats=2, private=True)

    def listed(query=""):
        return [t["id"] for t in api.get(f"/api/tables/?{query}").json()["results"]]

    assert listed() == [turn.pk, live.pk]
    assert listed("mode=live") == [live.pk]
    assert listed("ranked=true") == [turn.pk]
    assert listed("seats=4") == [turn.pk]
    assert listed("game=dicecity") == []
    assert all(
        "invite" in t and t["invite"] is None for t in api.get("/api/tables/").json()["results"]
    )


def test_join_and_leave(as_user, table, bob):
    client = as_user(bob)
    joined = client.post(f"/api/tables/{table.pk}/join/")
    assert joined.status_code == 200 and joined.json()["players"] == ["alice", "bob"]
    left = client.post(f"/api/tables/{table.pk}/leave/")
    assert left.status_code == 200 and left.json()["players"] == ["alice"]


def test_the_last_join_starts_the_match(as_user, table, bob, carol):
    as_user(bob).post(f"/api/tables/{table.pk}/join/")
    body = as_user(carol).post(f"/api/tables/{table.pk}/join/").json()
    assert body["status"] == "started" and body["match"] == Match.objects.get(table=table).pk


def test_the_host_adds_a_bot_then_starts(as_user, table, alice):
    client = as_user(alice)
    body = client.post(f"/api/tables/{table.pk}/bot/", {"bot": "random"}, format="json").json()
    assert body["players"] == ["alice", "random bot"]
    body = client.post(f"/api/tables/{table.pk}/start/").json()
    assert body["status"] == "started"
    assert Match.objects.get(table=table).seats.count() == 3


def test_the_host_cancels(as_user, table, alice):
    body = as_user(alice).post(f"/api/tables/{table.pk}/cancel/").json()
    assert body["status"] == "cancelled"


def test_only_the_host_cancels(as_user, table, bob):
    response = as_user(bob).post(f"/api/tables/{table.pk}/cancel/")
    assert response.status_code == 403 and response.json()["error"] == "not_host"
    table.refresh_from_db()
    assert table.is_open


def test_a_table_is_readable_by_anyone(api, table):
    body = api.get(f"/api/tables/{table.pk}/").json()
    assert body["id"] == table.pk and body["seats"] == 3 and body["invite"] is None
