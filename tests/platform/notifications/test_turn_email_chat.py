"""The turn e-mail carries the chat said since the player last read it: after the later of
their last turn e-mail and their last move made on the site (a move by e-mail reply is no sign
of having read the chat); others' lines only, as the player sees the chat, escaped in HTML."""

from __future__ import annotations

import uuid

import pytest
from django.core import mail

from chat.services import chat_post, chat_preference_set, person_mute
from lobbies.services import lobby_create, lobby_join
from notifications.inbound import Reply, reply_receive
from play.services import action_submit

SCRIPT = '<script>alert("x")</script>'


@pytest.fixture
def game(alice, bob, django_capture_on_commit_callbacks):
    """alice and bob play Goofspiel turn by turn (both bid at once); the first e-mails went."""
    table = lobby_create(host=alice, game="goofspiel", seats=2, mode="turn", options={"cards": 3})
    with django_capture_on_commit_callbacks(execute=True):
        lobby_join(table_id=table.pk, user=bob)
    match = table.match
    first = {m.to[0]: m for m in mail.outbox}
    mail.outbox.clear()
    return match, first


def _bid_on_site(capture, match, user, card):
    with capture(execute=True):
        action_submit(
            match_id=match.pk, user=user, action=f"bid card={card}", version=match.version
        )
    match.refresh_from_db()


def _bid_by_reply(capture, match, user, turn_email, card):
    reply = Reply(
        sender=user.email,
        recipients=[turn_email.reply_to[0]],
        text=f"bid card={card}",
        html=None,
        message_id=f"<{uuid.uuid4().hex}@mail.example>",
    )
    with capture(execute=True):
        reply_receive(reply=reply)
    match.refresh_from_db()


def _chat_part(body: str) -> str:
    return body.split("Chat since your last move:")[1].split("Or play on the site")[0]


def test_it_carries_the_lines_said_since_the_last_e_mail_when_the_move_came_by_reply(
    game, alice, bob, carol, django_capture_on_commit_callbacks
):
    """alice bids by reply, then bob on the site: a new round, alice's turn e-mail."""
    capture = django_capture_on_commit_callbacks
    match, first = game
    chat_post(user=bob, match_id=match.pk, text="hi alice")
    chat_post(user=carol, match_id=match.pk, text=SCRIPT)
    chat_post(user=alice, match_id=match.pk, text="my own line")
    _bid_by_reply(capture, match, alice, first[alice.email], 1)
    chat_post(user=bob, match_id=match.pk, text="thinking...")
    _bid_on_site(capture, match, bob, 3)
    email = next(m for m in mail.outbox if m.to == [alice.email])
    chat = _chat_part(email.body)
    assert "bob: hi alice" in chat and f"carol (spectator): {SCRIPT}" in chat
    assert "bob: thinking..." in chat and "my own line" not in chat
    html = email.alternatives[0][0]
    assert SCRIPT not in html and "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html


def test_a_move_made_on_the_site_counts_as_having_read_the_chat(
    game, alice, bob, django_capture_on_commit_callbacks
):
    """bob bids on the site, then alice: a new round, bob's turn e-mail."""
    capture = django_capture_on_commit_callbacks
    match, _ = game
    chat_post(user=alice, match_id=match.pk, text="before your bid")
    _bid_on_site(capture, match, bob, 3)
    chat_post(user=alice, match_id=match.pk, text="after your bid")
    _bid_on_site(capture, match, alice, 1)
    chat = _chat_part(next(m for m in mail.outbox if m.to == [bob.email]).body)
    assert "alice: after your bid" in chat and "before your bid" not in chat


def test_it_does_not_repeat_the_lines_of_an_earlier_e_mail(
    game, alice, bob, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    match, first = game
    chat_post(user=bob, match_id=match.pk, text="round one")
    _bid_by_reply(capture, match, alice, first[alice.email], 1)
    _bid_on_site(capture, match, bob, 3)
    second = next(m for m in mail.outbox if m.to == [alice.email])
    assert "round one" in second.body
    mail.outbox.clear()
    _bid_by_reply(capture, match, alice, second, 2)
    chat_post(user=bob, match_id=match.pk, text="round two")
    _bid_on_site(capture, match, bob, 2)
    third = next(m for m in mail.outbox if m.to == [alice.email])
    assert "round two" in third.body and "round one" not in third.body


def test_it_leaves_out_muted_people_and_hidden_spectators(
    game, alice, bob, carol, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    match, first = game
    person_mute(user=alice, person_id=bob.pk)
    chat_preference_set(user=alice, show_spectators=False)
    chat_post(user=bob, match_id=match.pk, text="muted words")
    chat_post(user=carol, match_id=match.pk, text="spectator words")
    _bid_by_reply(capture, match, alice, first[alice.email], 1)
    _bid_on_site(capture, match, bob, 3)
    body = next(m for m in mail.outbox if m.to == [alice.email]).body
    assert "Chat since your last move" not in body
    assert "muted words" not in body and "spectator words" not in body


def test_a_turn_e_mail_without_new_lines_has_no_chat_section(
    game, alice, bob, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    match, first = game
    assert "Chat since" not in first[alice.email].body
    _bid_by_reply(capture, match, alice, first[alice.email], 1)
    _bid_on_site(capture, match, bob, 3)
    email = next(m for m in mail.outbox if m.to == [alice.email])
    assert "Chat since" not in email.body and "Chat since" not in email.alternatives[0][0]
