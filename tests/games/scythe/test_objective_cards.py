"""Objective cards (base 1-23) as encoded from the data file: a few checked one by one."""

from games.scythe.objectives import met

from .helpers import table


def two():
    state = table(["saxony", "nordic"], ["Industrial", "Engineering"])
    state["players"][1]["workers"] = []
    state["players"][1]["char"] = "r0c4"
    return state


def test_it_checks_higher_ground_three_controlled_mountains():
    state = two()
    state["players"][0]["workers"] = ["r6c0", "r4c4", "r2c4"]
    assert met(state, 0, 1)
    state["players"][0]["workers"] = ["r6c0", "r4c4", "r7c1"]
    assert not met(state, 0, 1)


def test_it_checks_underworld_three_tunnel_territories():
    state = two()
    state["players"][0]["workers"] = ["r2c3", "r3c2", "r5c2"]
    assert met(state, 0, 2)


def test_it_checks_king_of_the_hill_factory_and_highest_power():
    state = two()
    state["players"][0]["char"] = "r4c3"
    state["players"][0]["power"] = 4
    state["players"][1]["power"] = 4
    assert met(state, 0, 5)
    state["players"][1]["power"] = 5
    assert not met(state, 0, 5)


def test_it_checks_stockpile_nine_tokens_of_every_kind_on_one_territory():
    state = two()
    state["res"] = {"r6c0": [3, 2, 2, 2]}
    assert met(state, 0, 9)
    state["res"] = {"r6c0": [9, 0, 0, 0]}
    assert not met(state, 0, 9)


def test_it_checks_divide_and_conquer_two_territories_around_the_factory():
    state = two()
    state["players"][0]["workers"] = ["r3c3", "r5c3"]
    assert met(state, 0, 17)
    state["players"][0]["fcard"] = 3
    assert not met(state, 0, 17)


def test_it_checks_monopolize_nine_tokens_of_one_kind():
    state = two()
    state["res"] = {"r6c0": [0, 0, 5, 0], "r7c1": [0, 0, 4, 0]}
    assert met(state, 0, 21)
    state["res"] = {"r6c0": [0, 0, 5, 0], "r2c4": [0, 0, 4, 0]}  # r2c4 is not Saxony's
    assert not met(state, 0, 21)


def test_it_checks_get_rich_twenty_coins():
    state = two()
    state["players"][0]["coins"] = 20
    assert met(state, 0, 12)
    state["players"][0]["coins"] = 19
    assert not met(state, 0, 12)
