"""A banned account cannot log in, keep its session, get or use an API token, sit at a table,
or chat (the socket's door: tests/platform/chat/test_live_chat.py)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from chat.models import ChatLine
from chat.moderation import account_ban
from lobbies.models import TableEntry
from lobbies.services import LobbyError, lobby_create, lobby_join

PASSWORD = "a-long-password-1"


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    cache.clear()
    yield
    cache.clear()


def _ban(user, staff):
    account_ban(staff=staff, user_id=user.pk, reason="abuse in chat")
    user.refresh_from_db()


def test_the_log_in_page_says_the_account_is_suspended(client, alice, dave):
    _ban(alice, dave)
    response = client.post("/accounts/login/", {"login": alice.email, "password": PASSWORD})
    assert "_auth_user_id" not in client.session
    assert response.status_code == 302 and response["Location"] == "/accounts/inactive/"
    assert "Account suspended" in client.get(response["Location"]).content.decode()


def test_an_open_session_is_logged_out(client, alice, dave):
    client.force_login(alice)
    assert client.get("/my-games/").status_code == 200
    _ban(alice, dave)
    response = client.get("/my-games/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert client.get("/api/me/").status_code == 403  # the API's session door too


def test_the_token_endpoint_refuses_a_banned_account(alice, dave):
    _ban(alice, dave)
    answer = APIClient().post(
        "/api/auth/token/", {"username": alice.email, "password": PASSWORD}, format="json"
    )
    assert answer.status_code == 403 and answer.json()["error"] == "account_inactive"
    assert not Token.objects.filter(user=alice).exists()


def test_a_token_made_before_the_ban_no_longer_works(alice, dave, started_match):
    token = Token.objects.create(user=alice)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert api.get("/api/me/").status_code == 200
    _ban(alice, dave)
    assert api.get("/api/me/").status_code in (401, 403)
    answer = api.post(f"/api/matches/{started_match.pk}/chat/", {"text": "hi"}, format="json")
    assert answer.status_code in (401, 403) and not ChatLine.objects.exists()


def test_a_banned_account_cannot_sit_at_a_table(client, alice, bob, dave):
    table = lobby_create(host=bob, game="goofspiel", seats=3)
    client.force_login(alice)
    _ban(alice, dave)
    page = client.post(f"/tables/{table.pk}/join/")
    assert page.status_code == 302 and page["Location"].startswith("/accounts/login/")
    api = APIClient()
    api.force_authenticate(alice)  # even past the authentication (a stale user object)
    assert api.post(f"/api/tables/{table.pk}/join/").status_code == 403
    with pytest.raises(LobbyError) as refusal:
        lobby_join(table_id=table.pk, user=alice)
    assert refusal.value.code == "suspended"
    with pytest.raises(LobbyError):
        lobby_create(host=alice, game="goofspiel", seats=2)
    assert not TableEntry.objects.filter(user=alice).exists()


def test_a_banned_account_cannot_chat(client, alice, dave, started_match):
    client.force_login(alice)
    _ban(alice, dave)
    client.post(f"/chat/matches/{started_match.pk}/say/", {"text": "still here"})
    assert not ChatLine.objects.exists()
