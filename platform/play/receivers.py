"""play's own listener: after a committed change, wake the bots if a bot seat owes a move
(a Celery task; a background thread under `make run`). Connected in PlayConfig.ready."""

from __future__ import annotations

from typing import Any

from play import bots, tasks


def bots_wake(sender: Any, match: Any, seats: Any, **kwargs: Any) -> None:
    bots_owe = any(s.to_act and (s.bot or s.forfeited) for s in seats)
    if not bots_owe or bots.in_bot_loop():
        return
    tasks.bots_wake_match(match.pk, match.version)
