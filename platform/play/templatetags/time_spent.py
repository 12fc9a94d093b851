"""`{{ seconds|time_spent }}`: a move's time spent as players read a clock (docs/play.md,
"Replays"): "0:07" and "2:20" under an hour, "1 h 05 min" under a day, "3 days 4 h" beyond
(correspondence), in the reader's language."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext, ngettext

register = template.Library()


@register.filter
def time_spent(seconds: float | None) -> str:
    if seconds is None:
        return ""
    total = max(0, round(float(seconds)))
    if total < 3600:
        return f"{total // 60}:{total % 60:02d}"
    if total < 86400:
        hours, minutes = divmod(total // 60, 60)
        return gettext("%(hours)d h %(minutes)02d min") % {"hours": hours, "minutes": minutes}
    days, hours = divmod(total // 3600, 24)
    text = ngettext("%(days)d day", "%(days)d days", days) % {"days": days}
    if hours:
        text += " " + gettext("%(hours)d h") % {"hours": hours}
    return text
