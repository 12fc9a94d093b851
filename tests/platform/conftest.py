"""Personas and factories for the platform tests (alice hosts, bob joins, carol watches)."""

from __future__ import annotations

import itertools

import pytest

from games.core import registry

_names = itertools.count(1)


@pytest.fixture(autouse=True)
def goofspiel_registered(monkeypatch):
    """Goofspiel (tests/platform/goofspiel.py) is a tiny real game the platform tests play."""
    monkeypatch.setitem(registry.GAME_MODULES, "goofspiel", "tests.platform.goofspiel")


@pytest.fixture(autouse=True)
def english_around_each_test():
    """Every test starts and ends in English: a test that activates a language (a request, an
    e-mail rendered in its recipient's) leaves no trace in the next (docs/i18n.md)."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.activate("en")


def make_user(name: str, password: str = "a-long-password-1"):
    from accounts.models import User

    user = User.objects.create_user(
        email=f"{name}{next(_names)}@example.com", password=password, display_name=name
    )
    from allauth.account.models import EmailAddress

    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def clock_runs_out_at(match_id: int, deadline) -> None:
    """Set a match's clock so that every seat owing a decision runs out at `deadline`: each
    seat's bank (play/banks.py: it started to owe `left` seconds before) and the sweep's index."""
    from datetime import timedelta

    from play.models import Match

    match = Match.objects.get(pk=match_id)
    banks = match.banks if isinstance(match.banks, list) else []
    for entry in banks:
        if entry.get("since"):
            entry["since"] = (deadline - timedelta(seconds=entry["left"])).isoformat()
    Match.objects.filter(pk=match_id).update(deadline=deadline, banks=banks)


@pytest.fixture
def alice(db):
    return make_user("alice")


@pytest.fixture
def bob(db):
    return make_user("bob")


@pytest.fixture
def carol(db):
    return make_user("carol")


@pytest.fixture
def started_match(alice, bob):
    """A two-seat Goofspiel match between alice and bob."""
    from lobbies.services import lobby_create, lobby_join

    table = lobby_create(host=alice, game="goofspiel", seats=2, options={"cards": 3})
    lobby_join(table_id=table.pk, user=bob)
    table.refresh_from_db()
    return table.match
