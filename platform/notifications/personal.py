"""notifications' part of "Your data" and of erasing an account (accounts.signals): the
play-by-e-mail preferences, vacations, muted matches, the turn e-mails sent and the replies
received. At erasure the preferences, vacations and mutes go, and no row keeps the address."""

from __future__ import annotations

from typing import Any

from accounts.erasure import Scrub, erased_email
from notifications.models import (
    Bounce,
    InboundReply,
    MatchMute,
    Notice,
    OutgoingEmail,
    Preferences,
    PushDelivery,
    PushSubscription,
    Suppression,
    TurnEmail,
    Vacation,
)
from notifications.preferences import zone_of
from outbox.models import Job


def data_section(sender: Any, user: Any, **kwargs: Any) -> dict[str, Any]:
    prefs = Preferences.objects.filter(user=user).first()
    return {
        "preferences": {
            "turn_mail": prefs.turn_mail if prefs else Preferences.Mode.EACH,
            "digest_hour": prefs.digest_hour if prefs else 8,
            "time_zone": zone_of(prefs or Preferences(user=user)).key,
            "quiet_start": prefs.quiet_start.isoformat() if prefs and prefs.quiet_start else None,
            "quiet_end": prefs.quiet_end.isoformat() if prefs and prefs.quiet_end else None,
            "reminder_percent": prefs.reminder_percent if prefs else 25,
            "auto_vacation": prefs.auto_vacation if prefs else True,
        },
        "vacations": [
            {"from": v.starts_at.isoformat(), "until": v.ends_at.isoformat(), "auto": v.automatic}
            for v in Vacation.objects.filter(user=user).order_by("starts_at")
        ],
        "muted_matches": list(
            MatchMute.objects.filter(user=user).values_list("match_id", flat=True)
        ),
        "notifications": [
            {
                "kind": "turn",
                "match": e.seat.match_id,
                "status": e.status,
                "sent_at": e.sent_at.isoformat() if e.sent_at else None,
            }
            for e in TurnEmail.objects.filter(seat__user=user).select_related("seat")
        ],
        "push_devices": [
            {"device": d.device, "since": d.created_at.isoformat()}
            for d in PushSubscription.objects.filter(user=user).order_by("created_at")
        ],
        "notification_centre": [
            {"kind": n.kind, "title": n.title, "link": n.link, "at": n.created_at.isoformat()}
            for n in Notice.objects.filter(user=user).order_by("-created_at")[:100]
        ],
        "email_replies": [
            {
                "match": r.match_id,
                "outcome": r.outcome,
                "reason": r.reason,
                "received_at": r.received_at.isoformat(),
            }
            for r in InboundReply.objects.filter(sender__iexact=user.email).order_by("pk")
        ],
    }


def let_go(sender: Any, user: Any, **kwargs: Any) -> None:
    Preferences.objects.filter(user=user).delete()
    Vacation.objects.filter(user=user).delete()
    MatchMute.objects.filter(user=user).delete()
    _notices_forget(user)
    _address_forget(user)


def _notices_forget(user: Any) -> None:
    """Its notification centre and push devices go (their pushes with them); other players'
    notices that name it ("zelda invited you") keep their link without the name."""
    Notice.objects.filter(user=user).delete()
    PushSubscription.objects.filter(user=user).delete()
    scrub = Scrub(user)
    texts = ("title", "line", "key")
    scrub.rows(Notice.objects.filter(scrub.mentions(*texts)), *texts)
    scrub.rows(PushDelivery.objects.filter(scrub.mentions("last_error")), "last_error")


def _address_forget(user: Any) -> None:
    """No row keeps the address: its bounces and suppression go (nothing is sent to an erased
    account), the e-mails' rows stay without it, and work still due for it is dropped."""
    scrub, address = Scrub(user), user.email
    Bounce.objects.filter(email__iexact=address).delete()
    Suppression.objects.filter(email__iexact=address).delete()
    Job.objects.filter(payload__icontains=address).delete()
    OutgoingEmail.objects.filter(to__iexact=address).update(to=erased_email(user.pk))
    scrub.rows(OutgoingEmail.objects.filter(key__icontains=address), "key")
    InboundReply.objects.filter(sender__iexact=address).update(sender=erased_email(user.pk))
    scrub.rows(InboundReply.objects.filter(scrub.mentions("reason")), "reason")
