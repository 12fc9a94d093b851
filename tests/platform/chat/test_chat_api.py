"""The chat over HTTP: /api/matches/<id>/chat/, /api/tables/<id>/chat/, reports, mutes, the
spectators' channel setting. Errors are {"error", "detail"}; a refusal changes nothing."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from chat.models import ChatLine, Mute, Report
from lobbies.services import lobby_create


@pytest.fixture
def api():
    def as_user(user=None):
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return as_user


def test_it_posts_and_reads_a_matchs_chat(api, started_match, alice, carol):
    url = f"/api/matches/{started_match.pk}/chat/"
    posted = api(alice).post(url, {"text": "hello <b>bob</b>"}, format="json")
    assert posted.status_code == 201
    line = posted.json()
    assert (line["author"], line["text"], line["channel"]) == (
        "alice",
        "hello <b>bob</b>",
        "players",
    )
    page = api(carol).get(url).json()
    assert page["channel"] == "spectators" and [x["id"] for x in page["lines"]] == [line["id"]]
    assert api(carol).get(url, {"after": line["id"]}).json()["lines"] == []


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"text": ""}, 400, "empty"),
        ({"text": "x" * 301}, 400, "too_long"),
        ({"text": 3}, 400, "malformed"),
        ({}, 400, "malformed"),
        (["text"], 400, "malformed"),
    ],
)
def test_it_refuses_bad_lines_with_a_clear_error(api, started_match, alice, body, status, code):
    answer = api(alice).post(f"/api/matches/{started_match.pk}/chat/", body, format="json")
    assert answer.status_code == status and answer.json()["error"] == code
    assert not ChatLine.objects.exists()


def test_it_answers_too_fast_with_429(api, started_match, alice):
    client = api(alice)
    for n in range(5):
        client.post(f"/api/matches/{started_match.pk}/chat/", {"text": f"{n}"}, format="json")
    answer = client.post(f"/api/matches/{started_match.pk}/chat/", {"text": "6"}, format="json")
    assert answer.status_code == 429 and answer.json()["error"] == "too_fast"


def test_it_needs_a_login_and_hides_unknown_matches(api, started_match, alice):
    assert api().get(f"/api/matches/{started_match.pk}/chat/").status_code == 403
    answer = api(alice).get("/api/matches/999999/chat/")
    assert answer.status_code == 404 and answer.json()["error"] == "not_found"
    assert api(alice).get(f"/api/matches/{started_match.pk}/chat/?after=x").status_code == 400


def test_a_tables_chat_before_the_start(api, alice, carol):
    table = lobby_create(host=alice, game="goofspiel", seats=3, private=True)
    url = f"/api/tables/{table.pk}/chat/"
    assert api(alice).post(url, {"text": "who joins?"}, format="json").status_code == 201
    assert api(carol).get(url).status_code == 404
    assert api(carol).post(url, {"text": "me"}, format="json").status_code == 404
    invited = {"text": "me!", "invite": table.invite_token}
    assert api(carol).post(url, invited, format="json").json()["channel"] == "spectators"
    page = api(carol).get(url, {"invite": table.invite_token}).json()
    assert [x["text"] for x in page["lines"]] == ["who joins?", "me!"]


def test_it_reports_mutes_and_hides_the_spectators(api, started_match, alice, bob, carol):
    line = (
        api(bob)
        .post(f"/api/matches/{started_match.pk}/chat/", {"text": "noob"}, format="json")
        .json()
    )
    report = api(alice).post(
        f"/api/chat/lines/{line['id']}/report/", {"reason": "abuse"}, format="json"
    )
    assert report.status_code == 201 and report.json() == {
        "line": line["id"],
        "reason": "abuse",
        "status": "open",
    }
    assert Report.objects.count() == 1
    assert api(alice).put(f"/api/chat/mutes/{bob.pk}/").json() == {"person": bob.pk, "muted": True}
    assert api(alice).get("/api/chat/mutes/").json() == [{"id": bob.pk, "name": "bob"}]
    assert api(alice).get(f"/api/matches/{started_match.pk}/chat/").json()["lines"] == []
    assert api(alice).delete(f"/api/chat/mutes/{bob.pk}/").json()["muted"] is False
    assert not Mute.objects.exists()
    assert api(alice).put(f"/api/chat/mutes/{alice.pk}/").status_code == 409
    settings = api(alice).patch("/api/chat/settings/", {"show_spectators": False}, format="json")
    assert settings.json() == {"show_spectators": False}
    assert api(alice).get("/api/chat/settings/").json() == {"show_spectators": False}
    bad = api(alice).patch("/api/chat/settings/", {"show_spectators": "no"}, format="json")
    assert bad.status_code == 400


def test_the_schema_lists_the_chat_endpoints(api, db):
    schema = api().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    for path in (
        "/api/matches/{match_id}/chat/",
        "/api/tables/{table_id}/chat/",
        "/api/chat/lines/{line_id}/report/",
        "/api/chat/mutes/",
        "/api/chat/mutes/{person_id}/",
        "/api/chat/settings/",
    ):
        assert path in schema["paths"], path
    assert "post" in schema["paths"]["/api/matches/{match_id}/chat/"]
