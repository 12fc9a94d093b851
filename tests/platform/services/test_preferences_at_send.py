"""A player's preferences take effect at once: each one changed between a move and its turn
e-mail, on PostgreSQL with a real Celery worker and a real SMTP server, and nothing is sent.

The moves are made while no worker runs, so their e-mail tasks wait in the broker; then each
player changes one preference (the way the site changes it), then the worker starts and claims
the e-mails. A match whose player changed nothing is the control: its e-mail goes out.
"""

import os
import time
import uuid
from email import message_from_string
from urllib.parse import urlparse

import pytest
from aiosmtpd.controller import Controller
from django.conf import settings
from django.test import Client

from accounts.services import block_add
from chat.moderation import account_ban
from chat.services import chat_post
from notifications.models import TurnEmail
from notifications.preferences import match_mute, vacation_start
from notifications.unsubscribe import unsubscribe_link
from tests.platform.conftest import make_user
from tests.platform.services.test_turn_emails_worker import (
    ROOT,
    Inbox,
    _dice_city,
    _free_port,
    _play_out_the_turn,
    _show,
    celery_sending_to,
    worker_process,
)

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def _unsubscribe_in_one_click(user, match) -> None:
    path = urlparse(unsubscribe_link(user.email, user.pk)).path
    answer = Client().post(path, {"List-Unsubscribe": "One-Click"})
    assert answer.status_code == 200


def _game_emails_off(user, match) -> None:
    client = Client()
    client.force_login(user)
    form = {"display_name": user.display_name, "language": "en", "time_zone": "UTC"}
    answer = client.post("/settings/", form)  # turn_emails unticked
    assert answer.status_code == 302, answer.content[:500]


def _match_muted(user, match) -> None:
    match_mute(user=user, match_id=match.pk, muted=True)


def _banned(user, match) -> None:
    staff = make_user("moderator")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    account_ban(staff=staff, user_id=user.pk, reason="spam")


def _on_vacation(user, match) -> None:
    vacation_start(user=user, days=1)


CHANGES = [_unsubscribe_in_one_click, _game_emails_off, _match_muted, _banned, _on_vacation]


def _text_of(raw: str) -> str:
    parts = [p for p in message_from_string(raw).walk() if p.get_content_type() == "text/plain"]
    return "".join(p.get_payload(decode=True).decode() for p in parts)


def _turn_passed(match, words: str):
    """The seat to act says `words` in the chat and plays its turn out: the other seat's turn
    begins and its e-mail task waits in the broker. Returns that seat."""
    mover = match.seats.get(to_act=True)
    chat_post(user=mover.user, text=words, match_id=match.pk)
    _play_out_the_turn(match)
    return match.seats.get(to_act=True)


def test_a_preference_changed_between_a_move_and_its_email_is_honoured(tmp_path):
    handler = Inbox()
    smtp = Controller(handler, hostname="127.0.0.1", port=_free_port())
    smtp.start()
    queue = f"test-{uuid.uuid4().hex[:8]}"
    try:
        with celery_sending_to(queue):  # no worker yet: the tasks wait in the broker
            waiting = {}
            for i, change in enumerate([*CHANGES, _blocked, None]):
                match = _dice_city(make_user(f"host{i}"), make_user(f"guest{i}"))
                waiting[change] = (match, _turn_passed(match, f"line before {match.pk}"))
            for change, (match, seat) in waiting.items():
                if change is not None:
                    change(seat.user, match)
        db = settings.DATABASES["default"]
        env = {
            **os.environ,
            "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
            "CELERY_TASK_ALWAYS_EAGER": "false",
            "CELERY_QUEUE": queue,
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": str(smtp.port),
            "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT}",
        }
        worker = worker_process(queue, env, tmp_path / "worker.log")
        process = next(worker)
        try:
            _claimed_all(waiting, process, handler)
        finally:
            worker.close()
        _nothing_sent_but_the_controls(waiting, handler)
    finally:
        smtp.stop()


def _blocked(user, match) -> None:
    """The player blocks the one who wrote in the chat: the e-mail carries none of their lines."""
    other = match.seats.exclude(user=user).get().user
    block_add(user=user, display_name=other.display_name)


def _claimed_all(waiting, process, handler) -> None:
    """Every turn's row exists (the worker's claim made it) and the two e-mails that must go
    out (the control, and the block's) have gone."""
    deadline = time.monotonic() + 40
    seats = [(seat.pk, seat.to_act_since) for _, seat in waiting.values()]
    must_go = [waiting[None], waiting[_blocked]]
    while time.monotonic() < deadline:
        made = sum(TurnEmail.objects.filter(seat_id=s, since=v).exists() for s, v in seats)
        sent = {rcpt for rcpts, _ in handler.messages for rcpt in rcpts}
        if made == len(seats) and {s.user.email for _, s in must_go} <= sent:
            time.sleep(1)  # anything wrongly sent would come now
            return
        time.sleep(0.2)
    raise AssertionError(_show(process, handler.messages))


def _nothing_sent_but_the_controls(waiting, handler) -> None:
    sent = {rcpt: raw for rcpts, raw in handler.messages for rcpt in rcpts}
    control_match, control = waiting[None]
    blocked_match, blocked = waiting[_blocked]
    assert control.user.email in sent and blocked.user.email in sent
    assert f"line before {control_match.pk}" in _text_of(sent[control.user.email])
    assert f"line before {blocked_match.pk}" not in _text_of(sent[blocked.user.email])
    for change in CHANGES:
        _, seat = waiting[change]
        assert seat.user.email not in sent, change.__name__
        row = TurnEmail.objects.get(seat=seat, since=seat.to_act_since)
        assert row.status == TurnEmail.Status.PENDING and row.sent_at is None, change.__name__
    _, away = waiting[_on_vacation]
    assert TurnEmail.objects.get(seat=away, since=away.to_act_since).hold_until is not None
