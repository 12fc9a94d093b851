"""The `clock` (time control) of /api/tables/ and /api/tournaments/ (play/clock_api.py): a
preset by name, a kind with its numbers, or a preset with numbers changed, stored on the table
or the tournament and played by its matches; shown back with its name; bad input is a 400 that
says which field and why, and changes nothing; the OpenAPI schema documents the object."""

import pytest

from lobbies.models import Table
from play import clocks
from play.models import Match
from tournaments.models import Tournament

TABLE = {"game": "dicecity", "seats": 2}
TOURNAMENT = {
    "name": "Clock cup",
    "game": "dicecity",
    "format": "swiss",
    "table_size": 2,
    "rounds": 3,
}
FISCHER = {"kind": "fischer", "base": 1200, "increment": 30}


def _post(api, user, path, body):
    api.force_login(user)
    return api.post(path, body, format="json")


@pytest.mark.parametrize(
    ("clock", "stored"),
    [
        (FISCHER, {**FISCHER, "cap": None, "weekends": False}),
        ({"preset": "normal"}, clocks.preset("dicecity", "normal")),
        ({"preset": "fast", "increment": 9}, {**clocks.preset("dicecity", "fast"), "increment": 9}),
        (
            {"kind": "capped", "base": 600, "increment": 20, "cap": 900},
            {"kind": "capped", "base": 600, "increment": 20, "cap": 900, "weekends": False},
        ),
        (
            {"kind": "simple", "base": 90},
            {"kind": "simple", "base": 90, "increment": 90, "cap": 90, "weekends": False},
        ),
    ],
)
def test_a_table_takes_a_time_control_and_its_match_plays_it(api, alice, bob, clock, stored):
    response = _post(api, alice, "/api/tables/", {**TABLE, "clock": clock})
    assert response.status_code == 201, response.json()
    body = response.json()
    table = Table.objects.get(pk=body["id"])
    assert table.clock == stored
    assert {k: body["clock"][k] for k in stored} == stored and body["clock"]["name"]
    joined = _post(api, bob, f"/api/tables/{table.pk}/join/", {})
    assert joined.status_code == 200, joined.json()
    match = Match.objects.get(table=table)
    assert match.clock == stored
    assert {e["left"] for e in match.banks} == {float(stored["base"])}


def test_a_table_without_a_clock_shows_its_time_per_move(api, alice):
    response = _post(api, alice, "/api/tables/", {**TABLE, "move_seconds": 120})
    assert response.status_code == 201
    assert response.json()["clock"] == {
        "kind": "simple", "base": 120, "increment": 120, "cap": 120, "weekends": False,
        "name": "2m per move",
    }  # fmt: skip


def test_a_turn_based_table_takes_days_with_a_weekend_pause(api, alice):
    clock = {"kind": "days", "base": 86400, "increment": 86400, "cap": 259200, "weekends": True}
    response = _post(api, alice, "/api/tables/", {**TABLE, "mode": "turn", "clock": clock})
    assert response.status_code == 201, response.json()
    assert Table.objects.get().clock == clock
    assert response.json()["clock"]["name"] == "1d per move, bank at most 3d · no clock on weekends"


BAD = [
    ({"kind": "blitz", "base": 60}, "kind"),
    ({"preset": "lightning"}, "preset"),
    ({"base": 600}, "non_field_errors"),
    ({"kind": "fischer", "base": 5}, "base"),
    ({"kind": "fischer", "base": "ten"}, "base"),
    ({"kind": "fischer", "base": 600, "increment": -1}, "increment"),
    ({"kind": "fischer", "increment": 10}, "base"),
    ({"kind": "capped", "base": 600, "increment": 10}, "cap"),
    ({"kind": "capped", "base": 600, "increment": 10, "cap": 300}, "cap"),
    ({"kind": "fischer", "base": 600, "secret": 1}, "secret"),
    ("fast", "non_field_errors"),
]


@pytest.mark.parametrize(("clock", "field"), BAD)
def test_a_bad_table_clock_is_refused_with_its_field_and_changes_nothing(api, alice, clock, field):
    response = _post(api, alice, "/api/tables/", {**TABLE, "clock": clock})
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "malformed"
    assert field in body["detail"]["clock"], body
    assert all(isinstance(m, str) and m for m in body["detail"]["clock"][field])
    assert not Table.objects.exists()


def test_days_per_move_are_refused_for_live_play(api, alice):
    clock = {"kind": "days", "base": 86400, "increment": 86400, "cap": 86400}
    response = _post(api, alice, "/api/tables/", {**TABLE, "clock": clock})
    assert response.status_code == 400
    assert response.json() == {
        "error": "bad_clock",
        "detail": "Days per move are for turn-based play.",
    }
    assert not Table.objects.exists()


def test_a_tournament_takes_a_time_control_for_all_its_tables(api, alice):
    response = _post(api, alice, "/api/tournaments/", {**TOURNAMENT, "clock": {"preset": "slow"}})
    assert response.status_code == 201, response.json()
    slow = clocks.preset("dicecity", "slow")
    assert Tournament.objects.get().clock == slow
    body = response.json()
    assert {k: body["clock"][k] for k in slow} == slow
    assert body["clock"]["name"] == "Time bank: 16m + 30s per move, at most 24m"
    shown = api.get(f"/api/tournaments/{body['id']}/").json()
    assert shown["clock"] == body["clock"]


@pytest.mark.parametrize(("clock", "field"), BAD)
def test_a_bad_tournament_clock_is_refused_and_changes_nothing(api, alice, clock, field):
    response = _post(api, alice, "/api/tournaments/", {**TOURNAMENT, "clock": clock})
    assert response.status_code == 400
    assert response.json()["error"] == "malformed"
    assert field in response.json()["detail"]["clock"]
    assert not Tournament.objects.exists()


def test_a_live_tournament_refuses_days_per_move(api, alice):
    clock = {"kind": "days", "base": 86400, "increment": 86400, "cap": 86400}
    response = _post(api, alice, "/api/tournaments/", {**TOURNAMENT, "clock": clock})
    assert response.status_code == 400 and response.json()["error"] == "bad_clock"
    assert not Tournament.objects.exists()


def _target(parts, field):
    ref = field.get("$ref") or field["allOf"][0]["$ref"]
    return parts[ref.rsplit("/", 1)[1]]


def test_the_schema_documents_the_clock_both_ways(api, db):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    parts = schema["components"]["schemas"]
    for name in ("TableInputRequest", "TournamentInputRequest"):
        given = _target(parts, parts[name]["properties"]["clock"])["properties"]
        assert {"preset", "kind", "base", "increment", "cap", "weekends"} == set(given)
        assert _target(parts, given["kind"])["enum"] == list(clocks.KINDS)
        assert _target(parts, given["preset"])["enum"] == list(clocks.PRESET_NAMES)
        assert (given["base"]["minimum"], given["increment"]["minimum"]) == (10, 0)
    for name in ("Table", "Tournament"):
        shown = _target(parts, parts[name]["properties"]["clock"])
        assert set(shown["required"]) == {"kind", "base", "increment", "cap", "weekends", "name"}
