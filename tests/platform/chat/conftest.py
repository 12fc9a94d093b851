"""alice and bob play a Goofspiel match; carol watches it; dave is staff."""

from __future__ import annotations

import pytest

from accounts.models import User
from tests.platform.conftest import make_user
from tests.platform.live.conftest import asgi_server  # noqa: F401 - the browser tests' server
from tests.platform.table.conftest import launch  # noqa: F401 - their Chromium pages


@pytest.fixture
def dave(db) -> User:
    user = make_user("dave")
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    return user


@pytest.fixture
def seats(started_match):
    """{"alice": seat index, "bob": ...} of the started match."""
    return {s.user.display_name: s.index for s in started_match.seats.select_related("user")}
