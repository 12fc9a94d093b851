"""A cache outage fails open, a game never fails (issue 36, point 2): with the cache's Redis
really unreachable (a closed port), alone or with the channel layer and the broker, the
throttles let requests through (logged, counted), log-ins are refused with a clear 503, and
moves, pages and the API answer as usual."""

import uuid

import pytest
from django.test import Client
from rest_framework.throttling import SimpleRateThrottle

from play.models import Match
from play.spectators import admitted
from shared import cache as fail_open
from tests.platform.services.test_redis_outage import CLOSED_PORT, _move, broker_down

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-password-1"


def _cache_at(url: str) -> dict:
    return {
        "default": {
            "BACKEND": "shared.cache.FailOpenRedisCache",
            "LOCATION": url,
            "KEY_PREFIX": f"test-outage-{uuid.uuid4().hex[:8]}",  # never cleared: a shared Redis
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }


@pytest.fixture
def low_rates(monkeypatch):
    """Throttles that refuse the third request: a cache that answered would show it."""
    low = {"anon": "2/min", "user": "2/min", "auth_token": "2/min"}
    monkeypatch.setattr(
        SimpleRateThrottle, "THROTTLE_RATES", {**SimpleRateThrottle.THROTTLE_RATES, **low}
    )


@pytest.fixture
def cache_down(settings, monkeypatch, low_rates):
    settings.CACHES = _cache_at(CLOSED_PORT)
    monkeypatch.setattr(fail_open, "outages", fail_open.Outages())
    return fail_open.outages


@pytest.fixture
def everything_down(settings, cache_down):
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [{"address": CLOSED_PORT}]},
        }
    }
    with broker_down():
        yield cache_down


def _site_goes_on(match: Match) -> None:
    """Moves, pages, the API: each answers as usual, past every throttle's rate."""
    alice, bob = (match.seats.get(index=i).user for i in (0, 1))
    assert _move(alice, match.pk, 0).status_code == 200
    assert _move(bob, match.pk, 0).status_code == 200  # simultaneous bids: both at version 0
    assert Match.objects.get(pk=match.pk).version == 2
    anonymous, player = Client(), Client()
    player.force_login(alice)
    for _ in range(4):
        assert anonymous.get("/api/tables/").status_code == 200
        assert player.get("/api/me/").status_code == 200
        assert anonymous.get(f"/matches/{match.pk}/").status_code == 200  # board cache: a miss
        assert player.get("/").status_code == 200
    assert admitted("192.0.2.1")  # an anonymous spectator's socket too


def _log_ins_refused_clearly(user) -> None:
    token = Client().post(
        "/api/auth/token/",
        {"username": user.email, "password": PASSWORD},
        content_type="application/json",
    )
    assert token.status_code == 503 and token.json()["error"] == "login_unavailable"
    assert "try again in a minute" in token.json()["detail"] and token["Retry-After"] == "60"
    page = Client().post("/accounts/login/", {"login": user.email, "password": PASSWORD})
    assert page.status_code == 503, page.content.decode()[:3000]
    assert "try again in a minute" in page.content.decode()


def test_with_the_cache_unreachable_the_site_goes_on_and_log_ins_wait(
    started_match, cache_down, caplog
):
    _site_goes_on(started_match)
    _log_ins_refused_clearly(started_match.seats.get(index=0).user)
    assert cache_down.errors  # counted...
    assert sum(cache_down.skipped.values()) > sum(cache_down.errors.values())  # ...not retried
    assert "cache unreachable" in caplog.text  # ...and logged


def test_with_every_redis_unreachable_a_game_still_goes_on(started_match, everything_down):
    _site_goes_on(started_match)
    _log_ins_refused_clearly(started_match.seats.get(index=1).user)
    assert everything_down.errors


def test_a_reachable_cache_still_counts(settings, low_rates, alice):
    """The same backend on the running Redis: the throttles refuse past their rate."""
    settings.CACHES = _cache_at("redis://127.0.0.1:6379/0")
    assert fail_open.reachable()
    anonymous = Client()
    assert [anonymous.get("/api/tables/").status_code for _ in range(3)] == [200, 200, 429]
    token = Client().post(
        "/api/auth/token/",
        {"username": alice.email, "password": PASSWORD},
        content_type="application/json",
        REMOTE_ADDR="198.51.100.9",
    )
    assert token.status_code == 200
