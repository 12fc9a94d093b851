"""/api/matches/<id>/: my view and choices, posting an action, reading the log."""

from play.models import ActionRecord


def _seat_user(match, index):
    return match.seats.get(index=index).user


def test_a_player_gets_its_own_view_and_choices(as_user, started_match):
    user = _seat_user(started_match, 0)
    body = as_user(user).get(f"/api/matches/{started_match.pk}/").json()
    assert body["seat"] == 0 and body["version"] == 0 and body["status"] == "active"
    assert [item["text"] for item in body["legal"]] == ["bid card=1", "bid card=2", "bid card=3"]
    assert [p["name"] for p in body["players"]] == [s.name for s in started_match.seats.all()]


def test_a_spectator_gets_the_public_view_and_no_choices(api, started_match):
    body = api.get(f"/api/matches/{started_match.pk}/").json()
    assert body["seat"] is None and body["legal"] == []


def test_posting_a_legal_action_applies_it(as_user, started_match):
    user = _seat_user(started_match, 0)
    response = as_user(user).post(
        f"/api/matches/{started_match.pk}/actions/",
        {"action": {"type": "bid", "card": 2}, "version": 0},
        format="json",
    )
    assert response.status_code == 200
    body = response.json()
    assert body["version"] == 1 and body["view"]["bids"][0] == 2 and body["legal"] == []
    assert ActionRecord.objects.get(match=started_match).action == {"type": "bid", "card": 2}


def test_the_notation_is_accepted_too(as_user, started_match):
    user = _seat_user(started_match, 1)
    response = as_user(user).post(
        f"/api/matches/{started_match.pk}/actions/",
        {"action": "bid card=3", "version": 0},
        format="json",
    )
    assert response.status_code == 200 and response.json()["version"] == 1


def test_token_authentication_plays_too(api, started_match):
    from rest_framework.authtoken.models import Token

    user = _seat_user(started_match, 0)
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    response = api.post(
        f"/api/matches/{started_match.pk}/actions/",
        {"action": "bid card=1", "version": 0},
        format="json",
    )
    assert response.status_code == 200 and response.json()["version"] == 1


def test_the_log_hides_other_seats_secret_bids(as_user, api, started_match):
    first, second = _seat_user(started_match, 0), _seat_user(started_match, 1)
    as_user(first).post(
        f"/api/matches/{started_match.pk}/actions/",
        {"action": "bid card=2", "version": 0},
        format="json",
    )
    mine = as_user(first).get(f"/api/matches/{started_match.pk}/log/").json()["entries"]
    assert mine[0]["action"] == {"type": "bid", "card": 2}
    theirs = as_user(second).get(f"/api/matches/{started_match.pk}/log/").json()["entries"]
    assert theirs[0]["action"] == {"type": "bid"}
    assert theirs[0]["text"] == f"{first.display_name} placed a secret bid"
    assert (
        as_user(second).get(f"/api/matches/{started_match.pk}/log/?after=1").json()["entries"] == []
    )


def test_an_unknown_match_is_a_404(api, db):
    assert api.get("/api/matches/999999/").status_code == 404
