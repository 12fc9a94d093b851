"""Input anyone can send never ends in a 500: JSON nested 100,000 deep, a NUL character in the
URL or the body, a huge `limit`, a body too large. Each gets a clear error and changes nothing."""

import json

import pytest
from django.test import Client

from lobbies.models import Table
from lobbies.services import lobby_create
from play.models import ActionRecord, Match

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.fixture
def web():
    """A client that answers like the server does (a crash is a 500, not a raised error)."""
    return Client(raise_request_exception=False)


def _log_length(match_id):
    return ActionRecord.objects.filter(match_id=match_id).count()


def test_it_refuses_json_nested_100000_deep_on_an_action(web, started_match):
    seat0 = started_match.seats.get(index=0).user
    web.force_login(seat0)
    response = web.post(
        f"/api/matches/{started_match.pk}/actions/", DEEP, content_type="application/json"
    )
    assert response.status_code == 400 and response.json()["error"] == "malformed"
    assert "nested" in response.json()["detail"]
    assert Match.objects.get(pk=started_match.pk).version == 0
    assert _log_length(started_match.pk) == 0


@pytest.mark.parametrize(
    "path",
    [
        "/api/tables/",
        "/api/matchmaking/queue/",
        "/api/me/",
        "/api/auth/token/",
    ],
)
def test_it_refuses_json_nested_100000_deep_on_every_endpoint(web, alice, path):
    web.force_login(alice)
    method = web.patch if path == "/api/me/" else web.post
    response = method(path, DEEP, content_type="application/json")
    assert response.status_code == 400 and response.json()["error"] == "parse_error"
    assert Table.objects.count() == 0


def test_it_refuses_json_nested_a_little_too_deep(web, alice):
    web.force_login(alice)
    nested = json.loads("[" * 40 + "]" * 40)  # Python's own decoder takes 40 levels
    options = json.dumps({"game": "goofspiel", "seats": 2, "options": {"a": nested}})
    response = web.post("/api/tables/", options, content_type="application/json")
    assert response.status_code == 400 and "deeper than 32" in response.json()["detail"]
    assert Table.objects.count() == 0


def test_it_refuses_a_nul_character_in_a_json_body(web, alice):
    web.force_login(alice)
    body = json.dumps({"game": "goofspiel", "seats": 2, "options": {"cards\x00": 3}})
    response = web.post("/api/tables/", body, content_type="application/json")
    assert response.status_code == 400 and response.json()["error"] == "parse_error"
    assert Table.objects.count() == 0


@pytest.mark.parametrize(
    "url",
    [
        "/api/tables/?game=dice%00city",
        "/api/tables/1/?invite=a%00b",
        "/api/ladders/goofspiel/?q=al%00",
        "/api/players/al%00ice/ratings/",
        "/api/players/alice/ratings/goofspiel/history/?x%00=1",
    ],
)
def test_it_refuses_a_nul_character_in_an_api_url(web, alice, url):
    response = web.get(url)
    assert response.status_code == 400
    assert response.json() == {
        "error": "bad_request",
        "detail": "NUL characters are not allowed in a URL.",
    }


@pytest.mark.parametrize("url", ["/players/al%00ice/", "/tables/?game=dice%00city"])
def test_it_refuses_a_nul_character_in_a_page_url(web, alice, url):
    response = web.get(url)
    assert response.status_code == 400
    assert b"NUL characters" in response.content


def test_it_caps_a_huge_limit_on_the_open_tables(web, alice):
    lobby_create(host=alice, game="goofspiel", seats=2)
    response = web.get("/api/tables/?limit=100000000000000000000&offset=0")
    assert response.status_code == 200
    assert response.json()["count"] == 1 and len(response.json()["results"]) == 1


def test_it_answers_a_huge_offset_with_an_empty_page(web, alice):
    lobby_create(host=alice, game="goofspiel", seats=2)
    response = web.get("/api/tables/?offset=100000000000000000000")
    assert response.status_code == 200 and response.json()["results"] == []


def test_it_answers_a_huge_ladder_page_with_an_empty_page(web, alice):
    response = web.get("/api/ladders/goofspiel/?page=100000000000000000000&limit=10000000000000")
    assert response.status_code == 200 and response.json()["results"] == []


def test_it_refuses_a_form_too_large_with_a_json_413(web, alice, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    web.force_login(alice)
    response = web.post("/api/tables/", {"game": "goofspiel", "seats": "2", "x": "y" * 2000})
    assert response.status_code == 413
    assert response.json() == {"error": "too_large", "detail": "The request body is too large."}
    assert Table.objects.count() == 0


def test_it_refuses_json_too_large_with_a_json_413(web, alice, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    web.force_login(alice)
    body = json.dumps({"game": "goofspiel", "seats": 2, "options": {"x": "y" * 2000}})
    response = web.post("/api/tables/", body, content_type="application/json")
    assert response.status_code == 413 and response.json()["error"] == "too_large"
    assert Table.objects.count() == 0
