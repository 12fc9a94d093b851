"""Secrets: hands, deck orders and monuments are hidden from the other seats until the end;
trade rows, stored cards and discard piles are public. Tested seat against seat."""

import json

from games.core.rng import Rng
from games.spqf import GAME

from .helpers import narrate, play_on, table


def midgame(seats=3, seed=4):
    s = table(seats, seed)
    return play_on(s, lambda t: t["round"] >= 2 and t["step"] == "choose")


def test_it_hides_every_other_seats_hand_deck_and_monument():
    s = midgame()
    for seat in range(3):
        seen = GAME.view(s, seat)
        for other in seen["players"]:
            if other["seat"] == seat:
                assert other["hand"] == s["players"][seat]["hand"]
                assert other["monument"] == s["players"][seat]["monument"]
            else:
                assert other["hand"] is None and other["monument"] is None
            assert "deck" not in other and other["deck_count"] == len(
                s["players"][other["seat"]]["deck"]
            )
        text = json.dumps(seen)
        assert "rng" not in seen and '"civ"' not in text


def test_it_shows_trade_rows_stored_cards_and_discards_to_everyone():
    s = midgame()
    spectator = GAME.view(s, None)
    for i, p in enumerate(s["players"]):
        for zone in ("row", "stored", "discard"):
            assert spectator["players"][i][zone] == p[zone]
    assert spectator["central"] == s["central"]


def test_a_seats_view_does_not_change_when_the_others_secrets_are_redealt():
    s = midgame()
    rng = Rng.from_seed(9)
    for seat in range(3):
        other = GAME.redetermine(s, seat, rng)
        assert GAME.view(other, seat) == GAME.view(s, seat)
        assert other["rng"] != s["rng"]
        changed = [
            i
            for i in range(3)
            if i != seat and other["players"][i]["hand"] != s["players"][i]["hand"]
        ]
        assert changed  # the re-deal really moved hidden cards
        assert other["players"][seat]["hand"] == s["players"][seat]["hand"]


def test_it_reveals_the_monuments_when_the_game_is_over():
    s = table(2, 1)
    s = play_on(s, lambda t: t["step"] == "over", limit=5000)
    seen = GAME.view(s, 0)
    assert seen["players"][1]["monument"] == s["players"][1]["monument"]


def test_the_log_line_of_a_move_is_safe_for_every_viewer():
    s = midgame()
    seat = GAME.to_act(s)[0]
    for action in GAME.legal_actions(s, seat):
        line = narrate(s, seat, action)
        assert line and "None" not in line
        assert GAME.label(s, seat, action)
