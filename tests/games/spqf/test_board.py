"""SPQF, "Nivel de civilización", storage and the cube limit ("Aclaraciones de acción")."""

from .helpers import act, arrange, civ, legal, starting


def test_it_stores_one_card_and_one_cube_at_level_zero():
    cache = civ("en_cache")  # store a card per modifier, two modifiers
    a, b = civ("ag_orchard"), civ("in_sawmill")
    s = arrange(hands={0: [cache, a, b]})
    s = act(s, 0, "play", card=cache)
    s = act(s, 0, "store", card=a)
    assert s["players"][0]["stored"] == [a]
    assert s["step"] != "unit"  # the storage is full: the second store is lost
    assert b in s["players"][0]["hand"] + s["players"][0]["row"]


def test_it_stores_one_more_card_and_cube_per_civilization_level():
    cistern = civ("en_cistern")  # store a cube of any colour per modifier, two modifiers
    s = arrange(hands={0: [cistern]}, cubes={0: [2, 0]}, level={0: 1})
    s = act(s, 0, "play", card=cistern)
    assert s["players"][0]["scubes"] == [2, 0]


def test_it_never_lets_a_player_hold_more_than_four_loose_cubes_of_a_colour():
    # "Nunca puede tener más de cuatro de cada recurso en su cuadro en exceso de sus
    # recursos almacenados."
    terraces, forage = civ("ag_terraces"), starting(0, "s_forage")
    s = arrange(hands={0: [terraces, forage]}, cubes={0: [3, 0]}, scubes={0: [1, 0]})
    s = act(s, 0, "play", card=terraces)
    s = act(s, 0, "modify", card=forage)
    assert s["players"][0]["cubes"] == [4, 0]
    s2 = arrange(hands={0: [terraces]}, cubes={0: [4, 0]})
    assert {"type": "play", "card": terraces} not in legal(s2, 0)


def test_it_raises_levels_in_order_paying_the_reference_card_costs():
    # Reference card: level 1 costs 1 green + 1 black, level 2 costs 2 green + 1 black.
    senate = civ("le_senate")
    s = arrange(hands={0: [senate]}, cubes={0: [3, 2]})
    s = act(s, 0, "play", card=senate)
    assert s["players"][0]["level"] == 1
    assert s["players"][0]["cubes"] == [2, 1]
    s2 = arrange(hands={0: [senate]}, cubes={0: [2, 1]}, level={0: 1})
    s2 = act(s2, 0, "play", card=senate)
    assert s2["players"][0]["level"] == 2 and s2["players"][0]["cubes"] == [0, 0]


def test_it_gives_one_vp_only_to_the_first_player_to_reach_each_level():
    senate = civ("le_senate")
    s = arrange(hands={0: [senate]}, cubes={0: [1, 1]})
    s["firsts"][0] = 1
    s = act(s, 0, "play", card=senate)
    assert s["players"][0]["vp"] == 0
    s = arrange(hands={0: [senate]}, cubes={0: [1, 1]})
    s = act(s, 0, "play", card=senate)
    assert s["players"][0]["vp"] == 1 and s["firsts"][0] == 0


def test_it_does_not_raise_a_level_that_cannot_be_paid():
    senate, forage = civ("le_senate"), starting(0, "s_forage")
    s = arrange(hands={0: [senate, forage]}, cubes={0: [1, 0]})
    assert {"type": "play", "card": senate} not in legal(s, 0)
