"""tournaments' part of "Your data" and of erasing an account (accounts.signals): the events
one entered or organises. At erasure the account leaves every event it has not finished (as a
disqualified entrant: its results so far stand, it is never paired again)."""

from __future__ import annotations

from typing import Any

from accounts.erasure import Scrub
from tournaments import services
from tournaments.models import AuditEntry, Registration, Tournament


def data_section(sender: Any, user: Any, **kwargs: Any) -> dict[str, Any]:
    entries = Registration.objects.filter(user=user).select_related("tournament")
    return {
        "tournaments": [
            {
                "tournament": r.tournament_id,
                "name": r.tournament.name,
                "game": r.tournament.game,
                "status": r.status,
                "seed": r.seed,
                "registered_at": r.created_at.isoformat(),
            }
            for r in entries.order_by("pk")
        ],
        "tournaments_organised": list(
            Tournament.objects.filter(organiser=user).values_list("name", flat=True)
        ),
    }


def let_go(sender: Any, user: Any, **kwargs: Any) -> None:
    services.tournaments_banned_leave(user=user, actor=None, reason="account deleted")
    # Then the audit log, the entries just written included: "zelda registered." and its
    # {"name": "zelda"} become "Deleted player 7 registered." (the page reads them from `data`).
    scrub = Scrub(user)
    scrub.rows(AuditEntry.objects.filter(scrub.mentions("detail", "data")), "detail", "data")
