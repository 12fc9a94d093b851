"""The bots play legal moves to the end; the heuristic one beats random; what its value prefers."""

import copy

from games.core import Rng
from games.core.playout import selfplay
from games.scythe import GAME
from games.scythe.board import controlled, occupancy, resources_controlled
from games.scythe.bots import _worth, quick_line, quick_turn, value, values
from games.scythe.data import HOME_HEXES, LAKES, TERRAIN, TUNNELS

from .helpers import fresh, table


def test_it_plays_random_games_to_the_sixth_star():
    result = selfplay(GAME, 3, 3, seed=5)
    assert result["games"] == 3
    assert set(result["reasons"]) <= {"sixth star", "turn limit"}


def test_it_has_a_heuristic_bot_that_beats_random():
    # One short seeded game (about 3 s); 20 games won 20 when measured (docs/scythe.md).
    result = selfplay(GAME, 2, 1, seed=3, bots=("heuristic", "random"))
    assert result["wins"] == {"heuristic": 1.0}


def _value_by_the_board(state, seat):
    occ = occupancy(state)
    territories = len(controlled(state, seat, occ))
    resources = sum(resources_controlled(state, seat, occ))
    return _worth(state["players"][seat], territories, resources, state["tile"])


def test_its_search_values_every_seat_as_value_does_one():
    """`values` (all seats at once) and `value` count territories and resources as the board's
    `controlled` and `resources_controlled` do, on the positions of random games."""
    for seats, seed in ((2, 1), (4, 2), (5, 3)):
        rng = Rng.from_seed(seed)
        state = GAME.setup(seats, seed, GAME.clean_options({}))
        for _ in range(600):
            if GAME.outcome(state) is not None:
                break
            by_board = [_value_by_the_board(state, s) for s in range(seats)]
            assert values(state) == [value(state, s) for s in range(seats)] == by_board
            seat = GAME.to_act(state)[0]
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_its_quick_turn_is_a_legal_line_to_the_end_of_the_turn():
    """The search's play-outs take a turn at once (`quick_turn`): the line it stands for is
    legal move by move (the engine's checked `apply`) and ends where it says, with the turn
    passed on or a fight to settle."""
    leapt = 0
    for seed in range(3):
        rng = Rng.from_seed(seed)
        state = GAME.setup(2, seed, GAME.clean_options({}))
        for _ in range(300):
            if GAME.outcome(state) is not None:
                break
            seat = GAME.to_act(state)[0]
            planned = quick_line(state, seat, Rng.from_seed(seed))
            if planned is not None:
                end, line = planned
                replayed = state
                for action in line:
                    replayed = GAME.apply(replayed, seat, action)
                assert replayed == end
                assert end["turn"] != seat or end["phase"] in ("combat", "artillery", "retreat")
                assert quick_turn(state, seat, Rng.from_seed(seed)) == (end, len(line))
                leapt += 1
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert leapt > 20


# What the standard bot's `value` prefers among the choices of a bottom action (each pair below
# differs only in that choice); before these terms each pair was worth the same.


def _valued(edit):
    state = copy.deepcopy(table(["nordic", "rusviet"], ["Industrial", "Mechanical"]))
    edit(state, state["players"][0])
    return value(fresh(state), 0)


def _all_mechs_deployed(p):
    p["mechs"] = [p["char"]] * 4


def test_its_value_prefers_the_upgrade_cube_where_the_action_is_still_to_be_taken():
    """Scythe, Upgrade: the cube lowers that bottom action's cost, worth nothing once all four
    mechs are out and something while four structures are still to be built."""

    def cube_on(section):
        def edit(state, p):
            _all_mechs_deployed(p)
            p["up"] = ["move"]
            p["cubes"] = [
                1 if s == section else 0 for s in ("upgrade", "deploy", "build", "enlist")
            ]

        return edit

    assert _valued(cube_on("build")) > _valued(cube_on("deploy"))
    assert _valued(lambda s, p: p.update(up=["move"], cubes=[0, 0, 1, 0])) > _valued(
        lambda s, p: None
    )


def test_its_value_tells_the_upgraded_top_boxes_apart():
    assert _valued(lambda s, p: p.update(up=["move"])) > _valued(
        lambda s, p: p.update(up=["cards"])
    )


def test_its_value_prefers_the_speed_mech_to_the_combat_one():
    def deployed(slot):
        return lambda s, p: p.update(mechs=[p["char"] if i == slot else None for i in range(4)])

    assert _valued(deployed(3)) > _valued(deployed(2))


def test_its_value_counts_the_structure_bonus_tile():
    """Scythe, End of game, structure bonus: a Mill on a tunnel scores the "on tunnels" tile."""
    tunnel = next(h for h in sorted(TUNNELS) if h not in HOME_HEXES)
    plain = next(h for h in sorted(TERRAIN) if h not in TUNNELS | HOME_HEXES | LAKES)

    def mill_on(hex_id):
        def edit(state, p):
            state["tile"] = "on_tunnels"
            p["built"] = {"mill": hex_id}
            state["structs"] = {hex_id: [0, "mill"]}

        return edit

    assert _valued(mill_on(tunnel)) > _valued(mill_on(plain))


def test_its_value_prefers_a_recruit_whose_section_is_still_to_be_taken():
    """Scythe, Enlist, ongoing bonus: paid each time its bottom action is taken, so a recruit
    on Deploy is worth less once every mech is out than one on Enlist."""

    def recruit_on(section):
        def edit(state, p):
            _all_mechs_deployed(p)
            p["recruits"] = {section: "coins"}

        return edit

    assert _valued(recruit_on("enlist")) > _valued(recruit_on("deploy"))


def test_its_value_counts_the_popularity_tier():
    """Scythe, End of game: at 7 popularity every star and territory pays a coin more."""

    def popularity(pop):
        return lambda s, p: p.update(pop=pop, stars={"power": 1})

    step = _valued(popularity(6)) - _valued(popularity(5))
    assert _valued(popularity(7)) - _valued(popularity(6)) > step
