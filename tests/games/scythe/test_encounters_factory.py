"""Scythe, Encounters and The Factory."""

from games.scythe import GAME
from games.scythe.data import FACTORY_HEX

from .helpers import at, fresh, legal_types, play, step, table


def arrive(faction="saxony", to="r6c1", start="r6c0", enc=1):
    state = table([faction, "nordic"], ["Industrial", "Engineering"])
    state["players"][0]["char"] = start
    state["enc"] = [enc, *[c for c in state["enc"] if c != enc]]
    state = play(at(state, 0, "move_gain"), 0, {"type": "move"})
    return play(state, 0, step("char", to), {"type": "end_move"})


def test_it_draws_an_encounter_when_the_character_stops_on_a_token():
    state = arrive()
    assert state["phase"] == "encounter"
    assert "r6c1" not in state["tokens"]
    assert GAME.view(state, 1)["ctx"]["enc"]["card"] == 1  # shown to everyone
    p = state["players"][0]
    state = play(state, 0, {"type": "encounter", "option": 1})
    assert state["phase"] == "benefit"
    state = take_all(state)
    assert state["players"][0]["coins"] == p["coins"] + 2
    assert state["players"][0]["pop"] == p["pop"] + 1
    assert state["enc"][-1] == 1  # back to the bottom of the deck
    assert state["phase"] in ("bottom", "section")  # no bottom action possible: turn over


def test_it_requires_the_cost_of_an_option():
    state = table(["saxony", "nordic"], ["Industrial", "Engineering"])
    state["players"][0]["coins"] = 1
    state["players"][0]["pop"] = 1
    state["players"][0]["char"] = "r6c0"
    state["enc"] = [1, *state["enc"][1:]] if state["enc"][0] != 1 else state["enc"]
    state = play(at(state, 0, "move_gain"), 0, {"type": "move"})
    state = play(state, 0, step("char", "r6c1"), {"type": "end_move"})
    options = [a["option"] for a in GAME.legal_actions(state, 0)]
    assert options == [1]


def test_it_puts_encounter_resources_on_the_characters_territory():
    state = arrive()
    state = play(state, 0, {"type": "encounter", "option": 2})
    state = take_all(state)
    assert state["res"]["r6c1"] == [4, 0, 0, 0]


def test_it_builds_for_free_on_the_characters_territory():
    state = arrive()
    wood = state["res"]
    state = play(state, 0, {"type": "encounter", "option": 3})
    builds = [a for a in GAME.legal_actions(state, 0) if a["type"] == "build"]
    assert {a["hex"] for a in builds} == {"r6c1"}
    state = play(state, 0, builds[0])
    assert state["structs"]["r6c1"][0] == 0
    assert state["res"] == wood
    assert state["phase"] in ("bottom", "section")  # no bottom action possible: turn over


def test_it_lets_polania_meander_through_two_options():
    state = arrive(faction="polania", start="r3c1", to="r4c1")
    state = take_all(play(state, 0, {"type": "encounter", "option": 1}))
    assert state["phase"] == "encounter"
    assert {a.get("option") for a in GAME.legal_actions(state, 0)} == {2, 3, None}
    state = take_all(play(state, 0, {"type": "encounter", "option": 2}))
    assert state["phase"] in ("bottom", "section")  # no bottom action possible: turn over


def take_all(state):
    """Take every waiting encounter benefit in full (the first choice listed)."""
    while state["phase"] == "benefit":
        state = play(state, 0, GAME.legal_actions(fresh(state), 0)[0])
    return state


def test_it_lets_the_player_take_part_of_an_encounters_benefits():
    """000, Encounters: "cost required and benefit optional": one may take 2 metal without the
    worker; here card 3, option 2 (pay 2 coins: 3 food and a worker), 2 food and no worker."""
    state = arrive(enc=3)
    coins = state["players"][0]["coins"]
    workers = len(state["players"][0]["workers"])
    state = play(state, 0, {"type": "encounter", "option": 2})
    assert state["players"][0]["coins"] == coins - 2  # the cost is paid in full at once
    offered = GAME.legal_actions(state, 0)
    assert offered == [{"type": "benefit", "what": "food", "amount": k} for k in (3, 2, 1, 0)]
    assert GAME.label(state, 0, offered[-1]) == "Take none of the food"
    state = play(state, 0, {"type": "benefit", "what": "food", "amount": 2})
    worker = {"type": "benefit", "what": "gain_worker", "amount": 1}
    assert GAME.legal_actions(state, 0)[0] == worker
    state = play(state, 0, {"type": "benefit", "what": "gain_worker", "amount": 0})
    assert state["res"]["r6c1"] == [2, 0, 0, 0]
    assert len(state["players"][0]["workers"]) == workers
    assert state["phase"] in ("bottom", "section")


