"""Every choice the engine offers can be made on the Scythe board itself: clicked in place
(data-action outside the fallback lists), or composed by board.js from the things that stand for
its fields (data-part: a unit, a structure or mech on the mat, a top box, a bottom action, an
enlist bonus; and any territory of the map) — with a dialog for what a moving unit carries and a
menu once few choices are left. The board knows no action by heart: one it has never seen is
still drawn (on its territory, or as a button in the status bar)."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from games.core import Rng

from .scythe_render import GAME, HEXES, board_context, elements, legal_items, players, render

MENU = 10  # board.js lists the choices left as buttons once there are at most this many


def fits(action: dict[str, Any], part: dict[str, Any]) -> bool:
    return all(action.get(k) == v for k, v in part.items())


def on_board(page: str) -> tuple[set[str], list[list[dict[str, Any]]]]:
    """(actions clickable in place, the parts a click may add) as board.js sees the page; the
    list under the map is a fallback and must not be the only way."""
    page = re.sub(r'<details class="sc-hexlist.*?</details>', "", page, flags=re.S)
    clickable = {
        json.dumps(json.loads(html.unescape(found)))
        for found in re.findall(r'data-action="([^"]*)"', page)
    }
    pool = [json.loads(html.unescape(found)) for found in re.findall(r'data-part="([^"]*)"', page)]
    pool += [[{"to": h}, {"hex": h}] for h in re.findall(r'class="sc-hex" data-hex="(\w+)"', page)]
    return clickable, pool


def composable(action: dict[str, Any], legal: list[dict[str, Any]], pool: Any) -> bool:
    """Up to two clicks, then one action left, the move dialog, or the menu."""
    clicks = [q for parts in pool for q in parts if fits(action, q)]
    for q1 in clicks:
        if settles(action, [a for a in legal if fits(a, q1)]):
            return True
        for q2 in (q for q in clicks if not fits(q1, q)):
            merged = q1 | q2
            if settles(action, [a for a in legal if fits(a, merged)]):
                return True
    return False


def settles(action: dict[str, Any], left: list[dict[str, Any]]) -> bool:
    if left == [action] or (action in left and len(left) <= MENU):
        return True
    same_move = all(
        a["type"] == "step" and a["to"] == action["to"] and a["unit"] == action["unit"]
        for a in left
    )
    return action["type"] == "step" and action in left and same_move


def test_every_choice_can_be_made_on_the_board_itself():
    seen = set()
    for seats, seed in ((2, 1), (3, 2), (4, 5)):
        state = GAME.setup(seats, seed, {})
        rng = Rng.from_seed(seed)
        for n in range(500):
            if state["over"]:
                break
            seat = GAME.to_act(state)[0]
            if n % 2 == 0 or state["phase"] not in ("section", "top"):
                page = render(state, seat)
                clickable, pool = on_board(page)
                legal = [item["action"] for item in legal_items(state, seat)]
                for action in legal:
                    ok = json.dumps(action) in clickable or composable(action, legal, pool)
                    assert ok, (state["phase"], action)
                    seen.add(action["type"])
            state = GAME.apply(state, seat, GAME.bots["random"](state, seat, rng))
    assert {"section", "step", "end_turn", "build", "deploy", "upgrade"} <= seen, seen


def test_a_unit_that_may_move_stands_for_its_steps_and_nothing_else_of_others():
    from tests.platform.table.scythe_states import mech_with_cargo

    state = mech_with_cargo()
    page = render(state, 0)
    picks = [el for el in elements(page) if "sc-pick" in el.classes and "sc-unit" in el.classes]
    parts = sorted(json.loads(html.unescape(el.attrs["data-part"]))[0]["unit"] for el in picks)
    assert parts == ["char", "m0", "w0"]  # twin workers on one hex: the engine offers the first
    names = {el.attrs["data-names"] for el in picks}
    assert "Mech 1 (Riverwalk)" in names
    assert 'data-part="' not in render(state, 1)  # nothing to pick for the seat that waits


def test_a_choice_the_board_has_never_heard_of_is_still_drawn():
    state = GAME.setup(2, 3, {})
    seat = state["turn"]
    legal = legal_items(state, seat)
    odd = [
        {"type": "rethink", "mood": "calm"},  # no place anywhere: a button in the status bar
        {"type": "scout", "hex": "r3c3"},  # a territory: on the map
    ]
    legal += [
        {"action": a, "json": json.dumps(a, separators=(",", ":")), "label": a["type"].title()}
        for a in odd
    ]
    sc = board_context(GAME.view(state, seat), seat, legal, players(2))["sc"]
    assert [item["action"] for item in sc["rest"]] == [odd[0]]
    assert 'data-hex="r3c3"' in sc["map"] and html.escape(legal[-1]["json"]) in sc["map"]
    assert "Scout" in sc["hex_list"]


def test_the_map_and_its_list_name_territories_not_just_coordinates():
    from tests.platform.table.scythe_states import ready_to_build

    page = render(ready_to_build(), 0)
    names = REFERENCE_NAMES
    titles = [el.tooltip() for el in elements(page) if el.tooltip()]
    for hex_id in HEXES:
        for text in titles:
            if f"({hex_id})" in text:  # a coordinate in a tooltip comes with its name
                assert names[hex_id] in text, text
    hexlist = page.split('class="sc-hexlist')[1].split("</details>")[0]
    assert "Forest south-west of the Nordic base <small>r1c4</small>" in hexlist
    assert "Tundra south-east of the Nordic base <small>r1c5</small>" in hexlist


REFERENCE_NAMES = GAME.reference()["hex_names"]
