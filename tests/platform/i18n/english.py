"""Finding English left in a page or an e-mail read in Spanish or Vietnamese, without a list of
the phrases once found: the catalogues say what the site writes in English.

Two checks over every run of text a reader sees (a text node, a title, a label):
1. **A message left untranslated**: the run is one of the English messages of a catalogue the
   site speaks with (its own, the games', Django's and allauth's), with its placeholders filled
   by anything, where the reader's catalogue translates that message to something else.
2. **English words in a row**: two or more words of the site's English (the words of its own and
   the games' messages) next to each other, numbers and signs between them allowed, where those
   words are not words of the reader's language too (none of that language's translations uses
   them) nor allowed names.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import allauth
import django
import polib

ROOT = Path(__file__).resolve().parents[3]
SITE = ("locale/{lang}/LC_MESSAGES/django.po", "locale/{lang}/LC_MESSAGES/djangojs.po")
GAMES = ("games/locale/{lang}/LC_MESSAGES/games.po",)
PACKAGES = (
    Path(django.__file__).parent / "conf/locale/{lang}/LC_MESSAGES/django.po",
    Path(django.__file__).parent / "contrib/humanize/locale/{lang}/LC_MESSAGES/django.po",
    Path(allauth.__file__).parent / "locale/{lang}/LC_MESSAGES/django.po",
)
# Python's %(name)s / %d and the games' {name} placeholders.
PLACEHOLDER = re.compile(r"%\(\w+\)[sdif]|%[sdif]|\{\w+\}")
TAG = re.compile(r"<[^>]*>")
ZONE = re.compile(r"[A-Z][A-Za-z]+(/[A-Za-z_+-]+)+")  # a time zone's name: places, not words
WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?|\d+")
# What a reader does not read as prose: addresses, and the move notation a reply may quote
# ("[use die=white]"), which is the same in every language (docs/notifications.md).
URL = re.compile(r"https?://\S+|\b\d+/[\w/.-]*")
NOTATION = re.compile(r"\[[a-z_]+(?: [a-z_]+=[\w-]+)*\]|\b[a-z_]+(?: [a-z_]+=[\w-]+)+")
# What stays as it is in every language: the games' and the site's names, the notation.
NAMES = {
    "Tabletop", "Scythe", "SPQF", "Dice", "City", "Elo", "API", "Sentry", "Markdown", "UTC",
    "Mailpit", "Chromium", "JSON", "OK", "Token",
    "English",  # the language switch names each language in its own
}  # fmt: skip


_NAMES = {name.lower() for name in NAMES}


@dataclass(frozen=True)
class Catalogue:
    messages: frozenset[str]  # English messages without placeholders, lower case
    patterns: tuple[re.Pattern[str], ...]  # the ones with placeholders
    words: frozenset[str]  # the site's English words, less the reader's language's


def _entries(paths: list[Path]) -> list[polib.POEntry]:
    out = []
    for path in paths:
        if path.exists():
            out += [e for e in polib.pofile(str(path)) if not e.obsolete]
    return out


def _paths(templates: tuple, lang: str) -> list[Path]:
    return [ROOT / str(t).format(lang=lang) if not Path(str(t)).is_absolute()
            else Path(str(t).format(lang=lang)) for t in templates]  # fmt: skip


def _translations(entry: polib.POEntry) -> list[str]:
    return [s for s in [entry.msgstr, *entry.msgstr_plural.values()] if s]


def _untranslated_here(entry: polib.POEntry) -> list[str]:
    """The English forms of a message this language says otherwise."""
    said = _translations(entry)
    english = [entry.msgid] + ([entry.msgid_plural] if entry.msgid_plural else [])
    return [e for e in english if said and all(_bare(s) != _bare(e) for s in said)]


def _said(text: str) -> str:
    """A message's words: its placeholders and HTML tags left out."""
    return TAG.sub(" ", PLACEHOLDER.sub(" ", text))


def _bare(text: str) -> str:
    return " ".join(PLACEHOLDER.sub(" ", text).split()).lower()


