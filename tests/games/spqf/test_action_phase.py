"""SPQF, "Fase de acción": the action card, its cost, modifiers, stored modifiers, usefulness."""

import pytest

from games.core import IllegalAction, InvalidAction
from games.spqf import GAME

from .helpers import act, arrange, civ, legal, place, starting, types


def test_it_counts_the_action_card_as_its_own_first_modifier():
    # "El modificador de la carta de acción cuenta por sí mismo ... un valor por defecto de uno."
    s = arrange(hands={0: [starting(0, "s_forage")]})
    s = act(s, 0, "play", card=starting(0, "s_forage"))
    assert s["players"][0]["cubes"] == [1, 0]


def test_it_pays_the_cube_cost_before_resolving_the_card():
    # "Si la carta tiene un coste de cubo ..., debes descartar cualquier cubo antes de resolver."
    clover = civ("ag_clover")  # costs 1 black, gathers green per modifier (2 on the card)
    s = arrange(hands={0: [clover]}, cubes={0: [0, 1]})
    supply = list(s["supply"])
    s = act(s, 0, "play", card=clover)
    assert s["players"][0]["cubes"][1] == 0
    assert s["supply"][1] == supply[1] + 1
    assert s["players"][0]["cubes"][0] == 2


def test_it_spends_stored_cubes_when_loose_ones_are_missing():
    # "Puede gastar los recursos almacenados en acciones."
    clover = civ("ag_clover")
    s = arrange(hands={0: [clover]}, scubes={0: [0, 1]})
    s = act(s, 0, "play", card=clover)
    assert s["players"][0]["scubes"] == [0, 0]


def test_it_refuses_a_card_whose_cube_cost_cannot_be_paid():
    clover = civ("ag_clover")
    s = arrange(hands={0: [clover, starting(0, "s_forage")]})
    assert {"type": "play", "card": clover} not in legal(s, 0)
    with pytest.raises(IllegalAction, match="Clover Fields cannot be played now") as refused:
        act(s, 0, "play", card=clover)
    assert "its cube cost cannot be paid" in refused.value.reason
    assert s["players"][0]["hand"] == [clover, starting(0, "s_forage")]  # nothing changed


def test_it_adds_matching_modifiers_from_the_hand_and_oak_leaves_are_wild():
    forage, terraces, grove = starting(0, "s_forage"), civ("ag_terraces"), civ("oak_grove")
    sticks = starting(0, "s_sticks")
    s = arrange(hands={0: [forage, terraces, grove, sticks]})
    s = act(s, 0, "play", card=forage)
    options = legal(s, 0)
    assert {"type": "modify", "card": terraces} in options
    assert {"type": "modify", "card": grove} in options
    assert {"type": "modify", "card": sticks} not in options  # industry does not match
    s = act(s, 0, "modify", card=terraces)
    assert s["play"]["mods"] == 3  # the card itself + the two modifiers of Acorn Terraces
    s = act(s, 0, "modify", card=grove)  # nothing left to add: it resolves at once
    assert s["players"][0]["cubes"][0] == 4  # 4 modifiers, four green


def test_it_lets_each_stored_card_modify_one_action_card_per_turn():
    # "Cada carta almacenada también puede contribuir con su modificador ... en cada turno."
    forage, terraces = starting(0, "s_forage"), civ("ag_terraces")
    s = arrange(hands={0: [forage]})
    place(s, terraces, 0, "stored")
    s = act(s, 0, "play", card=forage)
    assert legal(s, 0) == [{"type": "modify", "stored": terraces}, {"type": "go"}]
    s = act(s, 0, "modify", stored=terraces)
    assert s["players"][0]["cubes"][0] == 3
    assert s["turn"]["stored_used"] == [terraces]


def test_it_takes_no_modifiers_on_a_card_with_only_binary_actions():
    # "Siempre puede modificar las tarjetas que tienen por acciones ..., pero nunca solo
    # acciones binarias."
    senate, tribune = civ("le_senate"), civ("le_tribune")
    s = arrange(hands={0: [senate, tribune]}, cubes={0: [1, 1]})
    s = act(s, 0, "play", card=senate)
    assert s["players"][0]["level"] == 1  # resolved at once: no modify step
    assert s["play"] is None


def test_it_refuses_a_card_that_would_not_change_the_game():
    # "No puedes jugar una carta que no cambie el estado del juego": nothing to store.
    pantry, forage = starting(0, "s_pantry"), starting(0, "s_forage")
    s = arrange(hands={0: [pantry, forage]})
    assert {"type": "play", "card": pantry} not in legal(s, 0)
    assert {"type": "play", "card": forage} in legal(s, 0)


def test_it_lets_the_active_player_pass_to_the_recruit_phase():
    # "Si el jugador activo no tiene ninguna carta con acciones, o elige no jugar ninguna,
    # puede pasar."
    s = arrange(hands={0: [starting(0, "s_forage")]})
    s = act(s, 0, "pass")
    assert s["step"] == "recruit"


def test_it_lets_the_active_player_choose_the_order_of_two_actions():
    # "Si una carta tiene varias acciones, puede usarlas en cualquier orden."
    kiln = civ("in_kiln")  # gather black, convert
    s = arrange(hands={0: [kiln]}, cubes={0: [1, 0]})
    s = act(s, 0, "play", card=kiln)
    assert s["step"] == "order"
    assert types(s, 0) == {"first"}
    s = act(s, 0, "first", action=1)  # convert first (or stop: converting is a choice)
    assert types(s, 0) == {"convert", "stop"}
    s = act(s, 0, "convert", color="b")
    assert s["players"][0]["cubes"] == [0, 2]  # then gathered one black


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        ({"type": "play"}, "missing: card"),
        ({"type": "play", "card": "x"}, "'card' must be a whole number"),
        ({"type": "play", "card": True}, "'card' must be a whole number"),
        ({"type": "play", "card": 0, "color": "g"}, "not 'color'"),
        ({"type": "modify", "card": 1, "stored": 2}, "exactly one of: card, stored"),
        ({"type": "fly"}, "SPQF has no action called 'fly'"),
        ({"card": 0}, "an action is an object with a string 'type'"),
    ],
)
def test_it_refuses_malformed_actions_as_invalid(bad, reason):
    s = arrange(hands={0: [starting(0, "s_forage")]})
    with pytest.raises(InvalidAction) as refused:
        GAME.apply(s, 0, bad)
    assert reason in refused.value.reason


def test_it_refuses_a_well_formed_action_from_a_seat_not_to_act_as_illegal():
    s = arrange(hands={0: [starting(0, "s_forage")]})
    assert GAME.to_act(s) == (0,)
    with pytest.raises(IllegalAction, match="It is not your decision now"):
        GAME.apply(s, 1, {"type": "pass"})
    assert GAME.apply(s, 0, {"type": "pass"})["step"] == "recruit"  # the active seat may pass


def test_it_lets_two_stored_cards_modify_the_same_action_card():
    # Each stored card helps "una de las cartas de acción ... en cada turno": the limit is per
    # stored card, so two of them may modify one action card.
    forage, terraces, orchard = starting(0, "s_forage"), civ("ag_terraces"), civ("ag_orchard")
    s = arrange(hands={0: [forage]}, level={0: 1}, stored={0: [terraces, orchard]})
    s = act(s, 0, "play", card=forage)
    s = act(s, 0, "modify", stored=terraces)
    s = act(s, 0, "modify", stored=orchard)
    assert s["players"][0]["cubes"] == [4, 0]
