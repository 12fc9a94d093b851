"""The one door for the pages and the API: a verb's name and its fields (a form post or a JSON
body) to the service that does it. Form posts send text, so ids are read from text here."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from tournaments import arena, errors
from tournaments.embedding import embed_origins_set
from tournaments.schedule import round_schedule_set, unfinished_rule_set
from tournaments.seeding_import import seed_import
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

PLAYER_VERBS = ("register", "unregister", "checkin", "berserk")
ORGANISER_VERBS = (
    "open", "close", "checkin-open", "start", "pause", "resume", "cancel",
    "withdraw", "disqualify", "result", "co-organiser-add", "co-organiser-remove",
    "bot", "seed", "seed-import", "schedule", "unfinished-rule", "embed",
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
        "berserk": arena.arena_berserk,
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
    if verb in EVENT_VERBS:
        return EVENT_VERBS[verb](tid, user, data)
    raise errors.TournamentError(
        "not_found", _("Tournaments have no action %(verb)s.") % {"verb": repr(verb)}, 404
    )


def _schedule(tid: Any, user: Any, data: Mapping[str, Any]) -> Any:
    return round_schedule_set(
        tournament_id=tid,
        user=user,
        number=_as_int(data.get("round")),
        starts_at=_as_time(data.get("starts_at")),
        deadline=_as_time(data.get("deadline")),
    )


EVENT_VERBS = {
    "schedule": _schedule,
    "unfinished-rule": lambda tid, user, data: unfinished_rule_set(
        tournament_id=tid, user=user, rule=data.get("rule")
    ),
    "embed": lambda tid, user, data: embed_origins_set(
        tournament_id=tid, user=user, origins=data.get("origins", "")
    ),
    "seed-import": lambda tid, user, data: seed_import(
        tournament_id=tid, user=user, text=data.get("csv")
    ),
}


def _as_time(value: Any) -> Any:
    """ISO 8601 (the API) or a form's "2026-12-07T18:00" in the reader's zone; "" is none."""
    if value is None or value == "":
        return None
    try:
        parsed = parse_datetime(value) if isinstance(value, str) else None
    except ValueError:  # well formed, but no such day or hour
        parsed = None
    if parsed is None:
        raise errors.bad("bad_time", _("Times must be dates with a time and a time zone."))
    if timezone.is_naive(parsed):
        parsed = timezone.make_aware(parsed, timezone.get_current_timezone())
    return parsed


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
