"""A few moves of Dice City in Spanish, in a real browser: alice chose Spanish in her settings
(her browser asks for English), bob's browser asks for Spanish (his account has no setting).
Both see the site, the board and the live status in Spanish while the moves go back and forth;
then alice switches to Vietnamese in the footer and the match page follows."""

from __future__ import annotations

import re

import pytest

from .test_browser_live_play import (
    CHROMIUM,
    TIMEOUT_MS,
    _acting,
    _choose,
    _version,
    _wait_js,
    browser,  # noqa: F401 - the fixture
)
from .test_browser_live_play import _wait_for_version as _wait_version

pytestmark = [
    pytest.mark.browser,
    pytest.mark.services,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Chromium is not installed"),
]
PASSWORD = "correct-horse-battery-7"


def _player(name: str, language: str):
    from tests.platform.conftest import make_user

    user = make_user(name, PASSWORD)
    user.language = language
    user.save(update_fields=["language"])
    return user


def _logged_in(browser, asgi_server, user, locale: str):  # noqa: F811 - the fixture's name
    context = browser.new_context(locale=locale)
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(f"{asgi_server.url}/accounts/login/")
    page.fill("input[name=login]", user.email)
    page.fill("input[name=password]", PASSWORD)
    page.click("form[action$='/accounts/login/'] button[type=submit]")
    page.wait_for_load_state()
    return page


@pytest.fixture
def seated(transactional_db):
    """alice (Spanish in her settings) and bob at a Dice City match: made before the browser
    starts (Playwright's loop forbids the ORM in this thread while it runs)."""
    from lobbies.services import lobby_create, lobby_join

    alice, bob = _player("alice", "es"), _player("bob", "")
    table = lobby_create(host=alice, game="dicecity", seats=2, options={})
    lobby_join(table_id=table.pk, user=bob)
    table.refresh_from_db()
    return alice, bob, table.match.pk


@pytest.mark.django_db(transaction=True)
def test_it_plays_a_few_moves_in_spanish(seated, browser, asgi_server):  # noqa: F811
    alice, bob, match_id = seated
    pages = {
        "alice": _logged_in(browser, asgi_server, alice, "en-US"),
        "bob": _logged_in(browser, asgi_server, bob, "es-ES"),
    }
    for page in pages.values():
        page.goto(f"{asgi_server.url}/matches/{match_id}/")
        assert page.locator("html").get_attribute("lang") == "es"
        assert page.locator("nav#site-nav").inner_text().count("Torneos") == 1
        _wait_js(page, "document.getElementById('status').textContent !== '…'")
        status = page.locator("#status").inner_text()
        assert status.startswith(("Tu turno.", "Esperando a ")), status

    for _ in range(6):
        mover = _acting(pages)
        other = pages["bob" if mover == "alice" else "alice"]
        before = _version(other)
        assert "Tus opciones" in pages[mover].locator("#board").inner_text()
        _choose(pages[mover]).click()
        _wait_version(pages[mover], before)
        _wait_version(other, before)  # the frame that came over the socket: Spanish too
        assert pages[mover].locator("html").get_attribute("lang") == "es"
        text = other.locator("#status").inner_text()
        assert text.startswith(("Tu turno.", "Esperando a ")), text

    alice_page = pages["alice"]
    with alice_page.expect_navigation():
        alice_page.select_option("#language-choice", "vi")  # the switch sends itself
    assert re.search(rf"/matches/{match_id}/$", alice_page.url)
    assert alice_page.locator("html").get_attribute("lang") == "vi"
    _wait_js(alice_page, "document.getElementById('status').textContent !== '…'")
    status = alice_page.locator("#status").inner_text()
    assert status.startswith(("Đến lượt bạn.", "Đang chờ ")), status
    assert "Giải đấu" in alice_page.locator("nav#site-nav").inner_text()
    alice_page.goto(f"{asgi_server.url}/settings/")  # the switch saved her account's setting
    assert alice_page.locator("#settings select[name=language]").input_value() == "vi"
