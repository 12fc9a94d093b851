"""Round and table labels in the reader's language.

The formats name rounds in English ("Round 2", "Winners' round 1", "Grand final") and the name is
stored with the round, so it is translated where it is shown, pattern by pattern; a label this
module does not know is shown as stored.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

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
