"""A committed move stays a success when Redis (channel layer, broker) is down (issue 12)."""

from contextlib import contextmanager

import pytest
from django.test import Client

from config.celery import app as celery_app
from lobbies.services import lobby_add_bot, lobby_create
from play.models import ActionRecord, Match

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

CLOSED_PORT = "redis://127.0.0.1:1/0"  # nothing listens there: connection refused


@pytest.fixture
def redis_down(settings):
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [{"address": CLOSED_PORT}]},
        }
    }


def _move(user, match_id: int, version: int):
    client = Client()
    client.force_login(user)
    return client.post(
        f"/api/matches/{match_id}/actions/",
        {"action": "bid card=1", "version": version},
        content_type="application/json",
    )


def test_it_answers_200_and_keeps_the_move_when_the_broadcast_fails(
    started_match, redis_down, caplog
):
    alice = started_match.seats.get(index=0).user
    response = _move(alice, started_match.pk, 0)
    assert response.status_code == 200, response.content
    assert response.json()["version"] == 1
    assert Match.objects.get(pk=started_match.pk).version == 1
    assert ActionRecord.objects.filter(match=started_match, seq=1).exists()
    assert "broadcast of version 1 failed" in caplog.text


@contextmanager
def broker_down():
    """Celery for real (not eager), its broker at a closed port."""
    conf = celery_app.conf
    saved = conf.task_always_eager, conf.broker_url
    conf.task_always_eager, conf.broker_url = False, CLOSED_PORT
    _drop_connections()
    try:
        yield
    finally:
        conf.task_always_eager, conf.broker_url = saved
        _drop_connections()


def _drop_connections() -> None:
    """Forget the app's pools, so the next publish looks up the pool of the current URL (kombu
    keeps one per URL: closing it would break later tests that use the real broker)."""
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


def test_it_answers_200_and_keeps_the_move_when_the_bots_cannot_be_woken(alice, caplog):
    table = lobby_create(host=alice, game="goofspiel", seats=2, options={"cards": 3})
    lobby_add_bot(table_id=table.pk, user=alice)
    match = Match.objects.get(table=table)
    assert match.seats.get(user=alice).to_act and match.version == 1  # the bot has bid
    with broker_down():
        response = _move(alice, match.pk, 1)
    assert response.status_code == 200, response.content
    assert Match.objects.get(pk=match.pk).version == 2
    assert "bots_wake" in caplog.text
