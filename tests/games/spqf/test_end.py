"""SPQF, "Fin del juego": the three triggers, the round played out, scoring and ties."""

import pytest

from games.core import IllegalAction
from games.spqf import GAME, scoring
from games.spqf import cards as C

from .helpers import act, arrange, civ, next_turn, starting


def test_it_starts_the_end_at_25_vp_tokens_and_plays_the_round_out():
    oratory = civ("le_oratory")  # costs 1 green, 1 VP per modifier
    s = arrange(hands={0: [oratory]}, cubes={0: [1, 0]}, vp={0: 24})
    s = act(s, 0, "play", card=oratory)
    assert s["players"][0]["vp"] == 25
    s = next_turn(s)
    assert s["end"] and s["step"] != "over"  # seat 1 still plays its turn
    assert s["active"] == 1
    s = next_turn(s)
    assert s["step"] == "over" and GAME.outcome(s) is not None
    assert GAME.to_act(s) == ()
    with pytest.raises(IllegalAction, match="The game is over"):
        GAME.apply(s, 0, {"type": "pass"})


def test_it_starts_the_end_when_a_player_reaches_level_five():
    senate = civ("le_senate")
    s = arrange(2, active=1, hands={1: [senate]}, cubes={1: [4, 4]}, level={1: 4})
    s["first"] = 0
    s = act(s, 1, "play", card=senate)
    s = next_turn(s)
    assert s["step"] == "over"  # seat 1 was last in the round
    assert "level 5" in GAME.outcome(s).reason


def test_it_starts_the_end_when_the_last_civilization_card_reaches_the_central_row():
    s = arrange(3, active=0, hands={0: []})
    s["civ"] = s["civ"][:1]
    s = act(s, 0, "recruit", card=s["central"][0])
    assert s["civ"] == [] and s["end"]
    s = next_turn(next_turn(s))
    assert s["step"] == "over"
    assert "Civilization" in GAME.outcome(s).reason


def finished(seats=2):
    s = arrange(seats, hands={})
    s["step"] = "over"
    s["end"] = "test"
    for p in s["players"]:
        for zone in ("hand", "deck", "discard", "row", "stored"):
            p[zone] = []
    return s


def test_it_scores_tokens_level_monument_bonus_and_card_vp():
    s = finished()
    agri = next(m for m, d in enumerate(C.MONUMENTS) if d["cat"] == "agriculture")
    indu = next(m for m, d in enumerate(C.MONUMENTS) if d["cat"] == "industry")
    a, b = s["players"]
    a["monument"], b["monument"] = agri, indu
    a["vp"], a["level"] = 5, 3  # level 3 is worth 9 VP
    a["deck"] = [civ("ag_terraces"), civ("ag_feast"), civ("oak_grove")]
    a["stored"] = [starting(0, "s_forage")]  # stored cards count for the monument
    b["deck"] = [civ("in_sawmill")]
    rows = scoring.breakdown(s)
    assert rows[0]["tokens"] == 5 and rows[0]["level"] == 9
    assert rows[0]["monument"] == 2 + 1 + 1  # oak leaves never count
    assert rows[0]["monument_bonus"] == 3 and rows[1]["monument_bonus"] == 0
    assert rows[0]["cards"] == 1  # Harvest Feast shows 1 VP
    assert rows[0]["total"] == 5 + 9 + 4 + 3 + 1
    assert GAME.outcome(s).places == (1, 2)
    assert GAME.outcome(s).details[0]["monument_name"] == C.MONUMENTS[agri]["name"]


def test_it_gives_no_monument_bonus_on_a_tie():
    # "Si los jugadores están empatados, no se otorga ningún bono."
    s = finished()
    a, b = s["players"]
    a["monument"] = next(m for m, d in enumerate(C.MONUMENTS) if d["cat"] == "agriculture")
    b["monument"] = next(m for m, d in enumerate(C.MONUMENTS) if d["cat"] == "industry")
    a["deck"], b["deck"] = [civ("ag_orchard")], [civ("in_kiln")]
    rows = scoring.breakdown(s)
    assert rows[0]["monument"] == rows[1]["monument"] == 1
    assert rows[0]["monument_bonus"] == rows[1]["monument_bonus"] == 0


def test_it_breaks_a_tie_by_the_highest_level_and_else_shares_the_win():
    s = finished()
    a, b = s["players"]
    a["vp"], a["level"] = 7, 1  # 7 + 2 = 9
    b["vp"], b["level"] = 4, 2  # 4 + 5 = 9, a higher level
    assert GAME.outcome(s).places == (2, 1)
    b["level"], b["vp"] = 1, 7
    assert GAME.outcome(s).places == (1, 1)


def test_it_ends_only_by_the_books_three_conditions_however_long_it_lasts():
    """004, Fin del juego: no round limit of its own (the site's old 60-round stop is gone)."""
    s = arrange(2, active=1, hands={1: []})
    s["first"] = 0
    s["round"] = 500
    s = next_turn(s)
    assert s["round"] == 501 and s["step"] != "over" and s["end"] is None


def test_a_table_may_agree_to_end_after_a_number_of_rounds():
    """The house rule (off by default): the round that reaches the limit is played out."""
    assert GAME.clean_options({})["round_limit"] == 0
    s = GAME.setup(2, 1, GAME.clean_options({"round_limit": "20"}))
    assert s["round_limit"] == 20 and GAME.view(s, 0)["round_limit"] == 20
    s = arrange(2, active=1, hands={1: []})
    s["first"], s["round"], s["round_limit"] = 0, 19, 20
    s = next_turn(s)
    assert s["step"] == "over" and GAME.outcome(s).reason == "the round limit"


def test_it_refuses_a_round_limit_it_does_not_offer():
    with pytest.raises(ValueError, match="End after a number of rounds"):
        GAME.clean_options({"round_limit": 7})
