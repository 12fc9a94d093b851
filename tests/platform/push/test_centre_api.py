"""The notification centre and the push devices over HTTP: the last 100, read/unread, mark all
read, another player's rows untouchable, malformed subscriptions refused."""

import pytest

from notifications.models import Notice, PushSubscription

pytestmark = pytest.mark.django_db


def _notice(user, key):
    return Notice.objects.create(user=user, kind="turn", key=key, title=f"Turn {key}", link="/")


def test_it_lists_the_last_100_newest_first_with_the_unread_count(client, alice):
    for i in range(105):
        _notice(alice, str(i))
    client.force_login(alice)
    body = client.get("/api/me/notifications/").json()
    assert body["unread"] == 105 and len(body["notifications"]) == 100
    assert body["notifications"][0]["title"] == "Turn 104"


def test_it_marks_read_unread_and_all_read(client, alice):
    first, second = _notice(alice, "1"), _notice(alice, "2")
    client.force_login(alice)
    answer = client.post("/api/me/notifications/", {"ids": [first.pk]}, "application/json")
    assert answer.json()["unread"] == 1
    answer = client.post(
        "/api/me/notifications/", {"ids": [first.pk], "read": False}, "application/json"
    )
    assert answer.json()["unread"] == 2
    assert (
        client.post("/api/me/notifications/", {"all": True}, "application/json").json()["unread"]
        == 0
    )
    assert not Notice.objects.filter(read_at__isnull=True).exists()
    assert second.pk


def test_another_players_notices_cannot_be_touched(client, alice, bob):
    hers = _notice(alice, "1")
    client.force_login(bob)
    client.post("/api/me/notifications/", {"ids": [hers.pk]}, "application/json")
    assert Notice.objects.get(pk=hers.pk).read_at is None
    assert client.get("/api/me/notifications/").json()["notifications"] == []


@pytest.mark.parametrize("body", [{}, {"ids": "x"}, [1, 2], {"ids": [1], "read": "maybe"}])
def test_a_malformed_read_request_changes_nothing(client, alice, body):
    _notice(alice, "1")
    client.force_login(alice)
    assert client.post("/api/me/notifications/", body, "application/json").status_code == 400
    assert Notice.objects.filter(read_at__isnull=True).count() == 1


def test_the_page_marks_all_read(client, alice):
    _notice(alice, "1")
    client.force_login(alice)
    page = client.get("/notifications/")
    assert b"Turn 1" in page.content and b'class="bell-count"' in page.content
    client.post("/notifications/", {"do": "all_read"})
    assert not Notice.objects.filter(read_at__isnull=True).exists()


@pytest.mark.parametrize(
    "body",
    [
        {"endpoint": "ftp://push.example/x", "keys": {"p256dh": "A" * 87, "auth": "A" * 22}},
        {"endpoint": "https://push.example/x", "keys": {"p256dh": "short", "auth": "A" * 22}},
        {"endpoint": "https://push.example/x", "keys": {"p256dh": "BA" + "A" * 85}},
        {"endpoint": "https://push.example/x"},
    ],
)
def test_a_malformed_subscription_is_refused(client, alice, body, push_service):
    client.force_login(alice)
    assert client.post("/api/me/push/", body, "application/json").status_code == 400
    assert not PushSubscription.objects.exists()


def test_a_player_lists_and_removes_their_devices_only(client, alice, bob, push_service):
    client.force_login(alice)
    sub = push_service.subscription(push_service.device())
    devices = client.post("/api/me/push/", sub, "application/json").json()["devices"]
    assert len(devices) == 1
    client.force_login(bob)
    assert client.delete(f"/api/me/push/{devices[0]['id']}/").status_code == 404
    client.force_login(alice)
    assert client.delete(f"/api/me/push/{devices[0]['id']}/").json()["devices"] == []


def test_the_manifest_and_the_service_worker_are_served(client):
    manifest = client.get("/manifest.webmanifest").json()
    assert manifest["start_url"].startswith("/my-games/")
    assert {"192x192", "512x512"} <= {i["sizes"] for i in manifest["icons"]}
    worker = client.get("/sw.js")
    assert worker["Content-Type"].startswith("text/javascript")
    assert b"/offline/" in worker.content
    assert b"offline" in client.get("/offline/").content.lower()
