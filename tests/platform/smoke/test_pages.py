"""Smoke: the main pages and API endpoints answer, from an empty database, on PostgreSQL (the
tests' services) and on SQLite with the in-memory layer and eager Celery (`make run`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .pages import visit_all

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.django_db(transaction=True)
def test_every_main_page_answers_on_postgresql(settings):
    settings.BOT_MOVE_DELAY_MS = 0
    assert visit_all() == []


def test_every_main_page_answers_on_sqlite_as_make_run_serves_them(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(
        VAR_DIR=str(tmp_path),
        DEBUG="true",
        ALLOWED_HOSTS="testserver,localhost",
        CELERY_TASK_ALWAYS_EAGER="true",
        BOTS_IN_BACKGROUND="false",
        BACKGROUND_TICKS="false",
        BOT_MOVE_DELAY_MS="0",
        PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "platform")]),
    )
    done = subprocess.run(
        [sys.executable, "-m", "tests.platform.smoke.pages"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
