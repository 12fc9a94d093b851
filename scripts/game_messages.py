"""The games' messages: find every msgid, update the .po catalogues, compile the .mo files.

    .venv/bin/python scripts/game_messages.py           # update es/vi .po, compile .mo
    .venv/bin/python scripts/game_messages.py --check   # exit 1 if a catalogue is stale or
                                                        # a message lacks a translation

Where the msgids come from (games.core.words explains phrases):
1. the literal first argument of `phrase(...)`, `term(...)`, `Phrase(...)` and of the helpers
   that take a template (`said`, `shown`, and SPQF's `_words`, `_spec`, `_unit`, `_modifier`)
   anywhere under games/; of the boards' `say(...)` and `N_(...)` under platform/boards/, and
   of the `{% gw "..." %}` tags of the board templates (templates/games/);
2. each game's `text.messages()`: words built from data (card names, terrains, card texts);
3. seeded random playouts of every registered game: every phrase a button or log line used
   (and their arguments), so an action field's word ("popularity") is never missed;
4. the score-breakdown headers of platform/play/results.py (`_HEADERS`) and the engines'
   breakdown keys, capitalised as the end screen shows them;
5. each game's summary (the home page) and its table options' labels, help and choices.

The catalogues are games/locale/<lang>/LC_MESSAGES/games.po; new msgids are added with an
empty translation, vanished ones are dropped, translations are kept. The .mo files are
committed (the site reads them with the standard library's gettext, nothing to build).
"""

from __future__ import annotations

import argparse
import ast
import importlib
import random
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import polib

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.core import all_games  # noqa: E402
from games.core.words import DOMAIN, JOINED, LANGUAGES, LOCALE_DIR, Phrase  # noqa: E402

Msg = tuple[str, str]  # (context, msgid)

_TEMPLATE_CALLS = {"phrase", "said", "shown", "_words", "_spec", "_unit", "_modifier", "say", "N_"}
_TERM_CALLS = {"term", "Phrase"}  # msgid first; a literal context may follow


def literal_messages(folder: Path) -> set[Msg]:
    """Msgids written as string literals in the calls above."""
    found: set[Msg] = set()
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                found.update(_call_messages(node))
    return found


def _call_messages(node: ast.Call) -> Iterator[Msg]:
    func = node.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
    strings = [a.value if isinstance(a, ast.Constant) else None for a in node.args]
    context = next((k.value.value for k in node.keywords if k.arg == "context"
                    and isinstance(k.value, ast.Constant)), "")  # fmt: skip
    if name in _TERM_CALLS and strings and isinstance(strings[0], str):
        position = 1 if name == "term" else 2
        given = strings[position] if len(strings) > position else None
        yield (given if isinstance(given, str) else context, strings[0])
    elif name in _TEMPLATE_CALLS:
        for value in strings:
            if isinstance(value, str) and value:
                yield (context, value)


# `{% gw "msgid" field=value %}` in a board template (boards/templatetags/game_words.py).
_TEMPLATE_TAG = re.compile(r'{%\s*gw\s+"((?:[^"\\]|\\.)*)"')


def template_messages(folder: Path) -> set[Msg]:
    """The msgids of the board templates' `{% gw "..." %}` tags."""
    found: set[Msg] = set()
    for path in sorted(folder.rglob("*.html")):
        found.update(("", m) for m in _TEMPLATE_TAG.findall(path.read_text(encoding="utf-8")))
    return found


def data_messages() -> set[Msg]:
    """Each game's `text.messages()`: words built from its data."""
    found: set[Msg] = set()
    for game in all_games():
        module = importlib.import_module(f"games.{game.name}.text")
        for item in getattr(module, "messages", list)():
            found.add((item[1], item[0]) if isinstance(item, tuple) else ("", item))
    return found


def game_messages() -> set[Msg]:
    """Each game's summary (the home page) and its table options' labels, help and choices
    (the table form and the table page)."""
    found: set[Msg] = set()
    for game in all_games():
        found.add(("", game.summary))
        for option in game.options:
            found.update(("", text) for text in (option.label, option.help))
            found.update(("", label) for _value, label in option.choices)
    for name in ("dicecity", "scythe", "spqf"):  # every action kind's header (the e-mail's groups)
        actions = importlib.import_module(f"games.{name}.actions").ACTIONS
        found.update(("", header(kind)) for kind in actions)
    return found


def phrase_messages(text: Any) -> Iterator[Msg]:
    """A phrase's msgid and those of the phrases among its arguments."""
    if isinstance(text, list):
        for item in text:
            yield from phrase_messages(item)
    if not isinstance(text, Phrase):
        return
    if text.msgid != JOINED:
        yield (text.context, text.msgid)
    for value in text.args.values():
        yield from phrase_messages(value)


