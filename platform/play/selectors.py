"""Reads on matches: what one seat (or a spectator) may see. Secrets never leave the engine's
`view`; log entries of other seats are shown as the engine's `public_action`."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string

from boards.context import board_context
from games.core import Game
from play.models import ActionRecord, Match, Seat
from play.signals import outcome_notes


def seat_of(match: Match, user: Any, seats: list[Seat] | None = None) -> int | None:
    """The index of `user`'s seat in the match, or None (`seats`: the rows, if in hand)."""
    if user is None or not user.is_authenticated:
        return None
    if seats is not None:
        return next((s.index for s in seats if s.user_id == user.pk), None)
    return Seat.objects.filter(match=match, user=user).values_list("index", flat=True).first()


@dataclass(frozen=True)
class Access:
    """Who is looking at a match: may they watch it, and from which seat (None: a spectator)."""

    allowed: bool
    seat: int | None


def match_access(match: Match, user: Any, seats: list[Seat] | None = None) -> Access:
    """The one rule for page, API and socket: the players always; anyone else unless the match
    was played at a private table. `match.table` should be selected with the match."""
    seat = seat_of(match, user, seats)
    private = match.table is not None and match.table.private
    return Access(allowed=seat is not None or not private, seat=seat)


def legal_for(game: Game, state: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
    if seat is None or game.outcome(state) is not None or seat not in game.to_act(state):
        return []
    return [
        {
            "action": action,
            "json": json.dumps(action, separators=(",", ":")),
            "label": game.label(state, seat, action),
            "text": game.format_action(action),
        }
        for action in game.legal_actions(state, seat)
    ]


def players_of(seats: list[Seat]) -> list[dict[str, Any]]:
    return [
        {**s.public(), "forfeited": s.forfeited, "to_act": s.to_act, "place": s.place}
        for s in seats
    ]


def match_payload(
    match: Match, seats: list[Seat], seat: int | None, html: bool = False
) -> dict[str, Any]:
    """Everything a client needs to draw the match for `seat`: its view and its choices."""
    game = match.engine
    left = seat is not None and any(s.index == seat and s.forfeited for s in seats)
    legal = [] if left else legal_for(game, match.state, seat)  # a bot plays a seat that left
    payload: dict[str, Any] = {
        "match": match.pk,
        "game": match.game,
        "version": match.version,
        "status": match.status,
        "seat": seat,
        "to_act": [s.index for s in seats if s.to_act],
        "players": players_of(seats),
        "view": game.view(match.state, seat),
        "legal": [{"action": i["action"], "label": i["label"], "text": i["text"]} for i in legal],
        "outcome": match.outcome,
        "deadline": match.deadline.isoformat() if match.deadline else None,
    }
    if html:
        payload["html"] = board_html(match, payload, legal)
    return payload


def board_html(match: Match, payload: dict[str, Any], legal: list[dict[str, Any]]) -> str:
    context = {
        "match": match,
        "view": payload["view"],
        "seat": payload["seat"],
        "legal": legal,
        "players": payload["players"],
        "outcome": payload["outcome"],
        "version": payload["version"],
    }
    context["board_templates"] = [f"games/{match.game}/board.html", "play/board_generic.html"]
    if payload["outcome"]:
        context.update(outcome_table(payload["outcome"], payload["players"], _notes(match)))
    context.update(board_context(match.game, payload["view"], payload["seat"], legal, context))
    return render_to_string("play/board_frame.html", context)


def _notes(match: Match) -> dict[int, str]:
    """What other apps add to each seat's row of the result (the ladders: "+12")."""
    notes: dict[int, str] = {}
    answers: list[tuple[Any, Any]] = outcome_notes.send(sender=Match, match=match)
    for _receiver, answer in answers:
        for seat, note in (answer or {}).items():
            notes[seat] = f"{notes[seat]} {note}" if seat in notes else note
    return notes


def outcome_table(
    outcome: dict[str, Any],
    players: list[dict[str, Any]],
    rating_changes: dict[int, str] | None = None,
) -> dict[str, Any]:
    """Rows by place with the engine's per-seat score breakdown as extra columns, and each
    player's rating change when a ranked game ends (`rating_changes`: seat -> "+12")."""
    details = outcome.get("details") or [{} for _ in players]
    keys: list[str] = []
    for seat_details in details:
        keys.extend(k for k in seat_details if k not in keys)
    rows = [
        {
            "place": outcome["places"][p["seat"]],
            "name": p["name"],
            "score": outcome["scores"][p["seat"]] if outcome["scores"] else "",
            "details": [details[p["seat"]].get(k, "") for k in keys] if details else [],
            "rating_change": (rating_changes or {}).get(p["seat"], ""),
        }
        for p in players
    ]
    rows.sort(key=lambda row: row["place"])
    return {"outcome_keys": keys, "outcome_rows": rows, "rating_changes": bool(rating_changes)}


def log_for(match: Match, seat: int | None, after: int = 0) -> list[dict[str, Any]]:
    """The log as `seat` may read it: its own actions in full, others' as public actions."""
    seats = {s.index: s.name for s in match.seats.select_related("user")}
    records = ActionRecord.objects.filter(match=match, seq__gt=after).order_by("seq")
    return [
        {
            "seq": r.seq,
            "seat": r.seat,
            "player": seats.get(r.seat, "?"),
            "action": r.action if r.seat == seat else r.public_action,
            "text": f"{seats.get(r.seat, '?')} {r.text}",
            "at": r.created_at.isoformat(),
        }
        for r in records
    ]


def replay_state(match: Match, step: int) -> dict[str, Any]:
    """The state after the first `step` actions, rebuilt from the seed and the log."""
    game = match.engine
    state = game.setup(match.seats.count(), match.seed, match.options)
    records = ActionRecord.objects.filter(match=match, seq__lte=step).order_by("seq")
    for record in records:
        if not record.action["type"].startswith("_"):
            state = game.apply(state, record.seat, record.action)
    return state
