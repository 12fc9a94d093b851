"""DRF throttles on the API: anonymous clients, users and the token endpoint, each a JSON 429
with Retry-After. Rates come from settings (env THROTTLE_*); these tests set low ones."""

import pytest


def _is_throttled(response) -> bool:
    body = response.json()
    return (
        response.status_code == 429
        and body["error"] == "throttled"
        and "throttled" in body["detail"]
        and int(response["Retry-After"]) > 0
    )


def test_it_throttles_an_anonymous_client(api, rates, db):
    rates(anon="3/min")
    for _ in range(3):
        assert api.get("/api/tables/").status_code == 200
    assert _is_throttled(api.get("/api/tables/"))


def test_it_takes_no_new_address_from_x_forwarded_for(api, rates, db):
    """The client is REMOTE_ADDR (NUM_PROXIES 0): a header of its own choosing is no escape."""
    rates(anon="3/min")
    for n in range(3):
        api.get("/api/tables/", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}")
    assert _is_throttled(api.get("/api/tables/", HTTP_X_FORWARDED_FOR="10.9.9.9"))


def test_another_address_has_its_own_count(api, rates, db):
    rates(anon="3/min")
    for _ in range(4):
        api.get("/api/tables/")
    assert api.get("/api/tables/", REMOTE_ADDR="198.51.100.7").status_code == 200


def test_it_throttles_a_logged_in_user(api, rates, alice, bob):
    rates(user="5/min")
    api.force_login(alice)
    for _ in range(5):
        assert api.get("/api/me/").status_code == 200
    assert _is_throttled(api.get("/api/me/"))
    api.force_login(bob)
    assert api.get("/api/me/").status_code == 200


@pytest.mark.parametrize("password", ["wrong-password", "a-long-password-1"])
def test_it_throttles_the_token_endpoint_whatever_the_password(api, rates, alice, password):
    rates(auth_token="3/min")
    for n in range(3):
        api.post("/api/auth/token/", {"username": f"x{n}@example.com", "password": "guess"})
    response = api.post("/api/auth/token/", {"username": alice.email, "password": password})
    assert _is_throttled(response) and "token" not in response.json()
