"""Scythe, How to play: a section other than last turn's, top then bottom, each optional."""

import pytest

from games.core import IllegalAction, InvalidAction
from games.scythe import GAME

from .helpers import at, fresh, legal_types, play, section_of, table


def test_it_refuses_the_section_chosen_last_turn():
    state = table(["nordic", "saxony"], ["Industrial", "Engineering"])
    seat = state["turn"]
    state["players"][seat]["last"] = 2
    sections = [a["n"] for a in GAME.legal_actions(fresh(state), seat) if a["type"] == "section"]
    assert sections == [0, 1, 3]
    with pytest.raises(IllegalAction):
        GAME.apply(state, seat, {"type": "section", "n": 2})


def test_it_lets_rusviet_repeat_its_section_relentless():
    state = table(["rusviet", "saxony"], ["Engineering", "Industrial"])
    seat = 0
    state["turn"] = seat
    state["players"][seat]["last"] = 2
    sections = [a["n"] for a in GAME.legal_actions(fresh(state), seat) if a["type"] == "section"]
    assert sections == [0, 1, 2, 3]


def test_it_lets_rusviet_repeat_the_factory_card_as_the_vietnamese_book_says():
    state = table(["rusviet", "saxony"], ["Engineering", "Industrial"])
    state["turn"] = 0
    state["players"][0]["fcard"] = 5
    state["players"][0]["last"] = 4
    sections = [a["n"] for a in GAME.legal_actions(fresh(state), 0) if a["type"] == "section"]
    assert 4 in sections
    state["players"][1]["fcard"] = 6
    state["players"][1]["last"] = 4
    state["turn"] = 1
    sections = [a["n"] for a in GAME.legal_actions(fresh(state), 1) if a["type"] == "section"]
    assert 4 not in sections and 0 in sections


def test_it_lets_both_actions_be_skipped_and_passes_the_turn():
    state = table(["nordic", "saxony"], ["Industrial", "Engineering"])
    seat = state["turn"]
    state["res"] = {"r1c4": [0, 0, 0, 3]}  # oil for the Upgrade under Bolster
    state = at(state, seat, "bolster")
    assert "skip" in legal_types(state, seat)
    state = play(state, seat, {"type": "skip"})
    assert state["phase"] == "bottom"
    assert "end_turn" in legal_types(state, seat)
    state = play(state, seat, {"type": "end_turn"})
    assert state["turn"] != seat
    assert state["players"][seat]["last"] == section_of(state, seat, "bolster")


def test_it_tells_malformed_from_forbidden():
    state = table(["nordic", "saxony"], ["Industrial", "Engineering"])
    seat = state["turn"]
    with pytest.raises(InvalidAction):
        GAME.apply(state, seat, {"type": "fly"})
    with pytest.raises(IllegalAction):
        GAME.apply(state, seat, {"type": "bolster", "gain": "power"})
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1 - seat, {"type": "section", "n": 0})


def test_it_calls_missing_or_extra_fields_malformed():
    state = table(["nordic", "saxony"], ["Industrial", "Engineering"])
    seat = state["turn"]
    for bad in ({"type": "section"}, {"type": "section", "n": 0, "x": 1}, {"type": "step"}):
        with pytest.raises(InvalidAction):
            GAME.apply(state, seat, bad)
    with pytest.raises(InvalidAction):
        GAME.apply(state, seat, {"type": "section", "n": "0"})
