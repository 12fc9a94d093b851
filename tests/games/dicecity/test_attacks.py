"""Dice City, "2. Paso de ataque": bandits, locations and stock; army strength is spent."""

import pytest

from games.core import IllegalAction

from .helpers import act, at_step, legal, put, slot, table


def test_it_takes_a_bandit_card_with_enough_army_strength():
    state = at_step(table(), "attack", army=3)
    after = act(state, "attack_bandits pile=1")
    assert after["players"][0]["bandits"] == [2]
    assert after["bandits"] == [3, 4, 4]
    assert after["turn"]["army"] == 0


def test_it_refuses_a_bandit_stronger_than_the_army():
    state = at_step(table(), "attack", army=3)
    assert "attack_bandits pile=2" not in legal(state)
    with pytest.raises(IllegalAction, match="only 3 army strength; the bandit needs 4"):
        act(state, "attack_bandits pile=2")


def test_it_cannot_attack_an_empty_bandit_pile():
    state = at_step(table(), "attack", army=9)
    state["bandits"] = [0, 4, 4]
    assert "attack_bandits pile=1" not in legal(state)


def test_it_deactivates_an_attacked_location_and_gives_its_vp_as_tokens():
    state = at_step(table(), "attack", army=4)
    put(state, 1, "red 3", "manor")
    after = act(state, "attack_location seat=1 row=red col=3")
    assert after["players"][1]["off"][slot("red 3")] is True
    assert after["players"][0]["tokens"] == 2
    assert after["turn"]["army"] == 0


def test_it_gives_no_vp_for_a_location_without_vp():
    state = at_step(table(), "attack", army=2)
    put(state, 1, "red 3", "quarry")
    after = act(state, "attack_location seat=1 row=red col=3")
    assert after["players"][1]["off"][slot("red 3")] and after["players"][0]["tokens"] == 0


def test_it_cannot_attack_an_already_deactivated_location():
    state = at_step(table(), "attack", army=9)
    put(state, 1, "red 3", "manor", off=True)
    with pytest.raises(IllegalAction, match="already deactivated"):
        act(state, "attack_location seat=1 row=red col=3")


def test_it_cannot_attack_a_location_without_defense():
    state = at_step(table(), "attack", army=9)
    with pytest.raises(IllegalAction, match="no defense value"):
        act(state, "attack_location seat=1 row=yellow col=2")


def test_it_takes_one_resource_from_a_stock_for_each_two_army_strength():
    state = at_step(table(), "attack", army=4)
    state["players"][1]["res"] = [1, 1, 0]
    after = act(act(state, "raid seat=1 resource=wood"), "raid seat=1 resource=stone")
    assert after["players"][0]["res"] == [1, 1, 0]
    assert after["players"][1]["res"] == [0, 0, 0]
    assert after["turn"]["step"] == "build"


def test_it_spends_army_per_attack_and_allows_several_attacks():
    # The book's example: 8 strength = a bandit (3) + a location (3) + one resource (2).
    state = at_step(table(3), "attack", army=8)
    put(state, 1, "blue 1", "training_camp")
    state["players"][2]["res"] = [0, 0, 1]
    state = act(state, "attack_bandits pile=1")
    state = act(state, "attack_location seat=1 row=blue col=1")
    state = act(state, "raid seat=2 resource=iron")
    assert state["turn"]["army"] == 0 and state["turn"]["step"] == "build"
    assert state["players"][0]["res"][2] == 1 and state["players"][0]["tokens"] == 1


def test_it_attacks_other_players_only():
    state = at_step(table(), "attack", army=9)
    put(state, 0, "red 3", "manor")
    assert not any("seat=0" in a for a in legal(state))


def test_it_ends_the_attack_step_on_request():
    state = at_step(table(), "attack", army=3)
    assert act(state, "end_attacks")["turn"]["step"] == "build"
