"""Tiny typed readers of the environment (STYLE.md, 12). Every variable is in .env.example."""

from __future__ import annotations

import os
import sys


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return default if value in (None, "") else int(value)


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def process_kind() -> str:
    """What this process is, from its command line: web, worker, beat, outbox, mail-in..."""
    argv = " ".join(sys.argv)
    for marker, kind in (
        ("uvicorn", "web"),
        (" beat", "beat"),
        ("celery", "worker"),
        ("outbox_work", "outbox"),
        ("mail_in", "mail-in"),
        ("pytest", "tests"),
    ):
        if marker in argv:
            return kind
    command = sys.argv[1] if len(sys.argv) > 1 and sys.argv[0].endswith("manage.py") else ""
    return command or "other"
