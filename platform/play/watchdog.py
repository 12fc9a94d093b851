"""The stall watchdog (docs/play.md, "The watchdog"): a periodic pass that finds work a game
waits for and that was lost (a task that failed for good, a worker killed, a broker that
dropped a message) and does it again, so that no match waits for its deadline for nothing.

play's own share: matches where a bot (or a forfeited seat's bot) is to act and no move was
made for STALL. The other apps' share (the turn e-mails) is theirs: they listen to
`play.signals.watchdog_passing` and answer what they repaired. Everything repaired is idempotent
(a bot task checks the version, a turn e-mail is a claimed row), so a repair that races the
original task does no harm. Finds are logged and counted (`TOTALS`, by kind, in this process).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone

from play.models import Match, Seat
from play.signals import watchdog_passing

log = logging.getLogger(__name__)

STALL = timedelta(seconds=60)  # no bot takes this long over one move
LIMIT = 500  # repairs of each kind in one pass (the next pass takes the rest)
TOTALS: Counter[str] = Counter()  # finds since the process started, by kind


def watchdog_pass(
    *, wake: Callable[[int, int], None], now: datetime | None = None
) -> dict[str, int]:
    """One pass: `wake(match_id, version)` wakes a match's bots. Returns the finds, by kind."""
    now = now or timezone.now()
    found = {"bots": bots_stalled_wake(wake=wake, before=now - STALL)}
    answers = watchdog_passing.send_robust(
        sender=Match, now=now, stalled_before=now - STALL, limit=LIMIT
    )
    for receiver, answer in answers:
        if isinstance(answer, Exception):
            log.error("watchdog: %r failed: %r", receiver, answer)
            continue
        found.update(answer or {})
    TOTALS.update(found)
    if any(found.values()):
        log.warning("watchdog: repaired %s", found)
    return found


def bots_stalled_wake(*, wake: Callable[[int, int], None], before: datetime) -> int:
    """Active matches whose bot seat (or forfeited seat) is to act and that have not changed
    since `before`: their bot task was lost. Woken again."""
    stalled = (
        Seat.objects.filter(
            Q(bot__gt="") | Q(forfeited=True),
            to_act=True,
            match__status=Match.Status.ACTIVE,
            match__updated_at__lt=before,
        )
        .values_list("match_id", "match__version")
        .distinct()
        .order_by("match_id")[:LIMIT]
    )
    woken = 0
    for match_id, version in stalled:
        log.warning("watchdog: match %s waits for a bot at version %s: woken", match_id, version)
        wake(match_id, version)
        woken += 1
    return woken
