"""Each game's board played from the keyboard alone, in Chromium (static/js/board-keys.js): Tab
reaches every choice, Enter or Space makes it, Escape drops a half-made choice with the focus
kept where it was, the arrows move to the nearest choice that way; the turn is said in a
polite live region, a refused move in an alert, new log lines in the live log. Screenshots of
the focus ring at both sizes go to /tmp/shots-a11y/."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.dicecity import GAME as DICECITY
from tests.games.dicecity.helpers import act as dc_act
from tests.games.dicecity.helpers import at_step, dice, put
from tests.games.spqf.helpers import act as sp_act
from tests.games.spqf.helpers import arrange, civ, starting
from tests.platform.conftest import make_user
from tests.platform.table.conftest import (
    LAPTOP,
    PHONE,
    in_thread,
    needs_chromium,
    session_cookie,
    wait_js,
)
from tests.platform.table.positions import match_with_state
from tests.platform.table.scythe_states import mech_with_cargo, state_match

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]
SHOTS = Path("/tmp/shots-a11y")
READY = "document.getElementById('board').dataset.socket === 'open'"
KIT_READY = "window.BOARDKIT !== undefined && " + READY
VERSION_ABOVE = "Number(document.querySelector('#board .board-frame').dataset.version) > {}"
FOCUSED = "document.activeElement && document.activeElement.matches({!r})"
ON_BOARD = "document.getElementById('board').contains(document.activeElement)"
MECH = '#board g.sc-pieces[data-at="r2c4"] .sc-mech.sc-pick'
END_STEP = """window.TABLE.send(window.TABLE.payload().legal
  .map((i) => i.action).find((a) => a.type.startsWith('end_')))"""
FORAGE, TERRACES, CELLAR = starting(0, "s_forage"), civ("ag_terraces"), civ("ag_cellar")


def tab_to(page, selector: str, back: bool = False, limit: int = 400) -> None:
    """Press Tab (Shift+Tab with `back`) until `selector` has the focus: it is reachable."""
    for _ in range(limit):
        if page.evaluate(FOCUSED.format(selector)):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {selector}")


def focused(page, selector: str) -> bool:
    return bool(page.evaluate(FOCUSED.format(selector)))


def logged(match) -> list[dict]:
    return in_thread(lambda: [r.action for r in match.log.order_by("seq")])


def ring(page) -> str:
    """The focused element's outline (or, on the map, its stroke): the visible focus ring."""
    return page.evaluate(
        """(() => { const s = getComputedStyle(document.activeElement);
        return s.outlineStyle !== 'none' ? s.outlineColor + ' ' + s.outlineWidth
          : getComputedStyle(document.activeElement.querySelector('polygon, rect, circle, path')
              || document.activeElement).stroke; })()"""
    )


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


# --- Scythe ---------------------------------------------------------------------------------


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_scythe_a_mech_moves_with_cargo_by_keyboard_alone(launch, viewport):
    alice, bob = make_user("alice"), make_user("bob")
    match = state_match(mech_with_cargo(), [alice, bob])
    cookie = session_cookie(alice)
    size = "laptop" if viewport is LAPTOP else "phone"
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/", viewport)
        wait_js(page, READY)
        tab_to(page, MECH)
        assert "rgb(176, 18, 91)" in ring(page)  # the ring, not the board's gold outline
        shoot(page, f"scythe-focus-unit-{size}")
        page.keyboard.press("Enter")
        assert "sc-picked" in page.locator(MECH).get_attribute("class")
        aim = '#board .sc-aim[data-hex="r3c5"]'
        tab_to(page, aim)
        assert "Forest" in page.locator(aim).get_attribute("aria-label")
        shoot(page, f"scythe-focus-target-{size}")
        page.keyboard.press("Enter")
        dialog = page.locator("dialog.sc-dialog")
        assert dialog.is_visible()
        for name in ("Workers carried", "Metal carried"):
            tab_to(page, f'dialog.sc-dialog button[aria-label="more: {name}"]')
            page.keyboard.press("Enter")
        tab_to(page, "dialog.sc-dialog .sc-dialog-buttons button:not(.secondary)")
        page.keyboard.press("Enter")
        wait_js(page, VERSION_ABOVE.format(0))
    assert logged(match) == [
        {"type": "step", "unit": "m0", "to": "r3c5", "workers": 1, "carry": "metal:1"}
    ]


def test_scythe_escape_or_cancel_drops_the_half_made_choice_and_keeps_the_focus(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = state_match(mech_with_cargo(), [alice, bob])
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, READY)
        tab_to(page, MECH)
        page.keyboard.press(" ")
        assert page.locator("#board .sc-aim").count() == 3
        page.keyboard.press("Escape")
        assert page.locator("#board .sc-aim").count() == 0
        assert "sc-picked" not in page.locator(MECH).get_attribute("class")
        assert focused(page, MECH)
        page.keyboard.press("Enter")  # again, then the bar's Cancel (the bar is outside the board)
        tab_to(page, "#sc-compose button.secondary")
        page.keyboard.press("Enter")
        assert page.locator("#board .sc-aim").count() == 0
        wait_js(page, ON_BOARD)  # the focus is back on the board, not lost with the bar
        page.wait_for_timeout(300)
        assert page.locator("#board .board-frame").get_attribute("data-version") == "0"
    assert logged(match) == []


