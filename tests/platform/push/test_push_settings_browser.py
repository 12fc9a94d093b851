"""Turning push on in Settings, in headless Chromium (issue 29, points 2 and 5), against a
server of its own that has a VAPID key.

What headless Chromium does at `pushManager.subscribe` (found here, Chromium 156): in a
Playwright context (an off-the-record profile) it refuses at once with "AbortError:
Registration failed - permission denied", even with the notifications permission granted
(push messaging is off in off-the-record profiles); in a persistent profile the promise never
settles (Chromium's push service is Google's FCM, unreachable here, and DevTools has no command
that stands in for it). So the test drives the real page up to the browser's subscribe call and
checks what the page hands it (the site's VAPID key, only after the button is pressed) and that
the browser's refusal is shown to the player; then it gives the page the subscription a browser
would have given (a P-256 key pair held by the loopback push service of service.py, as a
browser's push service holds its keys) through the page's own POST, sees the device listed,
gets the turn's push decrypted with that device's key, and removes the device from the list.
The subscription itself coming from Chromium is what this test cannot show (docs/notifications.md,
"Testing push")."""

from __future__ import annotations

import time

import pytest

from notifications.models import PushSubscription
from tests.platform.conftest import make_user
from tests.platform.live.conftest import _free_port, uvicorn_start, uvicorn_stop
from tests.platform.push.conftest import TEST_VAPID_KEY
from tests.platform.table.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    TIMEOUT_MS,
    in_thread,
    needs_chromium,
    session_cookie,
)

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]

# Watches, without changing them, the two calls the page makes into the browser: how often it
# asked for the permission, and the key it subscribed with (the browser's own answer passes).
SPY = """
(() => {
  window.__asked = 0;
  window.__subscribedWith = [];
  const ask = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = (...args) => { window.__asked += 1; return ask(...args); };
  if (window.PushManager) {
    const subscribe = PushManager.prototype.subscribe;
    PushManager.prototype.subscribe = function (options) {
      const key = new Uint8Array(options.applicationServerKey);
      const text = btoa(String.fromCharCode(...key));
      window.__subscribedWith.push(
        text.replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "")
      );
      return subscribe.call(this, options);
    };
  }
})();
"""

# The page's own request, as notices.js sends the browser's subscription (CSRF header, cookie).
STORE = """async ([api, body]) => {
  const token = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/)[1];
  const answer = await fetch(api, {
    method: "POST", credentials: "same-origin",
    headers: {"Content-Type": "application/json", "X-CSRFToken": token},
    body: JSON.stringify(body),
  });
  return [answer.status, await answer.json()];
}"""


@pytest.fixture(scope="module")
def push_site(django_db_setup, tmp_path_factory):
    """A live server with a VAPID key (the session's live server has none) that may push to
    the loopback service over http."""
    var_dir = tmp_path_factory.mktemp("push-site")
    port = _free_port()
    process, server = uvicorn_start(
        port,
        var_dir,
        var_dir / "server.log",
        VAPID_PRIVATE_KEY=TEST_VAPID_KEY,
        VAPID_SUBJECT="mailto:push-tests@example.com",
        PUSH_ALLOW_HTTP="true",
        EMAIL_HOST="",
        VAR_DIR=str(var_dir),
        SITE_URL=f"http://127.0.0.1:{port}",
    )
    try:
        yield server
    finally:
        uvicorn_stop(process)


def _status(page, before: str) -> str:
    status = page.locator("#push-device [data-status]")
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        text = status.inner_text().strip()
        if text and text != before:
            return text
        page.wait_for_timeout(100)
    raise AssertionError(f"the status stayed {status.inner_text()!r}")


def _turn(alice):
    """A Dice City match where alice is to act (the seats are drawn at random: new tables until
    she is); the site tells her turn itself (tell.py, then the outbox's push job)."""
    from lobbies.services import lobby_create, lobby_join

    for n in range(20):
        table = lobby_create(host=alice, game="dicecity", seats=2, mode="turn", options={})
        lobby_join(table_id=table.pk, user=make_user(f"bob{n}"))
        table.refresh_from_db()
        if table.match.seats.get(user=alice).to_act:
            return table.match.pk
    raise AssertionError("alice was never first to act")


