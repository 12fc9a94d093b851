"""Every error under /api/ has a JSON body {"error": code, "detail": sentence}, also the ones
Django answers itself (an unknown path, a wrong method); pages keep their HTML."""

import pytest
from django.test import Client


@pytest.fixture
def web():
    """A client that answers like the server does (a crash is a 500, not a raised error)."""
    return Client(raise_request_exception=False)


def test_it_answers_an_unknown_api_path_in_json(web, db):
    response = web.get("/api/no-such-thing/")
    assert response.status_code == 404
    assert response.json() == {"error": "not_found", "detail": "Not Found."}


def test_it_answers_an_unknown_match_with_the_not_found_code(web, db):
    response = web.get("/api/matches/999999/")
    assert response.status_code == 404 and response.json()["error"] == "not_found"


def test_it_answers_an_unknown_player_with_the_not_found_code(web, db):
    response = web.get("/api/players/nobody/ratings/")
    assert response.status_code == 404
    assert response.json() == {
        "error": "not_found",
        "detail": "There is no player called 'nobody'.",
    }


def test_it_answers_a_wrong_method_in_json(web, alice):
    web.force_login(alice)
    response = web.put("/api/tables/", {}, content_type="application/json")
    assert response.status_code == 405 and response.json()["error"] == "method_not_allowed"


def test_it_keeps_html_for_a_missing_page(web, db):
    response = web.get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_it_answers_too_many_query_fields_in_json(web, db):
    query = "&".join(f"f{n}=1" for n in range(1100))
    response = web.get(f"/api/tables/?{query}")
    assert response.status_code == 400 and response.json()["error"] == "bad_request"
