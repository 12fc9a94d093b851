"""Issue 35, point 5: an answer to a reply is in the player's language, its refusal reason too
(a number outside the list, an ambiguous line, prose, a stale e-mail)."""

import uuid

import pytest
from django.core import mail
from django.utils import translation

from games.core.notation import parse_action
from games.core.words import phrase, translate
from lobbies.services import lobby_create, lobby_join
from notifications.inbound import Reply, reply_receive
from notifications.models import InboundReply
from notifications.replies import LineRefused, choice_for, choices_of
from tests.platform.conftest import make_user

ENGLISH = ["neither a number", "could mean any of", "out of date", "There is no choice", "pick 1"]


def match_in(language, capture):
    players = [make_user(n) for n in ("ana", "bea", "cruz")]
    for user in players:
        user.language = language
        user.save(update_fields=["language"])
    table = lobby_create(host=players[0], game="dicecity", seats=3, mode="turn")
    lobby_join(table_id=table.pk, user=players[1])
    with capture(execute=True):
        lobby_join(table_id=table.pk, user=players[2])
    seat = table.match.seats.select_related("user").get(to_act=True)
    [turn] = [m for m in mail.outbox if m.to == [seat.user.email]]
    mail.outbox.clear()
    return seat, turn


def answer_to(seat, address, body, capture):
    reply = Reply(
        sender=seat.user.email,
        recipients=[address],
        text=body,
        html=None,
        message_id=f"<{uuid.uuid4().hex}@x>",
    )
    with capture(execute=True):
        record = reply_receive(reply=reply)
    assert record.outcome == InboundReply.Outcome.ANSWERED
    [answer] = mail.outbox
    mail.outbox.clear()
    return record, answer.body


@pytest.mark.parametrize("language", ["es", "vi"])
def test_every_refusal_reason_of_an_answer_is_in_the_players_language(
    language, alice, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    seat, turn = match_in(language, capture)
    address = turn.reply_to[0]
    with translation.override(language):
        wanted = {
            "99": translation.gettext("There is no choice %(number)s: pick 1 to %(value)s."),
            "thanks for the game": translation.gettext(
                "'%(line)s' is neither a number nor a move I can read."
            ),
        }
    for line, template in wanted.items():
        record, body = answer_to(seat, address, line, capture)
        head = template.split("%")[0]
        assert head and head in record.reason and record.reason in body, (line, record.reason)
        assert not any(word in record.reason for word in ENGLISH)
    # The address of a version since passed: stale, said in the player's language.
    with capture(execute=True):
        reply_receive(reply=Reply(seat.user.email, [address], "1", None, "<first@x>"))
    mail.outbox.clear()
    record, body = answer_to(seat, address, "1", capture)
    with translation.override(language):
        stale = translation.gettext(
            "That e-mail was out of date: the match has moved on since it was sent."
        )
    # The e-mail's "1" meant what it listed then; the rules refuse it now: out of date, and
    # the engine's reason after it.
    assert record.reason.startswith(stale) and not any(word in stale for word in ENGLISH)


@pytest.mark.parametrize("language", ["es", "vi"])
def test_an_ambiguous_line_is_refused_in_the_readers_language(language):
    legal = [
        {"action": {"type": "discard", "card": c}, "label": c, "text": f"discard card={c}"}
        for c in ("well", "church")
    ]
    with translation.override(language), pytest.raises(LineRefused) as refused:
        choice_for("discard", choices_of(legal), parse_action)
    assert refused.value.code == "ambiguous" and "discard card=well" in refused.value.reason
    assert not any(word in refused.value.reason for word in ENGLISH)


@pytest.mark.parametrize("language", ["es", "vi"])
def test_the_engines_reason_is_in_the_players_language(
    language, alice, django_capture_on_commit_callbacks
):
    """Notation not listed goes to the engine; its reason (a phrase) is translated."""
    capture = django_capture_on_commit_callbacks
    seat, turn = match_in(language, capture)
    record, body = answer_to(seat, turn.reply_to[0], "pass die=white\npass die=yellow", capture)
    english = "You may pass for a token only once per turn."
    assert record.refused_line == "pass die=yellow", record.reason
    assert record.reason == translate(phrase(english), language) != english
    assert record.reason in body and english not in body
