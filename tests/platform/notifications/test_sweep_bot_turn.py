"""A bot plays a whole Dice City turn for a seat out of time: many decisions, one announcement
(one outbox job, one `match_changed` at the last version), and nothing is missed: the next
player's turn e-mail and the "a bot moved for you" e-mails go out."""

from datetime import timedelta

from django.core import mail

from lobbies.services import lobby_create, lobby_join
from notifications.models import Preferences
from notifications.sweep import deadlines_sweep
from outbox.models import Job
from play.models import Match
from play.signals import match_changed


def test_a_whole_bot_turn_is_announced_once(alice, bob, django_capture_on_commit_callbacks):
    table = lobby_create(host=alice, game="dicecity", seats=2, mode="turn", move_seconds=3600)
    with django_capture_on_commit_callbacks(execute=True):
        lobby_join(table_id=table.pk, user=bob)
    match = Match.objects.get(table=table)
    for user in (alice, bob):
        Preferences.objects.create(user=user, auto_vacation=False)
    late_seat = match.seats.get(to_act=True)
    mail.outbox.clear()
    announced = []

    def listen(sender, match, seats, **kwargs):
        announced.append(match.version)

    match_changed.connect(listen, dispatch_uid="test.bot_turn")
    try:
        with django_capture_on_commit_callbacks(execute=True):
            done = deadlines_sweep(now=match.deadline + timedelta(seconds=1))
    finally:
        match_changed.disconnect(dispatch_uid="test.bot_turn")
    match.refresh_from_db()
    assert done["timeouts"] == 1
    assert match.version > 2  # a turn of several decisions, each in the log
    assert match.log.filter(timed_out=True, seat=late_seat.index).count() == match.version
    assert announced == [match.version]
    assert not Job.objects.filter(kind="play.match_changed").exists()
    next_seat = match.seats.get(to_act=True)
    assert next_seat.index != late_seat.index and next_seat.to_act_since == match.version
    subjects = {(m.to[0], m.subject) for m in mail.outbox}
    assert any(to == next_seat.user.email and "turn" in s.lower() for to, s in subjects)
    told = [m for m in mail.outbox if "bot" in m.subject.lower()]
    assert sorted(m.to[0] for m in told) == sorted([alice.email, bob.email])
