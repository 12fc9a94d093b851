"""Scythe played on the board itself, in Chromium (static/games/scythe/board.js): a unit, then a
territory, with what it carries chosen in a dialog; a structure on the mat, then a territory; a
half-made choice cancelled before anything is sent; an opponent's last move shown on the map."""

from __future__ import annotations

import pytest

from games.core import Rng, get_game
from play.services import action_submit
from tests.platform.conftest import make_user

from .conftest import PHONE, SHOTS, in_thread, needs_chromium, session_cookie, wait_js
from .factories import seeded_match
from .scythe_states import mech_with_cargo, ready_to_build, ready_to_upgrade, state_match

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]
GAME = get_game("scythe")
READY = "document.getElementById('board').dataset.snapshot !== undefined"
VERSION_IS = "Number(document.querySelector('#board .board-frame').dataset.version) === {}"
MECH = '#board g.sc-pieces[data-at="r2c4"] .sc-mech.sc-pick'


def hex_click(page, hex_id: str) -> None:
    """A click in the middle of a territory, whatever piece lies there (brought into view
    first: the map is wider than the first screen and pans in its box)."""
    shape = page.locator(f'#board .sc-hex[data-hex="{hex_id}"] polygon')
    shape.evaluate("e => e.scrollIntoView({block: 'center', inline: 'center'})")
    box = shape.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.8)


def counter(page, name: str, times: int) -> None:
    for _ in range(times):
        page.locator(f'dialog.sc-dialog button[aria-label="more: {name}"]').click()


def logged(match) -> list[dict]:
    return in_thread(lambda: [r.action for r in match.log.order_by("seq")])


def test_it_moves_a_mech_by_clicking_it_then_a_territory_with_cargo_from_the_dialog(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = state_match(mech_with_cargo(), [alice, bob])
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, READY)
        page.locator(MECH).click()
        assert page.locator(MECH).get_attribute("class").count("sc-picked") == 1
        targets = page.locator("#board .sc-overlay .sc-aim")
        assert sorted(t.get_attribute("data-hex") for t in targets.all()) == [
            "r1c4",
            "r1c5",
            "r3c5",
        ]
        assert "Mech 1 (Riverwalk)" in page.locator("#sc-compose").inner_text()
        hex_click(page, "r3c5")
        dialog = page.locator("dialog.sc-dialog")
        assert dialog.is_visible() and "Forest west of the Rusviet base" in dialog.inner_text()
        counter(page, "Workers carried", 1)
        counter(page, "Metal carried", 1)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "scythe-move-dialog-laptop.png"))
        dialog.get_by_role("button", name="Move").click()
        wait_js(page, VERSION_IS.format(1))
    assert logged(match) == [
        {"type": "step", "unit": "m0", "to": "r3c5", "workers": 1, "carry": "metal:1"}
    ]


def test_a_mix_of_tokens_is_carried_one_by_one_as_the_engine_asks(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = state_match(mech_with_cargo(), [alice, bob])
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/", PHONE)
        wait_js(page, READY)
        page.locator(MECH).click()
        # On the phone a tap on a crowded hex asks which unit is meant.
        page.locator("#sc-compose.sc-fan").get_by_role("button", name="Mech 1 (Riverwalk)").click()
        hex_click(page, "r1c5")
        counter(page, "Food carried", 1)
        counter(page, "Metal carried", 1)
        page.locator("dialog.sc-dialog").get_by_role("button", name="Move").click()
        wait_js(page, VERSION_IS.format(4))
    assert logged(match) == [
        {"type": "step", "unit": "m0", "to": "r1c5", "workers": 0, "carry": "some"},
        {"type": "load", "res": "food"},
        {"type": "load", "res": "metal"},
        {"type": "done"},
    ]
    state = in_thread(lambda: type(match).objects.get(pk=match.pk).state)
    assert state["res"] == {"r2c4": [0, 0, 1, 0], "r1c5": [1, 0, 1, 0]}


def test_a_half_made_choice_is_cancelled_before_anything_is_sent(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = state_match(mech_with_cargo(), [alice, bob])
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, READY)
        compose = page.locator("#sc-compose")
        page.locator(MECH).click()
        assert compose.is_visible()
        page.keyboard.press("Escape")
        assert not compose.is_visible() and page.locator("#board .sc-picked").count() == 0
        page.locator(MECH).click()
        page.locator(MECH).click()  # a second click on the unit puts it back
        assert not compose.is_visible() and page.locator("#board .sc-picked").count() == 0
        page.locator(MECH).click()
        compose.get_by_role("button", name="Cancel").click()
        assert not compose.is_visible() and page.locator("#board .sc-target").count() == 0
        page.locator(MECH).click()
        hex_click(page, "r1c4")
        page.locator("dialog.sc-dialog").get_by_role("button", name="Cancel").click()
        assert page.locator("dialog.sc-dialog").count() == 0
        page.locator(MECH).click()
        hex_click(page, "r4c4")  # not a place the mech may go: the choice is dropped
        assert not compose.is_visible()
        page.wait_for_timeout(300)  # anything sent would have come back by now
        assert page.evaluate(VERSION_IS.format(0))
    assert logged(match) == []


def test_it_builds_by_clicking_the_structure_on_the_mat_then_a_territory(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = state_match(ready_to_build(), [alice, bob])
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/", PHONE)
        wait_js(page, READY)
        page.locator('#my-area .sc-struct.sc-pick[data-name="Mill"]').click()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "scythe-build-picked-phone.png"))
        targets = page.locator("#board .sc-overlay .sc-aim")
        assert sorted(t.get_attribute("data-hex") for t in targets.all()) == ["r1c4", "r1c5"]
        menu = page.locator("#sc-compose button")
        assert menu.count() == 3  # two places to build the mill, and Cancel
        hex_click(page, "r1c5")
        wait_js(page, VERSION_IS.format(1))
    assert logged(match) == [{"type": "build", "kind": "mill", "hex": "r1c5"}]


