"""Scythe, Top-row actions: Bolster, Trade, Produce, Move/Gain, upgraded values, structures."""

import pytest

from games.core import IllegalAction, InvalidAction
from games.scythe import GAME
from games.scythe.data import WORKERS

from .helpers import at, fresh, legal_types, play, table


def two():
    return table(["nordic", "saxony"], ["Industrial", "Engineering"])


def test_it_bolsters_2_power_for_a_coin_and_3_once_upgraded():
    state = at(two(), 0, "bolster")
    before = state["players"][0]
    after = play(state, 0, {"type": "bolster", "gain": "power"})["players"][0]
    assert after["power"] == before["power"] + 2
    assert after["coins"] == before["coins"] - 1
    state = two()
    state["players"][0]["up"] = ["power"]
    state = play(at(state, 0, "bolster"), 0, {"type": "bolster", "gain": "power"})
    assert state["players"][0]["power"] == 4 + 3


def test_it_draws_a_combat_card_with_bolster_and_the_monument_adds_popularity():
    state = two()
    state["players"][0]["built"] = {"monument": "r1c4"}
    state["structs"]["r1c4"] = [0, "monument"]
    pop = state["players"][0]["pop"]
    cards = len(state["players"][0]["hand"])
    state = play(at(state, 0, "bolster"), 0, {"type": "bolster", "gain": "cards"})
    assert len(state["players"][0]["hand"]) == cards + 1
    assert state["players"][0]["pop"] == pop + 1


def test_it_refuses_bolster_and_trade_without_a_coin():
    state = two()
    state["players"][0]["coins"] = 0
    assert legal_types(at(state, 0, "bolster"), 0) == {"skip"}


def test_it_trades_for_popularity_and_the_armory_adds_power():
    state = two()
    state["players"][0]["built"] = {"armory": "r1c5"}
    state["structs"]["r1c5"] = [0, "armory"]
    state = play(at(state, 0, "trade"), 0, {"type": "trade", "gain": "popularity"})
    p = state["players"][0]
    assert p["pop"] == 2 + 1
    assert p["power"] == 4 + 1


def test_it_trades_two_resources_onto_a_territory_with_a_worker():
    state = play(at(two(), 0, "trade"), 0, {"type": "trade", "gain": "resources"})
    hexes = {a["hex"] for a in GAME.legal_actions(state, 0) if a["type"] == "place"}
    assert hexes == {"r1c4", "r1c5"}
    state = play(
        state,
        0,
        {"type": "place", "res": "oil", "hex": "r1c4"},
        {"type": "place", "res": "food", "hex": "r1c5"},
    )
    assert state["res"] == {"r1c4": [0, 0, 0, 1], "r1c5": [1, 0, 0, 0]}
    assert state["phase"] in ("bottom", "section")  # no bottom action possible: turn over


def test_it_produces_one_token_per_worker_on_up_to_two_territories():
    state = two()
    state["players"][0]["workers"] = ["r1c4", "r1c4", "r1c5"]
    state = play(at(state, 0, "produce"), 0, {"type": "produce"})
    state = play(state, 0, {"type": "produce_at", "hex": "r1c4"})
    state = play(state, 0, {"type": "produce_at", "hex": "r1c5"})
    assert state["res"] == {"r1c4": [0, 2, 0, 0], "r1c5": [0, 0, 0, 1]}
    assert state["phase"] in ("bottom", "section")  # no bottom action possible: turn over


def test_it_charges_produce_by_the_workers_on_the_board():
    state = two()
    p = state["players"][0]
    p["workers"] = ["r1c4"] * 6
    state = play(at(state, 0, "produce"), 0, {"type": "produce"})
    after = state["players"][0]
    assert (after["power"], after["pop"], after["coins"]) == (p["power"] - 1, p["pop"] - 1, 4)
    state = two()
    state["players"][0]["workers"] = ["r1c4"] * 8
    state["players"][0]["coins"] = 0
    assert "produce" not in legal_types(at(state, 0, "produce"), 0)


def test_it_produces_workers_in_a_village_up_to_eight():
    state = two()
    state["players"][0]["workers"] = ["r1c6"] * 3 + ["r1c4"] * 4
    state = play(at(state, 0, "produce"), 0, {"type": "produce"})
    state = play(state, 0, {"type": "produce_at", "hex": "r1c6"}, {"type": "done"})
    assert len(state["players"][0]["workers"]) == WORKERS


