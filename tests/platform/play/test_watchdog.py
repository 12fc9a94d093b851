"""Issue 35, point 3: the stall watchdog finds matches waiting for lost work (a bot turn, a turn
e-mail) and repairs them; its finds are logged and counted; a second pass finds nothing."""

import logging
from datetime import timedelta

from django.core import mail
from django.utils import timezone

from config.queues import kind_of
from lobbies.services import lobby_create, lobby_join
from notifications.models import TurnEmail
from play import watchdog
from play.models import Match, Seat
from play.tasks import watchdog_pass


def _idle(match, seconds):
    """The match last changed `seconds` ago."""
    Match.objects.filter(pk=match.pk).update(updated_at=timezone.now() - timedelta(seconds=seconds))


def _pass(capture):
    with capture(execute=True):
        return watchdog_pass()


def _lost_bot_turn(match):
    """bob's seat handed to a bot, its task lost: nothing announced the change."""
    Seat.objects.filter(match=match, user__display_name="bob").update(bot="random")


def test_a_bot_turn_whose_task_was_lost_is_played(
    started_match, django_capture_on_commit_callbacks, caplog
):
    capture = django_capture_on_commit_callbacks
    _lost_bot_turn(started_match)
    _idle(started_match, 30)
    assert _pass(capture)["bots"] == 0  # not a minute yet: the task may be on its way
    _idle(started_match, 90)
    before = started_match.version
    totals = watchdog.TOTALS["bots"]
    with caplog.at_level(logging.WARNING, logger="play.watchdog"):
        assert _pass(capture)["bots"] == 1
    bob = Seat.objects.get(match=started_match, user__display_name="bob")
    assert not bob.to_act  # the bot played its card; the turn waits for alice now
    assert Match.objects.get(pk=started_match.pk).version == before + 1
    assert f"match {started_match.pk} waits for a bot" in caplog.text
    assert watchdog.TOTALS["bots"] == totals + 1
    _idle(started_match, 90)
    assert _pass(capture)["bots"] == 0  # alice, a human, is to act: no bot is owed


def test_a_turn_email_whose_task_was_lost_is_sent_once(
    alice, bob, django_capture_on_commit_callbacks
):

    capture = django_capture_on_commit_callbacks
    table = lobby_create(host=alice, game="goofspiel", seats=2, options={"cards": 3})
    lobby_join(table_id=table.pk, user=bob)  # its after-commit work (the e-mails) never ran
    match = Match.objects.get(table=table)
    assert not TurnEmail.objects.filter(seat__match=match).exists()
    _idle(match, 90)
    mail.outbox.clear()
    assert _pass(capture)["turn_emails"] == 2  # both play a card at once
    assert sorted(m.to[0] for m in mail.outbox) == sorted([alice.email, bob.email])
    _idle(match, 90)
    assert _pass(capture)["turn_emails"] == 0
    assert len(mail.outbox) == 2


def test_a_turn_email_queued_again_is_left_to_that_task_for_a_while(
    alice, bob, django_capture_on_commit_callbacks, monkeypatch
):
    """Behind a long mail queue the copy the watchdog queued is late too: the next passes
    leave it alone until REQUEUED_WAIT has gone by (bench/crowd.py saw a copy a minute)."""
    from notifications import sweep, tasks

    capture = django_capture_on_commit_callbacks
    table = lobby_create(host=alice, game="goofspiel", seats=2, options={"cards": 3})
    lobby_join(table_id=table.pk, user=bob)  # its after-commit work (the e-mails) never ran
    match = Match.objects.get(table=table)
    queue: list[tuple] = []  # the mail queue, which the worker has not reached
    with monkeypatch.context() as patch:
        patch.setattr(tasks.turn_email_send, "delay", lambda *a: queue.append(a))
        _idle(match, 90)
        assert _pass(capture)["turn_emails"] == 2
        _idle(match, 90)
        assert _pass(capture)["turn_emails"] == 0  # a minute on: still waiting in the queue
        assert len(queue) == 2
        TurnEmail.objects.filter(seat__match=match).update(
            requeued_at=timezone.now() - sweep.REQUEUED_WAIT - timedelta(seconds=1)
        )
        _idle(match, 90)
        assert _pass(capture)["turn_emails"] == 2  # lost again: queued again
    mail.outbox.clear()
    for args in queue:  # the worker reaches every copy: one e-mail per player
        tasks.turn_email_send.delay(*args)
    assert sorted(m.to[0] for m in mail.outbox) == sorted([alice.email, bob.email])
    assert not TurnEmail.objects.filter(seat__match=match, requeued_at__isnull=False).exists()
    _idle(match, 90)
    assert _pass(capture)["turn_emails"] == 0


def test_a_turn_email_the_player_declined_is_not_repaired(
    alice, bob, django_capture_on_commit_callbacks
):

    capture = django_capture_on_commit_callbacks
    bob.turn_emails = False
    bob.save(update_fields=["turn_emails"])
    table = lobby_create(host=alice, game="goofspiel", seats=2, options={"cards": 3})
    with capture(execute=True):
        lobby_join(table_id=table.pk, user=bob)
    match = Match.objects.get(table=table)
    assert TurnEmail.objects.get(seat__user=bob).attempts == 0  # the claim declined it
    _idle(match, 90)
    mail.outbox.clear()
    assert _pass(capture) == {"bots": 0, "turn_emails": 0}
    assert mail.outbox == []


def test_a_refused_delivery_with_no_retry_coming_is_queued_again(
    alice, bob, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks

    table = lobby_create(host=alice, game="goofspiel", seats=2, options={"cards": 3})
    with capture(execute=True):
        lobby_join(table_id=table.pk, user=bob)
    match = Match.objects.get(table=table)
    # bob's delivery was refused 8 times and its retries are used up: the row went back to
    # pending, claimed long ago
    long_ago = timezone.now() - timedelta(hours=1)
    TurnEmail.objects.filter(seat__user=bob).update(
        status=TurnEmail.Status.PENDING, attempts=9, claimed_at=long_ago, sent_at=None
    )
    _idle(match, 90)
    mail.outbox.clear()
    assert _pass(capture)["turn_emails"] == 1
    assert [m.to for m in mail.outbox] == [[bob.email]]


def test_beat_runs_the_watchdog_every_minute_on_the_sweeps_queue(settings):
    [entry] = [e for e in settings.CELERY_BEAT_SCHEDULE.values() if "watchdog" in e["task"]]
    assert entry == {"task": "play.tasks.watchdog_pass", "schedule": 60.0}
    assert kind_of("play.tasks.watchdog_pass") == "sweeps"
