"""The one door for the pages and the API: a verb's name and its fields (a form post or a JSON
body) to the service that does it. Form posts send text, so ids are read from text here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from tournaments import errors
from tournaments.services import (
    tournament_bot_add,
    tournament_cancel,
    tournament_checkin,
    tournament_checkin_open,
    tournament_coorganiser_set,
    tournament_pause,
    tournament_register,
    tournament_registration_set,
    tournament_result_replace,
    tournament_seed_set,
    tournament_start,
    tournament_unregister,
    tournament_withdraw,
)

PLAYER_VERBS = ("register", "unregister", "checkin")
ORGANISER_VERBS = (
    "open", "close", "checkin-open", "start", "pause", "resume", "cancel",
    "withdraw", "disqualify", "result", "co-organiser-add", "co-organiser-remove",
    "bot", "seed",
)  # fmt: skip
VERBS = PLAYER_VERBS + ORGANISER_VERBS


def tournament_verb(*, verb: str, tournament_id: Any, user: Any, data: Mapping[str, Any]) -> Any:
    """Every verb of the page and the API: data holds the verb's fields (invite, player...)."""
    tid = tournament_id
    simple = {
        "unregister": tournament_unregister,
        "checkin": tournament_checkin,
        "checkin-open": tournament_checkin_open,
        "start": tournament_start,
        "cancel": tournament_cancel,
    }
    if verb in simple:
        return simple[verb](tournament_id=tid, user=user)
    if verb == "register":
        return tournament_register(tournament_id=tid, user=user, invite_token=data.get("invite"))
    if verb in ("open", "close"):
        return tournament_registration_set(tournament_id=tid, user=user, open=verb == "open")
    if verb in ("pause", "resume"):
        return tournament_pause(tournament_id=tid, user=user, pause=verb == "pause")
    if verb in ("withdraw", "disqualify"):
        return tournament_withdraw(
            tournament_id=tid,
            user=user,
            player=_as_int(data.get("player")),
            disqualify=verb == "disqualify",
            reason=str(data.get("reason") or "")[:200],
        )
    if verb == "result":
        return tournament_result_replace(
            tournament_id=tid,
            user=user,
            table=_as_int(data.get("table")),
            places=_as_int_list(data.get("places")),
            reason=data.get("reason"),
        )
    if verb.startswith("co-organiser-"):
        return tournament_coorganiser_set(
            tournament_id=tid, user=user, name=data.get("name"), add=verb.endswith("add")
        )
    if verb == "bot":
        return tournament_bot_add(tournament_id=tid, user=user, bot=data.get("bot") or "")
    if verb == "seed":
        return tournament_seed_set(
            tournament_id=tid, user=user, order=_as_int_list(data.get("order"))
        )
    raise errors.TournamentError(
        "not_found", _("Tournaments have no action %(verb)s.") % {"verb": repr(verb)}, 404
    )


def _as_int(value: Any) -> Any:
    """Form posts send text: "12" is 12; anything else is passed on for the service to refuse."""
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return value


def _as_int_list(value: Any) -> Any:
    if isinstance(value, str):
        parts = [p.strip() for p in value.replace(",", " ").split()]
        return [int(p) if p.isdigit() else p for p in parts]
    return value
