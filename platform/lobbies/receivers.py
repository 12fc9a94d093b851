"""lobbies listens to accounts (the profile page's games: record, in play, finished) and to
play (the end screen's rematch link)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from lobbies import selectors
from lobbies.rematch import rematch_state


def profile_games(sender: Any, person: Any, viewer: Any, **kwargs: Any) -> dict[str, Any]:
    return {
        "record": selectors.record(person),
        "current": selectors.current_games(person, viewer),
        "finished": selectors.finished_games(person, viewer),
    }


def rematch_link(sender: Any, match: Any, seat: int | None = None, **kwargs: Any) -> dict[str, Any]:
    """The end screen's "Rematch" for a player of a finished casual or ranked match
    (play.signals.result_links): offer it, accept it, or follow it to its table."""
    if seat is None or match.table_id is None:
        return {}
    player = match.seats.filter(index=seat).select_related("user").first()
    if player is None or player.user is None:
        return {}
    state = rematch_state(match, player.user)
    url = reverse("lobbies:rematch", args=[match.pk])
    if state["status"] == "none":
        return {"rematch": {"url": url, "label": _("Rematch"), "method": "post"}}
    if state["status"] == "open" and not state["you_accepted"]:
        return {"rematch": {"url": url, "label": _("Accept the rematch"), "method": "post"}}
    if state["status"] in ("open", "started"):
        table_url = reverse("lobbies:table", args=[state["table"]])
        return {"rematch": {"url": table_url, "label": _("Go to the rematch"), "method": "get"}}
    return {}


def table_invitations(sender: Any, person: Any, viewer: Any, **kwargs: Any) -> dict[str, Any]:
    """The profile of one's friend offers to invite them to one's open tables."""
    if not getattr(viewer, "is_authenticated", False) or viewer.pk == person.pk:
        return {}
    return {"my_open_tables": list(selectors.my_tables(viewer))}
