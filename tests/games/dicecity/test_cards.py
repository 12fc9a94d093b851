"""One scenario per location card (data/cards.json), run by the one effects interpreter.

Open questions of the card data are pinned here: Blacksmith / Mint / Training Camp timing,
Great Wall on printed spaces, self-deactivating cards, Market Place payment (docs/dicecity.md).
"""

import pytest

from games.core import IllegalAction

from .helpers import act, at_step, dice, legal, put, res, slot, table


def _use(card, where="red 3", **setup):
    """A table where seat 0 has `card` at `where` with the die of that row on it."""
    state = table()
    row, col = where.split()
    put(state, 0, where, card)
    dice(state, 0, **{row: int(col)}, **setup)
    return state


@pytest.mark.parametrize(
    ("card", "gain"),
    [
        ("forest", [1, 0, 0]),
        ("mountain", [0, 1, 0]),
        ("cave", [0, 0, 1]),
        ("lumber_mill", [2, 0, 0]),
        ("quarry", [0, 2, 0]),
        ("mine", [0, 0, 2]),
    ],
)
def test_it_produces_resources_with_the_harvest_and_printed_resource_locations(card, gain):
    assert res(act(_use(card), "use die=red")) == gain


def test_it_adds_one_army_with_militia():
    assert act(_use("militia"), "use die=red")["turn"]["army"] == 1


def test_it_adds_two_army_with_regular_army():
    assert act(_use("regular_army"), "use die=red")["turn"]["army"] == 2


def test_it_gives_one_vp_token_with_small_house():
    assert act(_use("small_house"), "use die=red")["players"][0]["tokens"] == 1


def test_it_gives_two_vp_tokens_with_manor():
    assert act(_use("manor"), "use die=red")["players"][0]["tokens"] == 2


def test_it_rerolls_the_die_with_traveller_and_keeps_it_usable():
    after = act(_use("traveller"), "use die=red")
    assert 0 <= after["players"][0]["dice"][2] <= 5 and after["rng"] != table()["rng"]


def test_it_places_a_free_regular_army_anywhere_with_barracks():
    state = act(_use("barracks"), "use die=red")
    assert len(legal(state)) == 30
    after = act(state, "place row=white col=2")
    assert after["players"][0]["city"][slot("white 2")] == "regular_army"
    assert after["piles"]["regular_army"] == 14 and res(after) == [0, 0, 0]


def test_it_does_nothing_with_barracks_when_the_regular_army_pile_is_out():
    state = _use("barracks")
    state["piles"]["regular_army"] = 0
    assert act(state, "use die=red")["pending"] is None


def test_it_boosts_only_army_locations_used_after_blacksmith():
    # Decided: Blacksmith resolves when used; Militia used before it is not raised.
    state = _use("blacksmith", "red 3", white=1, yellow=2)
    put(state, 0, "white 1", "militia")
    state = act(state, "use die=white")  # before: +1
    state = act(state, "use die=red")  # Blacksmith
    state = act(state, "use die=yellow")  # yellow 2 is a Militia: +1 +1
    assert state["turn"]["army"] == 3


def test_it_adds_three_army_with_catapult_and_deactivates_it():
    after = act(_use("catapult"), "use die=red")
    assert after["turn"]["army"] == 3 and after["players"][0]["off"][slot("red 3")] is True


def test_it_lowers_bandit_defense_with_training_camp_never_below_one():
    # Decided: it lasts the whole turn, so it counts in the attack step after the dice step.
    state = _use("training_camp")
    state["turn"]["army"] = 3
    # The last die used ends the dice step by itself.
    state = act(state, "use die=red")
    assert state["turn"]["step"] == "attack"
    assert "attack_bandits pile=2" in legal(state)
    state["turn"]["bandit_cut"] = 9
    state["turn"]["army"] = 1
    assert {"attack_bandits pile=1", "attack_bandits pile=3"} <= legal(state)


def test_it_adds_three_army_against_bandits_only_with_watch_tower():
    state = _use("watch_tower")
    state["players"][1]["res"] = [1, 0, 0]
    state = act(state, "use die=red")
    assert state["turn"]["bandit_army"] == 3 and state["turn"]["army"] == 0
    assert legal(state) == {"attack_bandits pile=1", "end_attacks"}


def test_it_gives_one_of_each_resource_with_bazaar_and_deactivates_it():
    after = act(_use("bazaar"), "use die=red")
    assert res(after) == [1, 1, 1] and after["players"][0]["off"][slot("red 3")]


def test_it_trades_one_or_two_of_one_resource_for_two_each_of_one_other_with_market_place():
    state = _use("market_place")
    state["players"][0]["res"] = [2, 0, 0]
    state = act(state, "use die=red")
    # Decided: one resource paid and ONE other resource gained; the gain is not split.
    assert legal(state) == {
        f"exchange pay=wood amount={n} gain={g}" for n in (1, 2) for g in ("stone", "iron")
    }
    assert res(act(state, "exchange pay=wood amount=2 gain=iron")) == [0, 0, 4]


def test_it_does_nothing_with_market_place_on_an_empty_stock():
    assert act(_use("market_place"), "use die=red")["pending"] is None


