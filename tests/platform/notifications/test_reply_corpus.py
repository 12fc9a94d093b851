"""Replies as real mail clients write them, in English, Spanish and Vietnamese: each .eml of
tests/platform/notifications/replies/ (made by make_corpus.py there) decoded as the inbound
server decodes it, and read to exactly the lines its player wrote (expected.json)."""

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from notifications.inbound import reply_from_mime
from notifications.replies import reply_lines

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
