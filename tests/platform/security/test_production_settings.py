"""With DEBUG off: HTTPS only (redirect, HSTS, Secure cookies) unless the environment turns it
off for a plain-HTTP local compose, a Content-Security-Policy, no weak SECRET_KEY, and a clean
`manage.py check --deploy` with the environment docs/operations.md documents."""

import os
import subprocess
import sys

import pytest

from tests.platform.security.conftest import ROOT, STRONG_KEY, run_site

REFUSED = "SECRET_KEY must be set to a random string of at least 50 characters"
LOGIN_PAGE = (
    "from django.test import Client\n"
    "c = Client()\n"
    "plain = c.get('/accounts/login/')\n"
    "page = c.get('/accounts/login/', secure=True)\n"
    "print(plain.status_code, plain.get('Location'))\n"
    "print(page.get('Strict-Transport-Security'))\n"
    "print(page.cookies['csrftoken']['secure'])\n"
    "print(page['Content-Security-Policy'])\n"
)


@pytest.mark.parametrize(
    "key",
    [
        "",
        "changeme",
        "x" * 80,
        "django-insecure-" + STRONG_KEY,
        STRONG_KEY[:40],
    ],
    ids=["empty", "changeme", "one-character", "django-insecure", "short"],
)
def test_it_refuses_to_start_with_a_weak_secret_key(tmp_path, key):
    done = run_site("print('started')", tmp_path, SECRET_KEY=key)
    assert done.returncode != 0 and "started" not in done.stdout
    assert REFUSED in done.stderr


def test_it_starts_with_a_strong_secret_key(tmp_path):
    done = run_site("print('started')", tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == "started", done.stderr


def test_a_weak_key_is_fine_while_debugging(tmp_path):
    done = run_site("print('started')", tmp_path, DEBUG="1", SECRET_KEY="changeme")
    assert done.stdout.strip() == "started", done.stderr


def test_it_is_https_only_when_debug_is_off(tmp_path):
    done = run_site(LOGIN_PAGE, tmp_path)
    redirect, hsts, secure_cookie, csp = done.stdout.splitlines()
    assert redirect == "301 https://testserver/accounts/login/", done.stderr
    assert hsts == "max-age=31536000; includeSubDomains; preload"
    assert secure_cookie == "True"
    directives = {part.strip() for part in csp.split(";")}  # in no fixed order
    assert {"default-src 'self'", "frame-ancestors 'none'"} <= directives


def test_a_plain_http_local_compose_turns_each_one_off(tmp_path):
    local = {
        "SECURE_SSL_REDIRECT": "0",
        "SESSION_COOKIE_SECURE": "0",
        "SECURE_HSTS_SECONDS": "0",
    }
    done = run_site(LOGIN_PAGE, tmp_path, **local)
    redirect, hsts, secure_cookie, _ = done.stdout.splitlines()
    assert redirect.startswith("200"), done.stderr
    assert hsts == "None" and secure_cookie == ""


def test_check_deploy_is_clean_with_the_documented_production_environment(tmp_path):
    production = {
        "DEBUG": "0",
        "SECRET_KEY": STRONG_KEY,
        "ALLOWED_HOSTS": "play.example.org",
        "CSRF_TRUSTED_ORIGINS": "https://play.example.org",
        "SITE_URL": "https://play.example.org",
        "VAR_DIR": str(tmp_path),
        "DATABASE_URL": "",
    }
    base = {k: v for k, v in os.environ.items() if not k.startswith(("SECURE_", "SESSION_"))}
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env={**base, **production},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "System check identified no issues" in done.stdout
