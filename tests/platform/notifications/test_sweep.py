"""The deadline sweep: reminders, quiet hours, digests, automatic vacation, the e-mails about a
move a bot made for a seat out of time. Each e-mail once; nothing for a move already made."""

from datetime import timedelta

from django.core import mail
from django.utils import timezone

from lobbies.services import lobby_create, lobby_join
from notifications.models import MatchMute, OutgoingEmail, Preferences, TurnEmail, Vacation
from notifications.preferences import vacation_balance
from notifications.sweep import deadlines_sweep
from play.models import Match
from play.services import action_submit


def _turn_match(alice, bob, capture, move_seconds=4 * 3600, **extra):
    table = lobby_create(
        host=alice, game="goofspiel", seats=2, mode="turn", move_seconds=move_seconds,
        options={"cards": 3}, **extra,
    )  # fmt: skip
    with capture(execute=True):
        lobby_join(table_id=table.pk, user=bob)
    mail.outbox.clear()
    return Match.objects.get(table=table)


def _sweep(capture, now):
    with capture(execute=True):
        return deadlines_sweep(now=now)


def test_one_reminder_when_a_quarter_of_the_time_is_left(
    alice, bob, django_capture_on_commit_callbacks
):
    match = _turn_match(alice, bob, django_capture_on_commit_callbacks)
    early = match.deadline - timedelta(hours=2)
    assert _sweep(django_capture_on_commit_callbacks, early)["reminders"] == 0
    quarter = match.deadline - timedelta(minutes=59)
    assert _sweep(django_capture_on_commit_callbacks, quarter)["reminders"] == 2
    assert sorted(m.to[0] for m in mail.outbox) == sorted([alice.email, bob.email])
    assert "left for your move" in mail.outbox[0].subject
    assert mail.outbox[0].extra_headers["List-Unsubscribe"]
    mail.outbox.clear()
    assert (
        _sweep(django_capture_on_commit_callbacks, quarter + timedelta(minutes=1))["reminders"] == 0
    )
    assert mail.outbox == []


def test_a_reminder_still_in_the_queue_is_not_queued_again_until_the_wait_is_over(
    alice, bob, django_capture_on_commit_callbacks, monkeypatch
):
    """Behind a long mail queue the reminder's task is late: the sweep's next passes (every
    15 s) leave it to that task for REQUEUED_WAIT, then queue it once more."""
    from notifications import sweep, tasks

    match = _turn_match(alice, bob, django_capture_on_commit_callbacks)
    quarter = match.deadline - timedelta(minutes=59)
    queue: list[tuple] = []  # the mail queue, which the worker has not reached
    with monkeypatch.context() as patch:
        patch.setattr(tasks.reminder_send, "delay", lambda *a: queue.append(a))
        assert _sweep(django_capture_on_commit_callbacks, quarter)["reminders"] == 2
        later = quarter + timedelta(seconds=15)
        assert _sweep(django_capture_on_commit_callbacks, later)["reminders"] == 0
        waited = quarter + sweep.REQUEUED_WAIT + timedelta(seconds=1)
        assert _sweep(django_capture_on_commit_callbacks, waited)["reminders"] == 2
    assert len(queue) == 4
    for args in queue:  # the worker reaches every copy: one reminder per player
        tasks.reminder_send.delay(*args)
    assert sorted(m.to[0] for m in mail.outbox) == sorted([alice.email, bob.email])


def test_no_reminder_for_a_move_already_made(alice, bob, django_capture_on_commit_callbacks):
    match = _turn_match(alice, bob, django_capture_on_commit_callbacks)
    seat = match.seats.get(user=alice)
    with django_capture_on_commit_callbacks(execute=True):
        action_submit(match_id=match.pk, user=alice, action="bid card=1", version=0)
    mail.outbox.clear()
    _sweep(django_capture_on_commit_callbacks, match.deadline - timedelta(minutes=30))
    assert [m.to[0] for m in mail.outbox] == [bob.email]
    assert not OutgoingEmail.objects.filter(kind="reminder", key__startswith=f"{seat.pk}:").exists()