def _invited_and_table_ready(alice):
    from notifications.notices import invitation_notice, table_ready_notice

    invitation_notice(user=alice, key="b:1", inviter="Bob", game="Scythe", link="/tables/")
    table_ready_notice(user=alice, key="b:2", tournament="Winter Cup", link="/tournaments/")


def test_push_is_turned_on_in_settings_stored_pushed_to_and_removed(push_site, push_service):
    from playwright.sync_api import sync_playwright

    from notifications.push import vapid_public_key

    alice = make_user("alice")
    cookie = session_cookie(alice)
    site_key = vapid_public_key()
    assert site_key  # the conftest's TEST_VAPID_KEY, as the server has it
    device = push_service.device()
    host = push_site.url.split("//")[1].split(":")[0]

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = chromium.new_context()
            context.set_default_timeout(TIMEOUT_MS)
            context.add_cookies(
                [{"name": "sessionid", "value": cookie, "domain": host, "path": "/"}]
            )
            context.add_init_script(SPY)
            page = context.new_page()
            page.goto(push_site.url + "/settings/play-by-email/")
            box = page.locator("#push-device")
            assert box.get_attribute("data-key") == site_key
            button = box.locator("button")
            page.wait_for_function("() => !document.querySelector('#push-device button').disabled")
            assert page.locator("#no-devices").is_visible()
            # No prompt before the player asks: nothing was requested on load.
            assert page.evaluate("[window.__asked, Notification.permission]") == [0, "default"]

            context.grant_permissions(["notifications"], origin=push_site.url)
            before = page.locator("#push-device [data-status]").inner_text().strip()
            button.click()
            shown = _status(page, before)
            if shown.startswith("Asking"):
                shown = _status(page, shown)
            assert page.evaluate("window.__asked") == 1
            assert page.evaluate("window.__subscribedWith") == [site_key]
            # Headless Chromium's own refusal (see above), shown to the player, nothing stored.
            assert "Registration failed" in shown, shown
            assert button.is_enabled()
            assert in_thread(lambda: PushSubscription.objects.count()) == 0

            # The subscription a browser's push service gives, through the page's own POST.
            body = {**push_service.subscription(device), "device": "Chrome · Linux"}
            api = box.get_attribute("data-api")
            status, answer = page.evaluate(STORE, [api, body])
            assert status == 201, answer
            page.reload()
            [listed] = page.locator("ul.devices li").all()
            assert "Chrome · Linux" in listed.inner_text()
            stored = in_thread(lambda: list(PushSubscription.objects.values()))
            assert [(s["user_id"], s["endpoint"]) for s in stored] == [(alice.pk, body["endpoint"])]
            assert stored[0]["p256dh"] == body["keys"]["p256dh"]

            # A turn: the device gets it, encrypted for its key and signed with the site's.
            match_id = in_thread(lambda: _turn(alice))
            deadline = time.monotonic() + 15
            while not push_service.payloads() and time.monotonic() < deadline:
                time.sleep(0.1)
            [got] = push_service.received
            assert got.status == 201 and got.token == device.token, got
            assert got.vapid["k"] == site_key
            assert got.payload["link"] == f"/matches/{match_id}/"

            # An invitation and a table ready: pushed as well, and the bell's count goes up
            # live over its socket (no reload).
            count = page.locator("#bell-count")
            page.wait_for_function("() => !document.getElementById('bell-count').hidden")
            unread = int(count.inner_text())
            in_thread(lambda: _invited_and_table_ready(alice))
            page.wait_for_function(
                "(n) => document.getElementById('bell-count').textContent === String(n)",
                arg=unread + 2,
            )
            deadline = time.monotonic() + 15
            while len(push_service.payloads()) < 3 and time.monotonic() < deadline:
                time.sleep(0.1)
            titles = [p["title"] for p in push_service.payloads()]
            assert titles[1:] == ["Bob invites you to play", "Your table is ready"], titles

            # Removed again from the list.
            with page.expect_navigation():
                listed.get_by_role("button").click()
            assert page.locator("#no-devices").is_visible()
            assert in_thread(lambda: PushSubscription.objects.count()) == 0
        finally:
            chromium.close()
