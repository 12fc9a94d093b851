"""Each seat's time bank on a match, kept in memory with the rows of a move (docs/play.md,
"Time controls"). The arithmetic is play/clocks.py's; this module applies it to `Match.banks`:
one entry per seat, `{"left": seconds, "since": ISO time or None, "parts": turn parts done}`.

A seat is charged only for the time it owed a decision: at its own decision, or when it stops
owing one without deciding. The increment comes when its decision completes its turn part: it
owes no more decision, or a new seat begins to owe one (a new round of a simultaneous choice).
`Match.deadline` is the earliest deadline of the seats owing a decision: the sweep's index.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from play import clocks
from play.models import Match, Seat


def control(match: Match) -> clocks.Control:
    """The match's control, parsed once per match in hand (every decision of a bot's turn in
    the deadline sweep reads it; the stored control never changes after the start)."""
    known = match.__dict__.get("_control")
    if known is not None and known[0] is match.clock and known[1] == match.move_seconds:
        return known[2]  # type: ignore[no-any-return]
    rule = clocks.control_from(match.clock, match.move_seconds)
    match.__dict__["_control"] = (match.clock, match.move_seconds, rule)
    return rule


def zone(seat: Seat) -> str | None:
    user = seat.user if seat.user_id is not None else None
    return (getattr(user, "time_zone", "") or None) if user is not None else None


def entries(match: Match, count: int) -> list[dict[str, Any]]:
    """The match's banks, made for every seat at the start (or for a match from before banks)."""
    if not isinstance(match.banks, list) or len(match.banks) != count:
        base = float(control(match).base)
        match.banks = [{"left": base, "since": None, "parts": 0} for _n in range(count)]
    return match.banks


