"""Clicking the notification opens the match (issue 29, points 2 and 5), in Chromium, the whole
way: the site's push payload is delivered to the service worker as a push message (DevTools'
ServiceWorker.deliverPushMessage: the trusted push event a push service's message raises; only
the push service's network hop is skipped, headless Chromium cannot subscribe to Google's),
the worker shows it, Chromium hands it to the desktop's notification server on D-Bus
(tests/platform/push/desktop.py), and the desktop clicks it: Chromium raises the worker's
trusted notificationclick, which opens the match in a new window. (The worker's other branch,
focusing a window that already shows the match, is not checked: headless, every tab is
"visible", so a focus cannot be told apart.)"""

from __future__ import annotations

import json
import os
import time

import pytest

from notifications.models import Notice, PushDelivery, PushSubscription
from notifications.push import payload_of
from tests.platform.conftest import make_user
from tests.platform.live.conftest import asgi_server  # noqa: F401 - the live server
from tests.platform.push.desktop import DBUS_DAEMON, NotificationServer, session_bus
from tests.platform.table.conftest import (
    CHROMIUM,
    CHROMIUM_ARGS,
    TIMEOUT_MS,
    needs_chromium,
    session_cookie,
)

pytestmark = [
    needs_chromium,
    pytest.mark.skipif(DBUS_DAEMON is None, reason="dbus-daemon is not installed"),
    pytest.mark.django_db(transaction=True),
]

READY = "navigator.serviceWorker.ready.then((r) => !!r.active)"


@pytest.fixture
def told(transactional_db):
    """alice's turn in a match, with its notice and a device, as tell.py writes them."""
    from lobbies.services import lobby_create, lobby_join
    from notifications.notices import turn_notice

    alice, bob = make_user("alice"), make_user("bob")
    PushSubscription.objects.create(
        user=alice, endpoint="https://push.invalid/click", p256dh="x", auth="y"
    )
    table = lobby_create(host=alice, game="goofspiel", seats=2, mode="turn", options={"cards": 3})
    lobby_join(table_id=table.pk, user=bob)
    table.refresh_from_db()
    match = table.match
    seat = match.seats.get(user=alice)
    notice = Notice.objects.filter(user=alice, kind="turn").first() or turn_notice(
        seat=seat, since=seat.to_act_since
    )
    assert notice is not None
    delivery = PushDelivery.objects.filter(notice=notice).first()
    assert delivery is not None
    return {
        "cookie": session_cookie(alice),
        "payload": payload_of(notice, delivery.pk),
        "match": match.pk,
        "title": notice.title,
        "line": notice.line,
    }


def _registration_id(page, events: list[dict]) -> str:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for event in events:
            for registration in event.get("registrations", []):
                if not registration.get("isDeleted"):
                    return str(registration["registrationId"])
        page.wait_for_timeout(100)
    raise AssertionError("no service worker registration seen")


def _pushed(page, origin: str, payload: dict) -> None:
    """The payload as the site's push (the push event of the page's service worker)."""
    cdp = page.context.new_cdp_session(page)
    events: list[dict] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda event: events.append(event))
    cdp.send("ServiceWorker.enable")
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {
            "origin": origin,
            "registrationId": _registration_id(page, events),
            "data": json.dumps(payload),
        },
    )


def test_clicking_the_notification_opens_the_match(told, asgi_server, tmp_path):  # noqa: F811
    from playwright.sync_api import sync_playwright

    host = asgi_server.url.split("//")[1].split(":")[0]
    match_path = f"/matches/{told['match']}/"
    profile = tmp_path / "profile"
    with session_bus() as address, sync_playwright() as playwright:
        desktop = NotificationServer(address)
        # a profile of its own (the desktop's click names the profile; an off-the-record
        # context's notifications are not found again)
        context = playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path=str(CHROMIUM),
            args=CHROMIUM_ARGS,
            env={**os.environ, "DBUS_SESSION_BUS_ADDRESS": address},
            viewport={"width": 1280, "height": 900},
        )
        try:
            context.set_default_timeout(TIMEOUT_MS)
            context.add_cookies(
                [{"name": "sessionid", "value": told["cookie"], "domain": host, "path": "/"}]
            )
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(asgi_server.url + "/")
            context.grant_permissions(["notifications"], origin=asgi_server.url)
            assert page.evaluate(READY) is True
            page.reload()  # the worker controls the page from now on
            assert page.evaluate("!!navigator.serviceWorker.controller") is True
            _pushed(page, asgi_server.url, told["payload"])
            shown = desktop.wait_shown()
            # (Chromium adds the site's address to the body it hands the desktop)
            assert told["title"] in shown.summary and told["line"] in shown.body, shown
            assert "default" in shown.actions  # the body can be clicked

            with context.expect_page() as new_page:
                desktop.click(shown.id)
            opened = new_page.value
            opened.wait_for_load_state()
            assert opened.url == asgi_server.url + match_path
            assert opened.locator("main").count() == 1
            deadline = time.monotonic() + 5
            while shown.id not in desktop.closed:  # the worker closed the notification
                assert time.monotonic() < deadline, "the notification was not closed"
                time.sleep(0.05)
        finally:
            context.close()
            desktop.stop()
