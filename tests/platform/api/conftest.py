import pytest
from django.core.cache import cache
from rest_framework.test import APIClient


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """allauth counts e-mails and log-in attempts in the cache: each test starts afresh."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def as_user(api):
    """as_user(alice) -> an API client logged in as alice (session authentication)."""

    def login(user):
        api.force_login(user)
        return api

    return login
