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
from django.template import Context
from django.template.loader import get_template, render_to_string
from django.utils import timezone, translation

from accounts.models import User
from accounts.zones import zone_for_address
from notifications.models import InboundReply, TurnEmail
from notifications.notices import turn_notice
from notifications.position import picture_attach, position_context
from notifications.prompts import chat_since_last_mail, prompt_context
from notifications.tell import channels_for, email_told, email_wait_until
from notifications.tokens import bounce_address
from notifications.unsubscribe import (
    is_suppressed,
    list_headers_add,
    unsubscribe_link,
)
from play.models import Presence, Seat
from shared import metrics

logger = logging.getLogger(__name__)


def seats_newly_to_act(*, seats: Sequence[Seat], version: int) -> list[Seat]:
    """Human seats whose turn began at `version`. No preference is read here: the seats may
    come from the per-process match cache (play.snapshots), whose User objects can be minutes
    old; the claim (`_turn_email_claim`) reads the player's current preferences instead."""
    return [
        s
        for s in seats
        if s.to_act and s.to_act_since == version and s.user_id is not None and not s.forfeited
    ]


def recipient_language(address: str) -> str:
    """The language of the account with that address (its setting), else the site's default:
    an e-mail speaks the recipient's language, never the sender's (docs/i18n.md)."""
    user = User.objects.filter(email__iexact=address).only("language").first()
    return language_of(user)


def language_of(user: Any, default: str | None = None) -> str:
    chosen = getattr(user, "language", "") if user is not None else ""
    return chosen or default or settings.LANGUAGE_CODE


def render_email(
    name: str, context: dict[str, Any], to: str, language: str | None = None
) -> EmailMultiAlternatives:
    """templates/emails/<name>/{subject.txt,body.txt,body.html}, in the recipient's language
    and time zone (their account's; English and UTC for an address without an account)."""
    with (
        translation.override(language or recipient_language(to)),
        timezone.override(zone_for_address(to)),
    ):
        subject = subject_render(name, context)
        text = render_to_string(f"emails/{name}/body.txt", context)
        html = render_to_string(f"emails/{name}/body.html", context)
    message = EmailMultiAlternatives(subject, text, settings.DEFAULT_FROM_EMAIL, [to])
    message.attach_alternative(html, "text/html")
    envelope_mark(message, "auto-generated")
    return message


def subject_render(name: str, context: dict[str, Any]) -> str:
    """An e-mail header is plain text: no HTML escaping (a display name `<b>` stays `<b>`, not
    `&lt;b&gt;`), and every line break or other white space run becomes one space, so no name
    can break the header."""
    template = get_template(f"emails/{name}/subject.txt").template  # type: ignore[attr-defined]
    return " ".join(template.render(Context(context, autoescape=False)).split())


def envelope_mark(message: EmailMultiAlternatives, submitted: str) -> None:
    """RFC 3834: `Auto-Submitted` tells autoresponders not to answer (no out-of-office loop);
    the envelope sender is the inbound server's bounce address, so delivery reports of hard
    failures reach it and are counted (notifications.bounces). The From header stays."""
    message.extra_headers["Auto-Submitted"] = submitted
    bounces = bounce_address()
    if bounces:
        message.extra_headers.setdefault("From", message.from_email)
        message.from_email = bounces


