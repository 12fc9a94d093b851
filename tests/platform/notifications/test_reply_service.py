"""Moving by replying to a turn e-mail: the service every way in feeds (inbound.reply_receive).

Three people play Dice City turn by turn; Django's test outbox holds what is sent. Every refused
reply changes nothing in the match.
"""

import re
import uuid

import pytest
from django.core import mail

from lobbies.services import lobby_create, lobby_join
from notifications.inbound import Reply, reply_receive
from notifications.models import InboundReply
from notifications.replies import choices_of
from notifications.services import reply_answer_send
from notifications.tokens import ReplyToken, reply_address, token_read
from play.models import ActionRecord
from play.selectors import legal_for
from tests.platform.conftest import make_user


@pytest.fixture
def game(alice, bob, django_capture_on_commit_callbacks):
    """A three-seat Dice City match; returns (match, the seat to act, its turn e-mail)."""
    carol = make_user("carol")
    table = lobby_create(host=alice, game="dicecity", seats=3, mode="turn")
    lobby_join(table_id=table.pk, user=bob)
    with django_capture_on_commit_callbacks(execute=True):
        lobby_join(table_id=table.pk, user=carol)
    match = table.match
    seat = match.seats.select_related("user").get(to_act=True)
    [turn] = [m for m in mail.outbox if m.to == [seat.user.email]]
    mail.outbox.clear()
    return match, seat, turn


def send(capture, to, body, sender, html=None, message_id=None):
    reply = Reply(
        sender=f"Someone <{sender}>",
        recipients=[to],
        text=body,
        html=html,
        message_id=message_id or f"<{uuid.uuid4().hex}@mail.example>",
    )
    with capture(execute=True):
        return reply_receive(reply=reply)


def moves(match):
    return list(ActionRecord.objects.filter(match=match).values_list("action", flat=True))


def test_the_turn_email_lists_numbered_choices_and_carries_a_signed_reply_address(game):
    match, seat, turn = game
    assert "1. Use " in turn.body and "[use die=" in turn.body and "end_dice" in turn.body
    [address] = turn.reply_to
    assert token_read(address) == ReplyToken(match.pk, seat.index, match.version)
    assert "mailto:" + address in turn.alternatives[0][0]


def test_a_number_is_played_through_action_submit_and_the_next_choices_come_back(
    game, django_capture_on_commit_callbacks
):
    match, seat, turn = game
    record = send(django_capture_on_commit_callbacks, turn.reply_to[0], "1", seat.user.email)
    match.refresh_from_db()
    assert record.outcome == "applied" and match.version == 1
    assert ActionRecord.objects.get(match=match).seat == seat.index
    [answer] = mail.outbox  # still this seat's turn: a "still your move" answer
    assert answer.subject.startswith("Still your move") and answer.to == [seat.user.email]
    assert token_read(answer.reply_to[0]).version == 1
    assert answer.extra_headers["In-Reply-To"] == record.message_id


def test_several_lines_are_played_in_order_while_the_seat_owes_a_decision(
    game, django_capture_on_commit_callbacks
):
    match, seat, turn = game
    body = "1\nend_dice\n\nOn Mon, Tabletop wrote:\n> 1. Use\n"
    record = send(django_capture_on_commit_callbacks, turn.reply_to[0], body, seat.user.email)
    assert record.outcome == "applied" and len(record.applied) == 2
    assert moves(match)[-1] == {"type": "end_dice"}


def test_an_illegal_line_is_answered_with_the_engines_reason_and_the_lines_before_stay(
    game, django_capture_on_commit_callbacks
):
    match, seat, turn = game
    body = "use die=white\nend_turn\nend_dice\n"
    record = send(django_capture_on_commit_callbacks, turn.reply_to[0], body, seat.user.email)
    assert record.outcome == "answered" and record.refused_line == "end_turn"
    assert moves(match) == [{"type": "use", "die": "white"}]  # nothing from end_turn on
    [answer] = mail.outbox
    assert answer.subject.startswith("Not played")
    assert "you are in the dice step" in answer.body and "end_dice" in answer.body


def test_an_ambiguous_or_unreadable_reply_is_answered_and_changes_nothing(
    game, django_capture_on_commit_callbacks
):
    match, seat, turn = game
    for body, reason in [("move", "could mean any of"), ("thanks, see you", "neither a number")]:
        mail.outbox.clear()
        record = send(django_capture_on_commit_callbacks, turn.reply_to[0], body, seat.user.email)
        assert record.outcome == "answered" and reason in record.reason
        assert reason in mail.outbox[0].body
    assert moves(match) == []


def test_a_stale_reply_address_is_answered_with_the_current_choices(
    game, django_capture_on_commit_callbacks
):
    match, seat, turn = game
    send(django_capture_on_commit_callbacks, turn.reply_to[0], "end_dice", seat.user.email)
    mail.outbox.clear()
    record = send(django_capture_on_commit_callbacks, turn.reply_to[0], "1", seat.user.email)
    assert record.outcome == "answered" and "moved on" in record.reason
    assert moves(match) == [{"type": "end_dice"}]
    [answer] = mail.outbox
    assert token_read(answer.reply_to[0]).version == 1  # a live address for the next try


