"""The engine contract's `reveals`: a die roll, a card drawn, an encounter card, a combat reveal
are reveals (the site's undo stops there); a plain decision is not. The conformance suite proves
the other half: a decision said not to reveal shows its seat nothing hidden."""

from __future__ import annotations

import dataclasses
import json

import pytest

from games.core import Game, Rng, get_game
from tests.games.scythe.helpers import at, play, step, table
from tests.platform.goofspiel import GAME as GOOFSPIEL


def _decisions(name, seats, seed, limit=3000):
    """(before, seat, action, after) of a seeded random game."""
    game = get_game(name)
    rng = Rng.from_seed(seed)
    state = game.setup(seats, seed, game.clean_options({}))
    for _ in range(limit):
        if game.outcome(state) is not None:
            return
        acting = game.to_act(state)
        seat = acting[rng.below(len(acting))]
        actions = game.legal_actions(state, seat)
        action = json.loads(json.dumps(actions[rng.below(len(actions))]))
        after = game.apply(state, seat, action)
        yield state, seat, action, after
        state = after


def _all(name, seats=3, seeds=range(3)):
    for seed in seeds:
        yield from _decisions(name, seats, seed)


def test_a_default_game_lets_nothing_be_taken_back():
    plain = dataclasses.replace(GOOFSPIEL, reveals=Game.__dataclass_fields__["reveals"].default)
    state = plain.setup(2, 1, {"cards": 3})
    after = plain.apply(state, 0, {"type": "bid", "card": 1})
    assert plain.reveals(state, 0, {"type": "bid", "card": 1}, after)


def test_dice_city_rolls_and_new_display_cards_are_reveals_and_plain_uses_are_not():
    game = get_game("dicecity")
    rolls = draws = plain = 0
    for before, seat, action, after in _all("dicecity"):
        if before["rng"] != after["rng"]:
            rolls += 1
            assert game.reveals(before, seat, action, after)
        elif len(after["deck"]) < len(before["deck"]):
            draws += 1
            assert game.reveals(before, seat, action, after)
        elif action["type"] in ("use", "place", "trade", "exchange"):
            plain += 1
            assert not game.reveals(before, seat, action, after)
    assert rolls and draws and plain


def test_scythe_shows_the_dials_with_the_last_commit_of_a_combat():
    """Scythe, Combat: both sides choose in secret; the last one to commit reveals both."""
    game = get_game("scythe")
    state = table(["saxony", "nordic"], ["Industrial", "Engineering"])
    state["players"][0]["char"], state["players"][1]["char"] = "r2c4", "r1c5"
    state["players"][1]["workers"] = ["r1c5"]
    state["players"][0]["power"] = state["players"][1]["power"] = 5
    state["tokens"] = []
    state = play(at(state, 0, "move_gain"), 0, {"type": "move"})
    steps = [
        (0, step("char", "r1c5")),
        (0, {"type": "end_move"}),  # the fight begins: nothing hidden is shown yet
        (0, {"type": "dial", "power": 2}),
        (0, {"type": "commit"}),
        (1, {"type": "dial", "power": 1}),
    ]
    for seat, action in steps:
        after = game.apply(state, seat, action)
        assert not game.reveals(state, seat, action, after), action
        state = after
    after = game.apply(state, 1, {"type": "commit"})
    assert after["last_combat"] and game.reveals(state, 1, {"type": "commit"}, after)


def test_scythe_encounters_and_cards_drawn_are_reveals_and_choosing_a_section_is_not():
    game = get_game("scythe")
    kinds = {"encounter": 0, "card": 0, "plain": 0}
    for before, seat, action, after in _all("scythe", seats=2, seeds=range(4)):
        if after["ctx"].get("enc") and not before["ctx"].get("enc"):
            kinds["encounter"] += 1
            assert game.reveals(before, seat, action, after)
        elif len(after["deck"]) < len(before["deck"]):
            kinds["card"] += 1
            assert game.reveals(before, seat, action, after)
        elif action["type"] == "section":
            kinds["plain"] += 1
            assert not game.reveals(before, seat, action, after)
    assert all(kinds.values()), kinds


def test_spqf_cards_drawn_are_reveals_and_storing_a_cube_is_not():
    game = get_game("spqf")
    draws = plain = 0
    for before, seat, action, after in _all("spqf"):
        drew = any(
            len(b["deck"]) > len(a["deck"])
            for b, a in zip(before["players"], after["players"], strict=True)
        )
        if drew or before["civ"] != after["civ"]:
            draws += 1
            assert game.reveals(before, seat, action, after)
        elif action["type"] in ("stash", "bank", "convert", "score"):
            plain += 1
            assert not game.reveals(before, seat, action, after)
    assert draws and plain


@pytest.mark.parametrize("seats", [2, 3])
def test_goofspiel_shows_the_bids_with_the_last_one(seats):
    state = GOOFSPIEL.setup(seats, 1, {"cards": 3})
    for seat in range(seats):
        after = GOOFSPIEL.apply(state, seat, {"type": "bid", "card": seat + 1})
        assert GOOFSPIEL.reveals(state, seat, {"type": "bid", "card": seat + 1}, after) == (
            seat == seats - 1
        )
        state = after
