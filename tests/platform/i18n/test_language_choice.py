"""Which language a page speaks: the account's setting, then the footer's switch (a cookie),
then the browser's Accept-Language; English otherwise. The switch also saves the account's
setting, and refuses a language the site does not speak without changing anything."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

NAV = {"en": "Tournaments", "es": "Torneos", "vi": "Giải đấu"}


def _speaks(response, language: str) -> bool:
    html = response.content.decode()
    return f'<html lang="{language}">' in html and NAV[language] in html


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "es", "vi"])
def test_it_speaks_the_browsers_language(language):
    response = Client().get("/", HTTP_ACCEPT_LANGUAGE=f"{language},en;q=0.5")
    assert response.status_code == 200
    assert _speaks(response, language)


@pytest.mark.django_db
def test_it_speaks_english_to_a_browser_asking_for_a_language_it_lacks():
    response = Client().get("/", HTTP_ACCEPT_LANGUAGE="fr-FR,de;q=0.8")
    assert _speaks(response, "en")


@pytest.mark.django_db
def test_the_accounts_language_wins_over_the_browser_and_the_cookie(client, alice):
    alice.language = "vi"
    alice.save(update_fields=["language"])
    client.force_login(alice)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    response = client.get("/tables/", HTTP_ACCEPT_LANGUAGE="es")
    assert _speaks(response, "vi")


@pytest.mark.django_db
def test_an_account_without_a_language_follows_the_browser(client, alice):
    client.force_login(alice)
    assert _speaks(client.get("/my-games/", HTTP_ACCEPT_LANGUAGE="es-ES"), "es")


@pytest.mark.django_db
def test_the_footer_switch_sets_the_cookie_and_the_accounts_language(client, alice):
    client.force_login(alice)
    response = client.post("/language/", {"language": "es", "next": "/tables/"})
    assert response.status_code == 302 and response["Location"] == "/tables/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "es"
    alice.refresh_from_db()
    assert alice.language == "es"
    assert _speaks(client.get("/tables/", HTTP_ACCEPT_LANGUAGE="vi"), "es")


@pytest.mark.django_db
def test_the_footer_switch_works_for_a_visitor_with_the_cookie_alone(client):
    response = client.post("/language/", {"language": "vi", "next": "/"})
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "vi"
    assert _speaks(client.get("/", HTTP_ACCEPT_LANGUAGE="en"), "vi")


@pytest.mark.django_db
@pytest.mark.parametrize("bad", ["fr", "", "es-xx-yy", "<script>"])
def test_the_switch_refuses_a_language_the_site_lacks_and_changes_nothing(client, alice, bad):
    alice.language = "vi"
    alice.save(update_fields=["language"])
    client.force_login(alice)
    response = client.post("/language/", {"language": bad, "next": "/"})
    assert response.status_code == 400
    assert (
        "Unknown language" in response.content.decode() or "Ngôn ngữ" in response.content.decode()
    )
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
    alice.refresh_from_db()
    assert alice.language == "vi"


@pytest.mark.django_db
def test_the_switch_answers_only_a_post(client):
    assert client.get("/language/?language=es").status_code == 405


@pytest.mark.django_db
def test_the_switch_never_redirects_to_another_site(client):
    response = client.post("/language/", {"language": "es", "next": "https://evil.example/"})
    assert response["Location"] == "/"


@pytest.mark.django_db
def test_the_settings_page_saves_the_language_and_says_so_in_it(client, alice):
    client.force_login(alice)
    response = client.post(
        "/settings/",
        {"display_name": "alice", "turn_emails": "on", "language": "es"},
        follow=True,
    )
    alice.refresh_from_db()
    assert alice.language == "es"
    assert "Tu configuración está guardada." in response.content.decode()
    assert response.redirect_chain[-1][0] == "/settings/"


@pytest.mark.django_db
def test_the_settings_page_refuses_an_unknown_language(client, alice):
    client.force_login(alice)
    response = client.post("/settings/", {"display_name": "alice", "language": "fr"})
    assert response.status_code == 200
    alice.refresh_from_db()
    assert alice.language == ""
    assert "language" in response.context["form"].errors


@pytest.mark.django_db
def test_the_javascript_catalogue_speaks_the_pages_language(client):
    response = client.get("/i18n/js/", HTTP_ACCEPT_LANGUAGE="es")
    assert response.status_code == 200
    assert "Tu turno." in response.content.decode()
    vi = client.get("/i18n/js/", HTTP_ACCEPT_LANGUAGE="vi").content.decode()
    assert "\\u0110\\u1ebfn l\\u01b0\\u1ee3t b\\u1ea1n." in vi or "Đến lượt bạn." in vi
