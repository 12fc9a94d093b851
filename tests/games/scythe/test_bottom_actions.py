"""Scythe, Bottom-row actions: Upgrade, Deploy, Build, Enlist; costs, coins, recruit bonuses."""

from games.scythe import GAME
from games.scythe.bottom import cost_now

from .helpers import play, section_with_bottom, table, told


def two():
    # Nordic on Industrial plays first (mat 1); Saxony on Engineering.
    return table(["nordic", "saxony"], ["Industrial", "Engineering"])


def at_bottom(state, seat, bottom):
    state["turn"] = seat
    state["phase"] = "section"
    state["ctx"] = {}
    state["players"][seat]["last"] = None
    n = section_with_bottom(state, seat, bottom)
    return play(state, seat, {"type": "section", "n": n}, {"type": "skip"})


def test_it_deploys_a_mech_paying_metal_from_controlled_territories_and_takes_coins():
    state = two()
    state["res"] = {"r1c4": [0, 0, 2, 0], "r1c5": [0, 0, 1, 0]}
    state = at_bottom(state, 0, "deploy")
    hexes = {a["hex"] for a in GAME.legal_actions(state, 0) if a["type"] == "deploy"}
    assert hexes == {"r1c4", "r1c5"}
    state = play(state, 0, {"type": "deploy", "mech": 0, "hex": "r1c5"})
    p = state["players"][0]
    assert p["mechs"] == ["r1c5", None, None, None]
    assert state["res"] == {}
    assert p["coins"] == 4 + 2


def test_it_refuses_a_bottom_action_without_the_resources():
    state = two()
    state["res"] = {"r1c4": [0, 0, 2, 0]}
    # Nothing to do at the bottom: the turn passes without asking.
    assert at_bottom(state, 0, "deploy")["turn"] == 1


def test_it_never_counts_resources_on_territories_one_does_not_control():
    state = two()
    state["res"] = {"r1c4": [0, 0, 2, 0], "r2c4": [0, 0, 5, 0]}
    assert at_bottom(state, 0, "deploy")["turn"] == 1


def test_it_builds_one_structure_per_territory_never_twice():
    state = two()
    state["res"] = {"r1c4": [0, 3, 0, 0]}
    state["structs"] = {"r1c5": [1, "mine"]}
    state = at_bottom(state, 0, "build")
    hexes = {a["hex"] for a in GAME.legal_actions(state, 0) if a["type"] == "build"}
    assert hexes == {"r1c4"}


def test_it_builds_on_the_factory():
    state = two()
    state["players"][0]["workers"] = ["r4c3", "r1c5"]
    state["res"] = {"r4c3": [0, 3, 0, 0]}
    state = at_bottom(state, 0, "build")
    state = play(state, 0, {"type": "build", "kind": "mill", "hex": "r4c3"})
    assert state["structs"]["r4c3"] == [0, "mill"]


def test_it_upgrades_by_moving_a_cube_from_a_top_box_to_a_bottom_slot():
    state = two()
    state["res"] = {"r1c4": [0, 0, 0, 3]}
    state = at_bottom(state, 0, "upgrade")
    state = play(state, 0, {"type": "upgrade", "top": "power", "bottom": "deploy"})
    p = state["players"][0]
    assert p["up"] == ["power"]
    assert cost_now(p, "deploy") == 2
    assert p["coins"] == 4 + 3


def test_it_only_upgrades_into_open_bottom_slots():
    state = two()
    p = state["players"][0]
    p["cubes"] = [1, 2, 1, 2]  # every slot of the Industrial mat is full
    state["res"] = {"r1c4": [0, 0, 0, 3]}
    state = at_bottom(state, 0, "upgrade")
    assert GAME.legal_actions(state, 0)[0] == {"type": "pay", "action": "upgrade"}


def test_it_enlists_with_a_one_time_bonus_but_no_ongoing_bonus_for_the_enlist_that_uncovers_it():
    """000, How to play: costs and benefits are read before the action is taken; the ongoing
    bonus of the section just enlisted pays from the next Enlist on."""
    state = two()
    state["res"] = {"r1c4": [8, 0, 0, 0]}
    state = at_bottom(state, 0, "enlist")
    state = play(state, 0, {"type": "enlist", "section": "enlist", "bonus": "coins"})
    p = state["players"][0]
    assert p["recruits"] == {"enlist": "coins"}
    assert p["coins"] == 4 + 2  # the one-time bonus only (this mat's Enlist shows no coins)
    assert len(p["hand"]) == 1  # the enlist recruit's card is not drawn yet
    state = at_bottom(state, 0, "enlist")
    state = play(state, 0, {"type": "enlist", "section": "build", "bonus": "power"})
    assert len(state["players"][0]["hand"]) == 1 + 1  # now it pays


