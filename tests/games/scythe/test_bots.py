"""The bots play legal moves to the end; the heuristic one beats random."""

from games.core import Rng
from games.core.playout import selfplay
from games.scythe import GAME
from games.scythe.board import controlled, occupancy, resources_controlled
from games.scythe.bots import _worth, quick_line, quick_turn, value, values


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
    return _worth(state["players"][seat], territories, sum(resources_controlled(state, seat, occ)))


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
