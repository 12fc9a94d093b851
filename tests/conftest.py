"""Settings for every test.

Hypothesis: no timing checks. The machine the tests run on is shared (CI and the developers'
boxes run other work beside them), so "input generation is slow" and per-example deadlines
would fail a test for the machine's load, not for the code's behaviour."""

import pytest
from django.db import connections
from hypothesis import HealthCheck, settings

settings.register_profile(
    "shared-machine", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("shared-machine")


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, and at the end of the session its other connections cut
    before it is dropped: the thread pool's connections (play.pool) stay open, and with them
    PostgreSQL waits 5 s, then refuses to drop it (the database was left behind)."""
    yield
    with django_db_blocker.unblock():
        for alias in connections:
            connection = connections[alias]
            if connection.vendor != "postgresql":
                continue
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
