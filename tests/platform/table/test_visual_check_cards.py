"""The visual check of the Dice City and SPQF boards, stricter than test_visual_check.py: at the
start (seeds 1-3) and at the moments whose choices lie outside the player's own area (Dice
City's attack and build steps and the place to build on; SPQF's follow, modify, resolve and
recruit), on a laptop (1280x900) and a phone (390x844), it fails when

- the player's own area (#my-area) is not wholly in the first screen,
- any choice the engine offers has no place in the first screen (a row that scrolls sideways
  counts when the row itself is on screen; the collapsed list of buttons does not count),
- a choice is offered only as a button of that list, not on the board itself,
- the page is wider than the screen.

The board of a player who waits (another seat to play) and the end of a game are checked for
their width and photographed too. Screenshots go to var/screenshots/
(cards-<game>-<moment>-<size>.png) for people to look at."""

from __future__ import annotations

import pytest

from tests.platform.conftest import make_user

from .conftest import LAPTOP, PHONE, SHOTS, needs_chromium, page_width, session_cookie, wait_js
from .factories import played_to_end, seeded_match
from .positions import MOMENTS, match_at, seat_to_act

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]

SEATS = {"dicecity": 2, "spqf": 3}
SIZES = {"laptop": LAPTOP, "phone": PHONE}

OWN_AREA = """(() => {
  const area = document.getElementById('my-area');
  if (!area) return null;
  const r = area.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
})()"""

# Every legal action of the viewer not shown in the first screen: a data-action, a data-after
# (a die's targets) or a data-actions (the Well's dice) in view. A closed <details> shows its
# summary, a die's hidden tray shows at its die.
CHOICES_OUT_OF_VIEW = """(() => {
  const vw = window.innerWidth, vh = window.innerHeight, kit = window.BOARDKIT;
  const board = document.getElementById('board');
  const fallback = document.querySelector('#actions');
  function shown(el) {
    const tray = el.closest('.dc-tray[hidden]');
    if (tray) el = board.querySelector('[data-pick="' + tray.dataset.tray + '"]');
    const closed = el.closest('details:not([open])');
    if (closed && !el.closest('summary')) el = closed.querySelector('summary');
    return el;
  }
  function inView(el) {
    el = shown(el);
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || r.top < 0 || r.bottom > vh) return false;
    if (r.left >= 0 && r.right <= vw) return true;
    for (let p = el.parentElement; p && p !== board; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (['auto', 'scroll'].includes(s.overflowX) && p.scrollWidth > p.clientWidth) {
        const q = p.getBoundingClientRect();
        return q.left >= 0 && q.right <= vw + 1 && q.top >= 0 && q.bottom <= vh;
      }
    }
    return false;
  }
  const seen = {};
  function note(action, el) {
    const k = kit.actionKey(action);
    seen[k] = seen[k] || inView(el);
  }
  board.querySelectorAll('[data-action]').forEach(el => {
    if (!fallback.contains(el)) note(JSON.parse(el.dataset.action), el);
  });
  board.querySelectorAll('[data-after]').forEach(el => {
    Object.values(JSON.parse(el.dataset.after)).forEach(a => note(a, el));
  });
  board.querySelectorAll('[data-actions]').forEach(el => {
    Object.values(JSON.parse(el.dataset.actions)).forEach(a => note(a, el));
  });
  return window.TABLE.payload().legal.map(i => i.action)
    .filter(a => !seen[kit.actionKey(a)]).map(a => JSON.stringify(a));
})()"""

ONLY_AS_BUTTONS = "document.querySelectorAll('#actions > button.legal').length"


def _tables(game: str) -> list[tuple[str, object, str]]:
    people = [make_user(name) for name in ("alice", "bob", "carol")[: SEATS[game]]]
    always = lambda state, legal: True  # noqa: E731 - the first position
    moments = [(f"seed{seed}", seed, always) for seed in (1, 2, 3)]
    moments += [(name, 1, moment) for name, moment in MOMENTS[game].items()]
    tables = []
    for label, seed, moment in moments:
        match = match_at(game, seed, people, moment)
        tables.append((label, match, session_cookie(people[seat_to_act(match)])))
    waiting = match_at(game, 2, people, always)
    idle = (seat_to_act(waiting) + 1) % len(people)
    tables.append(("waiting", waiting, session_cookie(people[idle])))
    over = played_to_end(seeded_match(game, 4, people))
    tables.append(("over", over, session_cookie(people[0])))
    return tables


def _problems(page, game: str, label: str, size: str, viewport: dict[str, int]) -> list[str]:
    where = f"{game} {label} {size}"
    found = []
    if page_width(page) > viewport["width"]:
        found.append(f"{where}: {page_width(page)} px wide")
    if label == "over":  # the result comes first: only the width matters
        return found
    area = page.evaluate(OWN_AREA)
    if area is None or area["top"] < 0 or area["bottom"] > viewport["height"]:
        found.append(f"{where}: own area at {area}")
    elif area["left"] < 0 or area["right"] > viewport["width"]:
        found.append(f"{where}: own area wider than the screen {area}")
    missing = page.evaluate(CHOICES_OUT_OF_VIEW)
    if missing:
        found.append(f"{where}: {len(missing)} choices out of view, e.g. {missing[:3]}")
    if page.evaluate(ONLY_AS_BUTTONS):
        found.append(f"{where}: choices offered only as buttons")
    return found


@pytest.mark.parametrize("game", sorted(SEATS))
def test_your_area_and_every_choice_are_in_the_first_screen(launch, game):
    tables = _tables(game)
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    with launch() as open_page:
        for label, match, cookie in tables:
            for size, viewport in SIZES.items():
                page = open_page(cookie, f"/matches/{match.pk}/", viewport)
                wait_js(
                    page,
                    "window.BOARDKIT !== undefined && "
                    "document.getElementById('board').dataset.snapshot !== undefined",
                )
                page.screenshot(path=str(SHOTS / f"cards-{game}-{label}-{size}.png"))
                problems += _problems(page, game, label, size, viewport)
                page.context.close()
    assert not problems, "\n".join(problems)
