"""Mail no person wrote (auto-replies, out-of-office, delivery reports, bounces) is never read
as a move and never answered; every answer the site sends says it is automatic; repeated hard
bounces turn the player's game e-mails off and the settings page says so; any bytes at all get
a final outcome."""

import uuid
from datetime import UTC, datetime

import pytest
from django.core import mail
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from notifications.automatic import AUTOMATIC, BOUNCE, PERSON, hard_failures, mail_kind
from notifications.bounces import BOUNCE_LIMIT
from notifications.inbound import reply_from_mime, reply_receive
from notifications.models import InboundReply, Suppression
from play.models import ActionRecord

from .test_reply_service import game  # noqa: F401 - the three-seat Dice City fixture


def raw(headers: str, body: str = "1\r\n") -> bytes:
    return (headers.strip().replace("\n", "\r\n") + "\r\n\r\n" + body).encode()


def kind(headers: str, mail_from=None) -> str:
    from email import message_from_bytes, policy

    return mail_kind(message_from_bytes(raw(headers), policy=policy.default), mail_from)


PLAIN = "From: Alice <alice@example.com>\nSubject: Re: Your turn\nMessage-ID: <a@b>"


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ("", PERSON),
        ("Auto-Submitted: no", PERSON),
        ("Auto-Submitted: auto-replied", AUTOMATIC),
        ("Auto-Submitted: auto-generated; owner-email=x@y", AUTOMATIC),
        ("X-Autoreply: yes", AUTOMATIC),
        ("X-Autorespond: Out of office", AUTOMATIC),
        ("Precedence: auto_reply", AUTOMATIC),
        ("Precedence: bulk", AUTOMATIC),
        ("Precedence: list", AUTOMATIC),
        ("Content-Type: multipart/report; report-type=delivery-status; boundary=x", BOUNCE),
    ],
)
def test_it_tells_a_person_from_an_autoresponder_by_the_headers(extra, expected):
    assert kind(PLAIN + "\n" + extra if extra else PLAIN) == expected


def test_a_null_envelope_sender_or_a_mailer_daemon_is_a_bounce():
    assert kind(PLAIN, mail_from="") == BOUNCE
    assert kind(PLAIN, mail_from="alice@example.com") == PERSON
    assert kind("From: MAILER-DAEMON@mx.example.com\nSubject: Undelivered") == BOUNCE


def dsn(recipient: str, to: str, status: str = "5.1.1", action: str = "failed") -> bytes:
    boundary = "dsn-" + uuid.uuid4().hex
    return (
        f"From: Mail Delivery System <MAILER-DAEMON@mx.example.net>\r\nTo: {to}\r\n"
        f"Subject: Undelivered Mail Returned to Sender\r\nMessage-ID: <{boundary}@mx>\r\n"
        f"MIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status;"
        f' boundary="{boundary}"\r\n\r\n--{boundary}\r\nContent-Type: text/plain\r\n\r\n'
        f"1\r\nI'm sorry to have to inform you that your message could not be delivered.\r\n"
        f"--{boundary}\r\nContent-Type: message/delivery-status\r\n\r\n"
        f"Reporting-MTA: dns; mx.example.net\r\n\r\nFinal-Recipient: rfc822; {recipient}\r\n"
        f"Action: {action}\r\nStatus: {status}\r\nDiagnostic-Code: smtp; 550 {status} no such"
        f" user\r\n\r\n--{boundary}--\r\n"
    ).encode()


def test_it_reads_the_hard_failures_of_a_delivery_report_only():
    from email import message_from_bytes, policy

    def failed(data):
        return hard_failures(message_from_bytes(data, policy=policy.default))

    assert failed(dsn("Alice@Example.com", "x@y")) == ["alice@example.com"]
    assert failed(dsn("alice@example.com", "x@y", status="4.2.2", action="delayed")) == []


def receive(data: bytes, to: str, capture, mail_from=None):
    reply = reply_from_mime(data, [to], datetime.now(UTC), mail_from)
    with capture(execute=True):
        return reply_receive(reply=reply)


def test_an_auto_reply_saying_1_is_not_a_move_and_gets_no_answer(
    game,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    match, seat, turn = game
    headers = f"From: {seat.user.email}\nSubject: Out of office\nAuto-Submitted: auto-replied"
    record = receive(raw(headers, "1\r\n"), turn.reply_to[0], django_capture_on_commit_callbacks)
    assert record.outcome == InboundReply.Outcome.DROPPED and record.answer == ""
    assert not ActionRecord.objects.filter(match=match).exists() and mail.outbox == []


def test_a_delivery_report_from_the_player_is_not_a_move_and_repeated_ones_stop_the_mail(
    game,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    match, seat, turn = game
    user = seat.user
    for _ in range(BOUNCE_LIMIT):
        assert not Suppression.objects.exists()
        data = dsn(user.email, turn.reply_to[0])
        record = receive(data, turn.reply_to[0], django_capture_on_commit_callbacks, "")
        assert record.outcome == InboundReply.Outcome.DROPPED
    assert not ActionRecord.objects.filter(match=match).exists() and mail.outbox == []
    user.refresh_from_db()
    assert Suppression.objects.get().email == user.email.lower() and not user.turn_emails
    client = Client()
    client.force_login(user)
    page = client.get("/settings/play-by-email/").content.decode()
    assert 'id="bounced"' in page and user.email in page and f"bounced {BOUNCE_LIMIT} times" in page
    assert client.post("/settings/play-by-email/", {"do": "bounces_clear"}).status_code == 302
    user.refresh_from_db()
    assert user.turn_emails and not Suppression.objects.exists()
    assert 'id="bounced"' not in client.get("/settings/play-by-email/").content.decode()


def test_a_line_with_a_nul_byte_is_answered_not_failed(
    game,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    match, seat, turn = game
    data = raw(f"From: {seat.user.email}\nMessage-ID: <nul\x00@x>", "end\x00_dice\r\nhey\x00\r\n")
    record = receive(data, turn.reply_to[0], django_capture_on_commit_callbacks)
    assert record.outcome in (InboundReply.Outcome.APPLIED, InboundReply.Outcome.ANSWERED)
    assert "\x00" not in record.message_id + record.refused_line + record.reason


def test_every_answer_says_it_is_automatic_and_game_emails_send_bounces_to_the_inbound_server(
    game,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    match, seat, turn = game
    assert turn.extra_headers["Auto-Submitted"] == "auto-generated"
    assert (
        turn.from_email == "bounces@reply.test.example" and "Tabletop" in turn.extra_headers["From"]
    )
    data = raw(f"From: {seat.user.email}\nMessage-ID: <{uuid.uuid4().hex}@x>", "end_turn\r\n")
    receive(data, turn.reply_to[0], django_capture_on_commit_callbacks)
    [answer] = mail.outbox
    assert answer.extra_headers["Auto-Submitted"] == "auto-replied"
    assert "not played" in answer.subject.lower() or "still your move" in answer.subject.lower()


@given(st.binary(max_size=600))
def test_any_bytes_make_a_reply_that_can_be_read(data):
    reply = reply_from_mime(data, ["x@y"], datetime.now(UTC))
    assert "\x00" not in reply.sender + reply.message_id + (reply.text or "") + (reply.html or "")


@given(st.text(max_size=300))
def test_any_text_in_an_html_part_or_a_plain_part_reads_to_lines(text):
    from notifications.replies import reply_lines

    assert all("\x00" not in line for line in reply_lines(text, text) + reply_lines(None, text))
