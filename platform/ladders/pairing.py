"""Which waiting players sit together: pure Python, no database (docs/matchmaking.md).

The longest-waiting player anchors a group and takes the players whose rating is closest to
theirs, provided each of them accepts the difference. How far a player accepts grows with the
time they have waited, so nobody waits for ever for a perfect match.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime

BASE_RANGE = 75.0
WIDEN_BY = 25.0
WIDEN_EVERY_SECONDS = 5.0
# The queue for games by e-mail (ladders/turn_queue.py) moves at the turn-based pace: the range
# widens by WIDEN_BY every hour, so 500 points are accepted after 17 hours.
TURN_WIDEN_EVERY_SECONDS = 3600.0
MAX_RANGE = 500.0
# A waiting player whose page (or client) has not polled for this long has gone: not seated.
PATIENCE_SECONDS = 90.0


@dataclass(frozen=True)
class Waiting:
    key: int
    rating: float
    joined_at: datetime


def accepted_range(waited_seconds: float, every: float = WIDEN_EVERY_SECONDS) -> float:
    """The rating difference a player accepts after waiting this long (widening each `every`
    seconds)."""
    steps = max(0.0, waited_seconds) // every
    return min(BASE_RANGE + WIDEN_BY * steps, MAX_RANGE)


def groups_form(
    waiting: Sequence[Waiting],
    size: int,
    now: datetime,
    apart: Collection[frozenset[int]] = (),
    every: float = WIDEN_EVERY_SECONDS,
) -> list[list[Waiting]]:
    """Groups of `size` players with close ratings, the longest-waiting served first. `apart`:
    pairs of keys that never sit together (a block between the two players); `every`: how
    often the accepted range widens (the live pace, or TURN_WIDEN_EVERY_SECONDS)."""
    pool = sorted(waiting, key=lambda w: (w.joined_at, w.key))
    reach = {w.key: accepted_range((now - w.joined_at).total_seconds(), every) for w in pool}
    groups = []
    while len(pool) >= size:
        anchor, others = pool[0], pool[1:]
        near = [
            w
            for w in others
            if abs(w.rating - anchor.rating) <= min(reach[anchor.key], reach[w.key])
        ]
        near.sort(key=lambda w: (abs(w.rating - anchor.rating), w.joined_at, w.key))
        group = _group_apart(anchor, near, size, apart)
        if group is None:
            pool = others  # the anchor waits on; the others may still sit together
            continue
        groups.append(group)
        taken = {w.key for w in group}
        pool = [w for w in others if w.key not in taken]
    return groups


def _group_apart(
    anchor: Waiting, near: list[Waiting], size: int, apart: Collection[frozenset[int]]
) -> list[Waiting] | None:
    """The anchor and the closest players of `near` of whom no two are kept apart."""
    group = [anchor]
    for candidate in near:
        if len(group) == size:
            break
        if all(frozenset((candidate.key, member.key)) not in apart for member in group):
            group.append(candidate)
    return group if len(group) == size else None
