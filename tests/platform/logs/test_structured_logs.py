"""Structured logs (shared/logs.py): a request's lines are JSON with its id and its player's,
and the Celery tasks and outbox jobs it queues log the same request id."""

from __future__ import annotations

import dataclasses
import json
import logging
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from config.celery import _request_id_sent
from games.core import registry
from outbox.models import Job
from outbox.services import outbox_drain
from play import rows, snapshots
from play.services import action_submit
from shared.logs import JsonFormatter, log_context
from tests.platform.logs.urls import note_task

INCOMING = "edge-7f3a9c21-request"


def _lines(caplog, logger):
    return [json.loads(JsonFormatter().format(r)) for r in caplog.records if r.name == logger]


@pytest.fixture
def web(alice):
    client = Client()
    client.force_login(alice)
    return client


def test_it_logs_a_request_as_json_with_its_request_id_and_user_id(web, alice, caplog):
    caplog.set_level(logging.INFO, logger="tabletop.request")
    response = web.get("/api/players/nobody/ratings/", HTTP_X_REQUEST_ID=INCOMING)
    assert response["X-Request-ID"] == INCOMING
    [line] = _lines(caplog, "tabletop.request")
    assert line["request_id"] == INCOMING and line["user_id"] == alice.pk
    assert line["message"].startswith("GET /api/players/nobody/ratings/ 404")
    assert line["level"] == "INFO" and "time" in line


@pytest.mark.parametrize("incoming", ["short", "has space in it", 'quo"te-1234567', "x" * 65])
def test_it_replaces_a_malformed_incoming_request_id(web, incoming):
    response = web.get("/api/players/nobody/ratings/", HTTP_X_REQUEST_ID=incoming)
    assert response["X-Request-ID"] != incoming and len(response["X-Request-ID"]) == 32


def test_the_tasks_and_jobs_a_request_queues_log_its_request_id(web, caplog, settings):
    settings.ROOT_URLCONF = "tests.platform.logs.urls"
    caplog.set_level(logging.INFO)
    response = web.get("/queue/", HTTP_X_REQUEST_ID=INCOMING)
    assert response.status_code == 200
    [task_line] = _lines(caplog, "tests.logs")
    assert task_line["message"] == "task queued" and task_line["request_id"] == INCOMING
    assert Job.objects.get(kind="tests.logs.note").request_id == INCOMING

    caplog.clear()
    assert outbox_drain(now=timezone.now() + timedelta(minutes=1), kinds=["tests.logs.note"]) == 1
    [job_line] = _lines(caplog, "tests.logs")
    assert job_line["message"] == "job recorded" and job_line["request_id"] == INCOMING


def test_a_task_takes_the_request_id_from_its_headers(caplog):
    caplog.set_level(logging.INFO, logger="tests.logs")
    note_task.apply(args=["sent"], headers={"request_id": INCOMING})
    [line] = _lines(caplog, "tests.logs")
    assert line["message"] == "task sent" and line["request_id"] == INCOMING


def test_a_task_queued_to_a_broker_carries_the_request_id_in_its_headers():
    headers: dict = {}
    with log_context(request_id=INCOMING):
        _request_id_sent(headers=headers)
    assert headers == {"request_id": INCOMING}


def test_a_move_logs_its_match_and_version(started_match, monkeypatch, caplog):
    game = registry.get_game("goofspiel")

    def apply_logged(state, seat, action):
        logging.getLogger("tests.logs").warning("applying")
        return game.apply(state, seat, action)

    monkeypatch.setitem(
        registry._loaded, "goofspiel", dataclasses.replace(game, apply=apply_logged)
    )
    caplog.set_level(logging.INFO, logger="tests.logs")
    user = started_match.seats.get(index=0).user
    action_submit(match_id=started_match.pk, user=user, action="bid card=2", version=0)
    [line] = _lines(caplog, "tests.logs")
    assert line["match_id"] == started_match.pk and line["version"] == 0


def test_a_moves_own_outbox_row_keeps_the_request_id(started_match, monkeypatch):
    """The one statement of a move (play/rows.move_write) writes the request id on its job."""
    written = []
    move_write = rows.move_write

    def spied(**kwargs):
        written.append(kwargs["job_kind"])
        return move_write(**kwargs)

    monkeypatch.setattr(rows, "move_write", spied)
    client = Client()
    client.force_login(started_match.seats.get(index=0).user)
    snapshots.load(started_match.pk, 0)  # this process holds the match's rows, as after a view
    actions = f"/api/matches/{started_match.pk}/actions/"
    body = {"action": "bid card=2", "version": 0}
    answer = client.post(actions, body, content_type="application/json", HTTP_X_REQUEST_ID=INCOMING)
    assert answer.status_code == 200, answer.content
    assert written, "the move took the locked path, not the one statement"
    job = Job.objects.get(kind=written[0], payload__version=1)
    assert job.request_id == INCOMING
