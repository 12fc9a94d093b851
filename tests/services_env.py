"""Loaded first (pytest -p tests.services_env): tests use the real services at their usual local
addresses, each overridable by the environment. Django reads these when pytest-django sets it up."""

import os

# One database name per test run (pytest-django adds "test_"), so runs side by side never clash.
os.environ.setdefault("DATABASE_URL", f"postgres://postgres@127.0.0.1:5432/tabletop_{os.getpid()}")
# Connections close after each request or socket call, so none outlives the test database.
os.environ.setdefault("DB_CONN_MAX_AGE", "0")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/0")
os.environ.setdefault("CHANNELS_PREFIX", f"test{os.getpid()}")
os.environ.setdefault("CELERY_TASK_ALWAYS_EAGER", "true")
os.environ.setdefault("DEBUG", "true")
os.environ.setdefault("FAST_PASSWORD_HASHER", "true")
os.environ.setdefault("EMAIL_HOST", "")
os.environ.setdefault("VAR_DIR", "/tmp/tabletop-test-var")
# Under pytest-xdist each worker inherits the values above from the controller: pytest-django
# gives each its own database (test_..._gw0), and the worker's id keeps the channel layer's
# groups and the files of var/ apart too (two workers' match 1 must not share a group).
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
for name in ("CHANNELS_PREFIX", "VAR_DIR"):
    if WORKER and not os.environ[name].endswith(WORKER):
        os.environ[name] = f"{os.environ[name]}{'-' if name == 'VAR_DIR' else ''}{WORKER}"
# Throttles and the log-in lockout stay out of the way of the rest of the suite; the tests of
# tests/platform/security set their own low rates.
os.environ.setdefault("THROTTLE_ANON", "100000/min")
os.environ.setdefault("THROTTLE_USER", "100000/min")
os.environ.setdefault("THROTTLE_AUTH_TOKEN", "100000/min")
os.environ.setdefault("THROTTLE_ANON_SOCKETS", "100000/min")
# The cache in this process's memory: tests clear it, and a Redis cache's clear() is FLUSHDB,
# which would wipe the keys of every other run sharing the server.
os.environ.setdefault("CACHE_URL", "locmem://")
# Every test client comes from 127.0.0.1: the per-address lock would add up across the suite.
os.environ.setdefault("LOGIN_FAILED_RATE_LIMIT", "10000/10m/ip,5/5m/key")
