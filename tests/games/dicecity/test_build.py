"""Dice City, "3. Paso de construcción y comercio": building and trade ships."""

import pytest

from games.core import IllegalAction

from .helpers import act, at_step, legal, put, res, slot, table


def test_it_builds_from_the_display_and_draws_a_replacement():
    state = at_step(table(), "build")
    card = state["display"][0]
    state["players"][0]["res"] = [5, 5, 5]
    after = act(state, f"build card={card}")
    assert after["pending"]["kind"] == "place"
    assert after["display"][-1] == state["deck"][0] and len(after["display"]) == 8
    after = act(after, "place row=white col=1")
    assert after["players"][0]["city"][0] == card


def test_it_builds_from_the_always_available_piles():
    state = at_step(table(), "build")
    state["players"][0]["res"] = [2, 0, 0]
    after = act(act(state, "build card=lumber_mill"), "place row=black col=6")
    assert after["piles"]["lumber_mill"] == 14
    assert res(after) == [0, 0, 0]
    assert after["players"][0]["city"][slot("black 6")] == "lumber_mill"


def test_it_covers_what_was_there_which_leaves_the_city():
    state = at_step(table(), "build")
    put(state, 0, "red 3", "manor", off=True)
    state["players"][0]["res"] = [0, 0, 2]
    after = act(act(state, "build card=regular_army"), "place row=red col=3")
    p = after["players"][0]
    assert p["city"][slot("red 3")] == "regular_army" and p["off"][slot("red 3")] is False
    assert "manor" not in p["city"]


def test_it_needs_the_resources_to_build():
    state = at_step(table(), "build")
    state["players"][0]["res"] = [1, 0, 0]
    assert not any(a.startswith("build") for a in legal(state))
    with pytest.raises(IllegalAction, match="Lumber Mill costs 2 wood"):
        act(state, "build card=lumber_mill")


def test_it_cannot_build_from_an_empty_pile():
    state = at_step(table(), "build")
    state["players"][0]["res"] = [3, 3, 3]
    state["piles"]["quarry"] = 0
    assert "build card=quarry" not in legal(state)


def test_it_builds_as_many_locations_as_the_stock_pays_for():
    state = at_step(table(), "build")
    state["players"][0]["res"] = [4, 0, 0]
    state = act(act(state, "build card=lumber_mill"), "place row=white col=1")
    state = act(act(state, "build card=lumber_mill"), "place row=white col=2")
    assert state["players"][0]["city"][:2] == ["lumber_mill", "lumber_mill"]


def test_it_exports_goods_on_a_trade_ship_for_its_vp():
    state = at_step(table(), "build")
    state["players"][0]["res"] = [2, 2, 2]
    after = act(state, "trade ship=1")
    assert after["players"][0]["ships"] == [5] and res(after) == [0, 0, 0]
    assert after["ships"] == [3, 2, 1]


def test_it_cannot_use_an_exhausted_trade_ship_pile():
    state = at_step(table(), "build")
    state["players"][0]["res"] = [4, 4, 4]
    state["ships"] = [4, 2, 0]
    assert "trade ship=3" not in legal(state)
    assert {"trade ship=1", "trade ship=2"} <= legal(state)


def test_it_keeps_the_steps_in_order():
    state = table()
    with pytest.raises(IllegalAction, match="build step"):
        act(state, "end_turn")
    with pytest.raises(IllegalAction, match="attack step"):
        act(at_step(table(), "build"), "end_attacks")
