"""The embeddable bracket and standings (`/tournaments/<id>/embed/`): the one page of the site
another site may put in a frame, and only the sites its organiser lists. Its
Content-Security-Policy says `frame-ancestors` with that list (`'none'` when empty); every
other page keeps the site's `frame-ancestors 'none'` (config.settings)."""

from __future__ import annotations

import re
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import errors
from tournaments.models import Tournament
from tournaments.services import _ensure_organiser as ensure_organiser
from tournaments.services import audit, locked

MAX_ORIGINS = 10
# A scheme and a host (a leading "*." for every subdomain), an optional port, nothing else:
# a path, a quote or a space would widen or break the policy.
ORIGIN = re.compile(
    r"^https?://(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?"
    r"(:[0-9]{1,5})?$"
)


def origins_parse(value: Any) -> list[str]:
    """A list of origins, or text with one per line (or separated by spaces or commas)."""
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list) or any(not isinstance(v, str) for v in value):
        raise errors.bad("bad_origins", _("Give the sites as a list of origins."))
    origins = []
    for raw in value:
        origin = raw.strip().rstrip("/").lower()
        if not ORIGIN.match(origin):
            raise errors.bad(
                "bad_origin",
                _("%(origin)s is not a site's origin (like https://club.example.org).")
                % {"origin": repr(raw)[:80]},
            )
        if origin not in origins:
            origins.append(origin)
    if len(origins) > MAX_ORIGINS:
        raise errors.bad(
            "too_many_origins", _("At most %(n)s sites may embed an event.") % {"n": MAX_ORIGINS}
        )
    return origins


def embed_origins_set(*, tournament_id: Any, user: Any, origins: Any) -> Tournament:

    parsed = origins_parse(origins)
    with transaction.atomic():
        t = locked(tournament_id)
        ensure_organiser(t, user)
        t.embed_origins = parsed
        t.save(update_fields=["embed_origins"])
        audit(t, user, "embed", f"May be embedded by: {' '.join(parsed) or 'no site'}.")
    return t


def frame_ancestors(tournament: Tournament) -> list[str]:
    """The embed page's frame-ancestors sources (re-checked: stored rows predate no rule)."""
    kept = [o for o in tournament.embed_origins if isinstance(o, str) and ORIGIN.match(o)]
    return kept or ["'none'"]
