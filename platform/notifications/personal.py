"""notifications' part of "Your data" and of erasing an account (accounts.signals): the
play-by-e-mail preferences, vacations, muted matches, the turn e-mails sent and the replies
received. At erasure the preferences, vacations and mutes go; the address is suppressed."""

from __future__ import annotations

from typing import Any

from notifications.models import InboundReply, MatchMute, Preferences, TurnEmail, Vacation
from notifications.preferences import zone_of


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