def render_listed_email(
    name: str, context: dict[str, Any], to: str, user_id: int | None
) -> EmailMultiAlternatives:
    """A game e-mail: the one-click unsubscribe link in its footer and its List-* headers."""
    link = unsubscribe_link(to, user_id)
    message = render_email(name, {**context, "unsubscribe_link": link}, to)
    list_headers_add(message, link)
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
    turn_notice_tell(seat_id=seat_id, since=since)
    claimed = _turn_email_claim(seat_id=seat_id, since=since)
    if claimed is None:
        return False
    record, message = claimed
    try:
        _deliver(message, "turn")
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
        if record.requeued_at is not None:  # the watchdog's copy has come: it decides now
            record.requeued_at = None
            record.save(update_fields=["requeued_at"])
        if record.status != TurnEmail.Status.PENDING:
            return None
        seat = Seat.objects.select_related("match", "user").get(pk=seat_id)
        if not _still_due(seat, since):
            return None
        assert seat.user is not None
        if _turn_email_put_off(record, seat):
            return None
        record.status = TurnEmail.Status.SENDING
        record.attempts += 1
        record.claimed_at = timezone.now()
        record.save(update_fields=["status", "attempts", "claimed_at"])
        message = _turn_message(seat)
        message.extra_headers["Message-ID"] = record.message_id
    return record, message


def turn_notice_tell(*, seat_id: int, since: int) -> None:
    """The centre's row and the pushes of a turn, once (notifications/tell.py decides)."""
    seat = Seat.objects.select_related("match", "user").filter(pk=seat_id).first()
    if seat is not None and seat.user is not None and _still_due(seat, since):
        turn_notice(seat=seat, since=since)


def _turn_email_put_off(record: TurnEmail, seat: Seat) -> bool:
    """Not now, or never: what tell.channels_for and tell.email_told say of this turn's e-mail
    (muted, e-mails off, the digest lists it; quiet hours or a vacation hold it; a push the
    player acknowledged told them already, or one just sent may yet be acknowledged)."""
    assert seat.user is not None
    now = timezone.now()
    channels = channels_for(
        user=seat.user, kind="turn", match_id=seat.match_id, deadline=seat.match.deadline, now=now
    )
    if not channels.email:
        return True
    if channels.hold_until is not None:  # the sweep sends it when the hold ends
        record.hold_until = channels.hold_until
        record.save(update_fields=["hold_until"])
        return True
    key = f"{seat.pk}:{record.since}"
    answer = email_told(user=seat.user, kind="turn", key=key, now=now)
    if answer == "skip":
        record.status = TurnEmail.Status.SKIPPED
        record.save(update_fields=["status"])
    elif answer == "wait":
        record.hold_until = email_wait_until(user=seat.user, kind="turn", key=key, now=now)
        record.save(update_fields=["hold_until"])
    return answer != "send"


def _deliver(message: EmailMultiAlternatives, kind: str) -> None:
    """Raise DeliveryRefused when the server certainly did not take the message; counted by
    `kind` and outcome (shared/metrics.py: sent, refused, uncertain).

    Opening the connection (connect, EHLO, TLS, log-in) sends nothing of it, so any failure
    there is a refusal; after that, only an SMTP error reply is (a timeout or a dropped line may
    come after the server accepted the DATA).
    """
    connection = get_connection()
    try:
        connection.open()
    except OSError as error:
        metrics.email_counted(kind, "refused")
        raise DeliveryRefused(repr(error)) from error
    try:
        connection.send_messages([message])
    except _REFUSALS as error:
        metrics.email_counted(kind, "refused")
        raise DeliveryRefused(repr(error)) from error
    except Exception:
        metrics.email_counted(kind, "uncertain")
        raise
    else:
        metrics.email_counted(kind, "sent")
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
    if seat.match.is_finished or not seat.to_act or seat.forfeited or seat.to_act_since != since:
        return False
    if seat.user is None or is_suppressed(seat.user.email):
        return False
    # Only sockets heard from lately: a row left by a socket that died unseen expires (TTL).
    online = Presence.objects.live().filter(match_id=seat.match_id, user=seat.user).exists()
    return not online


def _turn_message(seat: Seat) -> EmailMultiAlternatives:
    # The whole message in the player's language: the choices' labels are made here too.
    with translation.override(language_of(seat.user)):
        return _turn_message_built(seat)


