"""The boards' words (legends, tooltips, headings) in the reader's language, through the
games' catalogues (games.core.words: games/locale/<lang>/LC_MESSAGES/games.po).

play.selectors renders a board inside `rendering(language)` (and Django's
`translation.override`), so `say` reads the language resolved once for that render instead of
asking Django for it sentence by sentence (outside a render: the language Django has active).
A msgid is English with named fields, as in the engines:
`say("Column {col}: a die showing {col} lands here.", col=3)`. `N_` only marks a constant
(a dict of words) for scripts/game_messages.py; `say(CONSTANT[key])` translates it where used.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

from django.utils import translation

from games.core import Phrase, translate

# The language of the board being rendered (None: no render under way, ask Django).
_RENDERING: ContextVar[str | None] = ContextVar("board_language", default=None)
# Words without fields, by (language, context, msgid): the catalogues never change in a process.
_PLAIN: dict[tuple[str, str, str], str] = {}


@contextlib.contextmanager
def rendering(language: str) -> Iterator[None]:
    """Within: every `say` and `language()` answer `language` without asking Django."""
    token = _RENDERING.set(language.split("-")[0].lower())
    try:
        yield
    finally:
        _RENDERING.reset(token)


def language() -> str:
    """The active language as the catalogues name it ("es", not "es-ar")."""
    chosen = _RENDERING.get()
    if chosen is not None:
        return chosen
    return (translation.get_language() or "en").split("-")[0].lower()


def say(msgid: str, /, *, context: str = "", **args: Any) -> str:
    """`msgid` with its fields filled, in the active language (English when it has none)."""
    lang = language()
    if args:
        return translate(Phrase(msgid, args, context), lang)
    key = (lang, context, msgid)
    found = _PLAIN.get(key)
    if found is None:
        found = _PLAIN[key] = translate(Phrase(msgid, args, context), lang)
    return found


def N_(msgid: str) -> str:  # noqa: N802 - the gettext convention's name for "mark only"
    return msgid


# The sentences the boards' scripts (static/games/<game>/board.js) write themselves, by game:
# the board template puts them, said in the reader's language, in a JSON script element
# (`{% game_js_words "dicecity" %}`), and the script's `t(msgid, fields)` reads them there.
JS_WORDS: dict[str, tuple[str, ...]] = {
    "dicecity": (
        N_("The game went another way: {n} planned step(s) not sent."),
        N_("Build"),
        N_("{label}: now click the space of your city it goes on (it covers what is there)."),
        N_("Cancel"),
        N_("Refresh with the {die} die: choose 4 display cards to discard ({n} of 4{names})."),
        N_("Discard and refresh"),
        N_("Last turn: {entries}"),
        *(N_(colour) for colour in ("white", "yellow", "red", "blue", "black")),  # the dice
    ),
    "spqf": (
        N_("Play: everyone gathers green"),
        N_("Play: everyone gathers black"),
        N_("Play"),
        N_("Cancel"),
        N_("The game went another way: {n} planned step(s) not sent."),
        N_("Last: {entries}"),
    ),
    "scythe": (
        N_("Carrying the tokens chosen…"),
        N_("Chosen: {names}."),
        N_("Click a highlighted place."),
        N_("Click a highlighted place, or choose:"),
        N_("Cancel"),
        N_("Move"),
        N_("Move to {name}"),
        N_("Workers carried"),
        N_("That mix of tokens cannot come along from here."),
        N_("Everything here must come along."),
        N_("Say what comes along."),
        N_("Which unit"),
        N_("fewer: {what}"),
        N_("more: {what}"),
        N_("Last turn: {entries}"),
        N_("Last move: {names}"),
        N_("Which of your units on {name}?"),
    ),
}


def js_words(game: str) -> dict[str, str]:
    """The board script's sentences of `game`, each in the reader's language."""
    return {msgid: say(msgid) for msgid in JS_WORDS.get(game, ())}
