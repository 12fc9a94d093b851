"""Playing by e-mail against the real inbound server: `manage.py mail_in` runs as its own process,
the test sends real mail to it over SMTP (smtplib), and reads what the site sends from a real
local SMTP server (aiosmtpd). A whole 3-player Dice City game is played by replies alone."""

from __future__ import annotations

import os
import random
import re
import smtplib
import socket
import subprocess
import sys
import time
import uuid
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from django.conf import settings

from lobbies.services import lobby_create, lobby_join
from notifications.models import InboundReply
from notifications.tokens import token_read
from play.models import ActionRecord, Match
from tests.platform.conftest import make_user

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[3]
DOMAIN = "reply.mail-in.test"
CHOICE = re.compile(r"^\s+(\d+)\. (.+)  \[(.+)\]$", re.MULTILINE)


class Sink:
    """The outgoing SMTP server: keeps every message the site sends."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 Message accepted"

    def wait_beyond(self, count: int, timeout: float = 20, done=lambda: False) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if len(self.messages) > count or done():
                return True
            time.sleep(0.02)
        return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def sink():
    handler = Sink()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield handler, controller.port
    controller.stop()


def mail_in_process(env_extra: dict[str, str], log_path: Path, lmtp: bool = False):
    """Start `manage.py mail_in` on the test database; returns (process, port) once listening."""
    port = free_port()
    db = settings.DATABASES["default"]
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "CELERY_TASK_ALWAYS_EAGER": "true",
        "INBOUND_EMAIL_DOMAIN": DOMAIN,
        "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT}:{os.environ.get('PYTHONPATH', '')}",
        **env_extra,
    }
    command = [sys.executable, "manage.py", "mail_in", "--port", str(port)]
    command += ["--lmtp"] if lmtp else []
    with open(log_path, "w") as log:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if "mail-in:" in log_path.read_text():
            return process, port
        assert process.poll() is None, log_path.read_text()
        time.sleep(0.1)
    process.kill()
    raise AssertionError(f"mail_in did not start: {log_path.read_text()}")


@pytest.fixture(scope="module")
def mail_in(django_db_setup, sink, tmp_path_factory):
    _, sink_port = sink
    log_path = tmp_path_factory.mktemp("mail_in") / "mail_in.log"
    env = {"EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(sink_port)}
    process, port = mail_in_process(env, log_path)
    process.log_path = log_path
    yield process, port
    process.terminate()
    process.wait(10)


@pytest.fixture
def outgoing_to_sink(settings, sink):
    """This process (match start) sends its turn e-mails to the same SMTP server."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = sink[1]
    settings.INBOUND_EMAIL_DOMAIN = DOMAIN  # the turn e-mails this process sends offer replies
    sink[0].messages.clear()
    return sink[0]


def start_dice_city(players):
    table = lobby_create(host=players[0], game="dicecity", seats=3, mode="turn")
    for user in players[1:]:
        lobby_join(table_id=table.pk, user=user)
    return table.match


def text_of(message: EmailMessage) -> str:
    return message.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")


def reply(
    port: int,
    to_message: EmailMessage,
    body: str,
    sender: str | None = None,
    html: bool = False,
    lmtp: bool = False,
    message_id: str | None = None,
) -> None:
    """What a mail client does with "Reply": to the Reply-To, quoting the original."""
    answer = EmailMessage()
    answer["From"] = sender or to_message["To"]
    answer["To"] = to_message["Reply-To"]
    answer["Subject"] = "Re: " + to_message["Subject"]
    answer["Message-ID"] = message_id or f"<{uuid.uuid4().hex}@client.example>"
    answer["In-Reply-To"] = to_message["Message-ID"]
    quoted = "\n".join("> " + line for line in text_of(to_message).splitlines())
    if html:
        answer.set_content(
            "<div>" + body.replace("\n", "<br>") + "</div>"
            f"<blockquote>{text_of(to_message)}</blockquote>",
            subtype="html",
        )
    else:
        answer.set_content(f"{body}\n\nOn Mon, 23 Nov 2026, Tabletop wrote:\n{quoted}\n")
    client = smtplib.LMTP if lmtp else smtplib.SMTP
    with client("127.0.0.1", port, timeout=30) as smtp:
        smtp.send_message(answer)


def refused_at_rcpt(port: int, sender: str, recipient: str) -> bool:
    with smtplib.SMTP("127.0.0.1", port) as smtp:
        try:
            smtp.sendmail(sender, [recipient], b"Subject: x\r\n\r\n1\r\n")
        except smtplib.SMTPRecipientsRefused as refused:
            return refused.recipients[recipient][0] == 550
    return False


def choices_in(message: EmailMessage) -> list[tuple[int, str, str]]:
    return [(int(n), label, text) for n, label, text in CHOICE.findall(text_of(message))]


def test_three_players_play_a_whole_dice_city_game_by_email_alone(mail_in, outgoing_to_sink):
    process, port = mail_in
    sink = outgoing_to_sink
    players = [make_user(name) for name in ("alice", "bob", "carol")]
    match = start_dice_city(players)
    rng = random.Random(14)
    answered = 0
    finished = lambda: Match.objects.filter(pk=match.pk, status="finished").exists()  # noqa: E731
    for step in range(2000):
        if finished():
            break
        assert sink.wait_beyond(answered, done=finished), process.log_path.read_text()[-3000:]
        if finished():
            break
        message = sink.messages[answered]
        answered += 1
        choices = choices_in(message)
        assert message["Reply-To"] and choices, text_of(message)
        number, label, text = rng.choice(choices)
        body = text if step % 3 == 1 else str(number)  # the notation or the number
        if text == "end_dice" and step % 2:
            body += "\nend_turn"  # a second line: played on if it is legal then
        reply(port, message, body, html=step % 7 == 3)
    assert finished(), f"not over after {answered} replies"
    match.refresh_from_db()
    assert sorted(match.outcome["places"]) and match.outcome["reason"]
    moves = ActionRecord.objects.filter(match=match).count()
    applied = sum(len(r.applied) for r in InboundReply.objects.filter(match=match))
    assert moves == applied > 20  # every move of the game came from a reply
    print(f"Dice City by e-mail: {answered} replies, {moves} moves, {match.outcome['reason']}")
    assert not InboundReply.objects.filter(match=match, outcome="refused").exists()


