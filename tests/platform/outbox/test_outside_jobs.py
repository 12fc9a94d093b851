"""An answer to a reply, sent by the outbox worker, whose mark fails after the server took it
(the database gone at that moment): the retry finds the answer claimed and sends nothing. The
claim is committed before the SMTP exchange because the worker runs e-mail jobs outside the
job row's transaction (outbox.registry.job_handler(outside=True))."""

import uuid
from datetime import timedelta

from django.core import mail
from django.db import OperationalError
from django.utils import timezone

from notifications import services
from notifications.inbound import Reply, reply_receive
from notifications.models import InboundReply
from outbox.models import Job
from outbox.services import outbox_drain
from tests.platform.notifications.test_reply_answers_language import match_in


def test_an_answer_whose_mark_failed_is_not_sent_again(
    alice, django_capture_on_commit_callbacks, monkeypatch, settings
):
    settings.INBOUND_EMAIL_DOMAIN = "reply.test.example"
    seat, turn = match_in("en", django_capture_on_commit_callbacks)
    reply = Reply(seat.user.email, [turn.reply_to[0]], "thanks!", None, f"<{uuid.uuid4()}@x>")
    record = reply_receive(reply=reply)  # its answer's job waits for the worker (no commit here)
    assert Job.objects.filter(kind="notifications.reply_answer").count() == 1
    marks = []

    def database_gone(reply_id, answer, error=None):
        marks.append(answer)
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(services, "_reply_answer_mark", database_gone)
    later = timezone.now() + timedelta(minutes=1)
    assert outbox_drain(now=later) == 0  # sent, then the mark failed: the job stays
    assert len(mail.outbox) == 1 and marks == ["sent"]
    monkeypatch.undo()
    assert InboundReply.objects.get(pk=record.pk).answer == InboundReply.Answer.SENDING
    assert outbox_drain(now=later + timedelta(minutes=10)) == 1  # the retry: claimed, done
    assert len(mail.outbox) == 1
    assert not Job.objects.filter(kind="notifications.reply_answer").exists()