def test_the_reminder_point_is_the_players_choice(alice, bob, django_capture_on_commit_callbacks):
    match = _turn_match(alice, bob, django_capture_on_commit_callbacks)
    Preferences.objects.create(user=alice, reminder_percent=75)
    Preferences.objects.create(user=bob, reminder_percent=0)
    _sweep(django_capture_on_commit_callbacks, match.deadline - timedelta(hours=2))
    assert [m.to[0] for m in mail.outbox] == [alice.email]
    _sweep(django_capture_on_commit_callbacks, match.deadline - timedelta(minutes=1))
    assert [m.to[0] for m in mail.outbox] == [alice.email]


def test_quiet_hours_hold_the_turn_email_until_the_window_ends(
    alice, bob, django_capture_on_commit_callbacks
):
    now = timezone.now()
    start = (now - timedelta(hours=1)).time().replace(second=0, microsecond=0)
    end = (now + timedelta(hours=1)).time().replace(second=0, microsecond=0)
    Preferences.objects.create(user=bob, quiet_start=start, quiet_end=end)
    _turn_match(alice, bob, django_capture_on_commit_callbacks)
    sent_to = [m.to[0] for m in mail.outbox]
    # alice had her turn e-mail at the start (before the clear); bob's is held
    held = TurnEmail.objects.get(seat__user=bob)
    assert held.status == TurnEmail.Status.PENDING and held.hold_until is not None
    assert bob.email not in sent_to
    _sweep(django_capture_on_commit_callbacks, now + timedelta(minutes=5))
    assert bob.email not in [m.to[0] for m in mail.outbox]
    # the window ends (the real clock is what the send checks: move the window behind it)
    Preferences.objects.filter(user=bob).update(
        quiet_start=(now - timedelta(hours=3)).time(), quiet_end=(now - timedelta(hours=2)).time()
    )
    _sweep(django_capture_on_commit_callbacks, held.hold_until + timedelta(seconds=1))
    assert [m.to[0] for m in mail.outbox].count(bob.email) == 1
    assert TurnEmail.objects.get(pk=held.pk).status == TurnEmail.Status.SENT
    _sweep(django_capture_on_commit_callbacks, held.hold_until + timedelta(seconds=20))
    assert [m.to[0] for m in mail.outbox].count(bob.email) == 1


def test_a_digest_once_a_day_at_the_players_hour_in_their_time_zone(
    alice, bob, django_capture_on_commit_callbacks
):
    now = timezone.now().replace(hour=12, minute=0)
    Preferences.objects.create(
        user=bob, turn_mail="digest", digest_hour=9, time_zone="America/New_York"
    )
    # three days to move: the clock cannot run out before the next digest, whatever the hour
    # the test runs at (with 4 hours, a turn begun before 10:00 UTC was e-mailed at once)
    match = _turn_match(alice, bob, django_capture_on_commit_callbacks, move_seconds=3 * 86400)
    assert not TurnEmail.objects.filter(seat__user=bob, status=TurnEmail.Status.SENT).exists()
    _sweep(django_capture_on_commit_callbacks, now.replace(hour=12))  # 07:00 in New York
    assert not [
        m
        for m in mail.outbox
        if "digest" in m.subject or m.to[0] == bob.email and "Your turn in" in m.subject
    ]
    _sweep(django_capture_on_commit_callbacks, now.replace(hour=14))  # 09:00 in New York
    digests = [m for m in mail.outbox if m.subject.startswith("Your turn in 1 match")]
    assert len(digests) == 1 and digests[0].to == [bob.email]
    assert f"#{match.pk}" in digests[0].body
    _sweep(django_capture_on_commit_callbacks, now.replace(hour=15))
    assert len([m for m in mail.outbox if m.subject.startswith("Your turn in")]) == 1


