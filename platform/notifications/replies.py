"""Reading a reply e-mail: the lines the player wrote, and which legal action each one means.

Pure functions over text, so the parsing rules are tested without a database. The rules
(docs/notifications.md, "Playing by e-mail"):

- Only what the player wrote counts. mail-parser-reply splits the reply from the quoted e-mail
  (attribution lines "On ... wrote:", "El ... escribió:", "Vào ... đã viết:", Outlook's header
  block in each language, forwarded-message rulers) and drops signatures, sign-offs ("Thanks,",
  "Saludos,", "Cảm ơn,") and "sent from my phone" lines; the patterns it lacks for our
  languages (Vietnamese, and a Spanish attribution it misses) are in `_PATTERNS`.
  Lines quoted with ">" and blank lines are skipped; a reply written below the quote
  (bottom-posting) is read from below it. bench/reply_parsers.py measured the candidates on the
  corpus in tests/platform/notifications/replies/.
- HTML-only mail is turned into text first; a <blockquote> and the clients' quote blocks
  (gmail_quote, moz-cite-prefix, Outlook's divRplyFwdMsg and what follows it) are dropped.
- Each remaining line is one decision: a number from the list of choices, the text notation
  (`use die=white`), or a unique match of a choice's label or the start of its notation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from mailparser_reply import parser as mail_parser
from mailparser_reply.constants import MAIL_LANGUAGES, QUOTED_MATCH_INCLUDE

from games.core import translate

MAX_LINES = 40  # a whole Scythe turn is a handful; more is a pasted e-mail, not moves
LANGUAGES = ["en", "es", "vi"]  # the site's languages: the clients' quote lines in each

_Q = QUOTED_MATCH_INCLUDE
_FORWARDED = r"^(-{5,} ?(?:Forwarded message|Mensaje reenviado|Thư đã chuyển tiếp) ?-{5,})$"
# Added to (or put in place of) mail-parser-reply's own table, MAIL_LANGUAGES.
_PATTERNS: dict[str, dict[str, Any]] = {
    "en": {
        # Outlook's ruler of underscores starts the old e-mail even with one header line.
        "wrote_header": MAIL_LANGUAGES["en"]["wrote_header"] + f"|{_FORWARDED}|^(_{{8,}})$",
        "sent_from": MAIL_LANGUAGES["en"]["sent_from"] + "|Sent with",
    },
    # The library's own Spanish pattern wants two spaces before "escribió" (untested upstream).
    "es": {
        "wrote_header": rf"^({_Q}El\s.+?\sescribi[oó]:)$",
        # Outlook desktop writes "Enviado el:", which the library's pattern does not know.
        "from_header": r"((?:(?:^|\n|\n"
        + _Q
        + r")[* ]*(?:De|Enviado el|Enviado|Para|Asunto|Fecha|CC):[ *]*(?:\s{,2}).*){2,}"
        r"(?:\n.*){,1})",
        "sent_from": r"Enviado desde mi.*|Enviado con",
    },
    "vi": {
        "wrote_header": rf"^({_Q}V[aà]o\s.+?\sđã viết:)$",
        "from_header": r"((?:(?:^|\n|\n"
        + _Q
        + r")[* ]*(?:Từ|Đã gửi|Gửi|Đến|Tới|Chủ đề|Ngày|Cc):[ *]*(?:\s{,2}).*){2,}(?:\n.*){,1})",
        "disclaimers": ["Tuyên bố miễn trừ trách nhiệm:", "Bảo mật:"],
        "signatures": ["Cảm ơn,", "Trân trọng,", "Thân ái,", "Thân,", "Chào,"],
        "sent_from": r"Gửi từ|Được gửi từ|Gửi bằng",
    },
}


class _Message(mail_parser.EmailMessage):
    """mail-parser-reply's message, reading our patterns before its own."""

    def _get_language_regex(self, language: str, regex_key: str) -> str:
        ours = _PATTERNS.get(language, {}).get(regex_key)
        if ours is None:
            return str(super()._get_language_regex(language, regex_key))
        return "|".join(ours) if isinstance(ours, list) else str(ours)


