"""Metrics (shared/metrics.py) scraped from real processes: a uvicorn server after a move over a
real WebSocket, a Celery worker after a task, the outbox worker and mail-in; each refuses a
scrape without the bearer token."""

import json
import re
import smtplib
import sys
import urllib.error
import urllib.request
from contextlib import ExitStack

import pytest

from notifications.tokens import ReplyToken, reply_address
from outbox.services import job_record
from play.services import MATCH_CHANGED_JOB
from play.tasks import bots_play
from tests.platform.faults.conftest import Process, service_env, wait
from tests.platform.faults.test_asgi_server_killed import _port_open, _socket
from tests.platform.services.test_turn_emails_worker import _dice_city, worker_process

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

TOKEN = "scrape-token-for-the-tests"
WEB, WORKER, OUTBOX, MAIL_IN, MAIL_IN_METRICS = 8711, 8712, 8713, 8714, 8715


def metrics_env(tmp_path, port: int = 0, **extra: str) -> dict[str, str]:
    folder = tmp_path / f"prometheus-{port}"
    folder.mkdir()
    return service_env(
        0,
        "",
        METRICS="1",
        METRICS_TOKEN=TOKEN,
        METRICS_PORT=str(port),
        PROMETHEUS_MULTIPROC_DIR=str(folder),
        **extra,
    )


def scrape(url: str, token: str | None = TOKEN) -> tuple[int, str]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode()


def value(text: str, sample: str) -> float:
    """The value of one sample line (`name{labels}`), 0 when absent."""
    found = re.search(rf"^{re.escape(sample)} (\S+)$", text, re.MULTILINE)
    return float(found.group(1)) if found else 0.0


def refuses_strangers(url: str) -> None:
    assert scrape(url, None)[0] == 401
    assert scrape(url, "not-the-token")[0] == 401


@pytest.fixture
def site(tmp_path):
    server = Process(
        [sys.executable, "-m", "uvicorn", "config.asgi:application", "--port", str(WEB)],
        metrics_env(tmp_path, CELERY_TASK_ALWAYS_EAGER="true"),
        tmp_path / "uvicorn.log",
    )
    server.port = WEB
    server.start()
    assert wait(lambda: _port_open(WEB), timeout=30), server.log()
    yield server
    server.stop()


def test_a_move_over_a_websocket_moves_the_web_counters(site, alice, bob):
    url = f"http://127.0.0.1:{WEB}/metrics"
    refuses_strangers(url)
    match = _dice_city(alice, bob)
    first = match.seats.select_related("user").get(to_act=True)
    game = f'game="{match.game}"'
    action = match.engine.legal_actions(match.state, first.index)[-1]
    with ExitStack() as sockets:
        playing = sockets.enter_context(_socket(site, match.pk, first.user))
        assert json.loads(playing.recv(10))["version"] == 0
        status, before = scrape(url)
        assert status == 200
        assert value(before, "tabletop_websockets_open") == 1
        playing.send(json.dumps({"type": "act", "id": 1, "version": 0, "action": action}))
        frames = [json.loads(playing.recv(10))["type"] for _ in range(2)]
        assert "ack" in frames, frames  # and the new version's snapshot
        assert wait(lambda: value(scrape(url)[1], f"tabletop_moves_total{{{game}}}") == 1)
        after = scrape(url)[1]
    assert value(after, f"tabletop_move_frames_seconds_count{{{game}}}") == 1
    assert value(after, "tabletop_outbox_jobs_waiting") >= 0
    assert "tabletop_deadline_sweep_lag_seconds" in after
    assert "tabletop_tournament_rounds_waiting" in after
    assert value(after, "tabletop_site_figures_up") == 1
    assert wait(lambda: value(scrape(url)[1], "tabletop_websockets_open") == 0)
    health = 'tabletop_http_requests_total{method="GET",status="404",view="unmatched"}'
    scrape(f"http://127.0.0.1:{WEB}/no-such-page/")
    assert value(scrape(url)[1], health) == 1


def test_a_celery_worker_counts_its_tasks(tmp_path, queue):
    env = metrics_env(tmp_path, WORKER, CELERY_TASK_ALWAYS_EAGER="false", CELERY_QUEUE=queue)
    worker = worker_process(queue, env, tmp_path / "worker.log")
    process = next(worker)
    try:
        url = f"http://127.0.0.1:{WORKER}/"
        assert wait(lambda: _port_open(WORKER), timeout=30), process.log_path.read_text()
        refuses_strangers(url)
        bots_play.delay(999_999_999)  # no such match: the task fails, and is counted so
        sample = 'tabletop_celery_tasks_total{outcome="failure",task="play.tasks.bots_play"}'
        assert wait(lambda: value(scrape(url)[1], sample) >= 1, timeout=30), scrape(url)[1]
    finally:
        worker.close()


@pytest.fixture
def queue():
    return "metrics-tests"


def test_the_outbox_worker_and_mail_in_count_their_work(tmp_path, alice, bob, settings):
    settings.INBOUND_EMAIL_DOMAIN = "reply.test"
    outbox = Process(
        [sys.executable, "manage.py", "outbox_work", "--idle", "0.2"],
        metrics_env(tmp_path, OUTBOX),
        tmp_path / "outbox.log",
    )
    mail_in = Process(
        [sys.executable, "manage.py", "mail_in", "--port", str(MAIL_IN)],
        metrics_env(tmp_path, MAIL_IN_METRICS, INBOUND_EMAIL_DOMAIN="reply.test"),
        tmp_path / "mail-in.log",
    )
    match = _dice_city(alice, bob)
    with ExitStack() as running:
        for process, port in ((outbox, OUTBOX), (mail_in, MAIL_IN_METRICS)):
            process.start()
            running.callback(process.stop)
            assert wait(lambda port=port: _port_open(port), timeout=30), process.log()
            refuses_strangers(f"http://127.0.0.1:{port}/")
        job_record(MATCH_CHANGED_JOB, {"match": match.pk, "version": 0}, run_now=False)
        done = f'tabletop_outbox_jobs_run_total{{kind="{MATCH_CHANGED_JOB}",outcome="done"}}'
        assert wait(lambda: value(scrape(f"http://127.0.0.1:{OUTBOX}/")[1], done) == 1, 30)
        with smtplib.SMTP("127.0.0.1", MAIL_IN, timeout=10) as smtp:
            smtp.sendmail(
                "carol@example.com",
                [reply_address(ReplyToken(match.pk, 0, match.version))],
                b"Subject: Re: your turn\r\nMessage-ID: <m1@example.com>\r\n\r\nbuild\r\n",
            )
        refused = 'tabletop_inbound_replies_total{outcome="refused"}'  # carol holds no seat
        assert wait(lambda: value(scrape(f"http://127.0.0.1:{MAIL_IN_METRICS}/")[1], refused) == 1)
