"""Redis unreachable (the channel layer and the Celery broker): a committed move or start is a
success for the client, and what had to follow it is done once Redis answers again."""

from datetime import timedelta

from channels.db import database_sync_to_async as sync_to_async
from django.test import override_settings
from django.utils import timezone

from config.celery import app as celery_app
from lobbies.services import lobby_add_bot, lobby_create
from outbox.models import Job
from outbox.services import outbox_drain
from play.models import Match
from tests.platform.faults.conftest import wait
from tests.platform.services.test_live_sockets import _connect, _seated
from tests.platform.services.test_redis_outage import CLOSED_PORT, _move, broker_down
from tests.platform.services.test_turn_emails_worker import _play_out_the_turn

LAYER_DOWN = {
    "default": {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": [{"address": CLOSED_PORT}]},
    }
}


def _move_while_the_layer_is_down(user, match_id: int):
    with override_settings(CHANNEL_LAYERS=LAYER_DOWN):
        return _move(user, match_id, 0)


def _drain_later() -> int:
    return outbox_drain(now=timezone.now() + timedelta(hours=1))


async def test_a_broadcast_lost_to_an_outage_reaches_the_sockets_once_redis_is_back(
    started_match,
):
    first, second = await _seated(started_match, 0), await _seated(started_match, 1)
    watcher = await _connect(started_match.pk, second)
    assert (await watcher.connect())[0]
    assert (await watcher.receive_json_from(5))["version"] == 0

    response = await sync_to_async(_move_while_the_layer_is_down)(first, started_match.pk)
    assert response.status_code == 200 and response.json()["version"] == 1
    assert await watcher.receive_nothing(1)  # the broadcast failed
    jobs = Job.objects.filter(kind="play.match_changed", payload__version=1)
    assert await sync_to_async(jobs.exists)()  # ...and was kept

    assert await sync_to_async(_drain_later)() == 1  # Redis answers again: the worker's turn
    update = await watcher.receive_json_from(5)
    assert update["type"] == "snapshot" and update["version"] == 1
    assert not await sync_to_async(jobs.exists)()
    assert await watcher.receive_nothing(1)  # once
    await watcher.disconnect()


def test_a_bot_turn_lost_to_a_broker_outage_is_played_once_the_broker_is_back(
    alice, celery_worker, outbox_worker
):
    table = lobby_create(host=alice, game="dicecity", seats=2)
    with broker_down():
        lobby_add_bot(table_id=table.pk, user=alice)  # the table is full: it starts
        match = Match.objects.get(table=table)
        if match.seats.get(user=alice).to_act:
            _play_out_the_turn(match)
    match.refresh_from_db()
    bot = match.seats.get(user=None)
    assert bot.to_act  # the bot owes a move and could not be woken
    stuck = match.version
    assert Job.objects.filter(kind="play.match_changed", payload__version=stuck).exists()
    assert not celery_app.conf.task_always_eager  # the real worker from here on

    outbox_worker.start()
    alice_again = lambda: Match.objects.get(pk=match.pk).seats.get(user=alice).to_act  # noqa: E731
    assert wait(alice_again, timeout=90), outbox_worker.log() + celery_worker.log_path.read_text()
    assert wait(lambda: not Job.objects.filter(payload__match=match.pk).exists())
    turns = match.log.filter(seq__gt=stuck).values_list("seat", flat=True)
    assert set(turns) == {bot.index}  # the bot played its one turn, then handed over
