"""The boards' words (legends, tooltips, headings) in the reader's language, through the
games' catalogues (games.core.words: games/locale/<lang>/LC_MESSAGES/games.po).

play.selectors renders a board inside `translation.override(language)`, so `say` reads the
language Django has active. A msgid is English with named fields, as in the engines:
`say("Column {col}: a die showing {col} lands here.", col=3)`. `N_` only marks a constant
(a dict of words) for scripts/game_messages.py; `say(CONSTANT[key])` translates it where used.
"""

from __future__ import annotations

from typing import Any

from django.utils import translation

from games.core import Phrase, translate


def language() -> str:
    """The active language as the catalogues name it ("es", not "es-ar")."""
    return (translation.get_language() or "en").split("-")[0].lower()


def say(msgid: str, /, *, context: str = "", **args: Any) -> str:
    """`msgid` with its fields filled, in the active language (English when it has none)."""
    return translate(Phrase(msgid, args, context), language())


def N_(msgid: str) -> str:  # noqa: N802 - the gettext convention's name for "mark only"
    return msgid
