"""Secrets (only the deck order is hidden), narrate and label, refusals, options."""

import json
import random

import pytest

from games.core import InvalidAction, Rng, parse_action
from games.dicecity import GAME
from games.dicecity import cards as C
from games.dicecity.effects import defense
from games.dicecity.scoring import location_vp

from .helpers import act, at_step, dice, put, table


def _narrate(state, seat, action):
    """The log line, told from the states before and after the move (the contract's narrate)."""
    return GAME.narrate(state, seat, action, GAME.apply(state, seat, action))


def test_it_never_shows_the_deck_order_or_the_rng_in_any_view():
    state = table(3)
    for seat in (0, 1, 2, None):
        view = GAME.view(state, seat)
        text = json.dumps(view)
        assert "deck" not in {k for k in view if k != "deck_count"} and "rng" not in view
        assert view["deck_count"] == 52 and str(state["rng"]) not in text


def test_it_reshuffles_the_deck_and_reseeds_the_rng_on_redetermine():
    state = table()
    other = GAME.redetermine(state, 0, Rng.from_seed(9))
    assert other["deck"] != state["deck"] and sorted(other["deck"]) == sorted(state["deck"])
    assert other["rng"] != state["rng"]
    assert GAME.view(other, 0) == GAME.view(state, 0)


def test_it_narrates_a_die_use_with_its_gain():
    state = table()
    put(state, 0, "red 3", "quarry")
    dice(state, 0, red=3)
    assert _narrate(state, 0, parse_action("use die=red")) == "used Quarry: +2 stone"
    assert GAME.label(state, 0, parse_action("use die=red")) == "Use Quarry (red die)"


def test_it_narrates_attacks_builds_and_trades():
    state = at_step(table(), "attack", army=4)
    put(state, 1, "red 3", "manor")
    text = _narrate(state, 0, parse_action("attack_location seat=1 row=red col=3"))
    assert text == "deactivated player 2's Manor (red 3): -4 army, +2 VP"
    state = at_step(table(), "build")
    state["players"][0]["res"] = [2, 2, 2]
    assert _narrate(state, 0, parse_action("trade ship=1")) == (
        "exported 2 wood, 2 stone, 2 iron on a trade ship: +5 VP"
    )
    placing = act(act(state, "build card=quarry"), "place row=red col=3", 0)
    assert placing["players"][0]["city"][14] == "quarry"
    building = act(state, "build card=quarry")
    assert _narrate(building, 0, parse_action("place row=red col=3")) == (
        "built Quarry on red 3, covering Traveller"
    )


def test_it_labels_every_legal_action_of_a_random_game():
    state = table(4, seed=5)
    rng = Rng.from_seed(5)
    for _ in range(300):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        actions = GAME.legal_actions(state, seat)
        for action in actions:
            assert GAME.label(state, seat, action)
        action = actions[rng.below(len(actions))]
        after = GAME.apply(state, seat, action)
        assert GAME.narrate(state, seat, action, after)
        state = after


@pytest.mark.parametrize(
    "bad",
    [{"type": "use"}, {"type": "use", "die": 3}, {"type": "build", "card": "x", "row": "red"},
     {"type": "attack_bandits", "pile": True}, {"type": "reroll", "dice": "red"}],
)  # fmt: skip
def test_it_refuses_malformed_actions_as_invalid(bad):
    with pytest.raises(InvalidAction):
        GAME.apply(table(), 0, bad)


def test_it_declares_the_full_rows_table_option():
    assert GAME.clean_options({}) == {"full_rows_choice": False}
    assert GAME.clean_options({"full_rows_choice": "on"}) == {"full_rows_choice": True}


def test_the_view_gives_each_location_its_vp_and_defense_as_the_rules_count_them():
    """The view's marks come from a cache keyed on the city and what is deactivated: each one
    still equals location_vp / defense of that very city, and deactivating a Great Wall (which
    raises its row's shields) changes them at once."""
    rng = random.Random(3)
    state = table(4)
    for _ in range(120):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        for p, shown in zip(state["players"], GAME.view(state, None)["players"], strict=True):
            assert shown["location_vp"] == [location_vp(p, s) for s in range(C.SLOTS)]
            assert shown["defense"] == [defense(p, s) for s in range(C.SLOTS)]
    wall, bonus = next(iter(C.GREAT_WALL_BONUS.items()))
    shielded = next(k for k, c in C.CARDS.items() if c["defense"] is not None and k != wall)
    p = state["players"][0]
    p["city"][0], p["city"][1], p["off"][0], p["off"][1] = shielded, wall, False, False
    raised = GAME.view(state, None)["players"][0]["defense"][0]
    p["off"][1] = True  # the Great Wall deactivated: its bonus goes
    lowered = GAME.view(state, None)["players"][0]["defense"][0]
    assert raised == lowered + bonus == C.CARDS[shielded]["defense"] + bonus
