"""The legal-move memo is never stale (games/core/actions.py, LegalMemo): after
`legal_actions(state)`, a state edited in place is judged by what is legal in it now, not by
the list made before the edit, with no second `legal_actions` call to refresh it.

Each case lists the legal actions of a position `a`, then turns `a` in place into another
position `b` of the same game where the same seat decides, and applies straight away an action
legal only in `b` (accepted) and one legal only in `a` (refused)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import IllegalAction, Rng, all_games, get_game
from games.core.state import clone

GAMES = [g.name for g in all_games()]


def _positions(name: str, seed: int, decisions: int = 400) -> list[Any]:
    game = get_game(name)
    state = game.setup(2, seed, game.clean_options({}))
    rng = Rng.from_seed(seed)
    out = []
    for _ in range(decisions):
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        out.append((state, seat, legal))
        state = game.apply(state, seat, rng.choice(legal))
    return out


def _pair(name: str) -> tuple[Any, Any, int, dict, dict]:
    """Two positions where the same seat decides, each with an action the other refuses."""
    positions = _positions(name, 3)
    for i, (a, seat, legal_a) in enumerate(positions):
        for b, other, legal_b in positions[i + 1 : i + 40]:
            only_b = [x for x in legal_b if x not in legal_a]
            only_a = [x for x in legal_a if x not in legal_b]
            if other == seat and only_b and only_a:
                return a, b, seat, only_a[0], only_b[0]
    raise AssertionError(f"{name}: no two positions to turn into each other")


def _become(target: Any, source: Any) -> None:
    """Turn `target` into `source` in place, at the top level only (every value replaced)."""
    target.clear()
    target.update(clone(source))


def _become_deep(target: Any, source: Any) -> None:
    """Turn `target` into `source` in place all the way down: each dict and list of `target`
    keeps its identity and gets `source`'s contents."""
    for key in [k for k in target if k not in source]:
        del target[key]
    for key, value in source.items():
        mine = target.get(key)
        if type(value) is dict and type(mine) is dict:
            _become_deep(mine, value)
        elif type(value) is list and type(mine) is list and len(mine) == len(value):
            for index, item in enumerate(value):
                if type(item) is dict and type(mine[index]) is dict:
                    _become_deep(mine[index], item)
                else:
                    mine[index] = clone(item)
        else:
            target[key] = clone(value)


@pytest.mark.parametrize("name", GAMES)
def test_an_edited_state_is_judged_as_it_is_now(name):
    game = get_game(name)
    a, b, seat, only_a, only_b = _pair(name)
    game.legal_actions(a, seat)
    _become(a, b)
    assert game.apply(a, seat, only_b) is not a  # no second legal_actions: the memo sees it


@pytest.mark.parametrize("name", GAMES)
def test_a_move_the_old_list_offered_is_refused_after_the_edit(name):
    game = get_game(name)
    a, b, seat, only_a, _ = _pair(name)
    game.legal_actions(a, seat)
    _become(a, b)
    with pytest.raises(IllegalAction):
        game.apply(a, seat, only_a)


# Dice City's and SPQF's working copies copy every list of a state, so an edit inside one is
# seen too. Scythe's shares the unit lists, hands and piles with the state before it (the rules
# code replaces them; games/scythe/state.py, fork): an edit inside one of those would change
# the earlier states too, and is not a way to edit a Scythe state (positions.edit is).
@pytest.mark.parametrize("name", ["dicecity", "spqf"])
def test_an_edit_deep_inside_a_state_is_seen_too(name):
    game = get_game(name)
    a, b, seat, only_a, only_b = _pair(name)
    game.legal_actions(a, seat)
    _become_deep(a, b)
    assert a == b
    with pytest.raises(IllegalAction):
        game.apply(a, seat, only_a)
    assert game.apply(a, seat, only_b) is not a


def test_the_scythe_scenario_of_the_issue():
    """Three workers on a hex after the list was made: producing with two of them is legal
    now, and is applied without asking for the legal moves again."""
    from games.scythe.positions import choose_section, position

    game = get_game("scythe")
    state = choose_section(
        position("nordic Industrial, saxony Engineering", units={0: "workers r1c4"}),
        0,
        top="produce",
    )
    state = game.apply(state, 0, {"type": "produce"})
    assert {"type": "produce_at", "hex": "r1c4", "count": 2} not in game.legal_actions(state, 0)
    state["players"][0]["workers"] = ["r1c4", "r1c4", "r1c4"]
    after = game.apply(state, 0, {"type": "produce_at", "hex": "r1c4", "count": 2})
    assert after["res"]["r1c4"] != state["res"].get("r1c4")


@pytest.mark.parametrize("name", GAMES)
def test_a_checked_move_leaves_its_input_alone_and_matches_a_fresh_one(name):
    """The working copy kept with the list is the one `apply` changes: the state given stays
    as it was, and the result is the one a state never listed before gets."""
    game = get_game(name)
    for state, seat, legal in _positions(name, 5, 120)[::7]:
        before = clone(state)
        listed = game.legal_actions(state, seat)
        after = game.apply(state, seat, listed[-1])
        assert state == before
        assert after == game.apply(clone(state), seat, legal[-1])
