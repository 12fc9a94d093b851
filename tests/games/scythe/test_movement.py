"""Scythe, Move: rivers, lakes, tunnels, the Mine, mech and faction abilities, stopping rules."""

import pytest

from games.core.errors import IllegalAction
from games.scythe import GAME
from games.scythe.data import HOMES, TUNNELS

from .helpers import at, fresh, play, step, table


def moving(state, seat=0):
    return play(at(state, seat, "move_gain"), seat, {"type": "move"})


def dests(state, unit, seat=0):
    fresh(state)
    return {a["to"] for a in GAME.legal_actions(state, seat) if a.get("unit") == unit}


def nordic_saxony():
    return table(["nordic", "saxony"], ["Industrial", "Engineering"])


def saxony_nordic():
    return table(["saxony", "nordic"], ["Industrial", "Engineering"])


def test_it_stops_units_at_rivers():
    state = saxony_nordic()
    state["players"][0]["workers"] = ["r1c5"]
    state["players"][0]["char"] = "r1c5"
    state["players"][1]["workers"] = []
    state = moving(state)
    assert dests(state, "w0") == {"r1c4", "r2c4"}
    assert dests(state, "char") == {"r1c4", "r2c4"}


def test_it_lets_nordic_workers_swim_across_rivers():
    state = moving(nordic_saxony())
    # w1 stands on r1c5: across its rivers lie r1c6 and r2c5.
    assert dests(state, "w1") == {"r1c4", "r2c4", "r1c6", "r2c5"}


def test_it_lets_riverwalk_cross_only_onto_the_faction_terrains():
    state = saxony_nordic()
    state["players"][0]["mechs"] = ["r3c5", None, None, None]
    state = moving(state)
    reach = dests(state, "m0")
    assert "r2c4" in reach  # mountain across the river: Saxony's Riverwalk
    assert "r3c6" not in reach and "r4c5" not in reach  # village, tundra


def test_it_makes_every_tunnel_adjacent_to_every_other():
    state = saxony_nordic()
    state["players"][0]["workers"] = ["r2c3"]
    state = moving(state)
    assert TUNNELS - {"r2c3"} <= dests(state, "w0")


def test_it_lets_only_the_owner_use_its_mine_as_a_tunnel():
    state = nordic_saxony()
    state["players"][0]["built"] = {"mine": "r7c3"}
    state["structs"]["r7c3"] = [0, "mine"]
    state["players"][0]["workers"] = ["r2c3", "r1c5"]
    state["players"][1]["workers"] = ["r3c2", "r7c1"]
    state = moving(state)
    assert "r7c3" in dests(state, "w0")
    state["turn"] = 1
    state["phase"] = "section"
    state["ctx"] = {}
    state = moving(state, 1)
    assert "r7c3" not in dests(state, "w0", seat=1)


def test_it_keeps_units_off_lakes_without_a_lake_ability():
    state = saxony_nordic()
    state["players"][0]["mechs"] = ["r3c3", "r3c3", None, None]
    state = moving(state)
    assert not {"r2c2", "r3c4", "r4c2"} & dests(state, "m0")


def test_it_lets_nordic_seaworthy_mechs_onto_lakes():
    state = nordic_saxony()
    state["players"][0]["mechs"] = [None, "r3c3", None, None]
    state = moving(state)
    assert {"r2c2", "r3c4", "r4c2"} <= dests(state, "m1")


def test_it_lets_polania_submerge_from_any_lake_to_any_lake():
    state = table(["polania", "saxony"], ["Industrial", "Engineering"])
    state["players"][0]["mechs"] = [None, "r2c0", None, None]
    state = moving(state)
    assert {"r2c2", "r3c4", "r4c2", "r5c4", "r5c6", "r7c2"} <= dests(state, "m1")


def test_it_links_controlled_villages_and_the_factory_for_rusviet_township():
    state = table(["rusviet", "saxony"], ["Engineering", "Industrial"])
    state["players"][0]["mechs"] = [None, "r3c6", None, None]
    state["players"][0]["workers"] = ["r3c6", "r8c3"]
    state = moving(state)
    assert {"r4c3", "r8c3"} <= dests(state, "m1")


def test_it_links_controlled_mountains_and_tunnels_for_saxony_underpass():
    state = saxony_nordic()
    state["players"][0]["mechs"] = [None, "r6c0", None, None]
    state = moving(state)
    assert dests(state, "m1") >= TUNNELS


def test_it_lets_crimea_wayfare_to_its_home_and_inactive_home_bases():
    state = table(["crimea", "saxony"], ["Industrial", "Engineering"])
    state["players"][0]["mechs"] = [None, "r4c4", None, None]
    state["players"][0]["char"] = "r4c4"
    state = moving(state)
    homes = dests(state, "char") & set(HOMES.values())
    inactive = ("nordic", "rusviet", "polania", "albion", "togawa")
    assert homes == {HOMES[f] for f in ("crimea", *inactive)}