def test_it_does_not_ask_for_a_benefit_that_cannot_change_anything():
    """Popularity already at 18: option 1 of card 1 (2 coins, 1 popularity) asks only the coins."""
    state = arrive(enc=1)
    state["players"][0]["pop"] = 18
    state = play(fresh(state), 0, {"type": "encounter", "option": 1})
    assert {a["what"] for a in GAME.legal_actions(state, 0)} == {"coins"}
    state = play(state, 0, {"type": "benefit", "what": "coins", "amount": 1})
    assert state["phase"] != "benefit"


def test_it_offers_players_plus_one_factory_cards_to_the_first_visitor_only_to_see():
    state = table(["saxony", "nordic"], ["Industrial", "Engineering"])
    state["players"][0]["char"] = "r5c3"
    pile = list(state["fpile"])
    state = play(at(state, 0, "move_gain"), 0, {"type": "move"})
    state = play(state, 0, step("char", FACTORY_HEX), {"type": "end_move"})
    assert state["phase"] == "factory"
    assert len(pile) == 3
    assert GAME.view(state, 0)["factory_offer"] == pile
    assert "factory_offer" not in GAME.view(state, 1)
    state = play(state, 0, {"type": "factory_card", "card": pile[0]})
    assert state["players"][0]["fcard"] == pile[0]
    assert len(state["fpile"]) == 2
    assert state["phase"] in ("bottom", "section")  # no bottom action possible: turn over


def test_it_uses_the_factory_card_as_a_fifth_section_with_a_two_step_move():
    state = table(["saxony", "nordic"], ["Industrial", "Engineering"])
    state["players"][0]["fcard"] = 6  # pay 1 power: 3 coins
    state["turn"] = 0
    coins = state["players"][0]["coins"]
    state = play(state, 0, {"type": "section", "n": 4}, {"type": "factory_top"})
    assert state["players"][0]["coins"] == coins + 3
    assert legal_types(state, 0) == {"factory_move", "end_turn"}
    state = play(state, 0, {"type": "factory_move"})
    state = play(state, 0, step("char", "r6c0"))
    assert {a.get("unit") for a in GAME.legal_actions(fresh(state), 0)} == {"char", None}
    reach = {a["to"] for a in GAME.legal_actions(state, 0) if a.get("unit") == "char"}
    assert "r6c1" in reach  # home -> r6c0 -> r6c1: the second step of the one unit


def test_it_plays_every_factory_card_top_action():
    from games.scythe.data import FACTORY_CARDS

    for number, card in FACTORY_CARDS.items():
        state = table(["saxony", "nordic"], ["Industrial", "Engineering"])
        p = state["players"][0]
        p.update({"fcard": number, "coins": 5, "pop": 5, "power": 5, "hand": [2, 3]})
        state["turn"] = 0
        state = play(state, 0, {"type": "section", "n": 4})
        tops = [a for a in GAME.legal_actions(state, 0) if a["type"] == "factory_top"]
        assert tops, number
        state = play(state, 0, tops[0])
        after = state["players"][0]
        for what, key in (("coins", "coins"), ("popularity", "pop"), ("power", "power")):
            expected = 5 - card["cost"].get(what, 0) + card["gain"].get(what, 0)
            assert after[key] == expected, (number, what)
        assert len(after["hand"]) == 2 - card["cost"].get("combat_cards", 0), number
        # whatever follows (a free action, resources to place, produce) can be finished
        for _ in range(6):
            if state["phase"] in ("bottom", "section"):
                break
            state = play(state, 0, GAME.legal_actions(fresh(state), 0)[-1])
        assert state["phase"] in ("bottom", "section"), number


def test_it_resolves_every_option_of_every_encounter_card():
    from games.scythe.data import ENCOUNTERS

    for number, options in ENCOUNTERS.items():
        for option in (1, 2, 3):
            state = arrive(enc=number)
            p = state["players"][0]
            p.update({"coins": 9, "pop": 9})
            state = play(state, 0, {"type": "encounter", "option": option})
            cost = options[option - 1]["cost"]
            assert state["players"][0]["coins"] <= 9 - cost.get("coins", 0) + 2, (number, option)
            for _ in range(8):
                if state["phase"] in ("bottom", "section"):
                    break
                state = play(state, 0, GAME.legal_actions(fresh(state), 0)[0])
            assert state["phase"] in ("bottom", "section"), (number, option)