def test_a_muted_match_sends_no_reminder(alice, bob, django_capture_on_commit_callbacks):
    match = _turn_match(alice, bob, django_capture_on_commit_callbacks)
    MatchMute.objects.create(user=bob, match=match)
    _sweep(django_capture_on_commit_callbacks, match.deadline - timedelta(minutes=30))
    assert [m.to[0] for m in mail.outbox] == [alice.email]


def test_an_automatic_vacation_day_instead_of_a_timeout(
    alice, bob, django_capture_on_commit_callbacks
):
    match = _turn_match(alice, bob, django_capture_on_commit_callbacks)
    Preferences.objects.create(user=alice, auto_vacation=False)
    with django_capture_on_commit_callbacks(execute=True):
        action_submit(match_id=match.pk, user=alice, action="bid card=1", version=0)
    late = match.deadline + timedelta(seconds=1)
    done = _sweep(django_capture_on_commit_callbacks, late)
    assert done["automatic_vacations"] == 1 and done["timeouts"] == 0
    vacation = Vacation.objects.get(user=bob)
    assert vacation.automatic and vacation.ends_at == late + timedelta(days=1)
    prefs = Preferences.objects.get(user=bob)
    assert 6.0 < vacation_balance(prefs, late) < 6.02  # 7 days, one spent, 4 h accrued
    assert match.seats.get(user=bob).paused_at is not None
    # the day ends, the clock runs again, and with auto-vacation off next time, the bot moves
    Preferences.objects.filter(user=bob).update(auto_vacation=False)
    after = late + timedelta(days=1, seconds=1)
    done = _sweep(django_capture_on_commit_callbacks, after)
    assert done["timeouts"] == 0  # resumed: the clock got back the paused day
    match.refresh_from_db()
    assert match.seats.get(user=bob).paused_at is None
    done = _sweep(django_capture_on_commit_callbacks, match.deadline + timedelta(seconds=1))
    assert done["timeouts"] == 1


def test_the_other_players_are_told_when_a_bot_moved_for_a_seat(
    alice, bob, django_capture_on_commit_callbacks
):
    match = _turn_match(alice, bob, django_capture_on_commit_callbacks)
    Preferences.objects.create(user=bob, auto_vacation=False)
    with django_capture_on_commit_callbacks(execute=True):
        action_submit(match_id=match.pk, user=alice, action="bid card=1", version=0)
    mail.outbox.clear()
    _sweep(django_capture_on_commit_callbacks, match.deadline + timedelta(seconds=1))
    told = [
        m
        for m in mail.outbox
        if "ran out of time" in m.subject or "a bot moved for you" in m.subject
    ]
    assert sorted(m.to[0] for m in told) == sorted([alice.email, bob.email])
    assert OutgoingEmail.objects.filter(kind="move_timed_out", status="sent").count() == 2


def test_a_pass_out_of_time_leaves_the_timeouts_to_the_outbox_workers_once(
    alice, bob, django_capture_on_commit_callbacks, settings
):
    from outbox.models import Job
    from outbox.services import outbox_drain

    match = _turn_match(alice, bob, django_capture_on_commit_callbacks)
    Preferences.objects.create(user=alice, auto_vacation=False)
    Preferences.objects.create(user=bob, auto_vacation=False)
    settings.SWEEP_TIMEOUTS_SECONDS = 0  # the pass only records the job
    late = match.deadline + timedelta(seconds=1)
    for _ in range(2):  # a second pass before a worker took it adds nothing
        done = _sweep(django_capture_on_commit_callbacks, late)
        assert done["timeouts"] == 0
    assert Job.objects.filter(kind="play.match_time_out").count() == 1
    match.refresh_from_db()
    assert match.version == 0
    with django_capture_on_commit_callbacks(execute=True):
        assert outbox_drain(now=late) >= 1  # an outbox worker's turn
    match.refresh_from_db()
    assert match.version > 0 and not Job.objects.filter(kind="play.match_time_out").exists()
    assert match.log.filter(timed_out=True).count() == 2  # both bids made for the seats