def test_it_never_moves_into_a_home_base_otherwise():
    state = nordic_saxony()
    state = moving(state)
    assert HOMES["nordic"] not in dests(state, "w0")


def test_it_moves_one_extra_territory_with_speed_picking_up_workers_on_the_way():
    state = saxony_nordic()
    state["players"][0]["mechs"] = [None, None, None, "r7c1"]  # Speed
    state["players"][0]["workers"] = ["r6c0"]
    state = moving(state)
    state = play(state, 0, step("m3", "r6c0"))
    assert dests(state, "m3")  # a second step is left
    state = play(state, 0, step("m3", "r6c1", workers=1))
    p = state["players"][0]
    assert p["mechs"][3] == "r6c1" and p["workers"] == ["r6c1"]


def test_it_moves_a_mech_one_territory_without_speed():
    state = saxony_nordic()
    state["players"][0]["mechs"] = ["r7c1", None, None, None]
    state = moving(state)
    state = play(state, 0, step("m0", "r6c0"))
    assert dests(state, "m0") == set()


def test_it_stops_a_character_on_an_encounter_token():
    state = saxony_nordic()
    state["players"][0]["mechs"] = [None, None, None, "r4c3"]  # Speed
    state["players"][0]["char"] = "r6c0"
    state = moving(state)
    state = play(state, 0, step("char", "r6c1"))  # an encounter token: no second step
    assert dests(state, "char") == set()
    assert state["phase"] == "move"  # another unit may still move


def test_it_carries_workers_on_a_mech_and_resources_on_any_unit():
    state = nordic_saxony()
    state["players"][0]["mechs"] = ["r1c4", None, None, None]
    state["res"] = {"r1c4": [1, 0, 2, 0]}
    state = moving(state)
    state = play(
        state, 0, {"type": "step", "unit": "m0", "to": "r2c4", "workers": 1, "carry": "all"}
    )
    p = state["players"][0]
    assert p["mechs"][0] == "r2c4" and p["workers"][0] == "r2c4"
    assert state["res"] == {"r2c4": [1, 0, 2, 0]}


def test_it_drives_enemy_workers_home_and_costs_popularity():
    state = saxony_nordic()
    state["players"][0]["mechs"] = ["r2c4", None, None, None]
    pop = state["players"][0]["pop"]
    state = moving(state)
    state = play(
        state, 0, {"type": "step", "unit": "m0", "to": "r1c5", "workers": 0, "carry": "none"}
    )
    assert state["players"][1]["workers"].count(HOMES["nordic"]) == 1
    assert state["players"][0]["pop"] == pop - 1


def test_it_keeps_workers_out_of_hexes_with_enemy_units():
    state = saxony_nordic()
    state["players"][0]["workers"] = ["r2c4"]
    state = moving(state)
    assert not {"r1c4", "r1c5"} & dests(state, "w0")


def test_it_ends_a_move_after_the_allowed_number_of_units():
    state = moving(nordic_saxony())
    state = play(
        state,
        0,
        {"type": "step", "unit": "w0", "to": "r2c4", "workers": 0, "carry": "none"},
        {"type": "step", "unit": "w1", "to": "r2c4", "workers": 0, "carry": "none"},
    )
    assert state["phase"] in ("bottom", "section")  # no bottom action possible: turn over


def test_it_links_only_controlled_villages_for_township():
    state = table(["rusviet", "saxony"], ["Engineering", "Industrial"])
    state["players"][0]["mechs"] = [None, "r3c6", None, None]
    state = moving(state)
    assert "r8c3" not in dests(state, "m1")  # a village Rusviet does not control
    assert "r4c3" in dests(state, "m1")  # the Factory always


RIVERWALK_BOOK = {
    "nordic": {"forest", "mountain"},
    "rusviet": {"farm", "village"},
    "crimea": {"farm", "tundra"},
    "saxony": {"forest", "mountain"},
    "polania": {"village", "mountain"},
}


def test_it_gives_each_faction_the_riverwalk_terrains_of_the_book():
    from games.scythe.data import RIVER, TERRAIN

    for faction, terrains in RIVERWALK_BOOK.items():
        other = "saxony" if faction != "saxony" else "nordic"
        for start in ("r2c4", "r3c5"):
            gained = set()
            for deployed in (False, True):
                state = table([faction, other], ["Engineering", "Industrial"])
                state["players"][1]["workers"] = []
                state["players"][1]["char"] = "r7c7" if other == "saxony" else "r0c4"
                state["players"][0]["workers"] = []
                state["players"][0]["mechs"] = [start if deployed else None, None, None, start]
                reach = dests(moving(state), "m3")
                gained = reach - gained if deployed else reach
            across = {h for h in RIVER[start] if TERRAIN[h] in terrains}
            # Crossing a river onto the book's terrains is what Riverwalk adds, and only that
            # (a tunnel reachable anyway is not a gain).
            assert across - TUNNELS <= gained, (faction, start)
            assert all(TERRAIN[h] in terrains for h in gained & RIVER[start]), (faction, start)


