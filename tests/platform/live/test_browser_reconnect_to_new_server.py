"""A deploy, as a player sees it (docs/operations.md, "Deploys"): the web process behind a live
match page stops (SIGTERM, as `docker stop` sends), the other player moves meanwhile, a new
server process starts in its place, and the same page, never reloaded, reconnects on its own
and shows the board with that move."""

from __future__ import annotations

import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.test import Client

from lobbies.services import lobby_create, lobby_join
from play.services import action_submit
from tests.platform.live.conftest import _free_port, uvicorn_start, uvicorn_stop
from tests.platform.live.test_browser_live_play import (
    CHROMIUM,
    CHROMIUM_ARGS,
    TIMEOUT_MS,
    _version,
    _wait_js,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.services,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Chromium is not installed"),
]


FRAME_VERSION = "Number(document.querySelector('#board .board-frame').dataset.version)"
SOCKET = "document.getElementById('board').dataset.socket"


def _server(port: int, log_path) -> subprocess.Popen[bytes]:
    process, _ = uvicorn_start(port, log_path.parent, log_path)
    return process


@pytest.mark.django_db(transaction=True)
def test_a_match_page_picks_up_on_a_new_server_process(alice, bob, tmp_path):
    from playwright.sync_api import sync_playwright

    table = lobby_create(host=alice, game="dicecity", seats=2, mode="turn")
    lobby_join(table_id=table.pk, user=bob)
    table.refresh_from_db()
    match = table.match
    mover = match.seats.select_related("user").get(to_act=True)
    watcher = match.seats.select_related("user").exclude(pk=mover.pk).get()
    client = Client()
    client.force_login(watcher.user)
    action = match.engine.legal_actions(match.state, mover.index)[0]
    # Playwright's sync API runs an event loop in this thread, where Django refuses database
    # calls: the other player's move is made from a thread of its own.
    other_player = ThreadPoolExecutor(1)
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = chromium.new_page()
            page.set_default_timeout(TIMEOUT_MS)
            page.context.add_cookies(
                [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": url}]
            )
            old = _server(port, tmp_path / "old.log")
            try:
                page.goto(f"{url}/matches/{match.pk}/")
                _wait_js(page, "document.getElementById('board').dataset.socket === 'open'")
                page.evaluate("window.sameDocument = true")
                seen = _version(page)
            finally:
                uvicorn_stop(old)
            _wait_js(page, "document.getElementById('board').dataset.socket === 'closed'")

            # The other player moves while this page has no server (their request reaches
            # another process).
            moved = other_player.submit(
                action_submit,
                match_id=match.pk,
                seat_index=mover.index,
                action=action,
                version=match.version,
            ).result()

            new = _server(port, tmp_path / "new.log")
            try:
                # The page's own back-off (static/js/match.js) finds the new process.
                _wait_js(page, f"{FRAME_VERSION} > {seen}")
                assert _version(page) == moved.version
                assert page.evaluate("window.sameDocument === true"), "the page was reloaded"
                assert page.evaluate(SOCKET) == "open"
            finally:
                uvicorn_stop(new)
        finally:
            chromium.close()
            other_player.shutdown()