def test_it_gives_one_per_active_harvest_location_in_its_row_with_merchant_guild():
    state = _use("merchant_guild")
    put(state, 0, "red 1", "lumber_mill")
    put(state, 0, "red 2", "mine")
    put(state, 0, "red 4", "quarry", off=True)
    after = act(state, "use die=red")
    # red 6 is a printed Mountain: no HARVEST label, so it does not count.
    assert res(after) == [1, 0, 1] and after["players"][0]["off"][slot("red 3")]


def test_it_boosts_only_resource_locations_used_after_mint():
    state = _use("mint", "red 3", white=1, black=3)
    put(state, 0, "white 1", "lumber_mill")
    state = act(state, "use die=white")  # before Mint: 2 wood
    state = act(state, "use die=red")
    state = act(state, "use die=black")  # black 3 is a printed Forest (resource type): 1 + 1
    assert res(state) == [4, 0, 0]


def test_it_pays_one_resource_for_three_of_the_same_with_storehouse():
    state = _use("storehouse")
    state["players"][0]["res"] = [0, 1, 1]
    state = act(state, "use die=red")
    assert legal(state) == {"exchange pay=stone amount=1 gain=stone",
                            "exchange pay=iron amount=1 gain=iron"}  # fmt: skip
    assert res(act(state, "exchange pay=iron amount=1 gain=iron")) == [0, 1, 3]


def test_it_scores_cathedral_one_per_cultural_location_in_its_row_and_has_no_die_ability():
    from games.dicecity.scoring import location_vp

    state = _use("cathedral", "yellow 1")
    # Yellow row: Small House (printed) at 3, and the Cathedral itself.
    assert location_vp(state["players"][0], slot("yellow 1")) == 2
    assert "use die=yellow" not in legal(state)


def test_it_gives_one_vp_per_same_resource_pair_with_festival_hall_spending_nothing():
    state = _use("festival_hall")
    state["players"][0]["res"] = [5, 2, 1]
    after = act(state, "use die=red")
    assert after["players"][0]["tokens"] == 3 and res(after) == [5, 2, 1]


def test_it_buys_up_to_three_vp_with_stone_and_iron_when_grand_statue_is_built():
    state = at_step(table(), "build")
    state["display"][0] = "grand_statue"
    state["players"][0]["res"] = [0, 3, 3]
    state = act(act(state, "build card=grand_statue"), "place row=red col=1")
    options = legal(state)
    assert "statue stone=2 iron=1" in options and "statue stone=2 iron=2" not in options
    after = act(state, "statue stone=2 iron=1")
    assert after["players"][0]["tokens"] == 3 and res(after) == [0, 0, 1]
    dice(after, 0, red=1)
    assert "use die=red" not in legal(after)


def test_it_raises_other_shielded_locations_in_its_row_with_great_wall():
    state = at_step(table(), "attack", army=4)
    put(state, 1, "red 1", "great_wall")
    put(state, 1, "red 3", "manor")
    # Manor 4 + 2 = 6: out of reach; printed spaces stay without defense (decided).
    assert not any(a.startswith("attack_location") for a in legal(state))
    state["players"][1]["off"][slot("red 1")] = True  # a deactivated wall protects nothing
    assert "attack_location seat=1 row=red col=3" in legal(state)


def test_it_uses_another_location_in_its_row_with_cemetery_and_deactivates_it():
    state = _use("cemetery")
    put(state, 0, "red 1", "town_hall")  # a copier cannot be copied (decided)
    state = act(state, "use die=red")
    assert state["players"][0]["off"][slot("red 3")]
    assert legal(state) == {"copy row=red col=2", "copy row=red col=4", "copy row=red col=5",
                            "copy row=red col=6"}  # fmt: skip
    assert act(state, "copy row=red col=6")["players"][0]["res"] == [0, 1, 0]


def test_it_uses_a_location_holding_an_unused_die_with_church():
    state = _use("church", "red 3", white=2)
    state = act(state, "use die=red")
    assert legal(state) == {"copy row=white col=2"}
    after = act(state, "copy row=white col=2")
    assert res(after) == [0, 1, 0] and after["players"][0]["dice"][0] == 1


def test_it_moves_an_unused_die_anywhere_in_its_row_with_stables():
    state = act(_use("stables", "red 3", blue=1), "use die=red")
    assert len(legal(state)) == 5
    assert act(state, "move_die die=blue col=6")["players"][0]["dice"][3] == 5


def test_it_uses_any_location_in_the_city_with_town_hall():
    state = _use("town_hall")
    put(state, 0, "black 6", "catapult")
    state = act(state, "use die=red")
    assert "copy row=black col=6" in legal(state) and "copy row=red col=3" not in legal(state)
    after = act(state, "copy row=black col=6")
    # Decided: the copied self-deactivating location gets its token.
    assert after["turn"]["army"] == 3 and after["players"][0]["off"][slot("black 6")]


def test_it_rerolls_this_die_and_chosen_unused_dice_with_well():
    state = act(_use("well", "red 3", white=1, blue=2), "use die=red")
    assert legal(state) == {
        "reroll dice=red,",
        "reroll dice=white,red",
        "reroll dice=red,blue",
        "reroll dice=white,red,blue",
    }
    after = act(state, "reroll dice=white,red")
    p = after["players"][0]
    assert p["dice"][2] >= 0 and p["dice"][3] == 1  # rerolled red stays usable, blue untouched


def test_it_refuses_to_use_a_card_without_a_die_ability():
    state = _use("great_wall")
    with pytest.raises(IllegalAction):
        act(state, "use die=red")
