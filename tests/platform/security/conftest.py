import os
import subprocess
import sys
from pathlib import Path

import pytest
from rest_framework.throttling import SimpleRateThrottle

# The lockout and the throttles count in the cache: each test starts afresh, as the API tests do.
from tests.platform.api.conftest import api, fresh_rate_limits  # noqa: F401

ROOT = Path(__file__).resolve().parents[3]
# A key as `python -c "import secrets; print(secrets.token_urlsafe(50))"` prints one.
STRONG_KEY = "q8W3n1Zr0x-T7yPbLk2VdGm5sHc9JfA4eUo6iRwNtEaYzXuC_vBgQhKjMlOpSdFrGt"


@pytest.fixture
def rates(monkeypatch):
    """rates(anon=..., user=..., auth_token=...): low throttle rates for one test. DRF reads
    DEFAULT_THROTTLE_RATES once, into the throttle class, so the class is where they change."""

    def set_rates(**low: str) -> None:
        monkeypatch.setattr(
            SimpleRateThrottle, "THROTTLE_RATES", {**SimpleRateThrottle.THROTTLE_RATES, **low}
        )

    return set_rates


def run_site(code: str, tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Run `code` in a new process whose settings come from the given environment: what the
    site does at start-up, with a production environment, can only be seen from outside."""
    base = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("SECURE_", "SESSION_", "CSRF_", "DATABASE_", "THROTTLE_"))
    }
    base.update(
        DEBUG="0",
        SECRET_KEY=STRONG_KEY,
        VAR_DIR=str(tmp_path),
        DATABASE_URL="",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    base.update(env)
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup()\n" + code],
        cwd=ROOT,
        env=base,
        capture_output=True,
        text=True,
        timeout=60,
    )