def test_a_player_may_decline_the_coins_of_the_bottom_action():
    """000, Coins: "a player may choose not to take the coins"."""
    state = two()
    state["res"] = {"r1c4": [0, 0, 2, 0], "r1c5": [0, 0, 1, 0]}
    state = at_bottom(state, 0, "deploy")
    assert {"type": "decline_coins"} in GAME.legal_actions(state, 0)
    state = play(state, 0, {"type": "decline_coins"})
    assert {"type": "decline_coins"} not in GAME.legal_actions(state, 0)
    assert GAME.label(state, 0, {"type": "decline_coins"}) == "Decline the coins"
    state = play(state, 0, {"type": "deploy", "mech": 0, "hex": "r1c5"})
    assert state["players"][0]["coins"] == 4
    assert "no_coins" not in state["ctx"]


def test_it_gives_the_neighbours_recruit_bonus_once_in_a_two_player_game():
    state = two()
    state["players"][0]["recruits"] = {"build": "power"}
    state["res"] = {"r6c0": [0, 3, 0, 0]}
    pop = state["players"][0]["pop"]
    state = at_bottom(state, 1, "build")
    state = play(state, 1, {"type": "build", "kind": "mine", "hex": "r6c0"})
    assert state["players"][0]["pop"] == pop + 1


def test_it_gives_recruit_bonuses_to_both_neighbours_only():
    state = table(
        ["nordic", "rusviet", "crimea", "saxony"],
        ["Industrial", "Engineering", "Mechanical", "Agricultural"],
    )
    for p in state["players"]:
        p["recruits"] = {"upgrade": "power"}
    state["res"] = {"r3c6": [0, 0, 0, 3]}
    powers = [p["power"] for p in state["players"]]
    state = at_bottom(state, 1, "upgrade")
    state = play(state, 1, {"type": "upgrade", "top": "power", "bottom": "deploy"})
    gained = [p["power"] - b for p, b in zip(state["players"], powers, strict=True)]
    # Rusviet (seat 1) and its neighbours Nordic and Crimea gain; Saxony, across, does not.
    assert gained == [1, 1, 1, 0]


def test_it_lets_crimea_pay_one_resource_with_a_combat_card_once_a_turn():
    state = table(["crimea", "saxony"], ["Industrial", "Engineering"])
    state["players"][0]["hand"] = [3]
    state["res"] = {"r7c3": [0, 0, 2, 0]}
    state = at_bottom(state, 0, "deploy")
    state = play(state, 0, {"type": "deploy", "mech": 1, "hex": "r7c3"})
    p = state["players"][0]
    assert p["hand"] == [] and state["discard"] == [3]
    assert p["mechs"][1] == "r7c3"
    state = table(["crimea", "saxony"], ["Industrial", "Engineering"])
    state["players"][0]["hand"] = [3, 4]
    state["res"] = {"r7c3": [0, 0, 1, 0]}
    assert at_bottom(state, 0, "deploy")["turn"] == 1


def test_it_lets_a_completed_action_be_paid_for_its_coins():
    state = two()
    state["players"][0]["mechs"] = ["r1c4"] * 4
    state["players"][0]["stars"] = {"mechs": 1}
    state["res"] = {"r1c4": [0, 0, 3, 0]}
    state = at_bottom(state, 0, "deploy")
    state = play(state, 0, {"type": "pay", "action": "deploy"})
    assert state["players"][0]["coins"] == 4 + 2