def playout_messages(seeds: Iterable[int] = range(3), steps: int = 1500) -> set[Msg]:
    """Every phrase the games' buttons and log lines use in seeded random playouts, the
    outcome's reason and breakdown words, and the breakdown keys as headers."""
    found: set[Msg] = set()
    for game in all_games():
        for seats in range(game.min_seats, min(game.max_seats, 4) + 1):
            for seed in seeds:
                found |= _one_playout(game, seats, seed, steps)
    return found


def _one_playout(game: Any, seats: int, seed: int, steps: int) -> set[Msg]:
    found: set[Msg] = set()
    state, pick = game.setup(seats, seed, {}), random.Random(seed)
    for _ in range(steps):
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        for action in legal:  # each kind's header too: the turn e-mail groups choices by it
            found.update(phrase_messages(game.label(state, seat, action)))
            found.add(("", header(action["type"])))
        action = pick.choice(legal)
        after = game.apply(state, seat, action)
        found.update(phrase_messages(game.narrate(state, seat, action, after)))
        found.add(("", header(action["type"])))
        state = after
    outcome = game.outcome(state)
    if outcome is not None:
        found.add(("", outcome.reason))
        for details in outcome.details:
            for key, value in details.items():
                found.add(("", header(key)))
                if isinstance(value, str) and value:
                    found.add(("", value))
    return found


def headers() -> dict[str, str]:
    """platform/play/results.py's `_HEADERS` (a breakdown key or action type -> its header),
    read from the source: the site's settings are not needed to build the catalogues."""
    tree = ast.parse((ROOT / "platform/play/results.py").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        target = getattr(node, "target", None) or (getattr(node, "targets", None) or [None])[0]
        value = getattr(node, "value", None)
        if isinstance(target, ast.Name) and target.id == "_HEADERS" and isinstance(value, ast.Dict):
            return {
                ast.literal_eval(k): ast.literal_eval(v)
                for k, v in zip(value.keys, value.values, strict=True)
                if k
            }
    return {}


_HEADER_WORDS = headers()


def header(key: str) -> str:
    """The header the end screen and the button list show for `key` (results.header)."""
    return _HEADER_WORDS.get(key) or key.replace("_", " ").capitalize()


def header_messages() -> set[Msg]:
    return {("", words) for words in _HEADER_WORDS.values()}


def all_messages() -> set[Msg]:
    found = literal_messages(ROOT / "games") | data_messages() | playout_messages()
    found |= literal_messages(ROOT / "platform" / "boards")
    found |= template_messages(ROOT / "templates" / "games")
    found |= header_messages() | game_messages()
    return {(c, m) for c, m in found if m and m != JOINED and any(ch.isalpha() for ch in m)}


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def update(language: str, messages: set[Msg]) -> polib.POFile:
    """The catalogue with exactly `messages`, keeping the translations it had."""
    path = po_path(language)
    old = polib.pofile(str(path)) if path.exists() else polib.POFile()
    kept = {(e.msgctxt or "", e.msgid): e for e in old if not e.obsolete}
    po = polib.POFile(wrapwidth=100)
    po.metadata = old.metadata or {
        "Project-Id-Version": "games",
        "Language": language,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }
    for context, msgid in sorted(messages, key=lambda m: (m[1].lower(), m[1], m[0])):
        entry = kept.get((context, msgid))
        po.append(entry or polib.POEntry(msgid=msgid, msgstr="", msgctxt=context or None))
    return po


def _same(po: polib.POFile, path: Path) -> bool:
    """The committed .po and .mo are what `po` would write."""
    mo = path.with_suffix(".mo")
    if not (path.exists() and mo.exists()):
        return False
    return str(po) == path.read_text(encoding="utf-8") and po.to_binary() == mo.read_bytes()


def untranslated(po: polib.POFile) -> list[str]:
    return [e.msgid for e in po if not e.msgstr.strip()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; fail if stale")
    check = parser.parse_args(argv).check
    messages = all_messages()
    failed = False
    for language in LANGUAGES[1:]:
        po = update(language, messages)
        missing = untranslated(po)
        stale = not _same(po, po_path(language))
        if check and (stale or missing):
            failed = True
            print(
                f"{language}: catalogue stale={stale}; {len(missing)} untranslated: {missing[:10]}"
            )
        if not check:
            po_path(language).parent.mkdir(parents=True, exist_ok=True)
            po.save(str(po_path(language)))
            po.save_as_mofile(str(po_path(language).with_suffix(".mo")))
            print(f"{language}: {len(po)} messages, {len(missing)} untranslated")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
