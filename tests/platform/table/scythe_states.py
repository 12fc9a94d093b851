"""Scythe tables at the moments the board tests look at (a mech that may carry workers and
tokens, a structure to build, a combat, an encounter...), saved as matches of the site."""

from __future__ import annotations

from typing import Any

from games.core import Rng, get_game
from play.models import Match, Seat
from tests.games.scythe.helpers import at, play, section_with_bottom, table

GAME = get_game("scythe")
State = dict[str, Any]


def state_match(state: State, users: list[Any]) -> Match:
    """A live match of `users` (seat i: users[i]) in `state`, as if played to it."""
    match = Match.objects.create(
        game="scythe", seed=1, options={}, ranked=False, mode="live", state=state
    )
    acting = GAME.to_act(state)
    Seat.objects.bulk_create(
        Seat(match=match, index=i, user=user, to_act=i in acting, to_act_since=0)
        for i, user in enumerate(users)
    )
    return match


def mech_with_cargo() -> State:
    """Nordic (seat 0) is moving: mech 1 (Riverwalk) stands on r2c4 with two workers, 1 food
    and 2 metal; it may go to r1c4, r1c5 or r3c5."""
    state = table(["nordic", "saxony"], ["Industrial", "Engineering"])
    me = state["players"][0]
    me["mechs"][0] = "r2c4"
    me["workers"] = ["r2c4", "r2c4"]
    state["res"] = {"r2c4": [1, 0, 2, 0]}
    return play(at(state, 0, "move_gain"), 0, {"type": "move"})


def second_unit_moving() -> State:
    """mech_with_cargo, once the mech has stepped to r3c5 with both workers and the metal."""
    step = {"type": "step", "unit": "m0", "to": "r3c5", "workers": 2, "carry": "metal"}
    return play(mech_with_cargo(), 0, step)


def ready_to_build() -> State:
    """Nordic (seat 0) has taken the Build section and skipped its top action: every structure
    may go on r1c4 or r1c5 (wood on r1c4 pays)."""
    state = table(["nordic", "saxony"], ["Industrial", "Engineering"])
    state["res"] = {"r1c4": [0, 4, 0, 0], "r1c5": [0, 0, 0, 4]}
    state["turn"], state["phase"], state["ctx"] = 0, "section", {}
    state = play(state, 0, {"type": "section", "n": section_with_bottom(state, 0, "build")})
    return play(state, 0, {"type": "skip"})


def ready_to_upgrade() -> State:
    """Nordic (seat 0) has taken the Upgrade section and skipped Bolster: any top box with its
    cube may go to any bottom action's slot (oil on r1c4 pays)."""
    state = table(["nordic", "saxony"], ["Industrial", "Engineering"])
    state["res"] = {"r1c4": [0, 0, 0, 4]}
    state["turn"], state["phase"], state["ctx"] = 0, "section", {}
    state = play(state, 0, {"type": "section", "n": section_with_bottom(state, 0, "upgrade")})
    return play(state, 0, {"type": "skip"})


def reached(phase: str, seats: int = 2) -> State:
    """A random game's first state in `phase` (seeds tried in order: the same state each run)."""
    for seed in range(1, 60):
        state = GAME.setup(seats, seed, {})
        rng = Rng.from_seed(seed)
        for _ in range(3000):
            if state["phase"] == phase:
                return state
            if GAME.outcome(state) is not None:
                break
            seat = GAME.to_act(state)[0]
            state = GAME.apply(state, seat, GAME.bots["random"](state, seat, rng))
    raise AssertionError(f"no random game reached {phase}")
