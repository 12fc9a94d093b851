"""Replies as real mail clients write them, in English, Spanish and Vietnamese: each .eml of
tests/platform/notifications/replies/ (made by make_corpus.py there) decoded as the inbound
server decodes it, and read to exactly the lines its player wrote (expected.json)."""

import json
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.core import mail

from notifications.inbound import reply_from_mime, reply_receive
from notifications.models import InboundReply
from notifications.replies import reply_lines
from play.models import ActionRecord

from .test_reply_service import game  # noqa: F401 - the three-seat Dice City fixture

CORPUS = Path(__file__).parent / "replies"
EXPECTED = json.loads((CORPUS / "expected.json").read_text())
CLIENTS = ["gmail", "outlook_desktop", "outlook_web", "apple_mail", "iphone", "thunderbird", "k9"]


def read(name: str) -> list[str]:
    reply = reply_from_mime((CORPUS / name).read_bytes(), [], datetime.now(UTC))
    return reply_lines(reply.text, reply.html)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_it_reads_what_the_player_wrote(name):
    assert read(name) == EXPECTED[name]


def test_the_corpus_has_every_client_in_every_language_and_each_encoding():
    names = set(EXPECTED)
    for client in [*CLIENTS, "fairemail", "gmail_html_only", "gmail_forwarded"]:
        for language in ("en", "es", "vi"):
            assert f"{client}_{language}.eml" in names
    raw = b"".join((CORPUS / n).read_bytes() for n in names)
    for encoding in (b"quoted-printable", b"base64", b"8bit", b"windows-1252", b'format="flowed"'):
        assert encoding in raw


def test_an_outlook_reply_quotes_nothing_yet_its_old_choices_are_not_read():
    text = (CORPUS / "outlook_desktop_vi.eml").read_bytes()
    assert b"[use die=3Dwhite]" in text or b"[use die=white]" in text  # the old list is there
    assert read("outlook_desktop_vi.eml") == ["Bỏ Giếng"]


@pytest.mark.parametrize("language", ["en", "es", "vi"])
def test_prose_after_a_move_is_refused_and_nothing_after_it_is_played(
    language,
    game,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    """The corpus's prose replies ("2", a sentence, "3") sent by the seat's player: the first
    line is played, the sentence refused with the reason in the answer, the last line not."""
    match, seat, turn = game
    reply = reply_from_mime(
        (CORPUS / f"prose_{language}.eml").read_bytes(), turn.reply_to, datetime.now(UTC)
    )
    reply = replace(reply, sender=seat.user.email, message_id=f"<prose-{language}@x>")
    with django_capture_on_commit_callbacks(execute=True):
        record = reply_receive(reply=reply)
    assert record.outcome == InboundReply.Outcome.ANSWERED and len(record.applied) == 1
    assert record.refused_line == EXPECTED[f"prose_{language}.eml"][1]
    assert ActionRecord.objects.filter(match=match).count() == 1
    [answer] = mail.outbox
    assert record.refused_line in answer.body
