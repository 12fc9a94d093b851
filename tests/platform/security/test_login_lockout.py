"""One lockout for the log-in page and POST /api/auth/token/: per account and per address."""

from rest_framework.authtoken.models import Token

from tests.platform.conftest import make_user

RIGHT = "a-long-password-1"


def _token(api, email: str, password: str, address: str = "127.0.0.1"):
    return api.post(
        "/api/auth/token/", {"username": email, "password": password}, REMOTE_ADDR=address
    )


def _page_login(client, email: str, password: str):
    return client.post("/accounts/login/", {"login": email, "password": password})


def test_it_refuses_a_token_once_the_log_in_page_locked_the_account(client, api, alice):
    for _ in range(5):
        _page_login(client, alice.email, "wrong-password")
    response = _token(api, alice.email, RIGHT)
    assert response.status_code == 429 and "token" not in response.json()
    assert response.json()["error"] == "too_many_login_attempts"
    assert "Too many failed login attempts" in response.json()["detail"]


def test_it_locks_the_log_in_page_after_wrong_passwords_to_the_token_endpoint(client, api, alice):
    for _ in range(5):
        assert _token(api, alice.email, "wrong-password").status_code == 400
    assert _token(api, alice.email, RIGHT).status_code == 429
    page = _page_login(client, alice.email, RIGHT)
    assert "_auth_user_id" not in client.session
    assert "Too many failed login attempts" in page.content.decode()


def test_it_counts_the_e_mail_in_any_case_as_one_account(api, alice):
    for _ in range(5):
        _token(api, alice.email.upper(), "wrong-password")
    assert _token(api, alice.email, RIGHT).status_code == 429


def test_it_locks_one_account_not_the_others_behind_the_same_address(api, alice, bob):
    for _ in range(5):
        _token(api, alice.email, "wrong-password")
    assert _token(api, alice.email, RIGHT).status_code == 429
    assert _token(api, bob.email, RIGHT).status_code == 200


def test_it_locks_an_address_that_tries_many_accounts(api, settings, db):
    settings.ACCOUNT_RATE_LIMITS = {"login_failed": "3/10m/ip,5/5m/key"}
    for n in range(3):
        _token(api, f"nobody{n}@example.com", "guess", address="203.0.113.9")
    dora = make_user("dora")
    assert _token(api, dora.email, RIGHT, address="203.0.113.9").status_code == 429
    assert _token(api, dora.email, RIGHT, address="198.51.100.4").status_code == 200


def test_a_right_password_does_not_wipe_the_count_of_wrong_ones(api, alice):
    """allauth rolls back only the successful attempt: a brute force cannot reset the count
    by logging in to its own account in between (the key is per account anyway)."""
    for _ in range(4):
        _token(api, alice.email, "wrong-password")
    assert _token(api, alice.email, RIGHT).status_code == 200
    _token(api, alice.email, "wrong-password")
    assert _token(api, alice.email, RIGHT).status_code == 429


def test_a_wrong_password_is_a_json_400_that_changes_nothing(api, alice):
    response = _token(api, alice.email, "wrong-password")
    assert response.status_code == 400
    assert response.json() == {
        "error": "invalid_credentials",
        "detail": "Wrong e-mail address or password.",
    }
    assert not Token.objects.filter(user=alice).exists()
