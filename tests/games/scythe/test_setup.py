"""Scythe quick reference, Setup."""

from games.scythe import GAME
from games.scythe.data import ENCOUNTER_HEXES, FACTIONS, HOMES, LAND, MATS, SEATING


def test_it_never_deals_rusviet_industrial_nor_crimea_patriotic():
    for seed in range(150):
        state = GAME.setup(5, seed, {})
        pairs = {(p["faction"], MATS[p["mat"]]["name"]) for p in state["players"]}
        assert ("rusviet", "Industrial") not in pairs
        assert ("crimea", "Patriotic") not in pairs


def test_it_deals_distinct_factions_and_mats():
    state = GAME.setup(5, 3, {})
    assert len({p["faction"] for p in state["players"]}) == 5
    assert len({p["mat"] for p in state["players"]}) == 5


def test_it_starts_with_the_lowest_mat_and_goes_clockwise_in_faction_order():
    for seed in range(20):
        state = GAME.setup(3, seed, {})
        players = state["players"]
        order = state["order"]
        numbers = [MATS[p["mat"]]["number"] for p in players]
        assert numbers[order[0]] == min(numbers)
        assert state["turn"] == order[0]
        positions = [SEATING.index(players[s]["faction"]) for s in order]
        rotations = sum(
            1 for a, b in zip(positions, positions[1:] + positions[:1], strict=True) if b < a
        )
        assert rotations == 1  # one wrap-around: clockwise order


def test_it_gives_the_printed_starting_tracks_cards_and_objectives():
    state = GAME.setup(4, 7, {})
    for p in state["players"]:
        faction = FACTIONS[p["faction"]]
        mat = MATS[p["mat"]]
        assert p["power"] == faction["power"]
        assert len(p["hand"]) == faction["cards"]
        assert p["pop"] == mat["popularity"]
        assert p["coins"] == mat["coins"]
        assert len(p["objs"]) == 2


def test_it_places_the_character_home_and_a_worker_on_each_land_neighbour():
    state = GAME.setup(5, 2, {})
    for p in state["players"]:
        home = HOMES[p["faction"]]
        assert p["char"] == home
        assert sorted(p["workers"]) == sorted(LAND[home])
        assert p["mechs"] == [None] * 4


def test_it_lays_11_encounter_tokens_players_plus_one_factory_cards_and_one_tile():
    state = GAME.setup(3, 1, {})
    assert sorted(state["tokens"]) == sorted(ENCOUNTER_HEXES)
    assert len(state["fpile"]) == 4
    assert len(state["fpile"]) + len(state["fbox"]) == 12
    assert state["tile"] in (
        "adjacent_tunnels",
        "adjacent_lakes",
        "adjacent_encounters",
        "on_tunnels",
        "in_a_row",
        "on_farms_or_tundras",
    )
    assert len(state["enc"]) == 28


def test_it_deals_the_combat_deck_of_42():
    state = GAME.setup(5, 9, {})
    cards = state["deck"] + [c for p in state["players"] for c in p["hand"]]
    assert sorted(cards) == sorted([2] * 16 + [3] * 12 + [4] * 8 + [5] * 6)
