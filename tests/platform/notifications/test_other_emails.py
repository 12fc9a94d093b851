"""Game over, a seat handed to a bot, an invitation: each e-mail once, to whom it concerns."""

import re

import pytest
from django.core import mail

from lobbies.services import lobby_create, lobby_join
from notifications.emails import game_over_emails_send, seat_replaced_emails_send
from notifications.models import OutgoingEmail, Suppression
from notifications.tasks import match_emails_send
from outbox.services import job_record
from play.models import Presence
from play.services import action_submit, seat_forfeit
from tests.platform.conftest import make_user


def _goofspiel(alice, bob, capture, seats=2, **extra):
    table = lobby_create(
        host=alice, game="goofspiel", seats=seats, mode="turn", options={"cards": 3}
    )
    users = [bob, *extra.get("others", [])]
    for user in users[:-1]:
        lobby_join(table_id=table.pk, user=user)
    with capture(execute=True):
        lobby_join(table_id=table.pk, user=users[-1])
    mail.outbox.clear()
    return table.match


def _play_to_the_end(match, capture):
    game = match.engine
    while True:
        match.refresh_from_db()
        if match.is_finished:
            return match
        for seat in game.to_act(match.state):
            user = match.seats.get(index=seat).user
            action = game.legal_actions(match.state, seat)[0]
            with capture(execute=True):
                action_submit(match_id=match.pk, user=user, action=action, version=match.version)


def test_every_player_gets_one_game_over_email_with_places_and_the_replay(
    alice, bob, django_capture_on_commit_callbacks
):
    match = _goofspiel(alice, bob, django_capture_on_commit_callbacks)
    _play_to_the_end(match, django_capture_on_commit_callbacks)
    over = [m for m in mail.outbox if "is over" in m.subject]
    assert sorted(m.to[0] for m in over) == sorted([alice.email, bob.email])
    body = over[0].body
    assert f"/matches/{match.pk}/replay/" in body
    assert re.search(r"^  1\. (alice|bob)", body, re.M) and "all prizes taken" in body
    assert over[0].extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert game_over_emails_send(match_id=match.pk) == 0  # a re-run sends nothing
    assert OutgoingEmail.objects.filter(kind="game_over", status="sent").count() == 2


def test_no_game_over_email_to_a_player_watching_or_with_game_emails_off(
    alice, bob, django_capture_on_commit_callbacks
):
    match = _goofspiel(alice, bob, django_capture_on_commit_callbacks)
    bob.turn_emails = False
    bob.save()
    Presence.objects.create(channel_name="specific.a", match=match, user=alice)
    _play_to_the_end(match, django_capture_on_commit_callbacks)
    assert not [m for m in mail.outbox if "is over" in m.subject]
    assert set(OutgoingEmail.objects.values_list("status", flat=True)) == {"skipped"}


def test_the_players_are_told_when_a_seat_is_handed_to_a_bot(
    alice, bob, django_capture_on_commit_callbacks
):
    carol = make_user("carol")
    match = _goofspiel(alice, bob, django_capture_on_commit_callbacks, seats=3, others=[carol])
    seat = match.seats.get(user=carol)
    with django_capture_on_commit_callbacks(execute=True):
        seat_forfeit(match_id=match.pk, seat_index=seat.index, reason="out of time")
    told = {m.to[0]: m for m in mail.outbox}
    assert set(told) == {alice.email, bob.email, carol.email}
    assert "carol left" in told[alice.email].subject and "out of time" in told[alice.email].body
    assert told[carol.email].subject.startswith("A bot plays on for you")
    match.refresh_from_db()
    assert seat_replaced_emails_send(match_id=match.pk, seq=match.version) == 0
    assert match_emails_send(match.pk, match.version) == 0
    _play_to_the_end(match, django_capture_on_commit_callbacks)  # the bot bids for carol
    assert OutgoingEmail.objects.filter(kind="seat_replaced").count() == 3  # no more notices


def test_an_invitation_carries_the_private_link_and_is_sent_once(
    alice, django_capture_on_commit_callbacks
):
    table = lobby_create(host=alice, game="goofspiel", seats=2, private=True)
    payload = {"table": table.pk, "email": "friend@example.org", "inviter": alice.pk}
    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            job_record("notifications.table_invitation", payload)
    [invite] = mail.outbox
    assert invite.to == ["friend@example.org"] and "alice invites you" in invite.subject
    assert f"?invite={table.invite_token}" in invite.body
    assert invite.extra_headers["List-Unsubscribe"].startswith("<http")


@pytest.mark.parametrize("why", ["started", "suppressed"])
def test_no_invitation_to_a_table_already_started_or_a_suppressed_address(
    alice, bob, why, django_capture_on_commit_callbacks
):
    table = lobby_create(host=alice, game="goofspiel", seats=2)
    if why == "started":
        lobby_join(table_id=table.pk, user=bob)
    else:
        Suppression.objects.create(email="friend@example.org", reason="bounced")
    payload = {"table": table.pk, "email": "Friend@example.org", "inviter": alice.pk}
    with django_capture_on_commit_callbacks(execute=True):
        job_record("notifications.table_invitation", payload)
    assert not [m for m in mail.outbox if m.to == ["Friend@example.org"]]
    assert OutgoingEmail.objects.get(kind="invitation").status == "skipped"