def command_lines(text: str) -> list[str]:
    """The lines the player wrote, without the quoted e-mail, the signature and the "sent
    from" lines; for a reply written below a quoted e-mail, the lines after the quote."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u00a0", " ")
    text = text.replace("\x00", "")  # a NUL is nobody's move, and PostgreSQL refuses it
    replies = _Message(text=text, languages=list(LANGUAGES)).read().replies
    for reply in replies:  # the first part with something unquoted in it
        lines = _unquoted(reply.body)
        if lines:
            return lines[: MAX_LINES + 1]
    return []


def _unquoted(body: str) -> list[str]:
    found = []
    for raw in body.split("\n"):
        line = " ".join(raw.split())
        if line and not line.startswith(">"):
            found.append(line)
    return found


class _Text(HTMLParser):
    """HTML to text: block elements break lines; quoted mail, scripts and styles are dropped,
    and so is everything after Outlook's header block of the old e-mail (Outlook does not put
    the old e-mail in a blockquote)."""

    _BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table"}
    _SKIP = {"blockquote", "script", "style", "head", "title"}
    _QUOTE_CLASSES = ("gmail_quote", "moz-cite-prefix", "yahoo_quoted")
    _VOID = {"br", "hr", "img", "meta", "link", "input", "wbr", "col", "area", "base", "source"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.open: list[str] = []
        self.skip_from: int | None = None  # depth of the element being dropped
        self.ended = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._BLOCKS:
            self.parts.append("\n")
        if tag in self._VOID:
            return
        self.open.append(tag)
        found = dict(attrs)
        if found.get("id") == "divRplyFwdMsg" or "border-top:solid" in (found.get("style") or ""):
            self.ended = True
        classes = found.get("class") or ""
        quoted = tag in self._SKIP or any(c in classes for c in self._QUOTE_CLASSES)
        if quoted and self.skip_from is None:
            self.skip_from = len(self.open)

    def handle_endtag(self, tag: str) -> None:
        if tag in self._VOID or tag not in self.open:
            return
        while self.open:  # close what the HTML left open inside it
            closed = self.open.pop()
            if self.skip_from is not None and len(self.open) < self.skip_from:
                self.skip_from = None
            if closed == tag:
                break
        if tag in self._BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if self.skip_from is None and not self.ended:
            self.parts.append(data)


def html_to_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    parser.close()
    return "".join(parser.parts)


def reply_lines(text: str | None, html: str | None) -> list[str]:
    """The command lines of a reply: from its plain text, or from its HTML when it has none."""
    if text and text.strip():
        return command_lines(text)
    return command_lines(html_to_text(html or ""))


@dataclass(frozen=True)
class Choice:
    """One legal action as the e-mail lists it: number (from 1), label and notation."""

    number: int
    label: str
    text: str
    action: dict[str, Any]


class LineRefused(Exception):
    """A line names no legal action (unparseable) or several (ambiguous): nothing is applied."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


def choices_of(legal: list[dict[str, Any]]) -> list[Choice]:
    """play.selectors.legal_for's list, numbered as the e-mail shows it."""
    return [
        Choice(number=i, label=item["label"], text=item["text"], action=item["action"])
        for i, item in enumerate(legal, start=1)
    ]


def choice_for(line: str, choices: list[Choice], parse: Any) -> dict[str, Any]:
    """The action `line` names among `choices`; `parse` is the engine's parse_action.

    A number picks from the list. Notation that the engine reads is submitted as written, even
    if it is not listed, so the engine gives its own reason. Otherwise the line must match one
    choice's label, or the start of one choice's notation, ignoring case.
    """
    line = line.strip().rstrip(".")
    if re.fullmatch(r"#?\d+", line):
        number = int(line.lstrip("#"))
        if 1 <= number <= len(choices):
            return choices[number - 1].action
        raise LineRefused(
            "unparseable",
            _("There is no choice %(number)s: pick 1 to %(value)s.")
            % {"number": number, "value": len(choices)},
        )
    wanted = line.lower()
    exact = [c for c in choices if wanted in (c.text.lower(), c.label.lower().rstrip("."))]
    if len(exact) == 1:
        return exact[0].action
    prefix = [c for c in choices if c.text.lower().startswith(wanted + " ")]
    if len(prefix) == 1:
        return prefix[0].action
    if len(prefix) > 1:
        shown = "; ".join(f"{c.number}. {c.text}" for c in prefix[:6])
        raise LineRefused(
            "ambiguous",
            _("'%(line)s' could mean any of: %(choices)s.") % {"line": line, "choices": shown},
        )
    return _notation(line, parse)


def _notation(line: str, parse: Any) -> dict[str, Any]:
    if "=" not in line and " " in line:
        raise LineRefused(
            "unparseable",
            _("'%(line)s' is neither a number nor a move I can read.") % {"line": line},
        )
    try:
        action: dict[str, Any] = parse(line)
    except Exception as error:  # the engine's InvalidAction, or any parse failure
        # The engine's reason is a phrase (games.core.words): said in the reader's language.
        reason = translate(getattr(error, "reason", str(error)), get_language() or "en")
        raise LineRefused(
            "unparseable",
            _("Cannot read '%(line)s': %(reason)s.") % {"line": line, "reason": reason},
        ) from error
    return action
