"""A tournament in a real browser: alice creates it from the form, three players register and
check in, alice starts it, and the bracket and standings pages update by themselves as the
games finish (each game ends when a player resigns from the match page)."""

from __future__ import annotations

import time

import pytest
from django.test import Client
from playwright.sync_api import Error as PlaywrightError

from tests.platform.conftest import make_user
from tests.platform.live.conftest import asgi_server  # noqa: F401 - the fixture
from tests.platform.live.test_browser_live_play import CHROMIUM, CHROMIUM_ARGS

TIMEOUT_MS = 15_000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.services,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Chromium is not installed"),
]


@pytest.fixture
def people(transactional_db, asgi_server):  # noqa: F811 - the fixture imported above
    """alice and three players, each with a logged-in session (made before Playwright's loop
    starts: Django refuses database calls while it runs)."""
    sessions = {}
    for name in ("alice", "bob", "carol", "dave"):
        client = Client()
        client.force_login(make_user(name))
        sessions[name] = client.cookies["sessionid"].value
    return sessions


@pytest.fixture
def browser(people):
    """Function-scoped: Playwright's loop must stop before the database flush."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def _logged_in(browser, server, cookie: str):
    """A browser context holding a session (the log-in pages have their own test)."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.set_default_timeout(TIMEOUT_MS)
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": server.url}])
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    return page


def _wait_js(page, expression: str, timeout: float = TIMEOUT_MS / 1000) -> None:
    """Poll with evaluate (the CSP forbids wait_for_function's eval); the page may be reloading
    itself (the live update) between two polls."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            if page.evaluate(expression):
                return
        except PlaywrightError:
            pass  # the page was reloading
        assert time.monotonic() < deadline, expression
        time.sleep(0.2)


def _goto(page, url: str) -> None:
    """Open `url`; a reload the page started by itself (the live update) may abort the first go."""
    for _ in range(5):
        try:
            page.goto(url)
            return
        except PlaywrightError:
            time.sleep(0.3)
    page.goto(url)


def _post(page, selector: str) -> None:
    """Submit with a form's button. The page's live poll is told first that the reader is
    leaving (the event the browser sends it on any navigation), so a reload of its own started
    meanwhile cannot take the place of the post's navigation."""
    page.evaluate("window.dispatchEvent(new Event('beforeunload'))")
    page.wait_for_load_state()
    with page.expect_navigation():
        page.click(selector)


def _resign_my_game(page, url: str) -> None:
    _goto(page, url)
    page.click("#my-next-game")
    page.wait_for_url("**/matches/*/")
    _post(page, "form[action$='/resign/'] button")


def test_an_event_runs_in_the_browser_and_its_pages_follow_the_games(
    people,
    browser,
    asgi_server,  # noqa: F811 - the fixture imported above
):
    server = asgi_server
    organiser = _logged_in(browser, server, people["alice"])
    _goto(organiser, f"{server.url}/tournaments/new/")
    organiser.fill("input[name=name]", "Browser cup")
    organiser.select_option("select[name=game]", "dicecity")
    organiser.select_option("select[name=format]", "single_elimination")
    organiser.fill("input[name=table_size]", "2")
    _post(organiser, "#create-tournament button[type=submit]")
    url = organiser.url
    assert "/tournaments/" in url and "Browser cup" in organiser.content()

    pages = [_logged_in(browser, server, people[name]) for name in ("bob", "carol", "dave")]
    for page in pages:
        _goto(page, url)
        _post(page, "#register")
    _goto(organiser, url + "manage/")
    _post(organiser, "#checkin-open")
    for page in pages:
        _goto(page, url)
        _post(page, "#checkin")
        assert page.locator("text=checked in").count()
    _goto(organiser, url + "manage/")
    _post(organiser, "#start")

    _goto(organiser, url)  # the event page: the bracket, polled for changes
    # Round 1: one table in play (a box linking to its match), the final still to come.
    _wait_js(organiser, "document.querySelectorAll('.bracket-box').length === 2")
    _wait_js(organiser, "document.querySelectorAll('.bracket a').length === 1")
    standings = _logged_in(browser, server, people["alice"])
    _goto(standings, url + "standings/")

    first = next(p for p in pages if _has_game(p, url))
    _resign_my_game(first, url)
    # Round 1 over: the event page reloads by itself and draws the final.
    _wait_js(organiser, "document.querySelectorAll('.bracket a').length === 2", 30)
    _wait_js(standings, "document.querySelectorAll('#standings tbody tr').length === 3", 30)

    finalist = next(p for p in pages if _has_game(p, url))
    _resign_my_game(finalist, url)
    _wait_js(organiser, "document.getElementById('t-status').textContent.includes('Finished')", 30)
    _wait_js(standings, "document.getElementById('t-status').textContent.includes('Finished')", 30)
    cells = "#standings tbody tr td:first-child"
    script = f"[...document.querySelectorAll('{cells}')].map(td => td.textContent)"
    ranks = standings.evaluate(script)
    assert ranks[0] == "1" and len(ranks) == 3


def _has_game(page, url: str) -> bool:
    _goto(page, url)
    return page.locator("a#my-next-game").count() == 1