def test_it_lets_a_unit_take_all_the_tokens_one_kind_part_of_one_kind_or_none():
    """000, Move: a unit may carry any number of the tokens of its territory."""
    state = nordic_saxony()
    state["res"] = {"r1c4": [1, 0, 3, 0]}
    state = moving(state)
    loads = [a["carry"] for a in GAME.legal_actions(fresh(state), 0) if a.get("unit") == "w0"]
    assert loads[:7] == ["all", "food", "metal", "metal:2", "metal:1", "some", "none"]
    kept = play(state, 0, step("w0", "r2c4", carry="metal"))
    assert kept["res"] == {"r1c4": [1, 0, 0, 0], "r2c4": [0, 0, 3, 0]}
    part = play(state, 0, step("w0", "r2c4", carry="metal:2"))
    assert part["res"] == {"r1c4": [1, 0, 1, 0], "r2c4": [0, 0, 2, 0]}
    label = GAME.label(state, 0, step("w0", "r2c4", carry="metal:2"))
    assert label.endswith("and 2 metal")
    # Any mix: `some`, then the tokens one by one (here 1 food and 1 metal).
    mixed = play(state, 0, step("w0", "r2c4", carry="some"))
    assert mixed["phase"] == "load"
    assert GAME.legal_actions(mixed, 0) == [
        {"type": "load", "res": "food"},
        {"type": "load", "res": "metal"},
        {"type": "done"},
    ]
    mixed = play(mixed, 0, {"type": "load", "res": "food"}, {"type": "load", "res": "metal"})
    assert GAME.legal_actions(mixed, 0) == [{"type": "load", "res": "metal"}, {"type": "done"}]
    mixed = play(mixed, 0, {"type": "done"})
    assert mixed["res"] == {"r1c4": [0, 0, 2, 0], "r2c4": [1, 0, 1, 0]}
    assert mixed["phase"] == "move"


def test_it_offers_part_of_a_single_kind_pile():
    state = nordic_saxony()
    state["res"] = {"r1c4": [0, 0, 0, 2]}
    state = moving(state)
    loads = [a["carry"] for a in GAME.legal_actions(fresh(state), 0) if a.get("unit") == "w0"]
    assert loads[:3] == ["all", "oil:1", "none"]
    for wrong in ("oil:3", "oil:2", "oil:0", "food:1", "oil:x"):
        with pytest.raises(IllegalAction):
            play(state, 0, step("w0", "r2c4", carry=wrong))


def test_it_lets_a_seaworthy_mech_carry_workers_and_tokens_onto_a_lake_and_off_again():
    """000, Seaworthy/Submerge: a mech may carry workers, and a character or mech tokens, onto
    a lake; they cannot stay there once it leaves, and a worker leaves a lake only on a mech."""
    state = nordic_saxony()
    p = state["players"][0]
    p["mechs"] = [None, "r3c3", None, None]  # Seaworthy
    p["workers"] = ["r3c3", "r3c3"]
    state["res"] = {"r3c3": [0, 0, 0, 2]}
    state = moving(state)
    onto = [a for a in GAME.legal_actions(fresh(state), 0) if a.get("to") == "r3c4"]
    assert step("m1", "r3c4", workers=2, carry="all") in onto
    state = play(state, 0, step("m1", "r3c4", workers=1, carry="all"))
    assert state["players"][0]["workers"].count("r3c4") == 1
    assert state["res"] == {"r3c4": [0, 0, 0, 2]}
    # The worker on the lake cannot step off by itself.
    assert not [a for a in GAME.legal_actions(fresh(state), 0) if a.get("unit") == "w0"]
    state = play(state, 0, {"type": "end_move"})
    state = moving(state)
    off = [a for a in GAME.legal_actions(fresh(state), 0) if a.get("unit") == "m1"]
    assert off and all(a["workers"] == 1 and a["carry"] == "all" for a in off)


def test_it_makes_the_last_mech_leaving_a_lake_take_the_workers_even_beside_the_character():
    state = nordic_saxony()
    p = state["players"][0]
    p["char"] = "r3c4"
    p["mechs"] = [None, "r3c4", None, None]  # Seaworthy, on the lake with a worker
    p["workers"] = ["r3c4"]
    state = moving(state)
    mech = [a for a in GAME.legal_actions(fresh(state), 0) if a.get("unit") == "m1"]
    assert mech and all(a["workers"] == 1 for a in mech)
