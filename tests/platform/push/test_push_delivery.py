"""A turn's push, end to end: the player's device subscribed through the API, a turn begins,
and the loopback push service receives one request, checks its VAPID header, TTL and urgency,
and decrypts it with the device's private key (tests/platform/push/service.py)."""

import pytest
from django.core import mail

from lobbies.services import lobby_create, lobby_join
from notifications.models import Notice, PushDelivery, PushSubscription
from notifications.push import vapid_public_key
from outbox.models import Job
from outbox.services import outbox_drain

pytestmark = pytest.mark.django_db


def _subscribe(client, user, push_service):
    device = push_service.device()
    client.force_login(user)
    body = {**push_service.subscription(device), "device": "Chrome · Android"}
    answer = client.post("/api/me/push/", body, content_type="application/json")
    assert answer.status_code == 201, answer.content
    return device


def _turn(alice, bob, capture):
    table = lobby_create(host=alice, game="goofspiel", seats=2, mode="turn", options={"cards": 3})
    with capture(execute=True):
        lobby_join(table_id=table.pk, user=bob)
    table.refresh_from_db()
    return table.match


def test_it_pushes_the_turn_encrypted_for_the_device_and_signed_with_vapid(
    client, alice, bob, push_service, settings, django_capture_on_commit_callbacks
):
    settings.PUSH_TTL_SECONDS = 3600
    device = _subscribe(client, alice, push_service)
    match = _turn(alice, bob, django_capture_on_commit_callbacks)
    [got] = push_service.received
    assert got.error == "" and got.status == 201
    assert got.token == device.token
    assert got.vapid["k"] == vapid_public_key()  # signed by the site's key, for this origin
    assert got.vapid["sub"] == "mailto:push-tests@example.com"
    assert got.headers["ttl"] == "3600"
    assert got.headers["urgency"] == "high"
    assert got.payload["title"] == f"Your turn in Goofspiel #{match.pk}"
    assert got.payload["link"] == f"/matches/{match.pk}/"
    assert PushDelivery.objects.get().status == PushDelivery.Status.SENT


def test_the_payload_is_a_title_a_line_a_link_and_the_receipt_nothing_of_the_game(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    _subscribe(client, alice, push_service)
    match = _turn(alice, bob, django_capture_on_commit_callbacks)
    [payload] = push_service.payloads()
    assert set(payload) == {"title", "line", "link", "ack"}
    seat = match.seats.get(user=alice)
    hand = match.state["hands"][seat.index] if "hands" in match.state else []
    text = " ".join(payload.values())
    assert "hand" not in text.lower() and all(f"card {c}" not in text for c in hand)
    assert payload["ack"].startswith("/notifications/push/ack/")


def test_it_speaks_the_players_language(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    alice.language = "es"
    alice.save(update_fields=["language"])
    _subscribe(client, alice, push_service)
    _turn(alice, bob, django_capture_on_commit_callbacks)
    [payload] = push_service.payloads()
    assert not payload["title"].startswith("Your turn"), payload


@pytest.mark.parametrize("status", [404, 410])
def test_an_expired_subscription_is_deleted(
    client, alice, bob, push_service, status, django_capture_on_commit_callbacks
):
    _subscribe(client, alice, push_service)
    push_service.answer = status
    _turn(alice, bob, django_capture_on_commit_callbacks)
    assert len(push_service.received) == 1
    assert not PushSubscription.objects.filter(user=alice).exists()
    assert PushDelivery.objects.get().status == PushDelivery.Status.GONE
    assert not Job.objects.filter(kind="notifications.push").exists()  # nothing left to retry


def test_a_failing_push_service_is_tried_again_and_the_push_goes_once(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    _subscribe(client, alice, push_service)
    push_service.answer = 503
    _turn(alice, bob, django_capture_on_commit_callbacks)
    assert PushDelivery.objects.get().status == PushDelivery.Status.PENDING
    job = Job.objects.get(kind="notifications.push")  # the outbox keeps it for the worker
    push_service.answer = 201
    from django.utils import timezone

    assert outbox_drain(now=timezone.now() + timezone.timedelta(minutes=10), kinds=[job.kind]) == 1
    assert outbox_drain(now=timezone.now() + timezone.timedelta(hours=1), kinds=[job.kind]) == 0
    assert [r.status for r in push_service.received] == [503, 201]
    assert PushDelivery.objects.get().status == PushDelivery.Status.SENT


def test_a_claimed_push_is_never_sent_again(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    from notifications.push import push_send

    _subscribe(client, alice, push_service)
    _turn(alice, bob, django_capture_on_commit_callbacks)
    delivery = PushDelivery.objects.get()
    assert push_send(delivery_id=delivery.pk) is False  # a second run (the worker's, a retry)
    PushDelivery.objects.filter(pk=delivery.pk).update(status=PushDelivery.Status.SENDING)
    assert push_send(delivery_id=delivery.pk) is False  # a claim a killed worker left
    assert len(push_service.received) == 1


def test_the_centre_lists_the_turn_with_or_without_push(
    alice, bob, django_capture_on_commit_callbacks
):
    match = _turn(alice, bob, django_capture_on_commit_callbacks)
    notice = Notice.objects.get(user=alice)
    assert notice.kind == "turn" and notice.link == f"/matches/{match.pk}/"
    assert notice.read_at is None
    assert len(mail.outbox) == 2  # no device: the e-mails go at once, as before
