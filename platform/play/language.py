"""Which language a reader gets the games' words in (games.core.words catalogues)."""

from __future__ import annotations

from django.utils import translation


def reader_language(language: str | None = None) -> str:
    """The language asked for, else the request's (Django's active language: the account
    setting, then the browser), as the engines' catalogues name it ("es", not "es-ar"); "en"
    when none is active."""
    chosen = language or translation.get_language() or "en"
    return chosen.split("-")[0].lower()
