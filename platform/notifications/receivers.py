"""notifications listens to play: after a committed change, e-mail the seats that began to owe a
move and have no socket open (play.signals.match_changed)."""

from __future__ import annotations

from typing import Any

from notifications.tasks import turn_emails_schedule


def turn_emails_on_change(sender: Any, match: Any, seats: Any, **kwargs: Any) -> None:
    turn_emails_schedule(seats=seats, version=match.version)