def _turn_message_built(seat: Seat) -> EmailMultiAlternatives:
    match = seat.match
    seats = list(match.seats.select_related("user"))  # read once for the whole message
    opponents = [s.name for s in seats if s.pk != seat.pk]
    context: dict[str, Any] = {"user": seat.user, "match": match, "opponents": opponents}
    context.update(prompt_context(match, seat, seats=seats))
    context.update(position_context(match, seat, seats=seats))
    context["chat"] = chat_since_last_mail(match, seat)
    assert seat.user is not None  # only human seats are e-mailed (seats_newly_to_act)
    message = render_listed_email("turn", context, seat.user.email, seat.user.pk)
    picture_attach(message, context["picture"])
    if context["reply_address"]:
        message.reply_to = [context["reply_address"]]
    return message


def reply_answer_send(*, reply_id: int) -> bool:
    """Answer a reply e-mail at most once: a refused line (the reason and the choices now), or
    "still your move" with the next choices when the reply left the turn unfinished.

    The same claim-then-mark promise as turn_email_send; DeliveryRefused makes the outbox
    retry the job, any other failure leaves the answer UNCERTAIN and never resent.
    """
    message = _reply_answer_claim(reply_id)
    if message is None:
        return False

    def mark(status: str, error: BaseException | None = None) -> None:
        _reply_answer_mark(reply_id, InboundReply.Answer(status), error)

    return claimed_deliver(message, mark, f"answer to reply {reply_id}", "reply_answer")


def claimed_deliver(message: EmailMultiAlternatives, mark: Any, what: str, kind: str) -> bool:
    """Send a message whose row is already claimed, then `mark(status, error)` it: "sent";
    "pending" and DeliveryRefused raised (surely not delivered: retry); "uncertain" (may have
    been delivered: never resent). The promise of turn_email_send, for every other kind."""
    try:
        _deliver(message, kind)
    except DeliveryRefused as error:
        mark("pending", error.__cause__)
        raise
    except Exception as error:
        mark("uncertain", error)
        logger.warning("%s: outcome unknown, not retried: %r", what, error)
        return False
    mark("sent")
    return True


def _reply_answer_claim(reply_id: int) -> EmailMultiAlternatives | None:
    with transaction.atomic():
        record = InboundReply.objects.select_for_update().filter(pk=reply_id).first()
        if record is None or record.answer != InboundReply.Answer.PENDING:
            return None
        assert record.match_id is not None and record.seat is not None  # answered: has a seat
        record.answer = InboundReply.Answer.SENDING
        record.save(update_fields=["answer"])
        seat = Seat.objects.select_related("match", "user").get(
            match_id=record.match_id, index=record.seat
        )
        return _answer_message(record, seat)


def _answer_message(record: InboundReply, seat: Seat) -> EmailMultiAlternatives:
    with translation.override(language_of(seat.user)):
        return _answer_message_built(record, seat)


def _answer_message_built(record: InboundReply, seat: Seat) -> EmailMultiAlternatives:
    match = seat.match
    context: dict[str, Any] = {"user": seat.user, "match": match, "record": record}
    context.update(prompt_context(match, seat, with_moves=False))
    assert seat.user is not None  # a reply is only processed from a human seat's player
    message = render_email("reply_answer", context, seat.user.email)
    envelope_mark(message, "auto-replied")  # an answer to a person's mail (RFC 3834, 5)
    message.extra_headers["Message-ID"] = record.answer_message_id
    if not record.message_id.startswith("<no-id-"):
        message.extra_headers["In-Reply-To"] = record.message_id
        message.extra_headers["References"] = record.message_id
    if context["reply_address"]:
        message.reply_to = [context["reply_address"]]
    return message


def _reply_answer_mark(
    reply_id: int, answer: InboundReply.Answer, error: BaseException | None = None
) -> None:
    fields: dict[str, Any] = {"answer": answer, "last_error": repr(error)[:200] if error else ""}
    if answer == InboundReply.Answer.SENT:
        fields["answered_at"] = timezone.now()
    InboundReply.objects.filter(pk=reply_id).update(**fields)
