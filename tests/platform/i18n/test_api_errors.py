"""Refusals read in the request's language: the API's `detail` (its stable `error` code does not
change), a form's errors, and the site's own 404 page."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "detail"),
    [
        ("en", "You are not playing in this match."),
        ("es", "No juegas en esta partida."),
        ("vi", "Bạn không chơi trong ván này."),
    ],
)
def test_an_api_refusal_reads_in_the_requests_language(started_match, carol, language, detail):
    match = started_match
    token, _created = Token.objects.get_or_create(user=carol)
    response = Client().post(
        f"/api/matches/{match.pk}/actions/",
        {"action": "x", "version": match.version},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {token.key}",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 403
    assert response.json() == {"error": "not_a_player", "detail": detail}


@pytest.mark.django_db
def test_a_form_error_reads_in_the_accounts_language(client, alice, bob):
    alice.language = "vi"
    alice.save(update_fields=["language"])
    client.force_login(alice)
    response = client.post("/settings/", {"display_name": "bob", "language": "vi"})
    assert "Tên hiển thị đó đã có người dùng." in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "title"),
    [("en", "Page not found"), ("es", "Página no encontrada"), ("vi", "Không tìm thấy trang")],
)
def test_the_404_page_reads_in_the_browsers_language(language, title):
    response = Client().get("/no-such-page/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 404
    assert title in response.content.decode()