def test_it_upgrades_by_clicking_a_top_box_then_a_bottom_action_on_the_mat(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = state_match(ready_to_upgrade(), [alice, bob])
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, READY)
        page.locator('#my-area .sc-box.sc-pick[data-name="+2 power"]').click()
        bottoms = page.locator("#my-area .sc-bottomrow td.sc-target")
        assert bottoms.count() == 4  # any bottom action's cost slot
        assert page.locator("#my-area .sc-box.sc-target").count() == 0
        page.locator('#my-area .sc-bottomrow td.sc-target[data-name^="Deploy"]').click()
        wait_js(page, VERSION_IS.format(1))
    assert logged(match) == [{"type": "upgrade", "top": "power", "bottom": "deploy"}]


def test_an_opponents_last_turn_is_highlighted_on_the_map_after_an_update(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = seeded_match("scythe", 2, [alice, bob])
    first = GAME.to_act(match.state)[0]
    watcher, mover = (alice, 1) if first == 1 else (bob, 0)
    cookie = session_cookie(watcher)

    def their_turn() -> list[str]:
        """The mover's whole turn, moving a worker first; the hexes it touched."""
        match.refresh_from_db()
        state, touched = match.state, []
        rng = Rng.from_seed(3)
        steps = _move_first(mover)
        while mover in GAME.to_act(state):
            action = steps.pop(0)(state) if steps else GAME.bots["greedy"](state, mover, rng)
            action_submit(match_id=match.pk, action=action, version=match.version, seat_index=mover)
            match.refresh_from_db()
            state = match.state
            touched += [action[k] for k in ("to", "hex") if isinstance(action.get(k), str)]
        return touched

    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/")
        wait_js(page, READY)
        touched = in_thread(their_turn)
        wait_js(page, VERSION_IS.format(in_thread(lambda: match.log.count())))
        page.locator(f'#board details.sc-opp[data-seat="{mover}"] > summary').click()
        page.screenshot(path=str(SHOTS / "scythe-last-move-laptop.png"), full_page=True)
        rings = page.locator("#board .sc-overlay polygon.sc-lastmove")
        ringed = {r.get_attribute("data-hex") for r in rings.all()}
        told = page.locator(f'#board .sc-lastturn[data-seat="{mover}"]').inner_text()
    assert touched and ringed == set(touched)
    assert told.startswith("Last turn: ") and "took section" in told


def _move_first(seat):
    """The mover's first decisions: the Move/Gain section, Move, one worker's step."""

    def section(s):
        return next(
            a
            for a in GAME.legal_actions(s, seat)
            if a["type"] == "section" and GAME.label(s, seat, a).startswith("Take Move/gain")
        )

    def worker_step(s):
        return next(a for a in GAME.legal_actions(s, seat) if a["type"] == "step")

    return [section, lambda s: {"type": "move"}, worker_step, lambda s: {"type": "end_move"}]


def test_a_long_press_on_a_phone_shows_what_a_thing_does(launch):
    alice, bob = make_user("alice"), make_user("bob")
    match = state_match(ready_to_build(), [alice, bob])
    cookie = session_cookie(alice)
    with launch() as open_page:
        page = open_page(cookie, f"/matches/{match.pk}/", PHONE)
        wait_js(page, READY)
        mill = '#my-area .sc-struct[data-name="Mill"]'
        page.dispatch_event(mill, "pointerdown", {"pointerType": "touch", "bubbles": True})
        page.wait_for_timeout(800)
        tip = page.locator("#sc-tip")
        assert tip.is_visible() and "Mill: when you Produce" in tip.inner_text()
        tip.click()
        assert not tip.is_visible()
        page.dispatch_event(
            "#board svg.sc-map .sc-hex[data-hex='r4c3'] polygon",
            "pointerdown",
            {"pointerType": "touch", "bubbles": True},
        )
        page.wait_for_timeout(800)
        assert "The Factory (r4c3)" in tip.inner_text()
    assert logged(match) == []  # explaining sends nothing
