"""Sending the e-mails of the site. One function per e-mail kind (STYLE.md, 10)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from notifications.models import TurnEmail
from play.models import Presence, Seat


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


def turn_email_send(*, seat_id: int, since: int) -> bool:
    """Send the "your turn" e-mail for that turn unless it was sent, or is no longer due.

    Returns True when an e-mail went out. SMTP errors propagate so the task retries.
    """
    with transaction.atomic():
        record, _ = TurnEmail.objects.get_or_create(seat_id=seat_id, since=since)
        record = TurnEmail.objects.select_for_update().get(pk=record.pk)
        if record.sent_at is not None:
            return False
        seat = Seat.objects.select_related("match", "user").get(pk=seat_id)
        if not _still_due(seat, since):
            return False
        record.attempts += 1
        record.save(update_fields=["attempts"])
        _turn_message(seat).send()
        record.sent_at = timezone.now()
        record.save(update_fields=["sent_at"])
    return True


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
