"""The two ways an action can be refused (STYLE.md, 3)."""


class GameError(Exception):
    """Base class of every refusal an engine raises."""

    code = "game_error"

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class InvalidAction(GameError):
    """The payload is malformed: unknown type, missing or mistyped fields."""

    code = "invalid_action"


class IllegalAction(GameError):
    """The action is well formed but the rules forbid it now; `reason` says why."""

    code = "illegal_action"
