"""The visual check: each game's board at a few fixed seeds, on a laptop (1280x900) and a phone
(390x844), seen by the seat to play. It fails when the player's own area (#my-area: the city,
tableau or mat) is not wholly in the first screen, or when the page is wider than the screen.
The screenshots are kept under var/screenshots/ (CI keeps them as artefacts) for people to
look at."""

from __future__ import annotations

import pytest

from games.core import get_game
from tests.platform.conftest import make_user

from .conftest import LAPTOP, PHONE, SHOTS, needs_chromium, page_width, session_cookie, wait_js
from .factories import seeded_match

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]

SEEDS = (1, 2, 3)
SEATS = {"dicecity": 2, "spqf": 3, "scythe": 2}
SIZES = {"laptop": LAPTOP, "phone": PHONE}

OWN_AREA = """(() => {
  const area = document.getElementById('my-area');
  if (!area) return null;
  const r = area.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, height: window.innerHeight};
})()"""


@pytest.mark.parametrize("game", sorted(SEATS))
def test_your_own_area_is_in_the_first_screen_and_nothing_is_too_wide(launch, game):
    people = [make_user(name) for name in ("alice", "bob", "carol")[: SEATS[game]]]
    engine = get_game(game)
    tables = []
    for seed in SEEDS:
        match = seeded_match(game, seed, people)
        viewer = people[engine.to_act(match.state)[0]]
        tables.append((seed, match, session_cookie(viewer)))
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    with launch() as open_page:
        for seed, match, cookie in tables:
            for size, viewport in SIZES.items():
                page = open_page(cookie, f"/matches/{match.pk}/", viewport)
                wait_js(page, "document.getElementById('board').dataset.snapshot !== undefined")
                page.screenshot(path=str(SHOTS / f"{game}-seed{seed}-{size}.png"))
                area = page.evaluate(OWN_AREA)
                if area is None or area["top"] < 0 or area["bottom"] > area["height"]:
                    problems.append(f"{game} seed {seed} {size}: own area at {area}")
                if page_width(page) > viewport["width"]:
                    problems.append(f"{game} seed {seed} {size}: {page_width(page)} px wide")
                page.context.close()
    assert not problems, "\n".join(problems)
