"""Scythe, Objectives, Placing stars, End of the game and scoring."""

from games.scythe import GAME
from games.scythe.scoring import longest_row, score_seat, tier

from .helpers import at, fresh, play, step, table


def two():
    return table(["nordic", "saxony"], ["Industrial", "Engineering"])


def test_it_reveals_a_completed_objective_for_a_star_and_discards_both():
    state = two()
    p = state["players"][0]
    p["objs"] = [1, 12]
    p["coins"] = 20
    reveals = [a for a in GAME.legal_actions(fresh(state), 0) if a["type"] == "reveal"]
    assert reveals == [{"type": "reveal", "card": 12}]
    state = play(state, 0, reveals[0])
    p = state["players"][0]
    assert p["stars"] == {"objective": 1}
    assert p["objs"] == []
    assert state["objdeck"][-2:] == [1, 12]
    assert state["phase"] == "section"  # the turn goes on


def test_it_lets_saxony_keep_its_other_objective_and_complete_both():
    state = table(["saxony", "nordic"], ["Industrial", "Engineering"])
    p = state["players"][0]
    p["objs"] = [12, 18]
    p["coins"] = 20
    state = play(state, 0, {"type": "reveal", "card": 12})
    assert state["players"][0]["objs"] == [18]
    state["players"][0]["power"] = 0
    state["players"][0]["pop"] = 13
    state["players"][0]["workers"] = ["r6c0"] * 5
    state = play(state, 0, {"type": "reveal", "card": 18})
    assert state["players"][0]["stars"] == {"objective": 2}


def test_it_allows_only_one_objective_star_for_others():
    state = two()
    p = state["players"][0]
    p["objs"] = [12]
    p["coins"] = 25
    p["obj_stars"] = 1
    assert not [a for a in GAME.legal_actions(fresh(state), 0) if a["type"] == "reveal"]


def test_it_places_a_star_for_sixteen_power_once_even_if_power_drops():
    state = two()
    state["players"][0]["power"] = 14
    state = play(at(state, 0, "bolster"), 0, {"type": "bolster", "gain": "power"})
    assert state["players"][0]["stars"] == {"power": 1}
    assert state["turn"] == 1  # nothing to do at the bottom: the turn passed
    state["players"][0]["power"] = 3
    state = play(at(state, 0, "bolster"), 0, {"type": "bolster", "gain": "power"})
    assert state["players"][0]["stars"] == {"power": 1}


def test_it_ends_the_game_at_once_on_the_sixth_star():
    state = two()
    state["players"][0]["stars"] = {
        "upgrades": 1,
        "mechs": 1,
        "structures": 1,
        "recruits": 1,
        "workers": 1,
    }
    state["players"][0]["power"] = 14
    state = play(at(state, 0, "bolster"), 0, {"type": "bolster", "gain": "power"})
    assert state["over"]["seat"] == 0
    assert GAME.to_act(state) == ()
    assert GAME.outcome(state).reason == "sixth star"


def test_it_scores_by_popularity_tier():
    assert tier(0) == (3, 2, 1)
    assert tier(6) == (3, 2, 1)
    assert tier(7) == (4, 3, 2)
    assert tier(12) == (4, 3, 2)
    assert tier(13) == (5, 4, 3)
    assert tier(18) == (5, 4, 3)


def test_it_counts_the_factory_as_three_territories_and_pairs_of_resources():
    state = two()
    p = state["players"][0]
    p["pop"] = 10  # middle tier: 4 / 3 / 2
    p["coins"] = 7
    p["stars"] = {"power": 1, "combat": 1}
    p["workers"] = ["r4c3", "r1c4"]
    p["char"] = "r0c4"
    state["res"] = {"r1c4": [3, 0, 2, 0]}
    state["tile"] = "on_tunnels"
    detail = score_seat(state, 0)
    assert detail["territories"] == 4 * 3  # the Factory (3) and r1c4
    assert detail["resources"] == 2 * 2  # 5 tokens: 2 pairs
    assert detail["stars"] == 2 * 4
    assert detail["total"] == 7 + 12 + 4 + 8


def test_it_pays_the_structure_bonus_even_without_control():
    state = two()
    state["structs"] = {"r2c3": [0, "mine"], "r3c2": [0, "mill"]}
    state["players"][1]["workers"] = ["r2c3", "r3c2"]
    state["tile"] = "on_tunnels"
    assert score_seat(state, 0)["structure_bonus"] == 4


