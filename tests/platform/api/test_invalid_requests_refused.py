"""What schemathesis found accepted though the schema calls it invalid (issue 36, point 7): a
page's limit or offset that is not a whole number (DRF fell back to page 1), and a PATCH body
that is not a JSON object (a form body parsed as no field, a PATCH of nothing)."""

import pytest

from lobbies.services import lobby_create


@pytest.mark.parametrize(
    "query",
    [
        "limit=abc",
        "limit=0",
        "limit=null",
        "offset=-1",
        "offset=1e3",
        "offset=1&offset=2",
    ],
)
def test_a_page_with_a_bad_limit_or_offset_is_a_400(api, alice, query):
    response = api.get(f"/api/tables/?{query}")
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "invalid" and "whole number from" in str(body["detail"])


def test_good_pages_still_page(api, alice):
    for _ in range(3):
        lobby_create(host=alice, game="goofspiel", seats=2)
    page = api.get("/api/tables/?limit=2&offset=2").json()
    assert page["count"] == 3 and len(page["results"]) == 1


@pytest.mark.parametrize("path", ["/api/me/", "/api/me/play-by-email/"])
def test_a_patch_takes_a_json_object_only(as_user, alice, path):
    client = as_user(alice)
    form = client.patch(path, "True", content_type="multipart/form-data; boundary=x")
    assert form.status_code == 415 and form.json()["error"] == "unsupported_media_type"
    listed = client.patch(path, [{"display_name": "eve"}], format="json")
    assert listed.status_code == 400
    alice.refresh_from_db()
    assert alice.display_name == "alice"


def test_the_schema_documents_the_pages_400_and_their_bounds(api, db):
    schema = api.get("/api/schema/?format=json").json()
    tables = schema["paths"]["/api/tables/"]["get"]
    assert "400" in tables["responses"]
    bounds = {p["name"]: p["schema"] for p in tables["parameters"]}
    assert bounds["limit"]["minimum"] == 1 and bounds["offset"]["minimum"] == 0
