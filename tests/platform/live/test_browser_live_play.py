"""The whole site in a real browser: alice and bob sign up (e-mail verification included), alice
creates a Dice City table, bob joins it, and each sees the other's moves appear live over the
WebSocket, without reloading the page."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TIMEOUT_MS = 10_000
# Choices that move a Dice City turn along, so the turn soon passes to the other player.
ADVANCING = ("end_turn", "end_attacks", "end_dice")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.services,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="Chromium is not installed at /usr/bin/chromium (apt-get install chromium)",
    ),
]


@pytest.fixture
def browser(transactional_db):
    """Function-scoped on purpose: Playwright's sync API runs an event loop in this thread, so
    it must be stopped before the database flush that ends the test (Django refuses sync DB
    calls while a loop runs)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def _wait_js(page, expression: str) -> None:
    """page.wait_for_function compiles its predicate with eval, which the site's
    Content-Security-Policy forbids (microsoft/playwright#7395); evaluate is not affected."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, expression
        time.sleep(0.05)


def _sign_up(browser, asgi_server, name: str):
    """Sign up through the real pages and follow the link in the verification e-mail."""
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    email = f"{name}@example.com"
    page.goto(f"{asgi_server.url}/accounts/signup/")
    page.fill("input[name=email]", email)
    page.fill("input[name=display_name]", name)
    page.fill("input[name=password1]", "correct-horse-battery-7")
    page.fill("input[name=password2]", "correct-horse-battery-7")
    page.click("form[action$='/accounts/signup/'] button[type=submit]")
    page.wait_for_load_state()
    link = _confirmation_link(asgi_server, email)
    page.goto(link)
    if page.locator("form[action*='confirm-email'] button[type=submit]").count():
        page.click("form[action*='confirm-email'] button[type=submit]")
    page.goto(f"{asgi_server.url}/my-games/")
    assert "/accounts/login" not in page.url, f"{name} is not logged in after confirming"
    return page


def _confirmation_link(asgi_server, email: str) -> str:
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        for body in asgi_server.mails_to(email):
            found = re.search(r"https?://\S+/accounts/confirm-email/\S+?/", body)
            if found:
                return found.group(0)
        time.sleep(0.1)
    raise AssertionError(f"no verification e-mail for {email}:\n{asgi_server.log_tail()}")


def _create_table(page, asgi_server) -> str:
    page.goto(f"{asgi_server.url}/tables/new/")
    page.select_option("select[name=game]", "dicecity")
    page.fill("input[name=seats]", "2")
    page.select_option("select[name=mode]", "live")
    page.click("#create-table button[type=submit]")
    page.wait_for_url(re.compile(r"/tables/\d+/$"))
    return page.url


def _version(page) -> int:
    return int(page.locator("#board .board-frame").get_attribute("data-version"))


# A choice button on screen: on the board itself (the list of every choice is collapsed).
CHOICES = "#board button.legal[data-action]:visible"


def _choose(page):
    """The legal action to click: one that ends a phase if offered, else the first."""
    buttons = page.locator(CHOICES)
    actions = [json.loads(a) for a in buttons.evaluate_all("bs => bs.map(b => b.dataset.action)")]
    for kind in ADVANCING:
        for index, action in enumerate(actions):
            if action["type"] == kind:
                return buttons.nth(index)
    return buttons.first


def _wait_for_version(page, version: int) -> None:
    _wait_js(
        page, f"Number(document.querySelector('#board .board-frame').dataset.version) > {version}"
    )


def _acting(pages):
    """The page whose player owes a decision now (it shows legal choices)."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        for name, page in pages.items():
            if page.locator(CHOICES).count():
                return name
        time.sleep(0.05)
    raise AssertionError("nobody has a legal choice on screen")


@pytest.mark.django_db(transaction=True)
def test_it_shows_each_players_moves_live_to_the_other(browser, asgi_server):
    alice = _sign_up(browser, asgi_server, "alice")
    bob = _sign_up(browser, asgi_server, "bob")

    table_url = _create_table(alice, asgi_server)
    bob.goto(table_url)
    bob.click("#join")
    bob.wait_for_url(re.compile(r"/matches/\d+/$"))
    alice.wait_for_url(bob.url, timeout=TIMEOUT_MS)  # the table page follows the start

    pages = {"alice": alice, "bob": bob}
    for page in pages.values():
        _wait_js(page, "document.getElementById('status').textContent !== '…'")
    seen_by_other = set()
    for _ in range(40):
        mover = _acting(pages)
        other = pages["bob" if mover == "alice" else "alice"]
        before = _version(other)
        log_before = other.locator("#log li").count()
        _choose(pages[mover]).click()
        _wait_for_version(pages[mover], before)
        _wait_for_version(other, before)
        _wait_js(other, f"document.querySelectorAll('#log li').length > {log_before}")
        seen_by_other.add(mover)
        if seen_by_other == {"alice", "bob"}:
            break
    assert seen_by_other == {"alice", "bob"}, "the turn never passed to the other player"
    assert alice.url == bob.url  # nobody reloaded or left the match page
