"""No kind of work waits behind another (issue 31, point 3): with the bot queue full of slow bot
turns, a tournament's next round starts and a turn e-mail is sent within seconds, on real Celery
workers (one for the bots, one for the rest, as compose runs them) over Redis."""

from __future__ import annotations

import os
import time
import uuid
from pathlib import Path

import pytest
import redis
from django.conf import settings

from config.celery import app as celery_app
from config.queues import kind_of, queue_names
from lobbies.services import lobby_add_bot, lobby_create
from play.models import Match
from play.services import seat_forfeit
from tests.platform.conftest import make_user
from tests.platform.services.test_turn_emails_worker import (
    _dice_city,
    celery_sending_to,
    inbox,
    worker_process,
)
from tournaments.models import Tournament
from tournaments.services import tournament_create, tournament_register, tournament_start

__all__ = ["inbox"]  # the fixture: an SMTP sink
pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[3]
SLOW_BOT_MS = 1500  # between two bot moves: each bot task below lasts minutes
BOT_GAMES = 6
WITHIN_S = 5.0


def test_every_task_has_its_kind():
    assert kind_of("play.tasks.bots_play") == "bots"
    assert kind_of("tournaments.tasks.tournament_advance") == "tournaments"
    assert kind_of("notifications.tasks.turn_email_send") == "mail"
    assert kind_of("tournaments.tasks.tournament_email_send") == "mail"
    assert kind_of("notifications.sweep.deadlines_sweep") == "sweeps"
    assert kind_of("ladders.tasks.matchmaking_pair") == "sweeps"
    assert queue_names("site") == [
        "site",
        "site.bots",
        "site.tournaments",
        "site.mail",
        "site.sweeps",
        "site.ratings",
    ]


def test_a_task_reaches_its_kinds_queue_alone():
    """Sent through the broker with no worker listening: one copy, in its own queue's list."""
    queue = f"test-{uuid.uuid4().hex[:8]}"
    sent = {
        f"{queue}.bots": ("play.tasks.bots_play", [0]),
        f"{queue}.mail": ("notifications.tasks.turn_email_send", [0, 0]),
        f"{queue}.tournaments": ("tournaments.tasks.tournament_advance", [0]),
        f"{queue}.sweeps": ("notifications.sweep.deadlines_sweep", []),
    }
    client = redis.Redis.from_url(settings.REDIS_URL)
    try:
        with celery_sending_to(queue):
            for name, args in sent.values():
                celery_app.send_task(name, args)
        lengths = {name: client.llen(name) for name in queue_names(queue)}
    finally:
        client.delete(*queue_names(queue))
    assert lengths == {name: int(name in sent) for name in queue_names(queue)}


def _env(queue: str, smtp_port: int) -> dict[str, str]:
    db = settings.DATABASES["default"]
    return {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "CELERY_QUEUE": queue,
        "BOT_MOVE_DELAY_MS": str(SLOW_BOT_MS),
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(smtp_port),
        "PYTHONPATH": f"{ROOT / 'platform'}:{ROOT}",
    }


def _bots_busy(host) -> None:
    """BOT_GAMES matches where the host resigned at once: two bots play each game on, one slow
    move after another, in one long bot task per match."""
    for _ in range(BOT_GAMES):
        table = lobby_create(host=host, game="dicecity", seats=3)
        lobby_add_bot(table_id=table.pk, user=host)
        lobby_add_bot(table_id=table.pk, user=host)
        match = Match.objects.get(table=table)
        seat_forfeit(match_id=match.pk, seat_index=match.seats.get(user=host).index, reason="x")


def _waiting(queue: str) -> int:
    return int(redis.Redis.from_url(settings.REDIS_URL).llen(queue))


def _until(condition, timeout: float) -> float | None:
    """Seconds until `condition()` held, or None if it did not within `timeout`."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if condition():
            return time.monotonic() - start
        time.sleep(0.05)
    return None


def _knockout(players) -> Tournament:
    cup = tournament_create(
        organiser=players[0],
        name="Queue cup",
        game="dicecity",
        format="single_elimination",
        table_size=2,
        mode="turn",
    )
    for player in players:
        tournament_register(tournament_id=cup.pk, user=player)
    return tournament_start(tournament_id=cup.pk, user=players[0])


def _round_one_ended(cup: Tournament) -> None:
    for match in Match.objects.filter(tournament_table__tournament=cup):
        seat_forfeit(match_id=match.pk, seat_index=0, reason="resigned")


def test_a_full_bot_queue_delays_neither_a_round_nor_an_email(inbox, tmp_path):
    handler, smtp_port = inbox
    queue = f"test-{uuid.uuid4().hex[:8]}"
    env = _env(queue, smtp_port)
    rest = [name for name in queue_names(queue) if name != f"{queue}.bots"]
    bots = worker_process(queue, env, tmp_path / "bots.log", serves=[f"{queue}.bots"])
    others = worker_process(queue, env, tmp_path / "others.log", serves=rest)
    logs = [next(bots).log_path, next(others).log_path]
    try:
        for log in logs:  # both listening before anything is timed
            assert _until(lambda log=log: " ready." in Path(log).read_text(), 90) is not None
        players = [make_user(name) for name in ("alice", "bob", "carol", "dave")]
        _bots_busy(players[0])
        assert _until(lambda: _waiting(f"{queue}.bots") >= BOT_GAMES - 1, 30) is not None
        cup = _knockout(players)
        _round_one_ended(cup)
        advanced = _until(lambda: cup.rounds_set.count() == 2, 60)
        match = _dice_city(make_user("erin"), make_user("frank"))
        to_act = match.seats.get(to_act=True).user.email
        mailed = _until(lambda: any(to_act in rcpts for rcpts, _ in handler.messages), 60)
        still_waiting = _waiting(f"{queue}.bots")
    finally:  # the last started first: each restores the Celery settings it found
        others.close()
        bots.close()
    tails = "\n".join(Path(p).read_text()[-2000:] for p in logs)
    assert advanced is not None and advanced <= WITHIN_S, (advanced, tails)
    assert mailed is not None and mailed <= WITHIN_S, (mailed, tails)
    assert still_waiting >= BOT_GAMES - 2  # the bots' queue had not drained meanwhile
