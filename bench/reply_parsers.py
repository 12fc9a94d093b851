"""Which reply parser reads our corpus of real-format replies best
(tests/platform/notifications/replies/*.eml, each with the lines it must yield).

    python bench/reply_parsers.py

Every candidate gets the same text (the plain part, or the HTML part turned into text when
there is none: notifications.inbound decodes the MIME) and the same last step (blank lines and
">" lines dropped); only the split between what the player wrote and the quote, the
signature and the "sent from" lines differs. Prints, per candidate, the replies read right,
the ones read wrong (what it yielded), and the time per reply. "now" is mail-parser-reply with
the patterns notifications.replies adds (Vietnamese, a Spanish fix, forwarded messages).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import types
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "platform")]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "true")  # a local measurement: no SECRET_KEY needed
CORPUS = ROOT / "tests/platform/notifications/replies"


def _lines(text: str) -> list[str]:
    found = []
    for raw in text.replace("\r\n", "\n").split("\n"):
        line = " ".join(raw.replace("\u00a0", " ").split())
        if line and not line.startswith(">"):
            found.append(line)
    return found


def ours(text: str) -> list[str]:
    from notifications.replies import command_lines

    return command_lines(text)


BEFORE = "f14ba43"  # main before issue 27: notifications/replies.py's own English patterns


def hand_written(text: str, html: str | None = None) -> list[str]:
    """notifications/replies.py as it was at BEFORE, read from git, with its own HTML reading."""
    global _before
    if _before is None:
        source = subprocess.run(
            ["git", "show", f"{BEFORE}:platform/notifications/replies.py"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        _before = sys.modules["replies_before"] = types.ModuleType("replies_before")
        exec(compile(source, "replies_before.py", "exec"), _before.__dict__)  # noqa: S102
    return list(_before.reply_lines(text, html))


_before: types.ModuleType | None = None


def mail_parser_reply(text: str) -> list[str]:
    from mailparser_reply import EmailReplyParser

    reply = EmailReplyParser(languages=["en", "es", "vi"]).read(text).replies
    return _lines(reply[0].body) if reply else []


def quotequail_(text: str) -> list[str]:
    import quotequail

    parts = quotequail.quote(text, quote_intro_line=True)
    mine = [t for shown, t in parts if shown]
    return _lines(mine[0]) if mine else []


def email_reply_parser(text: str) -> list[str]:
    from email_reply_parser import EmailReplyParser

    return _lines(EmailReplyParser.parse_reply(text))


CANDIDATES = {
    "hand-written patterns (before)": hand_written,
    "mail-parser-reply + our es/vi patterns (now)": ours,
    "mail-parser-reply 1.36": mail_parser_reply,
    "quotequail 0.5.4": quotequail_,
    "email-reply-parser 0.5.12": email_reply_parser,
}


def corpus() -> list[tuple[str, str, Any, list[str]]]:
    from notifications.inbound import reply_from_mime
    from notifications.replies import html_to_text

    expected = json.loads((CORPUS / "expected.json").read_text())
    out = []
    for name, lines in sorted(expected.items()):
        reply = reply_from_mime((CORPUS / name).read_bytes(), [], datetime.now(UTC))
        text = reply.text if reply.text and reply.text.strip() else html_to_text(reply.html or "")
        out.append((name, text, reply, lines))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.parse_args()
    import django

    django.setup()
    cases = corpus()
    print(f"{len(cases)} replies; load average {Path('/proc/loadavg').read_text().split()[:3]}")
    for title, parse in CANDIDATES.items():
        wrong = []
        start = time.perf_counter()
        for name, text, reply, lines in cases:
            got = hand_written(reply.text, reply.html) if parse is hand_written else parse(text)
            if got != lines:
                wrong.append((name, got))
        per = (time.perf_counter() - start) / len(cases) * 1000
        print(f"\n{title}: {len(cases) - len(wrong)} of {len(cases)} right, {per:.2f} ms each")
        for name, got in wrong:
            print(f"  {name}: {got[:4]}")


if __name__ == "__main__":
    main()
