"""The offline page the service worker keeps (issue 29, point 1): fetched with the player's
cookie at install, it is drawn as for a visitor (the kept copy shows nobody's name, unread count
or CSRF token) but in the player's language."""

import pytest

from tests.platform.conftest import make_user

pytestmark = pytest.mark.django_db


def test_the_kept_offline_page_is_nobodys_but_speaks_the_players_language(client):
    alice = make_user("alice")
    alice.language = "es"
    alice.save(update_fields=["language"])
    client.force_login(alice)
    page = client.get("/offline/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "alice" not in html.lower()
    assert "csrfmiddlewaretoken" not in html
    assert 'id="bell"' not in html and 'id="site-nav"' not in html
    assert "Sin conexión" in html or "sin conexión" in html, html[:2000]
    assert "the clocks of your games keep running" not in html  # translated
