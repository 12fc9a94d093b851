"""In Chromium: the match page shows the log's last 30 entries; "Earlier moves" fetches the
ones before, a page at a time, and goes away when none remain."""

from __future__ import annotations

import pytest

from play import selectors
from tests.platform.conftest import make_user

from .conftest import needs_chromium, session_cookie, wait_js
from .factories import played, seeded_match

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]
SEQS = "Array.from(document.querySelectorAll('#log li')).map(li => Number(li.dataset.seq))"


def test_earlier_moves_loads_the_older_entries(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = played(seeded_match("dicecity", 1, [alice, bob]), moves=40)
    everything = [e["seq"] for e in selectors.log_for(match, 0)]
    assert len(everything) > 30
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, "document.getElementById('board').dataset.socket === 'open'")
        assert page.evaluate(SEQS) == everything[-30:]
        page.get_by_role("link", name="Earlier moves").click()
        wait_js(page, f"document.querySelectorAll('#log li').length === {len(everything)}")
        assert page.evaluate(SEQS) == everything  # oldest first, none twice
        assert page.locator("#log-earlier").count() == 0  # nothing earlier remains
        assert page.url.endswith(f"/matches/{match.pk}/")  # fetched, not followed
