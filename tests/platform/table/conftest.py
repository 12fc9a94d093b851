"""Browser fixtures for the table tests: the live server of tests/platform/live, Chromium, and
pages logged in as a given user (the session cookie of a real login, no sign-up round trip)."""

from __future__ import annotations

import contextlib
import threading
import time
from pathlib import Path

import pytest

from tests.platform.live.conftest import asgi_server  # noqa: F401 - the session's live server

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
LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
SHOTS = Path(__file__).resolve().parents[3] / "var" / "screenshots"

needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="Chromium is not installed at /usr/bin/chromium (apt-get install chromium)",
)


def session_cookie(user) -> str:
    """A logged-in session for `user` (call before the browser starts: see `launch`)."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    return str(client.cookies["sessionid"].value)


def in_thread(work):
    """Run database work while Playwright's sync API holds this thread's event loop (Django
    refuses sync database calls from a thread running a loop); returns its result."""
    box: dict[str, object] = {}

    def run() -> None:
        from django.db import connection

        try:
            box["result"] = work()
        except BaseException as exc:  # handed back to the test below
            box["error"] = exc
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box.get("result")


@pytest.fixture
def launch(transactional_db, asgi_server):  # noqa: F811 - the fixture imported above
    """launch() -> a context manager yielding open(cookie, path, viewport=LAPTOP,
    init_script="") -> page.
    Set the data up (and the session cookies) first: Django refuses sync database calls while
    Playwright's loop runs in this thread (use `in_thread` then); the browser stops before the
    flush that ends the test."""
    from playwright.sync_api import sync_playwright

    host = asgi_server.url.split("//")[1].split(":")[0]

    @contextlib.contextmanager
    def started():
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)

            def open_page(cookie: str, path: str, viewport=LAPTOP, init_script: str = ""):
                context = chromium.new_context(viewport=viewport)
                context.set_default_timeout(TIMEOUT_MS)
                if init_script:  # runs before the page's own scripts
                    context.add_init_script(init_script)
                jar = [{"name": "sessionid", "value": cookie, "domain": host, "path": "/"}]
                context.add_cookies(jar)
                page = context.new_page()
                page.goto(asgi_server.url + path)
                return page

            try:
                yield open_page
            finally:
                chromium.close()

    return started


def wait_js(page, expression: str, timeout_s: float = TIMEOUT_MS / 1000) -> None:
    """page.wait_for_function compiles its predicate with eval, which the site's
    Content-Security-Policy forbids; evaluate is not affected."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, expression
        time.sleep(0.05)


def page_width(page) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))
