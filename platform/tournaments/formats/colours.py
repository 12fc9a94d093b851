"""Seats at 2-player tables as chess colours: the first seat moves first, like White.

The rules are FIDE's Dutch system (Handbook C.04.3), read for seats:

- colour difference: first seats minus second seats over the games played (byes do not count);
- absolute preference: a difference above 1 or below -1, or the same seat in the last two
  games: the other seat is required (so a difference above 2 or a third seat in a row never
  happens while some pairing avoids it);
- strong preference: a difference of +1 or -1, for the seat that evens it;
- mild preference: a difference of 0, for the seat other than the last one;
- no preference before the first game.

Allocation at a table (Dutch E.1-E.5): grant both preferences; else the stronger one; else
alternate both from the latest game in which they sat differently (games counted back from each
one's last, so a bye shifts nothing); else the better ranked
player's preference; else the better ranked player takes the first seat when their seed is odd.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.formats.base import PlayedRound

FIRST, SECOND = 0, 1
NONE, MILD, STRONG, ABSOLUTE = 0, 1, 2, 3


@dataclass(frozen=True)
class Preference:
    seat: int | None  # FIRST, SECOND, or None (no game yet)
    strength: int  # NONE, MILD, STRONG, ABSOLUTE
    difference: int  # first seats minus second seats


def seat_sequences(played: Sequence[PlayedRound]) -> dict[int, list[int]]:
    """Each entrant's seats (0 first, 1 second) in the 2-player games played, in round order."""
    seats: dict[int, list[int]] = {}
    for rnd in played:
        for table in rnd.plan.tables:
            if len(table.players) == 2:
                for seat, player in enumerate(table.players):
                    seats.setdefault(player, []).append(seat)
    return seats


def preference(seats: Sequence[int]) -> Preference:
    if not seats:
        return Preference(None, NONE, 0)
    difference = seats.count(FIRST) - seats.count(SECOND)
    evening = SECOND if difference > 0 else FIRST
    if abs(difference) > 1:
        return Preference(evening, ABSOLUTE, difference)
    other = SECOND if seats[-1] == FIRST else FIRST
    if len(seats) > 1 and seats[-1] == seats[-2]:
        return Preference(other, ABSOLUTE, difference)
    if difference:
        return Preference(evening, STRONG, difference)
    return Preference(other, MILD, difference)


def pair_cost(a: Preference, b: Preference) -> tuple[int, int, int]:
    """What the best seating of a pair leaves unmet: (an absolute preference, any preference,
    a strong or absolute one), each 0 or 1."""
    if a.seat is None or b.seat is None or a.seat != b.seat:
        return 0, 0, 0
    weaker = min(a.strength, b.strength)
    return int(weaker == ABSOLUTE), 1, int(weaker >= STRONG)


def orient(
    a: int, b: int, seats: dict[int, list[int]], rank: dict[int, int], seed: dict[int, int]
) -> tuple[int, int]:
    """The two players in seat order (first seat first), by Dutch E.1-E.5."""
    better, worse = sorted((a, b), key=rank.__getitem__)
    mine, theirs = seats.get(better, []), seats.get(worse, [])
    pb, pw = preference(mine), preference(theirs)
    if pb.seat is not None and pw.seat is not None and pb.seat != pw.seat:  # E.1
        return _seated(better, worse, pb.seat)
    stronger = _stronger(pb, pw)
    if stronger and pb.seat is not None:  # E.2
        return _seated(better, worse, pb.seat)
    if stronger is False and pw.seat is not None:
        return _seated(better, worse, 1 - pw.seat)
    for x, y in zip(reversed(mine), reversed(theirs), strict=False):  # E.3
        if x != y:
            return _seated(better, worse, 1 - x)
    if pb.seat is not None:  # E.4
        return _seated(better, worse, pb.seat)
    return _seated(better, worse, FIRST if seed.get(better, 1) % 2 else SECOND)  # E.5


def _stronger(pb: Preference, pw: Preference) -> bool | None:
    """True when the better ranked player's preference is the stronger, False when the other's,
    None when neither is (equal strength, or no preference either side)."""
    if pb.seat is None and pw.seat is None:
        return None
    if pb.strength != pw.strength:
        return pb.strength > pw.strength
    if pb.strength == ABSOLUTE and abs(pb.difference) != abs(pw.difference):
        return abs(pb.difference) > abs(pw.difference)  # the wider difference first
    return None


def _seated(better: int, worse: int, better_seat: int) -> tuple[int, int]:
    return (better, worse) if better_seat == FIRST else (worse, better)