# --- Dice City ------------------------------------------------------------------------------


def _dice_table(**dice_at):
    state = DICECITY.setup(2, 3, {})
    dice(state, 0, **dice_at)
    return state


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_dicecity_a_die_is_picked_and_placed_by_keyboard(launch, viewport):
    alice, bob = make_user("alice"), make_user("bob")
    match = match_with_state("dicecity", [alice, bob], _dice_table(red=2, black=3))
    cookie = session_cookie(alice)
    size = "laptop" if viewport is LAPTOP else "phone"
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/", viewport)
        wait_js(page, KIT_READY)
        red = '#my-area [data-pick="die:red"]'
        tab_to(page, red)
        assert "rgb(176, 18, 91)" in ring(page)
        shoot(page, f"dicecity-focus-die-{size}")
        page.keyboard.press("Enter")
        assert "picked" in page.locator(red).get_attribute("class")
        target = '#my-area td[data-row="black"][data-col="4"]'
        tab_to(page, target)
        shoot(page, f"dicecity-focus-target-{size}")
        page.keyboard.press("Enter")
        wait_js(page, VERSION_ABOVE.format(0))
        # The board was redrawn: the focus stays on the board, not at the top of the page.
        assert page.evaluate(ON_BOARD)
    assert logged(match) == [{"type": "move", "die": "red", "other": "black", "col": 4}]


def test_dicecity_a_card_is_built_by_keyboard_after_an_escape(launch):
    alice, bob = make_user("alice"), make_user("bob")
    state = at_step(DICECITY.setup(2, 3, {}), "build")
    state["players"][0]["res"] = [0, 2, 0]
    match = match_with_state("dicecity", [alice, bob], state)
    cookie = session_cookie(alice)
    quarry = '.dc-piles [data-card="quarry"]'
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, KIT_READY)
        tab_to(page, quarry)
        page.keyboard.press("Enter")
        bar = page.locator("#compose")
        assert bar.is_visible() and "Build Quarry" in bar.inner_text()
        page.keyboard.press("Escape")
        assert not bar.is_visible() and focused(page, quarry)
        assert page.locator("#my-area td[tabindex]").count() == 0  # the targets left the order
        page.keyboard.press("Enter")
        tab_to(page, '#my-area td[data-row="yellow"][data-col="4"]', back=True)
        page.keyboard.press("Enter")
        wait_js(page, VERSION_ABOVE.format(1))
    assert logged(match) == [
        {"type": "build", "card": "quarry"},
        {"type": "place", "row": "yellow", "col": 4},
    ]


def test_dicecity_the_wells_dice_are_chosen_by_keyboard(launch):
    alice, bob = make_user("alice"), make_user("bob")
    state = DICECITY.setup(2, 3, {})
    put(state, 0, "red 3", "well")
    dice(state, 0, red=3, white=1, blue=2)
    match = match_with_state("dicecity", [alice, bob], dc_act(state, "use die=red"))
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, KIT_READY)
        chosen = page.locator(".dc-reroll-chosen")
        for die in ("blue", "white"):
            tab_to(page, f'[data-reroll="{die}"]')
            page.keyboard.press("Enter")
        assert chosen.inner_text() == "white, red, blue"
        page.keyboard.press(" ")  # white out again
        assert chosen.inner_text() == "red, blue"
        tab_to(page, ".dc-reroll-send")
        page.keyboard.press("Enter")
        wait_js(page, VERSION_ABOVE.format(0))
    assert logged(match)[-1] == {"type": "reroll", "dice": ["red", "blue"]}


def test_dicecity_the_arrows_move_to_the_nearest_choice_that_way(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = match_with_state("dicecity", [alice, bob], _dice_table(red=2, black=3))
    cookie = session_cookie(alice)
    centre = (
        "(() => { const r = document.activeElement.getBoundingClientRect();"
        " return [r.left + r.width / 2, r.top + r.height / 2]; })()"
    )
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, KIT_READY)
        tab_to(page, '#my-area [data-pick="die:red"]')
        page.keyboard.press("Enter")  # the targets of the red die join the order
        for key, axis, sign in (("ArrowDown", 1, 1), ("ArrowRight", 0, 1), ("ArrowUp", 1, -1)):
            before = page.evaluate(centre)
            page.keyboard.press(key)
            after = page.evaluate(centre)
            assert (after[axis] - before[axis]) * sign > 0, (key, before, after)
            assert page.evaluate(ON_BOARD)
        page.keyboard.press("Escape")
        assert page.locator("#board .picked").count() == 0


