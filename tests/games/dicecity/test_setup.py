"""Dice City, "Preparar" (setup), for 2 to 4 players."""

import pytest

from games.dicecity import cards as C

from .helpers import table


def test_it_puts_the_four_always_available_piles_face_up():
    state = table()
    assert state["piles"] == {"lumber_mill": 15, "quarry": 15, "mine": 15, "regular_army": 15}


def test_it_shuffles_the_location_deck_and_shows_a_display_of_eight():
    state = table()
    assert len(state["display"]) == 8
    assert len(state["deck"]) == 60 - 8
    assert sorted(state["display"] + state["deck"]) == sorted(
        slug for slug, n in C.DECK.items() for _ in range(n)
    )
    assert table(seed=2)["deck"] != state["deck"]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_it_makes_bandit_piles_of_players_plus_two(seats):
    assert table(seats)["bandits"] == [seats + 2] * 3


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_it_makes_trade_ship_piles_of_players_plus_two_players_and_one(seats):
    assert table(seats)["ships"] == [seats + 2, seats, 1]


def test_it_rolls_each_players_dice_onto_their_rows():
    # "si el dado blanco obtiene un resultado de 3, colóquelo en el tercer espacio de la fila
    # blanca": die r lies in row r, in the column of its value.
    state = table(3)
    for p in state["players"]:
        assert len(p["dice"]) == 5
        assert all(0 <= col <= 5 for col in p["dice"])
        assert p["city"] == list(C.BOARD)
        assert p["res"] == [0, 0, 0] and p["passes"] == 0 and p["tokens"] == 0


def test_it_lets_the_first_player_start_in_the_dice_step():
    state = table(4)
    assert state["turn"]["seat"] == 0 and state["turn"]["step"] == "dice"
    assert state["final_round"] is None and state["over"] is None


def test_it_refuses_fewer_than_two_or_more_than_four_players():
    with pytest.raises(ValueError):
        table(1)
    with pytest.raises(ValueError):
        table(5)
