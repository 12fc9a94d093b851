"""Scythe, Combat: secret simultaneous dials and cards, ties to the attacker, retreat, stars."""

from games.scythe import GAME
from games.scythe.data import HOMES

from .helpers import at, fresh, play, step, table


def clash(
    attacker="saxony",
    defender="nordic",
    mats=("Industrial", "Engineering"),
    hex_id="r1c5",
    start="r2c4",
):
    """Seat 0's character steps from `start` onto seat 1's character and worker on `hex_id`."""
    state = table([attacker, defender], list(mats))
    state["players"][0]["char"] = start
    state["players"][1]["char"] = hex_id
    state["players"][1]["workers"] = [hex_id]
    state["players"][0]["power"] = 5
    state["players"][1]["power"] = 5
    state["tokens"] = []
    state = play(at(state, 0, "move_gain"), 0, {"type": "move"})
    return play(state, 0, step("char", hex_id), {"type": "end_move"})


def test_it_asks_both_sides_at_once_and_hides_an_undisclosed_dial():
    state = clash()
    assert state["phase"] == "combat"
    assert GAME.to_act(state) == (0, 1)
    state = play(state, 0, {"type": "dial", "power": 4})
    seen_by_defender = GAME.view(state, 1)["ctx"]["combat"]["sides"][0]
    assert "dial" not in seen_by_defender and "cards" not in seen_by_defender
    assert GAME.view(state, 0)["ctx"]["combat"]["sides"][0]["dial"] == 4


def test_it_gives_a_tie_to_the_attacker_and_sends_the_loser_home():
    state = clash()
    state["players"][1]["hand"] = []
    pop = state["players"][0]["pop"]
    state = play(state, 0, {"type": "dial", "power": 2}, {"type": "commit"})
    state = play(state, 1, {"type": "dial", "power": 2})
    a, d = state["players"]
    assert d["char"] == HOMES["nordic"] and d["workers"] == [HOMES["nordic"]]
    assert a["char"] == "r1c5"
    assert a["power"] == 3 and d["power"] == 3
    assert a["stars"] == {"combat": 1}
    assert a["pop"] == pop - 1  # one worker forced to retreat
    assert len(d["hand"]) == 1  # the loser revealed power: a consolation card


def test_it_adds_combat_cards_to_the_dial():
    state = clash()
    state["players"][1]["hand"] = [5]
    state = play(state, 0, {"type": "dial", "power": 5}, {"type": "commit"})
    state = play(state, 1, {"type": "dial", "power": 1}, {"type": "card", "value": 5})
    state = play(state, 1, {"type": "commit"})
    assert state["last_combat"]["winner"] == 1
    assert state["players"][0]["char"] == HOMES["saxony"]
    assert state["discard"] == [5]


def test_it_allows_one_card_per_character_or_mech():
    state = clash()
    state["players"][1]["hand"] = [2, 3]
    state = play(state, 1, {"type": "dial", "power": 0}, {"type": "card", "value": 2})
    assert [a["type"] for a in GAME.legal_actions(fresh(state), 1)] == ["commit"]


def test_it_gives_rusviet_peoples_army_an_extra_card_with_a_worker_there():
    state = clash(attacker="saxony", defender="rusviet", mats=("Industrial", "Engineering"))
    limits = [s["limit"] for s in state["ctx"]["combat"]["sides"]]
    assert limits == [1, 1]
    state = table(["saxony", "rusviet"], ["Industrial", "Engineering"])
    state["players"][0]["char"] = "r2c4"
    state["players"][1]["char"] = "r1c5"
    state["players"][1]["workers"] = ["r1c5"]
    state["players"][1]["mechs"] = [None, None, "r3c6", None]  # People's Army unlocked
    state["tokens"] = []
    state = play(at(state, 0, "move_gain"), 0, {"type": "move"})
    state = play(state, 0, step("char", "r1c5"), {"type": "end_move"})
    limits = [s["limit"] for s in state["ctx"]["combat"]["sides"]]
    assert limits == [1, 2]


def test_it_fires_nordic_artillery_before_the_combat():
    state = table(["nordic", "saxony"], ["Industrial", "Engineering"])
    state["players"][0]["mechs"] = [None, None, "r1c4", None]
    state["players"][1]["char"] = "r2c4"
    state["players"][0]["power"] = 5
    state["players"][1]["power"] = 5
    state["tokens"] = []
    state = play(at(state, 0, "move_gain"), 0, {"type": "move"})
    state = play(state, 0, step("m2", "r2c4"), {"type": "end_move"})
    assert state["phase"] == "artillery" and GAME.to_act(state) == (0,)
    fired = play(state, 0, {"type": "artillery", "fire": True})
    assert fired["phase"] == "combat"
    assert fired["players"][0]["power"] == 4 and fired["players"][1]["power"] == 3
    held = play(state, 0, {"type": "artillery", "fire": False})
    assert held["players"][0]["power"] == 5 and held["players"][1]["power"] == 5