def test_a_forged_reply_address_is_ignored(game, django_capture_on_commit_callbacks):
    match, seat, turn = game
    good = turn.reply_to[0]
    forged = re.sub(r"-[a-z2-7]+@", "-aaaaaaaaaaaaaaaaaaaaaaaaaa@", good)
    other_seat = reply_address(ReplyToken(match.pk, (seat.index + 1) % 3, 0))
    tampered = other_seat.replace(f"-{(seat.index + 1) % 3}-0-", f"-{seat.index}-0-")
    for address in (forged, tampered):
        record = send(django_capture_on_commit_callbacks, address, "1", seat.user.email)
        assert record.outcome == "refused" and record.match is None
    assert moves(match) == [] and mail.outbox == []


def test_a_reply_from_another_address_is_ignored_silently(
    game, bob, django_capture_on_commit_callbacks
):
    match, seat, turn = game
    record = send(django_capture_on_commit_callbacks, turn.reply_to[0], "1", "mallory@evil.test")
    assert record.outcome == "refused"
    other = next(s for s in match.seats.all() if s.pk != seat.pk)
    send(django_capture_on_commit_callbacks, turn.reply_to[0], "1", other.user.email)
    assert moves(match) == [] and mail.outbox == []


def test_the_same_message_is_never_applied_twice(game, django_capture_on_commit_callbacks):
    match, seat, turn = game
    first = send(
        django_capture_on_commit_callbacks,
        turn.reply_to[0],
        "1",
        seat.user.email,
        message_id="<same@x>",
    )
    again = send(
        django_capture_on_commit_callbacks,
        turn.reply_to[0],
        "2",
        seat.user.email,
        message_id="<same@x>",
    )
    assert first.outcome == "applied" and again is None
    assert len(moves(match)) == 1 and InboundReply.objects.count() == 1


def test_an_html_only_reply_is_read(game, django_capture_on_commit_callbacks):
    match, seat, turn = game
    html = "<div>end_dice</div><blockquote>1. Use Mountain</blockquote>"
    record = send(
        django_capture_on_commit_callbacks, turn.reply_to[0], None, seat.user.email, html=html
    )
    assert record.outcome == "applied" and moves(match) == [{"type": "end_dice"}]


def test_the_answer_is_sent_at_most_once(game, django_capture_on_commit_callbacks):
    match, seat, turn = game
    record = send(
        django_capture_on_commit_callbacks, turn.reply_to[0], "nope nope", seat.user.email
    )
    assert len(mail.outbox) == 1
    assert reply_answer_send(reply_id=record.pk) is False
    assert len(mail.outbox) == 1


def test_simultaneous_choices_each_played_from_their_own_email(
    alice, bob, django_capture_on_commit_callbacks
):
    """Goofspiel bids are secret and simultaneous: both turn e-mails carry version 0, and the
    second reply is still good after the first one moved the match on (action_submit allows a
    concurrent choice)."""
    table = lobby_create(host=alice, game="goofspiel", seats=2, mode="turn", options={"cards": 3})
    with django_capture_on_commit_callbacks(execute=True):
        lobby_join(table_id=table.pk, user=bob)
    turns = {m.to[0]: m for m in mail.outbox}
    mail.outbox.clear()
    for user in (alice, bob):
        record = send(
            django_capture_on_commit_callbacks, turns[user.email].reply_to[0], "1", user.email
        )
        assert record.outcome == "applied", record.reason
    match = table.match
    assert len(moves(match)) == 2
    assert sorted(m.to[0] for m in mail.outbox) == sorted([alice.email, bob.email])  # next round


def test_without_a_reply_domain_the_turn_email_offers_no_reply(
    settings, alice, bob, django_capture_on_commit_callbacks
):
    settings.INBOUND_EMAIL_DOMAIN = ""
    table = lobby_create(host=alice, game="dicecity", seats=2, mode="turn")
    with django_capture_on_commit_callbacks(execute=True):
        lobby_join(table_id=table.pk, user=bob)
    [turn] = mail.outbox
    assert turn.reply_to == [] and "reply to this e-mail" not in turn.body
    assert "1. Use " in turn.body  # the choices are still listed
    assert token_read(reply_address(ReplyToken(table.match.pk, 0, 0))) is None


def test_a_number_in_an_earlier_email_of_the_same_turn_means_what_that_email_listed(
    game, django_capture_on_commit_callbacks
):
    """The numbers stay those of the e-mail replied to: after a first decision of the turn,
    a reply to the turn's first e-mail picks from the list that e-mail showed (issue 27, 2)."""
    match, seat, turn = game
    first = choices_of(legal_for(match.engine, match.state, seat.index))
    use = next(c for c in first if c.action["type"] == "use")
    send(django_capture_on_commit_callbacks, turn.reply_to[0], use.text, seat.user.email)
    match.refresh_from_db()
    now = choices_of(legal_for(match.engine, match.state, seat.index))
    end = next(c for c in first if c.action["type"] == "end_dice")
    assert end.number > len(now) or now[end.number - 1].action != end.action  # not so now
    mail.outbox.clear()
    record = send(
        django_capture_on_commit_callbacks, turn.reply_to[0], str(end.number), seat.user.email
    )
    assert record.outcome == "applied", record.reason
    assert moves(match)[-1] == {"type": "end_dice"}