def _when(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def entries_of(match: Match) -> list[dict[str, Any]]:
    return match.banks if isinstance(match.banks, list) else []


def update(
    match: Match,
    seats: Sequence[Seat],
    acting: set[int],
    before: Iterable[int],
    decided: int | None,
    now: datetime,
) -> None:
    """After a decision of seat `decided` (None: a site event, an undo, the start): charge the
    seats that owed, top up the one whose turn part it completed, start the clocks of those who
    begin to owe, and set the match's deadline."""
    before = set(before)
    rule = control(match)
    banks = [dict(e) for e in entries(match, len(seats))]
    fresh = acting - before
    now_text, ends = now.isoformat(), []
    for seat in seats:
        entry, i = banks[seat.index], seat.index
        owed = _when(entry["since"])
        where = zone(seat) if rule.weekends else None  # a seat's zone matters only then
        if i in before and owed is not None and (i == decided or i not in acting):
            entry["left"] = clocks.charge(entry["left"], owed, now, rule, where)
            entry["since"] = owed = None
        if i == decided and (i not in acting or fresh):
            entry["left"] = clocks.complete(entry["left"], rule)
            entry["parts"] = entry.get("parts", 0) + 1
        if i in acting:
            if owed is None:
                entry["since"], owed = now_text, now
            ends.append(clocks.deadline(entry["left"], owed, rule, where))
        else:
            entry["since"] = None
    match.banks = banks
    match.deadline = min(ends, default=None)


def deadline(match: Match, seat: Seat, rule: clocks.Control | None = None) -> datetime | None:
    """When the seat's bank runs out, if it owes a decision (`rule`: the match's control, if
    in hand)."""
    banks = entries_of(match)
    if seat.index >= len(banks) or not banks[seat.index]["since"]:
        return None
    rule = rule or control(match)
    return deadline_of(banks, seat.index, rule, zone(seat) if rule.weekends else None)


def deadline_of(stored: Any, index: int, rule: clocks.Control, zone: str | None) -> datetime | None:
    """`deadline` from the stored values (a match's `banks`, the seat's index and time zone),
    for a pass that reads many seats without their rows."""
    if not isinstance(stored, list) or index >= len(stored):
        return None
    owed = _when(stored[index]["since"])
    if owed is None:
        return None
    return clocks.deadline(stored[index]["left"], owed, rule, zone)


def left(match: Match, seat: Seat, now: datetime) -> float:
    """The seconds left in the seat's bank at `now` (its clock running if it owes)."""
    banks = entries_of(match)
    if seat.index >= len(banks):
        return float(control(match).base)
    entry = banks[seat.index]
    owed = _when(entry["since"])
    if owed is None or seat.paused_at is not None:
        return float(entry["left"])
    return clocks.charge(entry["left"], owed, now, control(match), zone(seat))


def out_of_time(match: Match, seat: Seat, now: datetime) -> bool:
    """The seat owes a decision and its bank has run out (a vacation stops the clock)."""
    end = deadline(match, seat)
    return end is not None and seat.paused_at is None and end <= now


def parts(match: Match, index: int) -> int:
    banks = entries_of(match)
    return int(banks[index].get("parts", 0)) if index < len(banks) else 0


def resume(match: Match, seats: Sequence[Seat], paused_at: datetime, now: datetime) -> None:
    """The last seat back from vacation: every seat owing a decision gets back the time the
    match's clocks were stopped (as the match's deadline did before banks)."""
    banks = [dict(e) for e in entries(match, len(seats))]
    for entry in banks:
        owed = _when(entry["since"])
        if owed is not None and now > max(owed, paused_at):
            entry["since"] = (owed + (now - max(owed, paused_at))).isoformat()
    match.banks = banks
    owing = [deadline(match, s) for s in seats]
    match.deadline = min((d for d in owing if d is not None), default=None)


def view(match: Match, seats: Sequence[Seat]) -> dict[str, Any]:
    """Each seat's clock for the payloads, the same for a whole version (every viewer sees every
    clock: nothing secret): the bank when its clock last stopped or started, and the deadline
    of a seat owing a decision (none while on vacation); the page ticks from the deadline.
    Made once per version and language: a move's frames, one per viewer, share it."""
    key = (match.version, get_language(), tuple((s.index, s.paused_at) for s in seats))
    known = match.__dict__.get("_clocks_shown")
    if known is not None and known[0] == key and known[1] is match.banks:
        return known[2]  # the same banks (held here: never another list at the same address)
    shown_all = _view(match, seats)
    match.__dict__["_clocks_shown"] = (key, match.banks, shown_all)
    return shown_all


def _view(match: Match, seats: Sequence[Seat]) -> dict[str, Any]:
    rule = control(match)
    banks = entries(match, len(seats))
    shown = []
    for seat in seats:
        end = deadline(match, seat, rule) if seat.paused_at is None else None
        shown.append(
            {
                "seat": seat.index,
                "bank": round(float(banks[seat.index]["left"]), 1),
                "deadline": end.isoformat() if end is not None else None,
                "paused": seat.paused_at is not None,
            }
        )
    low = max(30.0, rule.base * 0.1)
    return {"control": rule.to_json(), "name": control_name(rule), "low": low, "seats": shown}


_NAMES: dict[tuple[clocks.Control, str | None], str] = {}


def control_name(rule: clocks.Control) -> str:
    """The control as the table header names it, in the reader's language (each name made once
    per language: every payload carries it)."""
    key = (rule, get_language())
    name = _NAMES.get(key)
    if name is None:
        name = _control_name(rule)
        if len(_NAMES) < 4096:
            _NAMES[key] = name
    return name


def _control_name(rule: clocks.Control) -> str:
    parts = {
        "base": clocks.short(rule.base),
        "inc": clocks.short(rule.increment),
        "cap": clocks.short(rule.cap or rule.base),
    }
    if rule.kind == "simple":
        return _("%(base)s per move") % parts
    if rule.kind == "fischer":
        return _("Fischer: %(base)s + %(inc)s per move") % parts
    if rule.kind == "capped":
        return _("Time bank: %(base)s + %(inc)s per move, at most %(cap)s") % parts
    text = _("%(inc)s per move, bank at most %(cap)s") % parts
    return text + (" · " + _("no clock on weekends") if rule.weekends else "")
