"""Reading a reply e-mail: the lines the player wrote, and which legal action each one means.

Pure functions over text, so the parsing rules are tested without a database. The rules
(docs/notifications.md, "Playing by e-mail"):

- Only what the player wrote counts: reading stops at the quoted e-mail ("On ... wrote:",
  "-----Original Message-----", an Outlook "From:" block, a line of underscores) and at a
  signature ("-- "); lines quoted with ">" and blank lines are skipped. Nothing above an
  "On ... wrote:" quote means the player wrote below it: the unquoted lines after it count.
- HTML-only mail is turned into text first; a <blockquote> (the quoted e-mail) is dropped.
- Each remaining line is one decision: a number from the list of choices, the text notation
  (`use die=white`), or a unique match of a choice's label or the start of its notation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

from django.utils.translation import gettext as _

MAX_LINES = 40  # a whole Scythe turn is a handful; more is a pasted e-mail, not moves

_STOP = [
    re.compile(r"^-- ?$"),  # a signature (RFC 3676 "-- ", often trimmed to "--")
    re.compile(r"^-+ ?original message ?-+$", re.IGNORECASE),
    re.compile(r"^_{8,}$"),
    re.compile(r"^(from|de|von): .+", re.IGNORECASE),  # Outlook's quoted header block
    re.compile(r"^sent from my ", re.IGNORECASE),
]
_WROTE = re.compile(r"^on\b.*\bwrote:?$", re.IGNORECASE)
# "On Mon, 23 Nov 2026 at 11:00, Tabletop <noreply@...>" + "wrote:" on the next line (Gmail wraps)
_WROTE_SPLIT = re.compile(r"^on\b.*[,<@].*$", re.IGNORECASE)


def command_lines(text: str) -> list[str]:
    """The lines the player wrote above the quoted e-mail and the signature; or, for a reply
    written below a ">"-quoted e-mail (bottom-posting), the unquoted lines after the quote."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u00a0", " ")
    lines = [raw.strip() for raw in text.split("\n")]
    above, stop = _lines_until_stop(lines, 0)
    if above or stop >= len(lines) or not _starts_quote(lines, stop):
        return above[: MAX_LINES + 1]
    below, _created = _lines_until_stop(lines, stop + 1)
    return below[: MAX_LINES + 1]


def _lines_until_stop(lines: list[str], start: int) -> tuple[list[str], int]:
    found: list[str] = []
    for i in range(start, len(lines)):
        line = lines[i]
        if any(p.match(line) for p in _STOP) or _starts_quote(lines, i):
            return found, i
        if line and not line.startswith(">") and not line.lower().endswith("wrote:"):
            found.append(" ".join(line.split()))
    return found, len(lines)


def _starts_quote(lines: list[str], i: int) -> bool:
    """ "On ... wrote:" on one line, or wrapped over two (Gmail)."""
    line = lines[i]
    if _WROTE.match(line):
        return True
    following = lines[i + 1].lower() if i + 1 < len(lines) else ""
    return bool(_WROTE_SPLIT.match(line)) and following.endswith("wrote:")


class _Text(HTMLParser):
    """HTML to text: block elements break lines; quoted mail, scripts and styles are dropped."""

    _BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table"}
    _SKIP = {"blockquote", "script", "style", "head", "title"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = dict(attrs).get("class") or ""
        if tag in self._SKIP or "gmail_quote" in classes or "moz-cite-prefix" in classes:
            self.skipping += 1
        elif tag in self._BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and tag in self._SKIP | {"div"}:
            # a skipped <div class="gmail_quote"> ends at its </div>; nested divs inside
            # it are rare in quotes and only make the skip last a little longer.
            self.skipping -= 1
        elif tag in self._BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skipping:
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
        raise LineRefused("ambiguous", f"'{line}' could mean any of: {shown}.")
    return _notation(line, parse)


def _notation(line: str, parse: Any) -> dict[str, Any]:
    if "=" not in line and " " in line:
        raise LineRefused("unparseable", f"'{line}' is neither a number nor a move I can read.")
    try:
        action: dict[str, Any] = parse(line)
    except Exception as error:  # the engine's InvalidAction, or any parse failure
        reason = getattr(error, "reason", str(error))
        raise LineRefused(
            "unparseable",
            _("Cannot read '%(line)s': %(reason)s.") % {"line": line, "reason": reason},
        ) from error
    return action
