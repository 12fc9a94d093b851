"""Reminders and results by push (issue 29, point 2): the sweep's reminder and the game over
are pushed through the outbox to the player's device, in their language, and follow the same
preferences as their e-mails: a kind put "only in the notification centre", a muted match,
quiet hours, a match open in the browser. The loopback push service decrypts each request with
the device's private key and checks its VAPID header (tests/platform/push/service.py)."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from lobbies.services import lobby_create, lobby_join
from notifications.models import MatchMute, Notice, Preferences, PushDelivery
from notifications.push import vapid_public_key
from notifications.sweep import deadlines_sweep
from outbox.models import Job
from outbox.services import outbox_drain
from play.models import Match, Presence
from play.services import action_submit

pytestmark = pytest.mark.django_db

PUSH = "notifications.push"


def _subscribe(client, user, push_service):
    device = push_service.device()
    client.force_login(user)
    answer = client.post(
        "/api/me/push/", push_service.subscription(device), content_type="application/json"
    )
    assert answer.status_code == 201, answer.content
    return device


def _speaks(user, language):
    user.language = language
    user.save(update_fields=["language"])


def _turn_match(alice, bob, capture):
    """A turn-based Goofspiel of 4 hours a move, both to act (no device subscribed yet)."""
    table = lobby_create(
        host=alice, game="goofspiel", seats=2, mode="turn", move_seconds=4 * 3600,
        options={"cards": 3},
    )  # fmt: skip
    with capture(execute=True):
        lobby_join(table_id=table.pk, user=bob)
    mail.outbox.clear()
    return Match.objects.get(table=table)


def _sweep(capture, now):
    with capture(execute=True):
        return deadlines_sweep(now=now)


def _reminders(push_service):
    return [p for p in push_service.payloads() if p["title"].startswith(("Still", "Sigue"))]


def _mails(user, kind_words):
    return [m for m in mail.outbox if m.to == [user.email] and kind_words in m.subject]


def _play_to_the_end(match, capture):
    game = match.engine
    while True:
        match.refresh_from_db()
        if match.is_finished:
            return match
        for index in game.to_act(match.state):
            user = match.seats.get(index=index).user
            action = game.legal_actions(match.state, index)[0]
            with capture(execute=True):
                action_submit(match_id=match.pk, user=user, action=action, version=match.version)


def _results(push_service, match):
    return [p for p in push_service.payloads() if p["link"] == f"/matches/{match.pk}/replay/"]


# Reminders


def test_the_reminder_is_pushed_through_the_outbox_in_the_players_language(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    _speaks(alice, "es")
    match = _turn_match(alice, bob, django_capture_on_commit_callbacks)
    device = _subscribe(client, alice, push_service)
    quarter = match.deadline - timedelta(minutes=59)
    assert _sweep(django_capture_on_commit_callbacks, quarter)["reminders"] == 2
    [got] = push_service.received
    assert got.error == "" and got.status == 201 and got.token == device.token
    assert got.vapid["k"] == vapid_public_key()
    assert got.headers["urgency"] == "high"  # a reminder wakes the phone, as a turn does
    assert got.payload["title"] == f"Sigue siendo tu turno en Goofspiel #{match.pk}"
    assert got.payload["line"].startswith("Te quedan ") and "reloj" in got.payload["line"]
    assert got.payload["link"] == f"/matches/{match.pk}/"
    assert set(got.payload) == {"title", "line", "link", "ack"}
    delivery = PushDelivery.objects.get(notice__kind="reminder")
    assert delivery.status == PushDelivery.Status.SENT and delivery.attempts == 1
    assert not Job.objects.filter(kind=PUSH).exists()  # the outbox ran it: nothing left
    assert len(_mails(alice, "")) == 1  # the reminder e-mail goes beside it, as before
    # Later passes, and the outbox's, send nothing again.
    _sweep(django_capture_on_commit_callbacks, quarter + timedelta(minutes=5))
    assert outbox_drain(now=timezone.now() + timedelta(hours=1), kinds=[PUSH]) == 0
    assert len(push_service.received) == 1


def test_a_reminder_only_in_the_centre_is_neither_pushed_nor_emailed(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    Preferences.objects.create(user=alice, quiet_kinds=["reminder"])
    match = _turn_match(alice, bob, django_capture_on_commit_callbacks)
    _subscribe(client, alice, push_service)
    _sweep(django_capture_on_commit_callbacks, match.deadline - timedelta(minutes=59))
    assert push_service.received == []
    assert _mails(alice, "") == []  # the e-mail asks the same place (tell.channels_for)
    assert len(_mails(bob, "")) == 1
    assert Notice.objects.filter(user=alice, kind="reminder").exists()  # the bell counts it


def test_a_muted_match_has_no_reminder_push(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    match = _turn_match(alice, bob, django_capture_on_commit_callbacks)
    _subscribe(client, alice, push_service)
    MatchMute.objects.create(user=alice, match=match)
    _sweep(django_capture_on_commit_callbacks, match.deadline - timedelta(minutes=59))
    assert push_service.received == [] and _mails(alice, "") == []
    assert not Notice.objects.filter(user=alice).exclude(kind="turn").exists()


def test_quiet_hours_hold_the_reminder_until_they_end(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    """The sweep's pass inside the player's quiet hours queues nothing for her; the first pass
    after them pushes and e-mails the reminder (the clock has not run out yet)."""
    match = _turn_match(alice, bob, django_capture_on_commit_callbacks)
    quarter = match.deadline - timedelta(minutes=59)
    start = (quarter - timedelta(minutes=30)).time().replace(second=0, microsecond=0)
    end = (quarter + timedelta(minutes=30)).time().replace(second=0, microsecond=0)
    Preferences.objects.create(user=alice, quiet_start=start, quiet_end=end)
    alice.time_zone = "UTC"
    alice.save(update_fields=["time_zone"])
    _subscribe(client, alice, push_service)
    assert _sweep(django_capture_on_commit_callbacks, quarter)["reminders"] == 1  # bob's
    assert push_service.received == [] and _mails(alice, "") == []
    after = quarter + timedelta(minutes=32)
    assert _sweep(django_capture_on_commit_callbacks, after)["reminders"] == 1  # hers
    assert [p["link"] for p in _reminders(push_service)] == [f"/matches/{match.pk}/"]
    assert len(_mails(alice, "")) == 1


def test_a_held_reminder_push_is_dropped_once_the_move_is_made(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    """A vacation holds the reminder's push (outbox due_at); the player moves before it ends:
    the worker finds the turn over and never sends it."""
    from notifications.preferences import vacation_start

    match = _turn_match(alice, bob, django_capture_on_commit_callbacks)
    _subscribe(client, alice, push_service)
    # the notice as the sweep's reminder writes it, while the vacation holds its push
    from notifications.notices import reminder_notice

    vacation_start(user=alice, days=1)
    seat = match.seats.get(user=alice)
    with django_capture_on_commit_callbacks(execute=True):
        reminder_notice(seat=seat, since=seat.to_act_since)
    job = Job.objects.get(kind=PUSH)
    assert job.due_at > timezone.now() + timedelta(hours=20)
    with django_capture_on_commit_callbacks(execute=True):
        action_submit(match_id=match.pk, user=alice, action="bid card=1", version=match.version)
    assert outbox_drain(now=job.due_at + timedelta(seconds=1), kinds=[PUSH]) == 1
    assert push_service.received == []
    assert PushDelivery.objects.get(notice__kind="reminder").status == PushDelivery.Status.SKIPPED


# Results


def test_the_result_is_pushed_in_the_players_language_with_the_replay_link(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    _speaks(alice, "es")
    match = _turn_match(alice, bob, django_capture_on_commit_callbacks)
    device = _subscribe(client, alice, push_service)
    match = _play_to_the_end(match, django_capture_on_commit_callbacks)
    [result] = _results(push_service, match)
    assert result["title"] == f"Goofspiel #{match.pk} ha terminado"
    place = match.seats.get(user=alice).place
    assert result["line"] == (
        f"Terminaste en el puesto {place}." if place else "La partida ha terminado."
    )
    [got] = [r for r in push_service.received if r.payload is result]
    assert got.token == device.token and got.headers["urgency"] == "normal"
    delivery = PushDelivery.objects.get(notice__kind="result")
    assert delivery.status == PushDelivery.Status.SENT
    assert not Job.objects.filter(kind=PUSH).exists()
    assert len(_mails(alice, "ha terminado")) == 1  # the game-over e-mail beside it


def test_a_result_only_in_the_centre_is_neither_pushed_nor_emailed(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    Preferences.objects.create(user=alice, quiet_kinds=["result"])
    match = _turn_match(alice, bob, django_capture_on_commit_callbacks)
    _subscribe(client, alice, push_service)
    match = _play_to_the_end(match, django_capture_on_commit_callbacks)
    assert _results(push_service, match) == []
    assert _mails(alice, "is over") == [] and len(_mails(bob, "is over")) == 1
    assert Notice.objects.filter(user=alice, kind="result").exists()


def test_a_muted_match_has_no_result_push_nor_email(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    match = _turn_match(alice, bob, django_capture_on_commit_callbacks)
    _subscribe(client, alice, push_service)
    MatchMute.objects.create(user=alice, match=match)
    match = _play_to_the_end(match, django_capture_on_commit_callbacks)
    assert push_service.received == []  # nothing of the match at all
    assert _mails(alice, "is over") == [] and len(_mails(bob, "is over")) == 1


def test_quiet_hours_hold_the_result_push_until_they_end(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    now = timezone.now()
    start = (now - timedelta(hours=1)).time().replace(second=0, microsecond=0)
    end = (now + timedelta(hours=1)).time().replace(second=0, microsecond=0)
    match = _turn_match(alice, bob, django_capture_on_commit_callbacks)
    _subscribe(client, alice, push_service)
    # quiet hours from the last move on (the turns before were pushed)
    match.refresh_from_db()
    Preferences.objects.create(user=alice, quiet_start=start, quiet_end=end)
    alice.time_zone = "UTC"
    alice.save(update_fields=["time_zone"])
    match = _play_to_the_end(match, django_capture_on_commit_callbacks)
    assert _results(push_service, match) == []
    job = Job.objects.get(kind=PUSH, payload__delivery=PushDelivery.objects.get(
        notice__kind="result").pk)  # fmt: skip
    assert job.due_at > now + timedelta(minutes=50)
    assert outbox_drain(now=job.due_at + timedelta(seconds=1), kinds=[PUSH]) >= 1
    assert len(_results(push_service, match)) == 1  # when they end, it goes


def test_no_result_push_for_a_match_open_in_the_browser(
    client, alice, bob, push_service, django_capture_on_commit_callbacks
):
    match = _turn_match(alice, bob, django_capture_on_commit_callbacks)
    _subscribe(client, alice, push_service)
    Presence.objects.create(channel_name="specific.result", match=match, user=alice)
    match = _play_to_the_end(match, django_capture_on_commit_callbacks)
    assert _results(push_service, match) == []
    assert _mails(alice, "is over") == []
    assert Notice.objects.filter(user=alice, kind="result").exists()  # the centre lists it
