"""One channel when it is enough, and the preferences deciding each channel (notifications/
tell.py): an acknowledged push stands for the turn e-mail unless the player asks for both;
quiet hours, a muted match, "only in the centre" and an open match page hold or stop push."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from lobbies.services import lobby_create, lobby_join
from notifications.models import (
    MatchMute,
    Notice,
    Preferences,
    PushDelivery,
    PushSubscription,
    TurnEmail,
)
from notifications.push import ack_token
from notifications.sweep import held_turn_emails_queue
from outbox.models import Job
from play.models import Presence

pytestmark = pytest.mark.django_db


def _subscribe(client, user, push_service, *, acknowledged=True):
    """A device of `user`; `acknowledged`: one that has shown (and acknowledged) a push before."""
    device = push_service.device()
    client.force_login(user)
    answer = client.post(
        "/api/me/push/", push_service.subscription(device), content_type="application/json"
    )
    assert answer.status_code == 201
    if acknowledged:
        PushSubscription.objects.filter(user=user).update(acked_at=timezone.now())
    return device


def _turn(alice, bob, capture):
    table = lobby_create(host=alice, game="goofspiel", seats=2, mode="turn", options={"cards": 3})
    with capture(execute=True):
        lobby_join(table_id=table.pk, user=bob)
    table.refresh_from_db()
    return table.match


def _alice_mail(alice):
    return [m for m in mail.outbox if m.to == [alice.email]]


def _sweep_in(seconds, capture):
    with capture(execute=True):
        return held_turn_emails_queue(now=timezone.now() + timedelta(seconds=seconds))


def test_an_acknowledged_push_stands_for_the_email(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    _subscribe(client, alice, push_service)
    _turn(alice, bob, django_capture_on_commit_callbacks)
    assert _alice_mail(alice) == []  # waits a minute for the device's acknowledgement
    delivery = PushDelivery.objects.get()
    ack = client.post(f"/notifications/push/ack/{ack_token(delivery.pk)}/")
    assert ack.status_code == 204
    TurnEmail.objects.filter(seat__user=alice).update(hold_until=timezone.now())
    _sweep_in(61, django_capture_on_commit_callbacks)
    assert _alice_mail(alice) == []
    assert TurnEmail.objects.get(seat__user=alice).status == TurnEmail.Status.SKIPPED
    assert len([m for m in mail.outbox if m.to == [bob.email]]) == 1  # bob has no device


def test_an_unacknowledged_push_is_followed_by_the_email_after_a_minute(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    _subscribe(client, alice, push_service)
    _turn(alice, bob, django_capture_on_commit_callbacks)
    assert _alice_mail(alice) == []
    record = TurnEmail.objects.get(seat__user=alice)
    assert record.hold_until is not None
    PushDelivery.objects.update(sent_at=timezone.now() - timedelta(minutes=2))
    TurnEmail.objects.filter(pk=record.pk).update(hold_until=timezone.now())
    _sweep_in(1, django_capture_on_commit_callbacks)
    assert len(_alice_mail(alice)) == 1


def test_a_device_that_never_acknowledged_does_not_hold_the_email(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    """A device that never answered a push (closed browser, notifications blocked by the OS)
    is not waited for: the e-mail goes at once beside the push."""
    _subscribe(client, alice, push_service, acknowledged=False)
    _turn(alice, bob, django_capture_on_commit_callbacks)
    assert len(push_service.received) == 1
    assert len(_alice_mail(alice)) == 1
    assert TurnEmail.objects.get(seat__user=alice).status == TurnEmail.Status.SENT


def test_a_player_without_a_device_gets_the_email_at_once(
    alice, bob, django_capture_on_commit_callbacks
):
    _turn(alice, bob, django_capture_on_commit_callbacks)
    assert len(_alice_mail(alice)) == 1
    assert TurnEmail.objects.get(seat__user=alice).hold_until is None
    assert Notice.objects.filter(user=alice, kind=Notice.Kind.TURN).count() == 1


def test_a_player_who_asks_for_both_gets_both_at_once(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    Preferences.objects.create(user=alice, push_and_email=True)
    _subscribe(client, alice, push_service)
    _turn(alice, bob, django_capture_on_commit_callbacks)
    assert len(push_service.received) == 1
    assert len(_alice_mail(alice)) == 1


def test_a_forged_receipt_acknowledges_nothing(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    _subscribe(client, alice, push_service)
    _turn(alice, bob, django_capture_on_commit_callbacks)
    delivery = PushDelivery.objects.get()
    forged = ack_token(delivery.pk)[:-3] + "abc"
    assert client.post(f"/notifications/push/ack/{forged}/").status_code == 404
    assert client.get(f"/notifications/push/ack/{ack_token(delivery.pk)}/").status_code == 405
    assert PushDelivery.objects.get().acked_at is None


def test_quiet_hours_hold_the_push_until_they_end(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    now = timezone.now()
    start = (now - timedelta(hours=1)).time().replace(second=0, microsecond=0)
    end = (now + timedelta(hours=1)).time().replace(second=0, microsecond=0)
    Preferences.objects.create(user=alice, quiet_start=start, quiet_end=end)
    alice.time_zone = "UTC"
    alice.save(update_fields=["time_zone"])
    _subscribe(client, alice, push_service)
    _turn(alice, bob, django_capture_on_commit_callbacks)
    assert push_service.received == []
    job = Job.objects.get(kind="notifications.push")
    assert job.due_at > now + timedelta(minutes=50)  # the worker sends it when they end
    assert Notice.objects.filter(user=alice, kind="turn").exists()  # the centre has it now


def test_only_in_the_centre_means_no_push_and_no_email(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    Preferences.objects.create(user=alice, quiet_kinds=["turn"])
    _subscribe(client, alice, push_service)
    _turn(alice, bob, django_capture_on_commit_callbacks)
    assert push_service.received == [] and _alice_mail(alice) == []
    assert Notice.objects.filter(user=alice, kind="turn").exists()


def test_a_muted_match_is_told_nowhere(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    from notifications.services import turn_email_send

    _subscribe(client, alice, push_service)
    table = lobby_create(host=alice, game="goofspiel", seats=2, mode="turn", options={"cards": 3})
    with django_capture_on_commit_callbacks(execute=False):
        lobby_join(table_id=table.pk, user=bob)
    table.refresh_from_db()
    MatchMute.objects.create(user=alice, match=table.match)
    seat = table.match.seats.get(user=alice)
    with django_capture_on_commit_callbacks(execute=True):
        turn_email_send(seat_id=seat.pk, since=seat.to_act_since)
    assert push_service.received == [] and _alice_mail(alice) == []
    assert not Notice.objects.filter(user=alice).exists()


def test_nothing_is_pushed_for_a_match_open_in_the_browser(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    _subscribe(client, alice, push_service)
    table = lobby_create(host=alice, game="goofspiel", seats=2, mode="turn", options={"cards": 3})
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        lobby_join(table_id=table.pk, user=bob)
    Presence.objects.create(channel_name="specific.abc", match=table.match, user=alice)
    with django_capture_on_commit_callbacks(execute=True):
        for callback in callbacks:
            callback()
    assert push_service.received == [] and _alice_mail(alice) == []
    assert not Notice.objects.filter(user=alice, kind="turn").exists()


def test_vacation_holds_the_push(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    from notifications.preferences import vacation_start

    _subscribe(client, alice, push_service)
    vacation_start(user=alice, days=2)
    _turn(alice, bob, django_capture_on_commit_callbacks)
    assert push_service.received == []
    assert Job.objects.get(kind="notifications.push").due_at > timezone.now() + timedelta(days=1)


def test_the_digest_takes_the_turn_push_too(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    Preferences.objects.create(
        user=alice, turn_mail="digest", digest_hour=(timezone.now().hour + 2) % 24
    )
    _subscribe(client, alice, push_service)
    _turn(alice, bob, django_capture_on_commit_callbacks)
    assert push_service.received == [] and _alice_mail(alice) == []
    assert Notice.objects.filter(user=alice, kind="turn").exists()