def test_the_refusals_change_nothing(mail_in, outgoing_to_sink):
    process, port = mail_in
    sink = outgoing_to_sink
    players = [make_user(name) for name in ("dora", "eve", "finn")]
    match = start_dice_city(players)
    assert sink.wait_beyond(0)
    turn = sink.messages[0]
    address = turn["Reply-To"]
    token = token_read(address)

    # A forged token: refused at RCPT, never reaches the database.
    forged = re.sub(r"-[a-z2-7]+@", "-bbbbbbbbbbbbbbbbbbbbbbbbbb@", address)
    assert refused_at_rcpt(port, turn["To"], forged)
    assert refused_at_rcpt(port, turn["To"], "someone@example.org")  # not ours: no relaying

    # Another sender: accepted, ignored, no answer to the forger.
    reply(port, turn, "1", sender="mallory@evil.test")
    time.sleep(1)
    assert ActionRecord.objects.filter(match=match).count() == 0 and len(sink.messages) == 1
    assert InboundReply.objects.get(sender="mallory@evil.test").outcome == "refused"

    # An illegal move: answered with the engine's reason and the choices; nothing applied.
    reply(port, turn, "end_turn")
    assert sink.wait_beyond(1)
    answer = sink.messages[1]
    assert "you are in the dice step" in text_of(answer) and choices_in(answer)
    assert ActionRecord.objects.filter(match=match).count() == 0

    # A good move, delivered twice (a sending server that retries): applied once.
    for _ in range(2):
        reply(port, turn, "end_dice", message_id="<retried@client.example>")
    assert sink.wait_beyond(2)
    time.sleep(1)
    assert len(sink.messages) == 3  # one "still your move" answer, not two
    # The same (now stale) address again, in a new message: answered, nothing applied.
    reply(port, turn, "1")
    assert sink.wait_beyond(3)
    assert "moved on" in text_of(sink.messages[3])
    assert list(ActionRecord.objects.filter(match=match).values_list("action", flat=True)) == [
        {"type": "end_dice"}
    ]
    assert token.version == 0


def test_the_server_speaks_lmtp_too(django_db_setup, sink, outgoing_to_sink, tmp_path):
    _, sink_port = sink
    env = {"EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(sink_port)}
    process, port = mail_in_process(env, tmp_path / "lmtp.log", lmtp=True)
    try:
        match = start_dice_city([make_user(n) for n in ("gus", "hal", "ivy")])
        assert outgoing_to_sink.wait_beyond(0)
        reply(port, outgoing_to_sink.messages[0], "end_dice", lmtp=True)
        deadline = time.monotonic() + 20
        while not ActionRecord.objects.filter(match=match).exists():
            assert time.monotonic() < deadline, (tmp_path / "lmtp.log").read_text()
            time.sleep(0.05)
    finally:
        process.terminate()
        process.wait(10)


def test_mail_no_person_wrote_is_accepted_and_dropped_and_any_bytes_get_a_final_answer(
    mail_in, outgoing_to_sink
):
    """Over SMTP: an out-of-office reply saying "1", a delivery report with a null sender and
    the player's From, and a line holding a NUL byte: each answered 250 (never 451), nothing
    played by the first two, no answer sent to either."""
    process, port = mail_in
    sink = outgoing_to_sink
    match = start_dice_city([make_user(n) for n in ("jo", "kim", "lee")])
    assert sink.wait_beyond(0)
    turn = sink.messages[0]
    player, address = turn["To"], turn["Reply-To"]
    auto = (
        f"From: {player}\r\nTo: {address}\r\nSubject: Out of office\r\n"
        f"Auto-Submitted: auto-replied\r\nMessage-ID: <ooo@client>\r\n\r\n1\r\n"
    ).encode()
    report = (
        f"From: {player}\r\nTo: {address}\r\nMessage-ID: <dsn@mx>\r\nContent-Type: "
        'multipart/report; report-type=delivery-status; boundary="b"\r\n\r\n--b\r\n'
        "Content-Type: text/plain\r\n\r\n1\r\n--b--\r\n"
    ).encode()
    nul = f"From: {player}\r\nTo: {address}\r\nMessage-ID: <nul@c>\r\n\r\nx\x00y\r\n".encode()
    with smtplib.SMTP("127.0.0.1", port) as smtp:
        assert smtp.sendmail(player, [address], auto) == {}
        assert smtp.sendmail("", [address], report) == {}  # MAIL FROM:<>
        assert smtp.sendmail(player, [address], nul) == {}
    assert not ActionRecord.objects.filter(match=match).exists()
    outcomes = dict(InboundReply.objects.filter(match=match).values_list("message_id", "outcome"))
    assert outcomes == {"<nul@c>": "answered"}
    dropped = InboundReply.objects.filter(message_id__in=["<ooo@client>", "<dsn@mx>"])
    assert {r.outcome for r in dropped} == {"dropped"} and dropped.count() == 2
    assert sink.wait_beyond(1)  # the answer to the NUL line, and none to the other two
    time.sleep(1)
    assert len(sink.messages) == 2 and sink.messages[1]["Auto-Submitted"] == "auto-replied"