def _pattern(message: str, theirs: set[str]) -> re.Pattern[str] | None:
    """A message with placeholders as a pattern, when it says something besides them that the
    reader's language does not say too ("No %(x)s" tells nothing in Spanish)."""
    literal = [w for w in re.findall(r"[^\W\d_]+", PLACEHOLDER.sub(" ", message))]
    if sum(len(w) for w in literal) < 2 or all(w.lower() in theirs for w in literal):
        return None
    parts = [r"\s+".join(re.escape(w) for w in p.split(" ")) for p in PLACEHOLDER.split(message)]
    return re.compile(r"\s*" + r"(\S.*?)".join(parts) + r"\s*", re.I | re.S)


@cache
def catalogue(lang: str) -> Catalogue:
    own = _entries(_paths(SITE + GAMES, lang))
    every = own + _entries(_paths(PACKAGES, lang))
    theirs = {w.lower() for e in every for s in _translations(e) for w in WORD.findall(_said(s))}
    messages, patterns = set(), []
    for entry in every:
        for english in _untranslated_here(entry):
            if PLACEHOLDER.search(english):
                pattern = _pattern(english, theirs)
                patterns += [pattern] if pattern else []
            elif len(english.strip()) > 1:
                messages.add(" ".join(english.split()).lower())
    # A run that is itself one of this language's translations is no English left, even where
    # it spells an English message too (Spanish "Mi", for Mina, is English "Mi" for Mill).
    messages -= {_bare(s) for e in every for s in _translations(e)}
    ours = {w.lower() for e in own for w in WORD.findall(_said(e.msgid))}
    words = {w for w in ours if len(w) > 2 and not w.isdigit()} - theirs
    return Catalogue(frozenset(messages), tuple(patterns), frozenset(words))


class _Runs(HTMLParser):
    """The text runs of a page a reader sees or hears: text nodes and shown attributes."""

    SHOWN = ("title", "aria-label", "alt", "placeholder", "aria-description")
    HIDDEN = ("script", "style", "template")
    CODE = ("code", "kbd")  # the move notation a reply may quote: the same in every language

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.runs: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.HIDDEN or tag in self.CODE:
            self._hidden += 1
        self.runs += [v for k, v in attrs if k in self.SHOWN and v]
        if tag == "input" and dict(attrs).get("type") in ("submit", "button"):
            self.runs += [v for k, v in attrs if k == "value" and v]

    def handle_endtag(self, tag: str) -> None:
        if (tag in self.HIDDEN or tag in self.CODE) and self._hidden:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.runs.append(data)


def runs_of_html(page: str) -> list[str]:
    parser = _Runs()
    parser.feed(page)
    return [" ".join(r.split()) for r in parser.runs]


def runs_of_text(text: str) -> list[str]:
    """A plain-text e-mail: its lines, and the parts of a line between list marks and colons."""
    runs = []
    for line in html.unescape(text).splitlines():
        line = " ".join(line.split())
        if line:
            runs += [line, *(p.strip() for p in re.split(r"[:·|]|^\s*\d+\.\s", line) if p)]
    return runs


def english_in(runs: list[str], lang: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The runs that read as English to a reader of `lang` (each once, in order)."""
    found: dict[str, None] = {}
    cat = catalogue(lang)
    for run in runs:
        text = " ".join(NOTATION.sub(" ", URL.sub(" ", run)).split())
        if not text or text in allowed:
            continue
        if _is_message(text, cat) or _words_in_a_row(text, cat, allowed):
            found[run] = None
    return list(found)


def _is_message(run: str, cat: Catalogue) -> bool:
    text = run.strip(" .:;,()[]–-—").lower()
    if text in _NAMES or ZONE.fullmatch(run):
        return False
    if text in cat.messages:
        return True
    return any(p.fullmatch(run) for p in cat.patterns)


def _words_in_a_row(run: str, cat: Catalogue, allowed: frozenset[str]) -> bool:
    if ZONE.fullmatch(run):
        return False
    streak = 0
    for token in WORD.findall(run):
        if token.isdigit():
            continue
        english = token.lower() in cat.words and token not in NAMES and token not in allowed
        streak = streak + 1 if english else 0
        if streak >= 2:
            return True
    return False
