import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Hashing with the production hasher costs about a second per user on this machine."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """allauth counts e-mails and log-in attempts in the cache: each test starts afresh."""
    cache.clear()
    yield
    cache.clear()
