"""Turn e-mails and reminders state the player's own bank and deadline, in their time zone;
the reminders and the deadline sweep go by each seat's bank (no seat reminded of another's)."""

from datetime import timedelta
from zoneinfo import ZoneInfo

from django.core import mail

from lobbies.services import lobby_create, lobby_join
from notifications.sweep import deadlines_sweep
from play import banks
from play.models import Match
from play.services import action_submit

DAYS = {"kind": "days", "base": 86400, "increment": 86400, "cap": 3 * 86400}


def _start(alice, bob, capture, clock=DAYS):
    table = lobby_create(
        host=alice, game="goofspiel", seats=2, mode="turn", options={"cards": 3}, clock=clock
    )
    with capture(execute=True):
        lobby_join(table_id=table.pk, user=bob)
    return Match.objects.get(table=table)


def test_the_turn_email_states_the_bank_and_the_deadline_in_the_players_zone(
    alice, bob, django_capture_on_commit_callbacks
):
    bob.time_zone = "Asia/Tokyo"
    bob.save()
    match = _start(alice, bob, django_capture_on_commit_callbacks)
    to_bob = next(m for m in mail.outbox if m.to == [bob.email])
    assert "Your time bank: 23 hours." in to_bob.body or "Your time bank: 24 hours." in to_bob.body
    deadline = banks.deadline(match, match.seats.get(user=bob))
    local = deadline.astimezone(ZoneInfo("Asia/Tokyo"))
    assert local.strftime("%Y-%m-%d %H:%M") in to_bob.body


def test_a_reminder_goes_by_the_seats_own_bank(alice, bob, django_capture_on_commit_callbacks):
    match = _start(alice, bob, django_capture_on_commit_callbacks)
    alice_seat = match.seats.get(user=alice)
    with django_capture_on_commit_callbacks(execute=True):
        action_submit(match_id=match.pk, user=alice, action="bid card=1", version=0)
    match.refresh_from_db()
    mail.outbox.clear()
    near = match.deadline - timedelta(minutes=30)
    with django_capture_on_commit_callbacks(execute=True):
        assert deadlines_sweep(now=near)["reminders"] == 1
    assert [m.to for m in mail.outbox] == [[bob.email]], "alice owes nothing: no reminder"
    bob_deadline = banks.deadline(match, match.seats.get(user=bob))
    assert f"(until {bob_deadline:%Y-%m-%d %H:%M} UTC)" in mail.outbox[0].body
    assert banks.deadline(match, alice_seat) is None
