"""Map invariants (the board of the base game, standard side)."""

from collections import Counter

from games.scythe.data import (
    ENCOUNTER_HEXES,
    FACTORY_HEX,
    HEXES,
    HOMES,
    LAKES,
    LAND,
    RIVER,
    SHORE,
    TERRAIN,
    TUNNELS,
)


def test_it_has_54_hexes_with_the_printed_terrain_counts():
    assert len(HEXES) == 54
    counts = Counter(TERRAIN.values())
    assert counts == {
        "village": 9,
        "mountain": 8,
        "tundra": 8,
        "home_base": 7,
        "farm": 7,
        "forest": 7,
        "lake": 7,
        "factory": 1,
    }
    assert TERRAIN[FACTORY_HEX] == "factory"


def test_it_has_11_encounters_and_6_tunnels():
    assert len(ENCOUNTER_HEXES) == 11
    assert len(TUNNELS) == 6
    assert not (set(ENCOUNTER_HEXES) & set(TUNNELS))


def test_it_has_reciprocal_neighbours():
    for h in HEXES:
        for n in LAND[h]:
            assert h in LAND[n], (h, n)
        for n in RIVER[h]:
            assert h in RIVER[n], (h, n)
        for n in SHORE[h]:
            assert h in SHORE[n], (h, n)


def test_it_never_puts_a_river_on_a_lake():
    for h in HEXES:
        assert not (RIVER[h] & LAKES)
        assert not (LAND[h] & LAKES)
        if h in LAKES:
            assert not LAND[h] and not RIVER[h]


def test_it_has_32_river_borders_between_land_hexes():
    borders = {frozenset((h, n)) for h in HEXES for n in RIVER[h]}
    assert len(borders) == 32
    # Only the Rusviet home base has a river on its border (to the farm r2c6).
    assert [b for b in borders if b & set(HOMES.values())] == [frozenset(("r2c6", "r3c7"))]


def test_it_gives_each_base_home_two_land_neighbours():
    for faction in ("nordic", "rusviet", "crimea", "saxony", "polania"):
        assert len(LAND[HOMES[faction]]) == 2