def test_a_worker_may_produce_so_a_territory_may_produce_fewer():
    """000, How to play: "gain as much or as little of the benefit as you wish": each worker
    may produce (1 worker from a village with 2, 1 token from a territory with 3 workers)."""
    state = two()
    state["players"][0]["workers"] = ["r1c6"] * 2 + ["r1c4"] * 3
    state = play(at(state, 0, "produce"), 0, {"type": "produce"})
    village = [a.get("count") for a in GAME.legal_actions(state, 0) if a.get("hex") == "r1c6"]
    assert village == [None, 1]  # all it yields, or only 1
    assert GAME.label(state, 0, {"type": "produce_at", "hex": "r1c6", "count": 1}).startswith(
        "Produce only 1 on"
    )
    state = play(
        state,
        0,
        {"type": "produce_at", "hex": "r1c6", "count": 1},
        {"type": "produce_at", "hex": "r1c4", "count": 1},
    )
    assert len(state["players"][0]["workers"]) == 5 + 1
    assert state["res"] == {"r1c4": [0, 1, 0, 0]}


def test_it_refuses_to_produce_more_than_the_territory_yields():
    state = two()
    state["players"][0]["workers"] = ["r1c4"] * 2
    state = play(at(state, 0, "produce"), 0, {"type": "produce"})
    for bad in (3, 2, 0):  # 2 is the whole yield: asked for without a count
        with pytest.raises(IllegalAction):
            GAME.apply(state, 0, {"type": "produce_at", "hex": "r1c4", "count": bad})
    with pytest.raises(InvalidAction):
        GAME.apply(state, 0, {"type": "produce_at", "hex": "r1c4", "count": "1"})


def test_it_lets_the_mill_produce_as_an_extra_worker():
    state = two()
    state["players"][0]["built"] = {"mill": "r1c5"}
    state["structs"]["r1c5"] = [0, "mill"]
    state = play(at(state, 0, "produce"), 0, {"type": "produce"})
    choices = [(a.get("hex"), a.get("count")) for a in GAME.legal_actions(state, 0)]
    # the Mill's own hex is its extra choice (its worker and the Mill: 2, or only 1)
    assert choices == [("r1c4", None), ("r1c5", None), ("r1c5", 1), (None, None)]
    state = play(
        state, 0, {"type": "produce_at", "hex": "r1c4"}, {"type": "produce_at", "hex": "r1c5"}
    )
    # r1c4 (forest, 1 worker) gives 1 wood; the Mill's tundra is an extra territory where its
    # worker and the Mill each produce (Scythe, Build: Mill).
    assert state["res"] == {"r1c4": [0, 1, 0, 0], "r1c5": [0, 0, 0, 2]}


def test_it_lets_the_player_leave_the_mills_territory_out():
    """000, Build: Mill: its territory "may count" as an extra territory for Produce: a choice,
    offered beside the limit (here 2 other territories first, then the Mill or done)."""
    state = two()
    state["players"][0]["built"] = {"mill": "r1c5"}
    state["players"][0]["workers"] = ["r1c4", "r1c5", "r2c5"]
    state["structs"]["r1c5"] = [0, "mill"]
    state = play(at(state, 0, "produce"), 0, {"type": "produce"})
    state = play(state, 0, {"type": "produce_at", "hex": "r1c4"})
    state = play(state, 0, {"type": "produce_at", "hex": "r2c5"})
    assert GAME.legal_actions(state, 0) == [
        {"type": "produce_at", "hex": "r1c5"},
        {"type": "produce_at", "hex": "r1c5", "count": 1},  # its worker without the Mill's 1
        {"type": "done"},
    ]
    state = play(state, 0, {"type": "done"})
    assert "r1c5" not in state["res"]


def test_it_gains_one_coin_and_two_once_upgraded():
    state = play(at(two(), 0, "move_gain"), 0, {"type": "gain"})
    assert state["players"][0]["coins"] == 4 + 1
    state = two()
    state["players"][0]["up"] = ["gain"]
    state = play(at(state, 0, "move_gain"), 0, {"type": "gain"})
    assert state["players"][0]["coins"] == 4 + 2


def test_it_moves_three_units_once_move_is_upgraded():
    state = two()
    state["players"][0]["up"] = ["move"]
    state = play(at(state, 0, "move_gain"), 0, {"type": "move"})
    assert state["ctx"]["move"]["left"] == 3
    fresh(state)
