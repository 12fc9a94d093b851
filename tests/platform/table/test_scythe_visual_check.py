"""The visual check, stricter for Scythe and at more moments than the start: on a laptop
(1280x900) and a phone (390x844), seen by the seat to play, the player's own mat (#my-area), the
whole map when it holds choices, and every choice of the moment drawn on the board (the
clickable things of the status bar, the panel of the moment, the mat and the territories ringed
on the map) are wholly in the first screen, and the page is no wider than the screen.
Screenshots go to var/screenshots/."""

from __future__ import annotations

import pytest

from tests.platform.conftest import make_user

from .conftest import LAPTOP, PHONE, SHOTS, needs_chromium, page_width, session_cookie, wait_js
from .scythe_states import (
    GAME,
    mech_with_cargo,
    reached,
    ready_to_build,
    second_unit_moving,
    state_match,
)

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]

MOMENTS = {
    "move": mech_with_cargo,
    "move-on": second_unit_moving,
    "build": ready_to_build,
    "combat": lambda: reached("combat"),
    "encounter": lambda: reached("encounter"),
    "payment": lambda: reached("payment", seats=4),
    "grant": lambda: reached("grant", seats=5),
}
SIZES = {"laptop": LAPTOP, "phone": PHONE}

# What must be seen: the own area, and every choice drawn on the board outside the fallbacks
# (the site's button list, the list under the map, closed panels: those are not drawn at all).
OUT_OF_VIEW = """(() => {
  const h = window.innerHeight, w = window.innerWidth;
  const out = [];
  const area = document.getElementById('my-area');
  if (!area) return ['no #my-area'];
  const map = document.querySelector('#board svg.sc-map');
  const seen = [area, ...document.querySelectorAll(
    '#board .sc .legal, #board .sc .sc-pick, #board .sc .sc-ring')];
  if (map.querySelector('.sc-ring, .sc-pick')) seen.push(map);  // choices there: all of it
  for (const el of seen) {
    if (el.closest('.actions, .sc-hexlist, .sc-players, details:not([open])')) continue;
    const r = el.getBoundingClientRect();
    if (r.top < -1 || r.bottom > h + 1 || r.left < -1 || r.right > w + 1) {
      out.push((el.id || el.getAttribute('class')) + ' ' + Math.round(r.top) + '..' +
               Math.round(r.bottom) + ' (' + (el.dataset.action || el.dataset.part || '') + ')');
    }
  }
  return out;
})()"""


@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_your_mat_and_every_choice_of_the_moment_are_in_the_first_screen(launch, moment):
    state = MOMENTS[moment]()
    people = [make_user(f"player{i}") for i in range(len(state["players"]))]
    match = state_match(state, people)
    cookie = session_cookie(people[GAME.to_act(state)[0]])
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    with launch() as open_page:
        for size, viewport in SIZES.items():
            page = open_page(cookie, f"/matches/{match.pk}/", viewport)
            wait_js(page, "document.getElementById('board').dataset.snapshot !== undefined")
            page.screenshot(path=str(SHOTS / f"scythe-{moment}-{size}.png"))
            problems += [f"{size}: {p}" for p in page.evaluate(OUT_OF_VIEW)]
            if page_width(page) > viewport["width"]:
                problems.append(f"{size}: {page_width(page)} px wide")
            page.context.close()
    assert not problems, "\n".join(problems)


def test_a_finished_game_shows_the_result_first_and_fits_the_screen(launch):
    from .factories import played_to_end, seeded_match

    people = [make_user(name) for name in ("alice", "bob", "carol")]
    match = played_to_end(seeded_match("scythe", 2, people))
    cookie = session_cookie(people[0])
    with launch() as open_page:
        for size, viewport in SIZES.items():
            page = open_page(cookie, f"/matches/{match.pk}/", viewport)
            wait_js(page, "document.getElementById('board').dataset.snapshot !== undefined")
            page.screenshot(path=str(SHOTS / f"scythe-finished-{size}.png"))
            top = page.evaluate("document.getElementById('outcome').getBoundingClientRect().top")
            assert 0 <= top < viewport["height"] / 2, (size, top)
            assert page.locator("#board [data-part], #board .sc .legal").count() == 0
            assert page_width(page) <= viewport["width"], size
            page.context.close()
