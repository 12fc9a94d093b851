"""The card set (docs/spqf-cards.md) respects the book and the known component counts."""

from collections import Counter

from games.spqf import cards as C
from games.spqf.cards import PER_ACTION

from .helpers import act, arrange, civ


def test_it_has_six_categories_and_the_wild_oak_leaf():
    assert len(C.CATEGORIES) == 6 and C.WILD == "oak"
    assert {c["cat"] for c in C.CIVILIZATION} == set(C.CATEGORIES) | {"oak"}


def test_it_has_48_civilization_cards_and_five_different_starting_cards():
    assert len(C.CIVILIZATION) == 48
    assert len({c["id"] for c in C.CIVILIZATION}) == 48
    assert len({c["id"] for c in C.STARTING}) == 5
    assert all(c["starting"] for c in C.STARTING) and not any(c["starting"] for c in C.CIVILIZATION)


def test_every_category_carries_the_same_number_of_modifier_icons():
    icons = Counter()
    for c in C.CIVILIZATION:
        icons[c["cat"]] += c["mods"]
    assert len({icons[cat] for cat in C.CATEGORIES}) == 1


def test_it_has_four_monuments_each_scoring_one_category():
    cats = [m["cat"] for m in C.MONUMENTS]
    assert len(cats) == 4 and len(set(cats)) == 4 and set(cats) <= set(C.CATEGORIES)


def test_the_reference_card_prices_levels_one_to_five_and_level_three_is_worth_nine():
    assert len(C.LEVEL_COSTS) == 6 and all(sum(c) > 0 for c in C.LEVEL_COSTS[1:])
    assert C.LEVEL_VP[3] == 9
    assert C.REFERENCE["storage_base"] == 1 and C.REFERENCE["storage_per_level"] == 1
    assert C.COLORS == ("g", "b")  # green and black cubes


def test_actions_that_act_on_the_active_players_turn_are_never_followable():
    for card in C.CARDS:
        for a in card["actions"]:
            assert a["kind"] in PER_ACTION
            if a["kind"] in ("extra", "resolve_row", "follow_twice"):
                assert not a["follow"], card["name"]


def test_a_gather_takes_only_what_the_supply_still_holds():
    sawmill = civ("in_sawmill")
    s = arrange(hands={0: [sawmill]})
    s["supply"][1] = 1
    s = act(s, 0, "play", card=sawmill)
    assert s["players"][0]["cubes"] == [0, 1] and s["supply"][1] == 0
