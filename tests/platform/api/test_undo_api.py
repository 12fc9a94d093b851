"""POST /api/matches/<id>/undo/: take back one's last decision of the turn over HTTP; bad input
is refused with a clear error and changes nothing; the endpoint is in the OpenAPI schema."""

import pytest

from lobbies.services import lobby_create, lobby_join
from play.models import ActionRecord, Match
from play.services import action_submit


@pytest.fixture
def match(alice, bob):
    table = lobby_create(host=alice, game="dicecity", seats=2)
    lobby_join(table_id=table.pk, user=bob)
    match = Match.objects.get(table=table)
    match.seed = 1  # seat 0's white die is on a Mountain: using it reveals nothing
    match.state = match.engine.setup(2, 1, match.options)
    match.save(update_fields=["seed", "state"])
    action_submit(
        match_id=match.pk,
        user=match.seats.get(index=0).user,
        action={"type": "use", "die": "white"},
        version=0,
    )
    return match


def _snapshot(match):
    match = Match.objects.get(pk=match.pk)
    log = list(ActionRecord.objects.filter(match=match).values_list("seq", "undone_by"))
    return match.version, match.state, log


def _url(match):
    return f"/api/matches/{match.pk}/undo/"


def test_it_takes_back_the_decision_and_answers_with_the_match(as_user, match):
    api = as_user(match.seats.get(index=0).user)
    response = api.post(_url(match), {"version": 1}, format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["version"] == 2 and body["view"]["players"][0]["res"] == [0, 0, 0]
    assert ActionRecord.objects.get(match=match, seq=1).undone_by == 2


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({}, 400, "malformed"),
        ({"version": "one"}, 400, "malformed"),
        ({"version": 0}, 409, "stale_version"),
        ([1], 400, "malformed"),
    ],
)
def test_it_refuses_bad_input_and_changes_nothing(as_user, match, body, status, code):
    api = as_user(match.seats.get(index=0).user)
    before = _snapshot(match)
    response = api.post(_url(match), body, format="json")
    assert (response.status_code, response.json()["error"]) == (status, code)
    assert _snapshot(match) == before


def test_it_refuses_malformed_json(as_user, match):
    api = as_user(match.seats.get(index=0).user)
    before = _snapshot(match)
    response = api.post(_url(match), "{nope", content_type="application/json")
    assert (response.status_code, response.json()["error"]) == (400, "malformed")
    assert _snapshot(match) == before


def test_it_refuses_the_other_player_an_outsider_and_a_visitor(api, as_user, match, carol):
    before = _snapshot(match)
    assert api.post(_url(match), {"version": 1}, format="json").status_code == 403
    response = as_user(carol).post(_url(match), {"version": 1}, format="json")
    assert (response.status_code, response.json()["error"]) == (403, "not_a_player")
    response = as_user(match.seats.get(index=1).user).post(
        _url(match), {"version": 1}, format="json"
    )
    assert (response.status_code, response.json()["error"]) == (409, "not_your_turn")
    assert _snapshot(match) == before


def test_it_answers_404_for_no_such_match(as_user, alice, db):
    response = as_user(alice).post("/api/matches/999999/undo/", {"version": 1}, format="json")
    assert (response.status_code, response.json()["error"]) == (404, "not_found")


def test_the_schema_documents_it(api, db):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    operation = schema["paths"]["/api/matches/{match_id}/undo/"]["post"]
    assert {"200", "400", "403", "404", "409"} <= set(operation["responses"])
