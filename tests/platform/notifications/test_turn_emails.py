"""Who gets a "your turn" e-mail, and when (Celery eager, Django's test outbox)."""

from django.core import mail

from lobbies.services import lobby_create, lobby_join
from notifications.models import TurnEmail
from notifications.services import turn_email_send
from play.models import Presence


def _start(alice, bob, capture):
    table = lobby_create(host=alice, game="goofspiel", seats=2, mode="turn", options={"cards": 3})
    with capture(execute=True):
        lobby_join(table_id=table.pk, user=bob)
    return table.match


def test_it_emails_every_seat_that_owes_a_move_after_the_commit(
    alice, bob, django_capture_on_commit_callbacks
):
    match = _start(alice, bob, django_capture_on_commit_callbacks)
    assert sorted(m.to[0] for m in mail.outbox) == sorted([alice.email, bob.email])
    message = mail.outbox[0]
    assert f"/matches/{match.pk}/" in message.body
    assert message.alternatives and "Play your move" in message.alternatives[0][0]


def test_it_sends_nothing_before_the_commit(alice, bob, django_capture_on_commit_callbacks):
    table = lobby_create(host=alice, game="goofspiel", seats=2, mode="turn")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        lobby_join(table_id=table.pk, user=bob)
        assert mail.outbox == []
    assert callbacks  # the e-mails wait for the commit


def test_it_skips_players_who_turned_turn_emails_off(
    alice, bob, django_capture_on_commit_callbacks
):
    bob.turn_emails = False
    bob.save()
    _start(alice, bob, django_capture_on_commit_callbacks)
    assert [m.to[0] for m in mail.outbox] == [alice.email]


def test_it_skips_a_player_who_has_the_match_open(alice, bob, django_capture_on_commit_callbacks):
    table = lobby_create(host=alice, game="goofspiel", seats=2, mode="turn", options={"cards": 3})
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        lobby_join(table_id=table.pk, user=bob)
    Presence.objects.create(channel_name="specific.abc", match=table.match, user=bob)
    for callback in callbacks:
        callback()
    assert [m.to[0] for m in mail.outbox] == [alice.email]


def test_it_sends_at_most_one_email_per_turn(alice, bob, django_capture_on_commit_callbacks):
    match = _start(alice, bob, django_capture_on_commit_callbacks)
    seat = match.seats.get(user=alice)
    assert turn_email_send(seat_id=seat.pk, since=seat.to_act_since) is False
    assert len(mail.outbox) == 2
    assert TurnEmail.objects.filter(seat=seat).count() == 1


def test_it_does_not_send_for_a_turn_that_is_over(alice, bob, django_capture_on_commit_callbacks):
    match = _start(alice, bob, django_capture_on_commit_callbacks)
    seat = match.seats.get(user=alice)
    assert turn_email_send(seat_id=seat.pk, since=seat.to_act_since + 5) is False
    assert len(mail.outbox) == 2
