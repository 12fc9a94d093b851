import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """allauth counts e-mails and log-in attempts in the cache: each test starts afresh."""
    cache.clear()
    yield
    cache.clear()
