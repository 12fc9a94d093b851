"""Round and table labels in the reader's language.

The formats name rounds in English ("Round 2", "Winners' round 1", "Grand final") and the name is
stored with the round, so it is translated where it is shown, pattern by pattern; a label this
module does not know is shown as stored.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import get_language, gettext_lazy, pgettext
from django.utils.translation import gettext as _

from tournaments.models import Registration, Tournament, bot_entrant_name

_NUMBERED = {
    "Round": lambda n: _("Round %(n)s") % {"n": n},
    "Winners' round": lambda n: _("Winners' round %(n)s") % {"n": n},
    "Losers' round": lambda n: _("Losers' round %(n)s") % {"n": n},
    "Table": lambda n: _("Table %(n)s") % {"n": n},
}
_NUMBERED_RE = re.compile(r"^(Round|Winners' round|Losers' round|Table) (\d+)$")


def _fixed(text: str) -> str | None:
    return {
        "Final": pgettext("tournament round", "Final"),
        "Grand final": _("Grand final"),
        "Grand final reset": _("Grand final reset"),
        "Losers' final": _("Losers' final"),
    }.get(text)


def round_label(text: str) -> str:
    """'Winners' round 2 · Losers' round 1' in the active language, part by part."""
    return " · ".join(_part(part) for part in str(text).split(" · "))


def _part(text: str) -> str:
    found = _NUMBERED_RE.match(text)
    if found:
        return _NUMBERED[found.group(1)](found.group(2))
    return _fixed(text) or text


# The standings' notes the formats store in English (tournaments/formats: StandingRow.note).
_NOTES = {
    "champion": gettext_lazy("champion"),
    "withdrawn": gettext_lazy("withdrawn"),
    "bye": gettext_lazy("bye"),
    "out": gettext_lazy("out"),
}
_OUT_IN_ROUND = re.compile(r"^out in round (\d+)$")


def note_label(note: str) -> str:
    """A standings note ("champion", "out in round 2") in the active language; one this module
    does not know is shown as stored."""
    found = _OUT_IN_ROUND.match(note)
    if found:
        return _("out in round %(n)s") % {"n": found.group(1)}
    return str(_NOTES.get(note, note))


# The audit log's sentences by action; the values come from the entry's data (services.audit).
_AUDIT = {
    "create": gettext_lazy("Created (%(format)s)."),
    "register": gettext_lazy("%(name)s registered."),
    "unregister": gettext_lazy("%(name)s left the list."),
    "checkin": gettext_lazy("%(name)s checked in."),
    "open": gettext_lazy("Registration opened."),
    "close": gettext_lazy("Registration closed."),
    "checkin_open": gettext_lazy("Check-in opened."),
    "start": gettext_lazy("Started with %(count)s players."),
    "pause": gettext_lazy("Paused."),
    "resume": gettext_lazy("Resumed."),
    "cancel": gettext_lazy("Cancelled."),
    "result": gettext_lazy("%(key)s: %(before)s → %(after)s. %(reason)s"),
    "co_add": gettext_lazy("%(name)s added as co-organiser."),
    "co_remove": gettext_lazy("%(name)s removed from the co-organisers."),
    "bot_add": gettext_lazy("%(name)s added."),
    "seed": gettext_lazy("Seeds set by hand."),
    "seed_import": gettext_lazy("Seeds imported from a CSV file."),
    "schedule": gettext_lazy("Round %(number)s: start %(starts_at)s, deadline %(deadline)s."),
    "unfinished_rule": gettext_lazy("The rule for games unfinished at a deadline changed."),
    "embed": gettext_lazy("The sites that may embed the event changed."),
    "stage": gettext_lazy("Stage %(number)s added (%(format)s)."),
    "groups": gettext_lazy("Stage 1 in %(groups)s groups."),
    "groups_dealt": gettext_lazy("Players dealt into %(groups)s groups."),
    "start_failed": gettext_lazy(
        "Could not start at the set time (too few players?): set a new time or start by hand."
    ),
}
_OUT_BEFORE_START = gettext_lazy("%(name)s: %(status)s (%(reason)s).")  # withdrawn, disqualified
_OUT_PLAYING = gettext_lazy("%(name)s: %(reason)s.")
_SITE_REASONS = {"withdrew": gettext_lazy("withdrew")}


def audit_text(entry: Any) -> str:
    """An audit entry in the active language; an entry written before its action carried its
    values (or an action this module does not know) is shown as stored."""
    data = dict(entry.data or {})
    if "bot" in data and "name" not in data:
        # A bot entrant is stored as its level and number (an older entry stored its name).
        data["name"] = bot_entrant_name(data["bot"], data["number"], get_language() or "en")
    statuses = dict(Registration.Status.choices)
    try:
        if entry.action in statuses:
            reason = str(data.get("reason") or "")
            data["reason"] = str(
                statuses.get(reason) or _SITE_REASONS.get(reason) or reason or _("no reason")
            )
            data["status"] = str(statuses[entry.action]).lower()
            sentence = _OUT_PLAYING if "player" in data else _OUT_BEFORE_START
        else:
            sentence = _AUDIT[entry.action]
        if entry.action in ("create", "stage"):
            data["format"] = dict(Tournament.Format.choices)[data["format"]]
        if entry.action == "result":
            data["key"] = round_label(data["key"])
        return (str(sentence) % data).strip()
    except (KeyError, TypeError, ValueError):
        return entry.detail
