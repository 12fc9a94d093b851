"""Fail when a variable the code reads with env_str/env_bool/env_int/env_list is missing from
.env.example (STYLE.md, 12: `.env.example` lists every variable). Run by scripts/lint.sh."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
READERS = {"env_str", "env_bool", "env_int", "env_list"}


def names_read() -> set[str]:
    names = set()
    for path in (ROOT / "platform").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in READERS
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                names.add(node.args[0].value)
    return names


def names_listed() -> set[str]:
    text = (ROOT / ".env.example").read_text()
    return set(re.findall(r"^#?\s*([A-Z][A-Z0-9_]*)=", text, re.MULTILINE))


def main() -> int:
    missing = sorted(names_read() - names_listed())
    if missing:
        print(f".env.example does not list: {', '.join(missing)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
