"""Checked by looking (issue 34): each game's table at a fixed position, seen by the seat to
play, on a laptop (1280x900) and a phone (390x844), in English, Spanish and Vietnamese. Each
first screen is compared with its committed reference (tests/platform/table/looks/, pixel by
pixel: looks.py) and fails on an unintended change; axe-core finds no serious or critical
violation on any of them; the page is never wider than the screen.

What changes from run to run is masked: the match number in the title, the clocks. After a
wanted change: LOOKS_UPDATE=1 rewrites the references; look at them before committing."""

from __future__ import annotations

import pytest

from games.core import get_game
from tests.platform.a11y.conftest import AXE, audit
from tests.platform.conftest import make_user

from .conftest import LAPTOP, PHONE, SHOTS, needs_chromium, page_width, session_cookie, wait_js
from .factories import played, seeded_match
from .looks import compare

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]

# A position a few decisions in (the log, the panels and the last moves have something to show).
POSITIONS = {"dicecity": (5, 3), "spqf": (4, 3), "scythe": (3, 4)}  # game: (seed, decisions)
SIZES = {"laptop": LAPTOP, "phone": PHONE}
LANGUAGES = ("en", "es", "vi")
MASKED = ".match-head h1, #status, .panel-clock"
NUMBERLESS = (
    "(h => { h.textContent = h.textContent.replace(/#\\d+/, '#0'); })"
    "(document.querySelector('.match-head h1'))"
)
READY = (
    "document.getElementById('board').dataset.socket === 'open' &&"
    " document.getElementById('board').dataset.snapshot !== undefined && !!document.fonts &&"
    " document.fonts.status === 'loaded'"
)


def _position(game: str):
    """Two people at a fixed seed, played to a seat's turn (nobody moves while we look)."""
    seed, decisions = POSITIONS[game]
    people = [make_user("alice"), make_user("bob")]
    match = played(seeded_match(game, seed, people), decisions)
    return match, people[get_game(game).to_act(match.state)[0]]


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_each_table_looks_as_its_reference_in_three_languages_at_both_sizes(launch, game):
    match, viewer = _position(game)
    cookie = session_cookie(viewer)
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    with launch() as open_page:
        for size, viewport in SIZES.items():
            for lang in LANGUAGES:
                page = open_page(cookie, "/", viewport)
                base = page.url.rstrip("/")
                host = base.split("//")[1].split(":")[0]
                page.context.add_cookies(
                    [{"name": "django_language", "value": lang, "domain": host, "path": "/"}]
                )
                page.add_init_script("localStorage.setItem('table-motion', 'off')")
                page.add_init_script(path=str(AXE))
                page.goto(f"{base}/matches/{match.pk}/")
                wait_js(page, READY)
                page.wait_for_timeout(300)  # the board scripts' first "table:update"
                # The match number depends on the tests run before: one width for all.
                page.evaluate(NUMBERLESS)
                name = f"{game}-{size}-{lang}"
                shot = page.screenshot(
                    path=str(SHOTS / f"table-{name}.png"),
                    animations="disabled",
                    caret="hide",
                    mask=[page.locator(MASKED)],
                )
                problem = compare(page, name, shot, SHOTS / f"table-{name}-diff.png")
                problems += [problem] if problem else []
                problems += [f"{name}: {v}" for v in audit(page)]
                if page_width(page) > viewport["width"]:
                    problems.append(f"{name}: {page_width(page)} px wide")
                page.context.close()
    assert not problems, "\n".join(problems)
