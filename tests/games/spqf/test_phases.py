"""SPQF, "Fase de reclutamiento", "Fase de descarte" and "Fase de robo"."""

from games.spqf import GAME

from .helpers import act, all_cards, arrange, civ, legal, next_turn, place, starting


def test_it_recruits_from_the_central_row_or_another_players_row_but_never_ones_own():
    mine, theirs = civ("ag_orchard"), civ("in_sawmill")
    s = arrange(hands={0: [starting(0, "s_forage")]})
    place(s, mine, 0, "row")
    place(s, theirs, 1, "row")
    s = act(s, 0, "pass")
    options = {a["card"] for a in legal(s, 0)}
    assert options == set(s["central"]) | {theirs}
    s = act(s, 0, "recruit", card=theirs)
    assert theirs in s["players"][0]["discard"]  # recruited cards go to the discard pile


def test_it_refills_the_central_row_at_once_from_the_civilization_deck():
    s = arrange(hands={0: []})
    top = s["civ"][-1]
    taken = s["central"][0]
    s = act(s, 0, "recruit", card=taken)
    assert top in s["central"] and len(s["central"]) == 3
    assert taken in s["players"][0]["discard"]


def test_it_must_recruit_when_a_card_can_be_recruited():
    s = arrange(hands={0: [starting(0, "s_forage")]})
    s = act(s, 0, "pass")
    assert {a["type"] for a in legal(s, 0)} == {"recruit"}


def test_it_moves_the_hand_to_the_trade_row_and_discards_starting_cards_and_played_cards():
    # "Descarta todas las cartas en su fila comercial y todas las cartas jugadas ...
    # Luego ... descarta sus cartas iniciales. Finalmente, ... tu mano se colocan en tu fila."
    forage, sticks = starting(0, "s_forage"), starting(0, "s_sticks")
    orchard, sawmill, old = civ("ag_orchard"), civ("in_sawmill"), civ("sc_alchemy")
    s = arrange(hands={0: [forage, sticks, orchard, sawmill]})
    place(s, old, 0, "row")
    s = act(s, 0, "play", card=forage)
    s = act(s, 0, "modify", card=orchard)
    s = act(s, 0, "recruit", card=s["central"][0])
    p = s["players"][0]
    assert p["row"] == [sawmill]
    assert forage in p["discard"] and sticks in p["discard"] and old in p["discard"]
    assert orchard in p["discard"]  # played as a modifier of Forage


def test_it_draws_five_and_reshuffles_the_discard_pile_when_the_deck_runs_out():
    s = arrange(hands={0: []})
    p = s["players"][0]
    keep = p["deck"][:2]
    for card in p["deck"][2:]:
        place(s, card, 0, "discard")
    assert len(p["deck"]) == 2
    s = act(s, 0, "recruit", card=s["central"][0])
    p = s["players"][0]
    assert len(p["hand"]) == 5
    assert set(keep) <= set(p["hand"])  # the old deck is drawn first
    assert p["discard"] == []


def test_it_passes_the_turn_clockwise_and_keeps_every_card():
    s = arrange(3, active=1, hands={1: []})
    total = sorted(all_cards(s))
    s = next_turn(s)
    assert s["active"] == 2
    assert sorted(all_cards(s)) == total
    assert GAME.to_act(s) == (2,)
