"""A hidden table option (set by the site, never by a host: Scythe's rules version) is no more
in the API than on the pages: the tables' and tournaments' output leave it out and an input that
sets it is refused like an unknown option. It stays stored, so the match replays under it."""

from __future__ import annotations

import pytest

from lobbies.models import Table
from lobbies.services import lobby_create
from play.models import Match
from tournaments.models import Tournament
from tournaments.services import tournament_create

pytestmark = pytest.mark.django_db


def test_a_scythe_table_shows_no_rules_version_in_the_api(api, as_user, alice, bob):
    table = lobby_create(host=alice, game="scythe", seats=2, options={})
    assert table.options == {"rules": 2}  # stored all the same
    assert api.get(f"/api/tables/{table.pk}/").json()["options"] == {}
    listed = api.get("/api/tables/?game=scythe").json()["results"]
    assert [t["options"] for t in listed] == [{}]
    joined = as_user(bob).post(f"/api/tables/{table.pk}/join/").json()
    assert joined["options"] == {}
    assert Match.objects.get(table=table).options == {"rules": 2}


def test_a_shown_option_is_still_in_the_api(api, alice):
    table = lobby_create(host=alice, game="goofspiel", seats=2, options={"cards": 5})
    assert api.get(f"/api/tables/{table.pk}/").json()["options"] == {"cards": 5}


def test_a_host_cannot_set_the_rules_version_through_the_api(as_user, alice):
    response = as_user(alice).post(
        "/api/tables/", {"game": "scythe", "seats": 2, "options": {"rules": 1}}, format="json"
    )
    assert response.status_code == 400 and response.json()["error"] == "bad_options"
    assert "rules" in response.json()["detail"] and not Table.objects.exists()
    created = as_user(alice).post("/api/tables/", {"game": "scythe", "seats": 2}, format="json")
    assert created.status_code == 201 and created.json()["options"] == {}
    assert Table.objects.get().options == {"rules": 2}


def test_a_scythe_tournament_shows_no_rules_version_in_the_api(as_user, alice):
    t = tournament_create(
        organiser=alice, name="Cup", game="scythe", format="swiss", table_size=2, rounds=1
    )
    assert t.options == {"rules": 2}
    assert as_user(alice).get(f"/api/tournaments/{t.pk}/").json()["options"] == {}
    body = {"name": "Cup 2", "game": "scythe", "format": "swiss", "table_size": 2}
    refused = as_user(alice).post(
        "/api/tournaments/", {**body, "options": {"rules": 1}}, format="json"
    )
    assert refused.status_code == 400 and refused.json()["error"] == "bad_options"
    assert Tournament.objects.count() == 1