def test_it_measures_structures_in_a_row():
    assert longest_row({"r1c4", "r1c5", "r1c6"}) == 3
    assert longest_row({"r1c4", "r2c4", "r3c5"}) == 3  # the other axis
    assert longest_row({"r1c4", "r1c6"}) == 1
    assert longest_row(set()) == 0


def test_it_breaks_ties_by_pieces_then_power():
    state = two()
    state["over"] = {"reason": "test", "seat": 0}
    for p in state["players"]:
        p["coins"] = 0
        p["pop"] = 0
        p["stars"] = {}
        p["workers"] = []
        p["char"] = "r0c4"
    state["players"][1]["char"] = "r7c0"
    state["players"][0]["power"] = 5
    state["players"][1]["power"] = 6
    assert GAME.outcome(state).places == (2, 1)


def test_it_sends_units_of_an_unfought_combat_back_when_the_game_ends():
    state = table(["saxony", "nordic"], ["Industrial", "Engineering"])
    sax, nor = state["players"]
    sax["stars"] = {"upgrades": 1, "mechs": 1, "structures": 1, "recruits": 1, "workers": 1}
    sax["char"] = "r2c4"
    sax["mechs"] = [None, "r2c5", None, None]
    sax["power"] = 5
    nor["mechs"] = ["r1c5", None, None, None]
    nor["char"] = "r1c6"
    nor["hand"] = []
    state["tokens"] = []
    state = play(at(state, 0, "move_gain"), 0, {"type": "move"})
    state = play(state, 0, step("char", "r1c5"), step("m1", "r1c6"))
    assert state["phase"] == "combat_pick"
    state = play(state, 0, {"type": "fight", "hex": "r1c5"})
    state = play(state, 0, {"type": "dial", "power": 5}, {"type": "commit"})
    state = play(state, 1, {"type": "dial", "power": 0})
    assert state["over"]["reason"] == "sixth star"
    assert state["players"][0]["char"] == "r1c5"
    assert state["players"][0]["mechs"][1] == "r2c5"  # back where it came from


def test_it_places_the_active_players_sixth_star_before_a_neighbours_bonus_star():
    state = table(["nordic", "saxony"], ["Industrial", "Engineering"])
    nor, sax = state["players"]
    nor["stars"] = {"mechs": 1, "structures": 1, "recruits": 1, "workers": 1, "power": 1}
    nor["up"] = ["move", "gain", "power", "cards", "popularity"]
    nor["cubes"] = [1, 2, 1, 1]  # one open slot left, under Enlist
    sax["stars"] = {"upgrades": 1, "mechs": 1, "structures": 1, "recruits": 1, "workers": 1}
    sax["recruits"] = {"upgrade": "power"}  # Saxony gains 1 power when a neighbour upgrades
    sax["power"] = 15
    state["res"] = {"r1c4": [0, 0, 0, 2]}
    state["turn"] = 0
    state = play(state, 0, {"type": "section", "n": 0}, {"type": "skip"})
    state = play(state, 0, {"type": "upgrade", "top": "produce", "bottom": "enlist"})
    assert state["over"]["seat"] == 0  # Nordic's sixth star (6 upgrades) ends the game first
    assert state["players"][1]["power"] == 16  # Saxony got the bonus...
    assert "power" not in state["players"][1]["stars"]  # ...but not its star


def test_it_pays_the_bottom_action_and_bonuses_before_the_sixth_star():
    state = table(["nordic", "saxony"], ["Industrial", "Engineering"])
    nor = state["players"][0]
    nor["stars"] = {"upgrades": 1, "structures": 1, "recruits": 1, "workers": 1, "power": 1}
    nor["mechs"] = ["r1c4", "r1c4", "r1c4", None]
    nor["recruits"] = {"deploy": "coins"}
    state["res"] = {"r1c4": [0, 0, 3, 0]}
    coins = nor["coins"]
    state["turn"] = 0
    state = play(state, 0, {"type": "section", "n": 1}, {"type": "skip"})
    state = play(state, 0, {"type": "deploy", "mech": 3, "hex": "r1c4"})
    assert state["over"]["seat"] == 0
    # the mat's 2 coins and the recruit's ongoing coin came before the star ended the game
    assert state["players"][0]["coins"] == coins + 2 + 1
