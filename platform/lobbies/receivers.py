"""lobbies listens to accounts: the profile page's games (record, in play, finished)."""

from __future__ import annotations

from typing import Any

from lobbies import selectors


def profile_games(sender: Any, person: Any, viewer: Any, **kwargs: Any) -> dict[str, Any]:
    return {
        "record": selectors.record(person),
        "current": selectors.current_games(person, viewer),
        "finished": selectors.finished_games(person, viewer),
    }
