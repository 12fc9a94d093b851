"""chat's part of "Your data" and of erasing an account (accounts.signals): the lines one said,
whom one muted, what one reported, the sanctions one received. At erasure the mutes and the
preference go; the lines stay in their matches, signed "Deleted player <id>" (the others'
conversation keeps its sense), and staff's sanctions stay on record."""

from __future__ import annotations

from typing import Any

from accounts.erasure import Scrub
from chat.models import ChatLine, ChatPreference, Mute, Report, Sanction


def data_section(sender: Any, user: Any, **kwargs: Any) -> dict[str, Any]:
    lines = ChatLine.objects.filter(author=user).order_by("pk")
    preference = ChatPreference.objects.filter(user=user).first()
    return {
        "chat_lines": [
            {
                "match": line.match_id,
                "table": line.table_id,
                "channel": line.channel,
                "text": line.text,
                "at": line.created_at.isoformat(),
                "removed_by_staff": line.removed_at is not None,
            }
            for line in lines
        ],
        "chat_muted": list(
            Mute.objects.filter(user=user).values_list("person__display_name", flat=True)
        ),
        "chat_reports": [
            {"line": r.line_id, "reason": r.reason, "note": r.note, "status": r.status}
            for r in Report.objects.filter(reporter=user).order_by("pk")
        ],
        "chat_sanctions": [
            {
                "kind": s.kind,
                "reason": s.reason,
                "at": s.created_at.isoformat(),
                "until": s.until.isoformat() if s.until else None,
                "lifted": s.lifted_at is not None,
            }
            for s in Sanction.objects.filter(user=user)
        ],
        "chat_preferences": {"show_spectators": preference.show_spectators if preference else True},
    }


def let_go(sender: Any, user: Any, **kwargs: Any) -> None:
    Mute.objects.filter(user=user).delete()
    Mute.objects.filter(person=user).delete()
    ChatPreference.objects.filter(user=user).delete()
    # Lines and reports that name the person (theirs or anyone's): the name goes, the words stay.
    scrub = Scrub(user)
    scrub.rows(ChatLine.objects.filter(scrub.mentions("text")), "text")
    scrub.rows(Report.objects.filter(scrub.mentions("note", "outcome")), "note", "outcome")
    scrub.rows(Sanction.objects.filter(scrub.mentions("reason")), "reason")
