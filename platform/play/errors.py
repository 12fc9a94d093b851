"""Why a submission was refused. Every refusal changes nothing."""

from __future__ import annotations


class PlayError(Exception):
    """A refusal with a stable `code` (for clients) and a sentence (for people)."""

    status = 400

    def __init__(self, code: str, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        if status is not None:
            self.status = status

    def to_json(self) -> dict[str, str]:
        return {"error": self.code, "detail": self.message}


def malformed(message: str) -> PlayError:
    return PlayError("malformed", message)


def not_a_player() -> PlayError:
    return PlayError("not_a_player", "You are not playing in this match.", 403)


def not_your_turn() -> PlayError:
    return PlayError("not_your_turn", "It is not your turn.", 409)


def stale_version(current: int) -> PlayError:
    return PlayError(
        "stale_version",
        f"The match has moved on (now at version {current}); reload and try again.",
        409,
    )


def finished() -> PlayError:
    return PlayError("finished", "This match is over.", 409)
