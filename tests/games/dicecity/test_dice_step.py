"""Dice City, "1. Utilice el paso de dados": every die action and the pass tokens."""

import pytest

from games.core import IllegalAction, Rng

from .helpers import act, dice, legal, put, res, slot, table


def test_it_uses_the_location_under_a_die_and_sets_the_die_aside():
    state = table()
    dice(state, 0, white=1, red=1)  # white 1 is a Forest
    after = act(state, "use die=white")
    assert res(after) == [1, 0, 0]
    assert after["players"][0]["dice"][0] == -1
    with pytest.raises(IllegalAction, match="already used"):
        act(after, "use die=white")


def test_it_cannot_use_a_deactivated_location():
    state = table()
    dice(state, 0, white=1)
    put(state, 0, "white 1", "forest", off=True)
    assert "use die=white" not in legal(state)


def test_it_moves_another_die_one_space_along_its_row():
    state = table()
    dice(state, 0, white=1, red=3)
    assert {"move die=white other=red col=2", "move die=white other=red col=4"} <= legal(state)
    after = act(state, "move die=white other=red col=4")
    assert after["players"][0]["dice"][:3] == [-1, -1, 3]
    with pytest.raises(IllegalAction):
        act(state, "move die=white other=red col=5")


def test_it_refreshes_the_display_once_per_turn_discarding_four_and_revealing_four():
    state = table()
    dice(state, 0, white=1, red=3)
    after = act(state, "refresh die=white")
    shown = list(after["display"])
    for _ in range(4):
        after = act(after, f"discard card={after['display'][0]}")
    assert after["display"][:4] == shown[4:]
    assert after["display"][4:] == state["deck"][:4]
    assert len(after["deck"]) == len(state["deck"]) - 4
    assert "refresh die=red" not in legal(after)


def test_it_reactivates_a_deactivated_location_anywhere_in_the_city():
    state = table()
    dice(state, 0, white=1)
    put(state, 0, "black 6", "catapult", off=True)
    after = act(state, "reactivate die=white row=black col=6")
    assert after["players"][0]["off"][slot("black 6")] is False


def test_it_passes_for_a_pass_token_once_per_turn():
    state = table()
    dice(state, 0, white=1, red=1)
    after = act(state, "pass die=white")
    assert after["players"][0]["passes"] == 1
    with pytest.raises(IllegalAction, match="only once per turn"):
        act(after, "pass die=red")


@pytest.mark.parametrize("gain", ["wood", "stone", "iron"])
def test_it_spends_two_pass_tokens_for_a_resource_of_choice(gain):
    state = table()
    state["players"][0]["passes"] = 3
    after = act(state, f"spend_passes gain={gain}")
    assert sum(res(after)) == 1 and after["players"][0]["passes"] == 1


def test_it_spends_two_pass_tokens_for_one_army_strength_this_turn():
    state = table()
    state["players"][0]["passes"] = 4
    after = act(act(state, "spend_passes gain=army"), "spend_passes gain=army")
    assert after["turn"]["army"] == 2 and after["players"][0]["passes"] == 0


def test_it_makes_every_other_player_reroll_the_chosen_die_for_two_pass_tokens():
    state = table(4, seed=3)
    state["players"][0]["passes"] = 2
    before = [p["dice"][2] for p in state["players"]]
    after = act(state, "force_reroll die=red")
    assert after["players"][0]["dice"] == state["players"][0]["dice"]
    assert after["rng"] != state["rng"]
    rng = Rng(state["rng"])
    expected = [before[0]] + [rng.below(6) for _ in range(3)]  # seats 1, 2, 3 in turn
    assert [p["dice"][2] for p in after["players"]] == expected


def test_it_needs_two_pass_tokens_to_spend_them():
    state = table()
    state["players"][0]["passes"] = 1
    assert not any(a.startswith(("spend_passes", "force_reroll")) for a in legal(state))
    with pytest.raises(IllegalAction, match="two pass tokens"):
        act(state, "spend_passes gain=wood")


def test_it_ends_the_dice_step_when_the_player_says_so():
    state = table()
    after = act(state, "end_dice")
    # Nothing can be attacked with no army, so the attack step passes by itself.
    assert after["turn"]["step"] == "build"


def test_it_ends_the_dice_step_by_itself_once_all_five_dice_are_used():
    # "Cuando termines de usar los cinco dados, este paso termina" (unless two pass tokens could
    # still be spent).
    state = table()
    dice(state, 0, white=1)
    assert act(state, "use die=white")["turn"]["step"] == "build"
    state["players"][0]["passes"] = 2
    assert act(state, "use die=white")["turn"]["step"] == "dice"


def test_it_spends_pass_tokens_only_in_the_dice_step():
    state = table()
    state["players"][0]["passes"] = 2
    state["turn"]["step"] = "build"
    with pytest.raises(IllegalAction, match="dice step"):
        act(state, "spend_passes gain=wood")


def test_it_refreshes_only_with_four_display_cards_and_a_deck():
    state = table()
    dice(state, 0, white=1)
    state["deck"] = []
    assert "refresh die=white" not in legal(state)
