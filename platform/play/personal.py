"""play's part of "Your data" and of erasing an account (accounts.signals): the player's seats
and their own moves; at erasure, each running match's seat forfeits (a bot plays on) and the
seats, logs and results stay for the other players. Connected in PlayConfig.ready."""

from __future__ import annotations

import contextlib
from typing import Any

from play.errors import PlayError
from play.models import ActionRecord, Match, Presence, Seat
from play.services import seat_forfeit

ERASED_FORFEIT_REASON = "the player deleted their account"


def data_section(sender: Any, user: Any, **kwargs: Any) -> dict[str, Any]:
    seats = Seat.objects.filter(user=user).select_related("match").order_by("match_id")
    seat_rows, moves = [], []
    for seat in seats:
        match = seat.match
        seat_rows.append(
            {
                "match": match.pk,
                "game": match.game,
                "seat": seat.index,
                "ranked": match.ranked,
                "mode": match.mode,
                "status": match.status,
                "place": seat.place,
                "score": seat.score,
                "forfeited": seat.forfeited,
                "started_at": match.created_at.isoformat(),
                "finished_at": match.finished_at.isoformat() if match.finished_at else None,
            }
        )
        # Only this seat's own decisions: another seat's hidden choices are never in here.
        for record in ActionRecord.objects.filter(match=match, seat=seat.index).order_by("seq"):
            moves.append(
                {
                    "match": match.pk,
                    "seat": record.seat,
                    "seq": record.seq,
                    "action": record.action,
                    "text": record.text,
                    "timed_out": record.timed_out,
                    "undone": record.undone_by is not None,
                    "at": record.created_at.isoformat(),
                }
            )
    return {"seats": seat_rows, "moves": moves}


def let_go(sender: Any, user: Any, **kwargs: Any) -> None:
    """Each running match's seat forfeits, as a resignation: it ranks last, a bot plays on."""
    seats = Seat.objects.filter(user=user, forfeited=False, match__status=Match.Status.ACTIVE)
    for match_id, index in seats.values_list("match_id", "index"):
        with contextlib.suppress(PlayError):  # finished meanwhile
            seat_forfeit(match_id=match_id, seat_index=index, reason=ERASED_FORFEIT_REASON)
    Presence.objects.filter(user=user).delete()
