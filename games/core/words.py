"""The translation hook: game text as phrases, rendered in the reader's language.

An engine never renders a sentence in a language: it returns a `Phrase`, a message id (English,
with named `{fields}`) and its arguments. A phrase *is* its English rendering (a `str`
subclass), so every caller that prints, slices or compares it sees exactly the text it saw
before; the site calls `translate(phrase, "es")` to read it in another language.

Arguments are plain values (numbers, a seat's "player 2", a hex id: never translated), other
phrases (a card's name, a resource: translated in turn) or lists of those (joined with ", ").
`to_json` / `from_json` keep a phrase in the database so a log line is rendered in each
viewer's language. The catalogues are `games/locale/<language>/LC_MESSAGES/games.mo`, compiled
from the `.po` files beside them by `scripts/game_messages.py` (committed, so a fresh clone
reads them with nothing but the standard library's `gettext`).
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "games"
LANGUAGES = ("en", "es", "vi")


# The msgid of a phrase made of other phrases side by side ("used Quarry" + ": +2 stone"): it is
# never looked up, each part is translated and the parts joined with the `sep` argument.
JOINED = "{items}"


def _english(value: Any) -> Any:
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return value


class Phrase(str):
    """A game message: its English text (the `str` value), its msgid, arguments and context."""

    __slots__ = ("msgid", "args", "context")
    msgid: str
    args: Mapping[str, Any]
    context: str

    def __new__(
        cls, msgid: str, args: Mapping[str, Any] | None = None, context: str = ""
    ) -> Phrase:
        args = args or {}
        if msgid == JOINED:
            text = str(args["sep"]).join(str(v) for v in args["items"])
        elif args:
            text = msgid.format_map({k: _english(v) for k, v in args.items()})
        else:
            text = msgid
        self = super().__new__(cls, text)
        self.msgid, self.args, self.context = msgid, args, context
        return self

    def __reduce__(self) -> Any:
        return (Phrase, (self.msgid, dict(self.args), self.context))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"m": self.msgid}
        if self.args:
            out["a"] = {k: _encode(v) for k, v in self.args.items()}
        if self.context:
            out["c"] = self.context
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Phrase:
        """The phrase `to_json` kept; ValueError for anything else (a damaged record)."""
        if not isinstance(data, Mapping) or not isinstance(data.get("m"), str):
            raise ValueError("a phrase is an object with a string 'm'")
        raw_args, context = data.get("a") or {}, data.get("c", "")
        if not isinstance(raw_args, Mapping) or not isinstance(context, str):
            raise ValueError("a phrase's 'a' is an object and its 'c' a string")
        args = {k: _decode(v) for k, v in raw_args.items()}
        return cls(data["m"], args, context)


def _encode(value: Any) -> Any:
    if isinstance(value, Phrase):
        return value.to_json()
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if isinstance(value, str):
        return str(value)
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        return Phrase.from_json(value)
    if isinstance(value, list):
        return [_decode(v) for v in value]
    return value


def phrase(msgid: str, /, *, context: str = "", **args: Any) -> Phrase:
    """`phrase("used {place}", place=name)`: the usual way an engine writes a sentence."""
    return Phrase(msgid, args, context)


def joined(parts: Iterable[Any], sep: str = "") -> Phrase:
    """Phrases (or plain text) side by side, each translated on its own."""
    return Phrase(JOINED, {"items": list(parts), "sep": sep})


@lru_cache(maxsize=4096)
def term(word: str, context: str = "") -> Phrase:
    """A game term standing alone ("oil", "Quarry"): translated as a whole, never formatted.
    Shared (phrases are immutable): a button list names the same few terms again and again."""
    return Phrase(word, None, context)


def terms(words: Iterable[str], context: str = "") -> list[Phrase]:
    return [term(w, context) for w in words]


@lru_cache(maxsize=8)
def catalogue(language: str) -> gettext.NullTranslations | None:
    """The compiled catalogue of `language`, or None (English, or a language we lack)."""
    if language == "en":
        return None
    try:
        return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[language])
    except OSError:
        return None


def translate(text: Any, language: str = "en") -> str:
    """`text` in `language`: a phrase is translated with its arguments; anything else (plain
    text from an older log, a number) is returned as it is. A msgid the catalogue lacks, or a
    translation whose fields do not match, falls back to English rather than fail."""
    if not isinstance(text, Phrase):
        return str(text)
    found = catalogue(language)
    if found is None:
        return str.__str__(text)
    return _render(text, found)


def _render(p: Phrase, found: gettext.NullTranslations) -> str:
    if p.msgid == JOINED:
        return str(p.args["sep"]).join(str(_arg(v, found)) for v in p.args["items"])
    template = found.pgettext(p.context, p.msgid) if p.context else found.gettext(p.msgid)
    if not p.args:
        return template
    args = {k: _arg(v, found) for k, v in p.args.items()}
    try:
        return template.format_map(args)
    except (KeyError, IndexError, ValueError):
        return p.msgid.format_map(args)


def _arg(value: Any, found: gettext.NullTranslations) -> Any:
    if isinstance(value, Phrase):
        return _render(value, found)
    if isinstance(value, list):
        return ", ".join(str(_arg(v, found)) for v in value)
    return value


def translate_json(data: Any, language: str = "en") -> str:
    """A stored phrase (`Phrase.to_json`) in `language`."""
    return translate(Phrase.from_json(data), language)
