"""Error reports (shared/reports.py): an error inside a move reaches Sentry's SDK as an event
that says where the code failed, and nothing of who played or what the seats hold."""

from __future__ import annotations

import dataclasses
import json

import pytest
import sentry_sdk
from django.test import Client
from sentry_sdk.transport import Transport

from games.core import registry
from shared.reports import reports_start, scrub


class Kept(Transport):
    """A transport that keeps the events it is handed, in memory: nothing leaves the machine."""

    def __init__(self) -> None:
        super().__init__()
        self.events: list[dict] = []

    def capture_envelope(self, envelope) -> None:
        event = envelope.get_event()
        if event is not None:
            self.events.append(event)


@pytest.fixture
def reports(settings):
    settings.SENTRY_DSN = "https://public@sentry.invalid/1"
    kept = Kept()
    assert reports_start("web", transport=kept)
    yield kept
    sentry_sdk.get_client().close()
    sentry_sdk.init()  # asleep again: the next tests send nothing


def test_it_reports_an_error_inside_a_move_without_people_or_secrets(
    reports, started_match, monkeypatch
):
    def apply_breaks(state, seat, action):
        raise RuntimeError("the engine broke")

    game = registry.get_game("goofspiel")
    monkeypatch.setitem(
        registry._loaded, "goofspiel", dataclasses.replace(game, apply=apply_breaks)
    )
    seat = started_match.seats.select_related("user").get(index=0)
    web = Client(raise_request_exception=False)
    web.force_login(seat.user)
    session = web.cookies["sessionid"].value

    response = web.post(
        f"/api/matches/{started_match.pk}/actions/",
        {"action": {"type": "bid", "card": 2}, "version": 0},
        content_type="application/json",
    )

    assert response.status_code == 500
    [event] = [e for e in reports.events if e.get("exception")]
    assert event["exception"]["values"][-1]["value"] == "the engine broke"
    sent = json.dumps(event)
    state = started_match.state
    for secret in (
        seat.user.email,
        seat.user.display_name,
        session,
        '"hands"',
        '"deck"',
        json.dumps(state["hands"]),
        json.dumps(state["deck"]),
        '"card"',
    ):
        assert secret not in sent, secret
    frames = event["exception"]["values"][-1]["stacktrace"]["frames"]
    assert any(f["function"] == "apply_breaks" for f in frames)
    assert not any("vars" in f for f in frames)
    assert event["tags"]["process"] == "web" and "user" not in event
    assert event["tags"]["request_id"] == response["X-Request-ID"]  # as in its log lines


def test_it_strips_what_the_integrations_add_about_people_and_seats():
    """What the ASGI and Celery integrations attach (the request, the user, task arguments,
    frame variables, query parameters in breadcrumbs) leaves without anything personal."""
    event = {
        "request": {
            "method": "POST",
            "url": "https://play.example/api/matches/7/actions/",
            "query_string": "token=abc",
            "data": {"action": {"type": "bid", "card": 2}},
            "cookies": {"sessionid": "s3cr3t"},
            "headers": {"Cookie": "sessionid=s3cr3t", "User-Agent": "test", "X-CSRFToken": "t"},
            "env": {"REMOTE_ADDR": "203.0.113.9"},
        },
        "user": {"id": 12, "email": "alice@example.com", "username": "Alice Liddell"},
        "extra": {"celery-job": {"args": [7], "kwargs": {"state": {"hands": [[1, 2]]}}}},
        "contexts": {"runtime": {"name": "CPython"}, "state": {"deck": [3]}},
        "logentry": {"message": "bad move %s", "params": ["{'hands': [[1]]}"], "formatted": "x"},
        "exception": {
            "values": [
                {
                    "value": "no seat for alice@example.com",
                    "stacktrace": {"frames": [{"function": "apply", "vars": {"state": "..."}}]},
                }
            ]
        },
        "breadcrumbs": {"values": [{"message": "SELECT", "data": {"params": ["alice"]}}]},
    }
    sent = scrub(event)
    assert sent["request"] == {
        "method": "POST",
        "url": "https://play.example/api/matches/7/actions/",
        "headers": {"User-Agent": "test"},
    }
    assert sent["user"] == {"id": 12}
    assert "extra" not in sent and sent["contexts"] == {"runtime": {"name": "CPython"}}
    assert sent["logentry"] == {"message": "bad move %s"}
    assert sent["exception"]["values"][0]["value"] == "no seat for [e-mail]"
    assert sent["exception"]["values"][0]["stacktrace"]["frames"] == [{"function": "apply"}]
    assert sent["breadcrumbs"]["values"] == [{"message": "SELECT"}]
