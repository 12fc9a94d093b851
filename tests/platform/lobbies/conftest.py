import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """allauth counts e-mails and log-in attempts in the cache: each test starts afresh."""
    cache.clear()
    yield
    cache.clear()


from tests.platform.live.conftest import asgi_server  # noqa: E402, F401 - the browser tests' server
from tests.platform.table.conftest import launch  # noqa: E402, F401 - their Chromium pages