def test_it_lets_the_player_choose_which_territories_tokens_pay():
    """000, Bottom-row actions: the cost is paid with resources from any territories one
    controls; with metal on two territories and more than needed, the player picks each one."""
    state = two()
    state["res"] = {"r1c4": [0, 0, 5, 0], "r1c5": [0, 0, 1, 0]}
    state = at_bottom(state, 0, "deploy")
    state = play(state, 0, {"type": "deploy", "mech": 0, "hex": "r1c4"})
    assert state["phase"] == "payment"
    assert state["players"][0]["mechs"][0] is None  # carried out once paid
    offered = GAME.legal_actions(state, 0)
    assert offered == [{"type": "pay_from", "hex": "r1c4"}, {"type": "pay_from", "hex": "r1c5"}]
    paying = GAME.label(state, 0, offered[0])
    assert paying == "Pay 1 metal from Forest south-west of the Nordic base (r1c4)"
    state = play(state, 0, {"type": "pay_from", "hex": "r1c5"})
    # The rest lies in one territory: paid without asking, then the mech comes out.
    assert state["res"] == {"r1c4": [0, 0, 3, 0]}
    assert state["players"][0]["mechs"][0] == "r1c4"
    assert state["phase"] != "payment"


def test_it_pays_without_asking_when_there_is_one_way():
    """All the tokens there are are needed (two territories), or they lie in one territory."""
    state = two()
    state["res"] = {"r1c4": [0, 0, 2, 0], "r1c5": [0, 0, 1, 0]}
    state = at_bottom(state, 0, "deploy")
    state = play(state, 0, {"type": "deploy", "mech": 0, "hex": "r1c4"})
    assert state["res"] == {} and state["phase"] != "payment"
    state = two()
    state["res"] = {"r1c4": [0, 0, 5, 0]}
    state = at_bottom(state, 0, "deploy")
    state = play(state, 0, {"type": "deploy", "mech": 0, "hex": "r1c4"})
    assert state["res"] == {"r1c4": [0, 0, 2, 0]} and state["phase"] != "payment"


def test_it_lets_crimea_choose_whether_to_use_coercion():
    """003, Coercion: once per turn Crimea may spend a combat card as one resource token; with
    enough metal it is the player's choice (the weakest card is the one given up)."""
    state = table(["crimea", "saxony"], ["Industrial", "Engineering"])
    state["players"][0]["hand"] = [2, 5]
    state["res"] = {"r7c3": [0, 0, 3, 0]}
    state = at_bottom(state, 0, "deploy")
    state = play(state, 0, {"type": "deploy", "mech": 1, "hex": "r7c3"})
    assert state["phase"] == "payment"
    assert GAME.legal_actions(state, 0) == [{"type": "pay_from", "hex": "r7c3"}, {"type": "coerce"}]
    assert "your 2 card" in GAME.label(state, 0, {"type": "coerce"})
    assert "2" not in told(state, 0, {"type": "coerce"})
    used = play(state, 0, {"type": "coerce"})
    assert used["players"][0]["hand"] == [5] and used["discard"] == [2]
    assert used["res"] == {"r7c3": [0, 0, 1, 0]}
    assert used["players"][0]["mechs"][1] == "r7c3"
    kept = play(state, 0, {"type": "pay_from", "hex": "r7c3"})
    assert kept["phase"] == "payment"  # Coercion is still possible for the rest
    kept = play(kept, 0, {"type": "pay_from", "hex": "r7c3"}, {"type": "pay_from", "hex": "r7c3"})
    assert kept["players"][0]["hand"] == [2, 5] and "r7c3" not in kept["res"]
    assert kept["players"][0]["mechs"][1] == "r7c3"


def test_it_asks_for_the_tokens_of_a_completed_action_paid_for_its_coins_too():
    state = two()
    state["players"][0]["mechs"] = ["r1c4"] * 4
    state["players"][0]["stars"] = {"mechs": 1}
    state["res"] = {"r1c4": [0, 0, 2, 0], "r1c5": [0, 0, 2, 0]}
    state = at_bottom(state, 0, "deploy")
    state = play(state, 0, {"type": "pay", "action": "deploy"})
    assert state["phase"] == "payment"
    assert GAME.timeout_action(state, 0) == {"type": "pay_from", "hex": "r1c4"}
    paid = told(state, 0, {"type": "pay_from", "hex": "r1c5"})
    assert paid == "paid 1 metal from Tundra south-east of the Nordic base (r1c5)"
    state = play(state, 0, {"type": "pay_from", "hex": "r1c5"}, {"type": "pay_from", "hex": "r1c5"})
    # the third metal has one way left: paid at once, then the coins
    assert state["res"] == {"r1c4": [0, 0, 1, 0]}
    assert state["players"][0]["coins"] == 4 + 2