def test_it_disarms_on_a_tunnel_for_saxony():
    state = table(["saxony", "nordic"], ["Industrial", "Engineering"])
    state["players"][0]["mechs"] = [None, None, "r2c3", None]
    state["players"][0]["char"] = "r3c3"
    state["players"][1]["char"] = "r2c3"
    state["players"][0]["power"] = 5
    state["players"][1]["power"] = 5
    state["tokens"] = []
    state = play(at(state, 0, "move_gain"), 0, {"type": "move"})
    state = play(state, 0, step("char", "r2c3"))
    state = play(state, 0, {"type": "end_move"})
    assert state["phase"] == "combat"
    assert state["players"][1]["power"] == 3


def test_it_lets_crimea_scout_steal_a_card():
    state = clash(attacker="crimea", defender="nordic", mats=("Industrial", "Engineering"))
    assert state["players"][0]["hand"] == []
    state = table(["crimea", "nordic"], ["Industrial", "Engineering"])
    state["players"][0]["mechs"] = [None, None, "r8c3", None]
    state["players"][0]["char"] = "r2c4"
    state["players"][1]["char"] = "r1c5"
    state["players"][1]["hand"] = [4]
    state["tokens"] = []
    state = play(at(state, 0, "move_gain"), 0, {"type": "move"})
    state = play(state, 0, step("char", "r1c5"))
    state = play(state, 0, {"type": "end_move"})
    assert state["players"][0]["hand"] == [4] and state["players"][1]["hand"] == []


def test_it_spares_polania_camaraderie_the_popularity_loss():
    state = clash(attacker="polania", defender="nordic", mats=("Industrial", "Engineering"))
    state["players"][0]["mechs"] = [None, None, "r3c1", None]
    pop = state["players"][0]["pop"]
    state = play(state, 0, {"type": "dial", "power": 3}, {"type": "commit"})
    state = play(state, 1, {"type": "dial", "power": 0}, {"type": "commit"})
    assert state["players"][0]["pop"] == pop


def test_it_caps_combat_stars_at_two_except_for_saxony():
    for faction, stars in (("nordic", 2), ("saxony", 3)):
        defender = "crimea" if faction == "saxony" else "saxony"
        state = clash(attacker=faction, defender=defender, mats=("Engineering", "Industrial"))
        state["players"][0]["stars"] = {"combat": 2}
        state["players"][1]["hand"] = []
        state = play(state, 0, {"type": "dial", "power": 5}, {"type": "commit"})
        state = play(state, 1, {"type": "dial", "power": 0})
        assert state["players"][0]["stars"]["combat"] == stars


def test_it_resolves_the_encounter_after_a_won_combat():
    state = table(["saxony", "rusviet"], ["Industrial", "Engineering"])
    state["players"][0]["char"] = "r2c5"
    state["players"][1]["char"] = "r2c6"
    state["players"][1]["hand"] = []
    state["players"][0]["power"] = 5
    state = play(at(state, 0, "move_gain"), 0, {"type": "move"})
    state = play(state, 0, step("char", "r2c6"), {"type": "end_move"})
    state = play(state, 0, {"type": "dial", "power": 3}, {"type": "commit"})
    state = play(state, 1, {"type": "dial", "power": 0})
    assert state["phase"] == "encounter"


def test_it_lets_a_seaworthy_loser_retreat_onto_an_adjacent_lake():
    state = table(["saxony", "nordic"], ["Industrial", "Engineering"])
    state["players"][0]["char"] = "r4c3"
    state["players"][0]["power"] = 5
    state["players"][1]["char"] = "r3c3"
    state["players"][1]["mechs"] = [None, "r3c3", None, None]  # Seaworthy
    state["players"][1]["workers"] = ["r3c3"]
    state["players"][1]["hand"] = []
    state["tokens"] = []
    state = play(at(state, 0, "move_gain"), 0, {"type": "move"})
    state = play(state, 0, step("char", "r3c3"), {"type": "end_move"})
    state = play(state, 0, {"type": "dial", "power": 5}, {"type": "commit"})
    state = play(state, 1, {"type": "dial", "power": 0})
    assert state["phase"] == "retreat" and GAME.to_act(state) == (1,)
    options = {a["to"] for a in GAME.legal_actions(state, 1)}
    assert options == {"home", "r2c2", "r3c4", "r4c2"}
    assert {"type": "retreat", "to": "r3c4", "workers": 1} in GAME.legal_actions(state, 1)
    before = state
    state = play(state, 1, {"type": "retreat", "to": "r3c4"})
    nordic = state["players"][1]
    assert nordic["char"] == "r3c4" and nordic["mechs"][1] == "r3c4"
    assert nordic["workers"] == [HOMES["nordic"]]  # workers go home
    assert state["players"][0]["pop"] == before["players"][0]["pop"]  # lost once, in resolve
    # 000, Seaworthy: a mech may carry the workers onto the lake "while retreating".
    state = play(before, 1, {"type": "retreat", "to": "r3c4", "workers": 1})
    assert state["players"][1]["workers"] == ["r3c4"]
    assert state["players"][1]["mechs"][1] == "r3c4"
