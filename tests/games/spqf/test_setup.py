"""SPQF, "Preparar" (setup) and the advanced draft."""

import pytest

from games.spqf import GAME
from games.spqf import cards as C

from .helpers import act, all_cards, narrate, table


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_it_builds_each_deck_from_five_starting_and_five_civilization_cards(seats):
    s = table(seats)
    for seat, p in enumerate(s["players"]):
        cards = p["hand"] + p["deck"]
        assert len(cards) == 10 and len(p["hand"]) == 5  # step 7: draw 5
        starting = [c for c in cards if C.CARDS[c]["starting"]]
        assert sorted(starting) == C.starting_ids(seat)
        assert len({C.CARDS[c]["id"] for c in starting}) == 5  # "5 cartas diferentes"
        assert p["level"] == 0 and p["vp"] == 0  # step 3: level marker on zero


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_it_deals_a_secret_monument_to_each_player(seats):
    s = table(seats)
    monuments = [p["monument"] for p in s["players"]]
    assert len(set(monuments)) == seats
    assert GAME.view(s, 0)["players"][1]["monument"] is None
    assert GAME.view(s, 0)["players"][0]["monument"] == monuments[0]


def test_it_lays_out_a_central_trade_row_of_three():
    s = table(3)
    assert len(s["central"]) == 3
    assert len(s["civ"]) == 48 - 3 * 5 - 3
    assert sorted(all_cards(s)) == list(range(3 * 5)) + list(C.CIV_IDS)


def test_it_picks_a_random_first_player():
    assert len({table(4, seed)["first"] for seed in range(12)}) > 1


def test_it_drafts_the_five_civilization_cards_passing_to_the_left():
    s = table(3, draft=True)
    assert GAME.to_act(s) == (0, 1, 2)
    packs = [list(p) for p in s["packs"]]
    for seat in range(3):
        s = act(s, seat, "pick", card=packs[seat][0])
    # every pack moved to the next seat (the player on the left)
    assert s["packs"][1] == packs[0][1:]
    assert s["packs"][0] == packs[2][1:]
    while s["step"] == "draft":
        for seat in GAME.to_act(s):
            s = act(s, seat, "pick", card=s["packs"][seat][0])
    for p in s["players"]:
        assert len(p["hand"]) == 5 and len(p["hand"] + p["deck"]) == 10


def test_it_keeps_draft_picks_secret_from_other_seats():
    s = table(2, draft=True)
    s = act(s, 0, "pick", card=s["packs"][0][0])
    seen = GAME.view(s, 1)["players"][0]
    assert seen["picks"] is None and seen["pack"] is None and seen["picks_count"] == 1
    assert GAME.public_action(s, 0, {"type": "pick", "card": 7}) == {"type": "pick"}
    card = s["packs"][1][0]
    assert narrate(s, 1, {"type": "pick", "card": card}) == "drafted a card"