# --- SPQF -----------------------------------------------------------------------------------


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_spqf_an_action_card_and_its_modifier_are_played_by_keyboard(launch, viewport):
    alice, bob = make_user("alice"), make_user("bob")
    match = match_with_state("spqf", [alice, bob], arrange(hands={0: [FORAGE, TERRACES]}))
    cookie = session_cookie(alice)
    forage, terraces = f'#my-area [data-card="{FORAGE}"]', f'#my-area [data-card="{TERRACES}"]'
    size = "laptop" if viewport is LAPTOP else "phone"
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/", viewport)
        wait_js(page, KIT_READY)
        tab_to(page, forage)
        assert "rgb(176, 18, 91)" in ring(page)
        shoot(page, f"spqf-focus-card-{size}")
        page.keyboard.press("Enter")
        slot = page.locator("#compose")
        assert "Play Forage" in slot.inner_text()
        page.keyboard.press("Escape")
        assert "Play Forage" not in slot.inner_text() and focused(page, forage)
        page.keyboard.press(" ")
        tab_to(page, terraces)
        page.keyboard.press("Enter")
        assert "with Acorn Terraces" in slot.inner_text()
        tab_to(page, "#compose button:not(.secondary)", back=True)
        page.keyboard.press("Enter")
        wait_js(page, VERSION_ABOVE.format(1))
    assert logged(match)[:2] == [
        {"type": "play", "card": FORAGE},
        {"type": "modify", "card": TERRACES},
    ]


def test_spqf_a_card_follows_the_second_action_by_keyboard(launch):
    alice, bob = make_user("alice"), make_user("bob")
    state = arrange(hands={0: [CELLAR], 1: [TERRACES]}, cubes={1: [2, 0]})
    match = match_with_state("spqf", [alice, bob], sp_act(state, 0, "play", card=CELLAR))
    cookie = session_cookie(bob)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, KIT_READY)
        tab_to(page, f'#my-area [data-card="{TERRACES}"]')
        page.keyboard.press("Enter")
        line = ".sp-lines li:nth-child(2)"
        tab_to(page, line, back=True)
        assert page.locator(line).get_attribute("role") == "button"
        page.keyboard.press("Enter")
        wait_js(page, VERSION_ABOVE.format(0))
    assert logged(match)[0] == {"type": "follow", "card": TERRACES, "action": 1}


# --- what is said ---------------------------------------------------------------------------


def test_the_turn_a_refused_move_and_new_log_lines_are_announced(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = match_with_state("dicecity", [alice, bob], _dice_table(red=2, black=3))
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, KIT_READY)
        said = page.locator("#announce")
        assert said.get_attribute("aria-live") == "polite" and said.inner_text() == "Your turn."
        log = page.locator("#log")
        assert log.get_attribute("aria-live") == "polite"
        assert log.get_attribute("aria-relevant") == "additions"
        lines = log.locator("li").count()
        page.evaluate("window.TABLE.send({type: 'move', die: 'red', other: 'white', col: 9})")
        error = page.locator("#error")
        wait_js(page, "document.getElementById('error').textContent !== ''")
        assert error.get_attribute("role") == "alert"
        tab_to(page, '#my-area [data-pick="die:red"]')
        page.keyboard.press("Enter")
        tab_to(page, '#my-area td[data-row="black"][data-col="4"]')
        page.keyboard.press("Enter")
        wait_js(page, VERSION_ABOVE.format(0))
        wait_js(page, f"document.querySelectorAll('#log li').length > {lines}")
        for _ in range(6):  # end the turn: the dice step, the attacks, the building
            if said.inner_text() != "Your turn.":
                break
            version = page.evaluate("window.TABLE.payload().version")
            page.evaluate(END_STEP)
            wait_js(page, VERSION_ABOVE.format(version))
        assert said.inner_text() == "Waiting for bob."


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_focus_ring_shows_on_the_sites_links_and_buttons(launch, transactional_db, viewport):
    alice = make_user("alice")
    cookie = session_cookie(alice)
    size = "laptop" if viewport is LAPTOP else "phone"
    with launch() as open_page:
        page = open_page(cookie, "/", viewport)
        page.keyboard.press("Tab")  # first, the way past the header
        assert focused(page, ".skip-link") and page.locator(".skip-link").is_visible()
        assert "rgb(176, 18, 91)" in ring(page)
        shoot(page, f"home-focus-skip-{size}")
        page.keyboard.press("Tab")
        assert focused(page, ".brand") and "rgb(176, 18, 91)" in ring(page)
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Enter")  # skip: the next Tab is in the page, not the header
        page.keyboard.press("Tab")
        assert page.evaluate("document.querySelector('main').contains(document.activeElement)")
        shoot(page, f"home-focus-{size}")
