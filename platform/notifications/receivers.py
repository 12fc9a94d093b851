"""notifications listens to play: after a committed change, e-mail the seats that began to owe a
move and have no socket open (play.signals.match_changed). It also listens to django-anymail's
`inbound` signal: a reply e-mail posted by a provider's inbound webhook."""

from __future__ import annotations

from typing import Any

from notifications.automatic import mail_kind
from notifications.bounces import bounce_record
from notifications.inbound import Reply, reply_receive
from notifications.models import Suppression
from notifications.sweep import turn_emails_lost_queue
from notifications.tasks import match_emails_schedule, turn_emails_schedule
from notifications.unsubscribe import address_suppress

# A provider's tracking events that mean "stop sending there" (anymail's normalised names).
_STOP_EVENTS = {"bounced": Suppression.Reason.BOUNCED, "complained": Suppression.Reason.COMPLAINED}


def turn_emails_on_change(sender: Any, match: Any, seats: Any, **kwargs: Any) -> None:
    turn_emails_schedule(seats=seats, version=match.version)
    match_emails_schedule(match=match, seats=seats)


def turn_emails_lost(
    sender: Any, now: Any, stalled_before: Any, limit: int, **kwargs: Any
) -> dict[str, int]:
    """The stall watchdog's pass (play.signals.watchdog_passing): lost turn e-mails."""
    found = turn_emails_lost_queue(now=now, stalled_before=stalled_before, limit=limit)
    return {"turn_emails": found}


def reply_from_provider(sender: Any, event: Any, esp_name: str, **kwargs: Any) -> None:
    """The provider's webhook view has checked the basic auth (ANYMAIL WEBHOOK_SECRET)."""
    message = event.message
    envelope = getattr(message, "envelope_recipient", None)
    recipients = [envelope] if envelope else []
    recipients += [a.addr_spec for a in [*message.to, *message.cc]]
    sender_address = message.from_email.addr_spec if message.from_email else ""
    provider_id = f"<{esp_name}-{event.event_id}>" if event.event_id else ""
    message_id = message.get("Message-ID") or provider_id
    reply_receive(
        reply=Reply(
            sender=sender_address,
            recipients=recipients,
            text=message.text,
            html=message.html,
            message_id=str(message_id),
            kind=mail_kind(message, getattr(message, "envelope_sender", None)),
        )
    )


def suppress_on_bounce(sender: Any, event: Any, esp_name: str, **kwargs: Any) -> None:
    """A spam complaint from the provider's tracking webhook (django-anymail): no more game
    e-mail to that address; a hard bounce counts one (notifications.bounces: repeated ones stop
    the mail). Deferred (soft) bounces are not reported as bounced."""
    reason = _STOP_EVENTS.get(event.event_type)
    if reason is None or not event.recipient:
        return
    detail = f"{esp_name}: {event.reject_reason or ''} {event.description or ''}".strip()
    if reason == Suppression.Reason.BOUNCED:
        bounce_record(email=event.recipient, detail=detail)  # repeated ones stop the mail
    else:
        address_suppress(email=event.recipient, reason=reason, detail=detail)
