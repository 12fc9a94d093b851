"""/api/tournaments/: list, create, detail, registration, check-in, standings, rounds and the
organisers' actions. Every bad or forbidden request gets a clear JSON error and changes
nothing."""

from __future__ import annotations

import pytest

from tournaments import services
from tournaments.models import AuditEntry, Registration, Tournament

from .conftest import create, register_all

pytestmark = pytest.mark.django_db

CREATE = {
    "name": "Autumn open",
    "game": "goofspiel",
    "format": "swiss",
    "table_size": 3,
    "rounds": 3,
}


def _snapshot():
    return (
        list(Tournament.objects.values_list("pk", "status", "registration_open", "stamp")),
        Registration.objects.count(),
        AuditEntry.objects.count(),
    )


def test_it_creates_a_tournament_and_names_its_organiser(api, alice):
    api.force_login(alice)
    response = api.post("/api/tournaments/", {**CREATE, "options": {"cards": 3}}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["organiser"] == "alice" and body["status"] == "registration"
    assert body["invite"] == Tournament.objects.get(pk=body["id"]).invite_token


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({**CREATE, "table_size": 9}, "bad_table_size"),
        ({**CREATE, "format": "knockout"}, "malformed"),
        ({**CREATE, "rounds": "three"}, "malformed"),
        ({**CREATE, "game": "nope"}, "unknown_game"),
        ({"name": "No game"}, "malformed"),
        ({**CREATE, "options": {"cards": 4}}, "bad_options"),
        ({**CREATE, "min_rating": 1700}, "bad_min_rating"),
    ],
)
def test_bad_creations_are_refused_with_a_reason(api, alice, body, code):
    api.force_login(alice)
    response = api.post("/api/tournaments/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == code and response.json()["detail"]
    assert not Tournament.objects.exists()


def test_creating_needs_a_login(api, db):
    response = api.post("/api/tournaments/", CREATE, format="json")
    assert response.status_code == 403 and not Tournament.objects.exists()


def test_it_lists_and_filters_and_hides_invite_only_events(api, alice, bob):
    open_event = create(alice)
    hidden = create(alice, invite_only=True)
    listed = [t["id"] for t in api.get("/api/tournaments/").json()["results"]]
    assert listed == [open_event.pk]
    assert api.get("/api/tournaments/?game=dicecity").json()["results"] == []
    assert [t["id"] for t in api.get("/api/tournaments/?status=upcoming").json()["results"]] == [
        open_event.pk
    ]
    api.force_login(alice)
    assert hidden.pk in [t["id"] for t in api.get("/api/tournaments/").json()["results"]]
    assert api.get(f"/api/tournaments/{hidden.pk}/").status_code == 200


def test_register_check_in_and_unregister(api, alice, bob):
    t = create(alice)
    api.force_login(bob)
    assert api.post(f"/api/tournaments/{t.pk}/register/", {}, format="json").status_code == 200
    again = api.post(f"/api/tournaments/{t.pk}/register/", {}, format="json")
    assert again.status_code == 409 and again.json()["error"] == "already_registered"
    early = api.post(f"/api/tournaments/{t.pk}/checkin/", {}, format="json")
    assert early.status_code == 409 and early.json()["error"] == "checkin_closed"
    assert api.post(f"/api/tournaments/{t.pk}/unregister/", {}, format="json").status_code == 200
    assert not t.registrations.exists()


def test_invite_only_registration_needs_the_token(api, alice, bob):
    t = create(alice, invite_only=True)
    api.force_login(bob)
    before = _snapshot()
    refused = api.post(f"/api/tournaments/{t.pk}/register/", {"invite": "guess"}, format="json")
    assert refused.status_code == 403 and refused.json()["error"] == "invite_only"
    assert _snapshot() == before
    ok = api.post(f"/api/tournaments/{t.pk}/register/", {"invite": t.invite_token}, format="json")
    assert ok.status_code == 200 and ok.json()["invite"] is None  # players do not see it


@pytest.mark.parametrize(
    ("verb", "body"),
    [
        ("start", {}),
        ("cancel", {}),
        ("close", {}),
        ("withdraw", {"player": 1}),
        ("result", {"table": 1, "places": [1, 2], "reason": "because"}),
        ("co-organiser-add", {"name": "bob"}),
    ],
)
def test_a_non_organiser_is_refused_and_nothing_changes(api, alice, bob, verb, body):
    t = create(alice)
    api.force_login(bob)
    before = _snapshot()
    response = api.post(f"/api/tournaments/{t.pk}/{verb}/", body, format="json")
    assert response.status_code == 403
    assert response.json()["error"] in ("not_organiser", "not_owner")
    assert _snapshot() == before


@pytest.mark.parametrize(
    ("verb", "body", "status", "code"),
    [
        ("withdraw", {"player": "abc"}, 400, "bad_player"),
        ("withdraw", {"player": 999999}, 404, "no_player"),
        ("result", {"table": 999999, "places": [1, 2], "reason": "typo"}, 409, "not_now"),
        ("seed", {"order": [999999]}, 400, "bad_order"),
        ("co-organiser-add", {"name": "nobody-here"}, 404, "no_user"),
        ("bot", {"bot": "deep-blue"}, 400, "unknown_bot"),
        ("resume", {}, 409, "not_now"),
    ],
)
def test_bad_organiser_requests_say_why_and_change_nothing(api, alice, verb, body, status, code):
    t = create(alice, seeding="manual")
    api.force_login(alice)
    before = _snapshot()
    response = api.post(f"/api/tournaments/{t.pk}/{verb}/", body, format="json")
    assert response.status_code == status, response.json()
    assert response.json()["error"] == code and response.json()["detail"]
    assert _snapshot() == before


def test_a_body_that_is_not_an_object_is_refused(api, alice):
    t = create(alice)
    api.force_login(alice)
    response = api.post(f"/api/tournaments/{t.pk}/start/", [1, 2], format="json")
    assert response.status_code == 400 and response.json()["error"] == "malformed"


def test_unknown_tournaments_are_404(api, alice):
    api.force_login(alice)
    assert api.get("/api/tournaments/424242/").json()["error"] == "not_found"
    response = api.post("/api/tournaments/424242/register/", {}, format="json")
    assert response.status_code == 404 and response.json()["error"] == "not_found"


def test_standings_and_rounds_show_the_pairings(api, alice, players):
    t = create(alice, format="swiss", table_size=2, rounds=2)
    register_all(t, players(4))
    api.force_login(alice)
    assert api.post(f"/api/tournaments/{t.pk}/start/", {}, format="json").status_code == 200
    rounds = api.get(f"/api/tournaments/{t.pk}/rounds/").json()
    assert [r["number"] for r in rounds] == [1]
    tables = rounds[0]["tables"]
    assert len(tables) == 2 and all(tb["match"] for tb in tables)
    assert {p["name"] for tb in tables for p in tb["players"]} == {"p1", "p2", "p3", "p4"}
    t.refresh_from_db()
    assert api.get(f"/api/tournaments/{t.pk}/standings/").json() == t.standings


def test_rounds_list_byes_by_registration_id_as_the_tables_list_players(api, alice, players):
    """Five players at 2-player tables: one bye, named by the registration it is for (display
    names change, and a bot entrant's is its level's), as the tables name their players."""
    t = create(alice, format="swiss", table_size=2, rounds=2)
    registrations = register_all(t, players(5))
    api.force_login(alice)
    assert api.post(f"/api/tournaments/{t.pk}/start/", {}, format="json").status_code == 200
    first = api.get(f"/api/tournaments/{t.pk}/rounds/").json()[0]
    ids = {r.pk: r.user.display_name for r in registrations}
    seated = {p["id"] for tb in first["tables"] for p in tb["players"]}
    assert len(first["byes"]) == 1
    bye = first["byes"][0]
    assert set(bye) == {"id", "name"} and ids[bye["id"]] == bye["name"]
    assert seated | {bye["id"]} == set(ids) and bye["id"] not in seated
    t.refresh_from_db()
    assert [b["id"] for b in first["byes"]] == t.rounds_set.get(number=1).byes


def test_the_schema_documents_the_tournament_endpoints(api, db):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths = schema["paths"]
    assert "/api/tournaments/" in paths and "/api/tournaments/{tournament_id}/standings/" in paths
    start = paths["/api/tournaments/{tournament_id}/start/"]["post"]["responses"]
    assert {"400", "403", "404", "409"} <= set(start)


def test_the_entrant_count_is_right_whoever_asks(api, alice, bob, players):
    t = create(alice)
    register_all(t, players(3))
    services.tournament_coorganiser_set(tournament_id=t.pk, user=alice, name="bob", add=True)
    hidden = create(alice, invite_only=True)
    register_all(hidden, players(2, prefix="q"))
    for who in (None, alice, bob):
        if who is not None:
            api.force_login(who)
        counts = {
            row["id"]: row["entrants"] for row in api.get("/api/tournaments/").json()["results"]
        }
        assert counts[t.pk] == 3
        if who is alice:
            assert counts[hidden.pk] == 2
