"""The installable site in Chromium (issue 29, points 1 and 5): the service worker installs and
takes the page, the offline page answers when the server cannot be reached, and a push
delivered to the worker (DevTools' ServiceWorker.deliverPushMessage, a trusted push event as a
push service's would be) is shown as a notification with the match's link and acknowledged to
the site. Then the notification's link opens the match."""

from __future__ import annotations

import json
import time

import pytest

from notifications.models import Notice, PushDelivery, PushSubscription
from notifications.push import payload_of
from tests.platform.conftest import make_user
from tests.platform.live.conftest import asgi_server  # noqa: F401 - the live server
from tests.platform.table.conftest import (  # noqa: F401 - the browser fixture
    in_thread,
    launch,
    needs_chromium,
    session_cookie,
)

pytestmark = [needs_chromium, pytest.mark.django_db(transaction=True)]

READY = "navigator.serviceWorker.ready.then((r) => !!r.active)"
SHOWN = """async () => {
  const shown = await self.registration.getNotifications();
  return shown.map((n) => ({title: n.title, body: n.body, link: n.data && n.data.link}));
}"""


@pytest.fixture
def told(transactional_db):
    """alice's turn in a match, written as tell.py writes it, with a device to push to."""
    from lobbies.services import lobby_create, lobby_join

    alice, bob = make_user("alice"), make_user("bob")
    table = lobby_create(host=alice, game="goofspiel", seats=2, mode="turn", options={"cards": 3})
    lobby_join(table_id=table.pk, user=bob)
    table.refresh_from_db()
    match = table.match
    notice = Notice.objects.create(
        user=alice,
        kind=Notice.Kind.TURN,
        key="browser:1",
        title="Your turn in Goofspiel",
        line="It is your move.",
        link=f"/matches/{match.pk}/",
        match=match,
    )
    device = PushSubscription.objects.create(
        user=alice, endpoint="https://push.invalid/browser", p256dh="x", auth="y"
    )
    delivery = PushDelivery.objects.create(
        notice=notice, subscription=device, status=PushDelivery.Status.SENT
    )
    return {
        "cookie": session_cookie(alice),
        "payload": payload_of(notice, delivery.pk),
        "delivery": delivery.pk,
        "match": match.pk,
    }


def _registration_id(page, events: list[dict]) -> str:
    """From DevTools' events (Playwright hands them over while it waits, not in time.sleep)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for event in events:
            for registration in event.get("registrations", []):
                if not registration.get("isDeleted"):
                    return str(registration["registrationId"])
        page.wait_for_timeout(100)
    raise AssertionError("no service worker registration seen")


def test_the_worker_installs_shows_a_push_acknowledges_it_and_works_offline(launch, told):  # noqa: F811
    with launch() as open_page:
        page = open_page(told["cookie"], "/")
        context = page.context
        origin = page.url.rsplit("/", 1)[0]
        context.grant_permissions(["notifications"], origin=origin)
        assert page.evaluate(READY) is True
        page.reload()  # the worker controls the page from now on
        assert page.evaluate("!!navigator.serviceWorker.controller") is True
        [worker] = context.service_workers
        assert worker.url == origin + "/sw.js"

        cdp = context.new_cdp_session(page)
        events: list[dict] = []
        cdp.on("ServiceWorker.workerRegistrationUpdated", lambda event: events.append(event))
        cdp.send("ServiceWorker.enable")
        cdp.send(
            "ServiceWorker.deliverPushMessage",
            {
                "origin": origin,
                "registrationId": _registration_id(page, events),
                "data": json.dumps(told["payload"]),
            },
        )
        deadline, shown = time.monotonic() + 10, []
        while not shown and time.monotonic() < deadline:
            shown = worker.evaluate(SHOWN)
            time.sleep(0.1)
        assert shown == [
            {
                "title": "Your turn in Goofspiel",
                "body": "It is your move.",
                "link": f"/matches/{told['match']}/",
            }
        ]
        # The worker posted the receipt: this device was told.
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            acked = in_thread(lambda: PushDelivery.objects.get(pk=told["delivery"]).acked_at)
            if acked is not None:
                break
            time.sleep(0.1)
        assert acked is not None

        page.goto(origin + shown[0]["link"])  # where the notification's click leads
        assert page.url == origin + f"/matches/{told['match']}/"

        context.set_offline(True)
        page.goto(origin + "/my-games/")
        assert page.locator("main").inner_text().strip() != ""
        assert page.evaluate("location.pathname") == "/my-games/"
        offline_text = page.locator("main").inner_text()
        context.set_offline(False)
    assert "offline" in offline_text.lower()
