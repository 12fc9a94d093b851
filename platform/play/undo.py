"""Taking back a decision of one's own turn (casual games only).

A player who is still to act may take back their last decision of the turn, again and again,
back to the last decision that revealed something hidden (the engine's `reveals`: a die roll, a
card drawn, an encounter card, a combat reveal; stored on the log entry as `revealed` when the
decision was made) or to the last decision of another seat. Never in ranked games.

The log stays append-only and versions only grow: an `_undo` entry is appended (seq = version +
1) and the decision's `undone_by` names it. The state is rebuilt from the seed and the decisions
that stand, so it is exactly the state before the decision, hidden parts and random numbers
included. The change is announced like a move (the outbox job, the broadcast, `match_changed`).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.core import Game
from play import errors, services
from play.models import ActionRecord, Match, Seat

UNDO = "_undo"


def action_undo(*, match_id: int, version: Any, user: Any) -> Match:
    """Take back `user`'s last decision in the match; a refusal changes nothing."""
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise errors.malformed("'version' must be the non-negative integer you last saw.")
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        seats = list(match.seats.select_related("user"))
        seat = _seat_of(seats, user)
        game = match.engine
        _check_turn(match, game, seat, version)
        last = undoable(match, seat)
        acting = game.to_act(match.state)
        match.state = state_rebuilt(match, game, len(seats), last.seq)
        _record(match, seat.index, last, acting)
        services._sync_turns(match, game, seats, before=acting)
        _turns_write(seats)
        match.save(update_fields=services.MOVING_FIELDS)
        services._after_commit_record(match, seats)
    return match


def _seat_of(seats: list[Seat], user: Any) -> Seat:
    for seat in seats:
        if user is not None and seat.user_id == user.pk:
            return seat
    raise errors.not_a_player()


def _check_turn(match: Match, game: Game, seat: Seat, version: int) -> None:
    if match.is_finished:
        raise errors.finished()
    if match.ranked:
        raise errors.PlayError("ranked", _("Decisions cannot be taken back in a ranked game."), 409)
    if seat.forfeited:
        raise errors.PlayError("forfeited", _("You have left this match."), 409)
    if seat.index not in game.to_act(match.state):
        raise errors.PlayError(
            "not_your_turn",
            _("Only decisions of your turn can be taken back, while it lasts."),
            409,
        )
    if version != match.version:
        raise errors.stale_version(match.version)


def undoable(match: Match, seat: Seat) -> ActionRecord:
    """The seat's decision that may be taken back now; else the PlayError that says why not.
    The seat's turn began when it began to owe a decision (`Seat.to_act_since`)."""
    entries = list(
        ActionRecord.objects.filter(
            match=match, seq__gt=seat.to_act_since or 0, undone_by__isnull=True
        )
        .exclude(action__type=UNDO)
        .order_by("seq")
    )
    if not any(e.seat == seat.index for e in entries):
        raise errors.PlayError("nothing_to_undo", _("You have made no decision this turn."), 409)
    last = entries[-1]
    if last.seat != seat.index:
        raise errors.PlayError(
            "another_seat_acted",
            _("Another player has acted since your last decision, so it stands."),
            409,
        )
    if last.timed_out or last.action.get("type", "").startswith("_"):
        raise errors.PlayError(
            "nothing_to_undo", _("Your clock ran out and the site chose that move: it stands."), 409
        )
    if last.revealed:
        raise errors.PlayError(
            "revealed",
            _("That decision revealed something hidden (a roll, a card, a combat), so it stands."),
            409,
        )
    return last


def can_undo(match: Match, seat: Seat | None) -> bool:
    """Whether the page should offer the seat an Undo (the service decides when clicked)."""
    if seat is None or match.ranked or match.is_finished or seat.forfeited or not seat.to_act:
        return False
    try:
        undoable(match, seat)
    except errors.PlayError:
        return False
    return True


def state_rebuilt(match: Match, game: Game, seats: int, before_seq: int) -> Any:
    """The state from the seed and the engine decisions that stand, up to `before_seq`."""
    standing = (
        ActionRecord.objects.filter(match=match, seq__lt=before_seq, undone_by__isnull=True)
        .order_by("seq")
        .values_list("seat", "action")
    )
    state = game.setup(seats, match.seed, match.options)
    for seat, action in standing:
        if not action.get("type", "").startswith("_"):
            state = game.apply(state, seat, action)
    return state


def _turns_write(seats: list[Seat]) -> None:
    """The seats' turn mirror as `_sync_turns` left it in memory (written here whether or not
    the move path writes it itself: an undo is rare and a table has at most five seats)."""
    for seat in seats:
        Seat.objects.filter(pk=seat.pk).update(to_act=seat.to_act, to_act_since=seat.to_act_since)


def _record(match: Match, seat: int, last: ActionRecord, acting: Any) -> None:
    """Append the `_undo` entry and mark the decision it takes back."""
    match.version += 1
    event = {"type": UNDO, "seq": last.seq}
    ActionRecord.objects.create(
        match=match,
        seq=match.version,
        seat=seat,
        action=event,
        public_action=event,
        text=f"took back: {last.text}"[:300],
        phrase=last.phrase,  # the decision taken back, re-said in each reader's language
        to_act_before=list(acting),
    )
    ActionRecord.objects.filter(pk=last.pk).update(undone_by=match.version)
