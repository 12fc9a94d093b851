"""Sending the e-mails of the site. One function per e-mail kind (STYLE.md, 10)."""

from __future__ import annotations

import contextlib
import logging
import smtplib
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from notifications.models import TurnEmail
from play.models import Presence, Seat

logger = logging.getLogger(__name__)


def seats_newly_to_act(*, seats: Sequence[Seat], version: int) -> list[Seat]:
    """Human seats whose turn began at `version` and whose player wants turn e-mails."""
    return [
        s
        for s in seats
        if s.to_act
        and s.to_act_since == version
        and s.user is not None
        and s.user.turn_emails
        and not s.forfeited
    ]


def render_email(name: str, context: dict[str, Any], to: str) -> EmailMultiAlternatives:
    """templates/emails/<name>/{subject.txt,body.txt,body.html}."""
    subject = " ".join(render_to_string(f"emails/{name}/subject.txt", context).split())
    text = render_to_string(f"emails/{name}/body.txt", context)
    html = render_to_string(f"emails/{name}/body.html", context)
    message = EmailMultiAlternatives(subject, text, settings.DEFAULT_FROM_EMAIL, [to])
    message.attach_alternative(html, "text/html")
    return message


class DeliveryRefused(Exception):
    """The server did not take the message (no connection, or an error reply): safe to retry."""


# Answers that say "not accepted": an SMTP error reply to MAIL, RCPT or DATA (SMTPDataError is
# the server's refusal of the message itself), or no connection at all.
_REFUSALS = (smtplib.SMTPResponseException, smtplib.SMTPRecipientsRefused, ConnectionRefusedError)


def turn_email_send(*, seat_id: int, since: int) -> bool:
    """Send the "your turn" e-mail for that turn at most once, unless it is no longer due.

    Returns True when the server accepted it. Raises DeliveryRefused when the server certainly
    did not take it (the task retries); any other failure may have delivered it, so the row is
    left UNCERTAIN and never sent again (docs/notifications.md, "At most one per turn").
    """
    claimed = _turn_email_claim(seat_id=seat_id, since=since)
    if claimed is None:
        return False
    record, message = claimed
    try:
        _deliver(message)
    except DeliveryRefused as error:
        _turn_email_mark(record, TurnEmail.Status.PENDING, error.__cause__)
        raise
    except Exception as error:
        _turn_email_mark(record, TurnEmail.Status.UNCERTAIN, error)
        logger.warning("turn e-mail %s: outcome unknown, not retried: %r", record.pk, error)
        return False
    _turn_email_mark(record, TurnEmail.Status.SENT)
    return True


def _turn_email_claim(
    *, seat_id: int, since: int
) -> tuple[TurnEmail, EmailMultiAlternatives] | None:
    """Count the attempt and commit SENDING before any byte goes to the server."""
    with transaction.atomic():
        record, _ = TurnEmail.objects.get_or_create(seat_id=seat_id, since=since)
        record = TurnEmail.objects.select_for_update().get(pk=record.pk)
        if record.status != TurnEmail.Status.PENDING:
            return None
        seat = Seat.objects.select_related("match", "user").get(pk=seat_id)
        if not _still_due(seat, since):
            return None
        record.status = TurnEmail.Status.SENDING
        record.attempts += 1
        record.claimed_at = timezone.now()
        record.save(update_fields=["status", "attempts", "claimed_at"])
        message = _turn_message(seat)
        message.extra_headers["Message-ID"] = record.message_id
    return record, message


def _deliver(message: EmailMultiAlternatives) -> None:
    """Raise DeliveryRefused when the server certainly did not take the message.

    Opening the connection (connect, EHLO, TLS, log-in) sends nothing of it, so any failure
    there is a refusal; after that, only an SMTP error reply is (a timeout or a dropped line may
    come after the server accepted the DATA).
    """
    connection = get_connection()
    try:
        connection.open()
    except OSError as error:
        raise DeliveryRefused(repr(error)) from error
    try:
        connection.send_messages([message])
    except _REFUSALS as error:
        raise DeliveryRefused(repr(error)) from error
    finally:
        with contextlib.suppress(Exception):
            connection.close()


def _turn_email_mark(
    record: TurnEmail, status: TurnEmail.Status, error: BaseException | None = None
) -> None:
    fields: dict[str, Any] = {"status": status, "last_error": repr(error)[:200] if error else ""}
    if status == TurnEmail.Status.SENT:
        fields["sent_at"] = timezone.now()
    TurnEmail.objects.filter(pk=record.pk).update(**fields)


def _still_due(seat: Seat, since: int) -> bool:
    if seat.match.is_finished or not seat.to_act or seat.to_act_since != since:
        return False
    # Only sockets heard from lately: a row left by a socket that died unseen expires (TTL).
    online = Presence.objects.live().filter(match_id=seat.match_id, user=seat.user).exists()
    return not online


def _turn_message(seat: Seat) -> EmailMultiAlternatives:
    match = seat.match
    link = settings.SITE_URL + reverse("play:match", args=[match.pk])
    opponents = [s.name for s in match.seats.select_related("user") if s.pk != seat.pk]
    context = {
        "user": seat.user,
        "match": match,
        "game_title": match.engine.title,
        "link": link,
        "opponents": opponents,
        "settings_link": settings.SITE_URL + reverse("accounts:settings"),
        "site_name": settings.SITE_NAME,
    }
    assert seat.user is not None  # only human seats are e-mailed (seats_newly_to_act)
    return render_email("turn", context, seat.user.email)
