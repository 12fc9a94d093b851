"""Dice City, "4. Paso de fin de turno", "Fin del juego" and "Puntuación"."""

from games.dicecity import GAME
from games.dicecity.scoring import score

from .helpers import act, at_step, legal, put, table

CULTURAL_ROW = ["grand_statue", "manor", "great_wall", "manor", "small_house", "cathedral"]


def test_it_keeps_one_of_each_resource_and_every_pass_token_at_the_end_of_turn():
    state = at_step(table(), "build", army=5)
    state["players"][0]["res"] = [3, 0, 2]
    state["players"][0]["passes"] = 5
    after = act(state, "end_turn")
    assert after["players"][0]["res"] == [1, 0, 1]
    assert after["players"][0]["passes"] == 5


def test_it_resets_army_rerolls_the_dice_and_passes_the_turn_clockwise():
    state = at_step(table(3), "build", army=5)
    state["players"][0]["dice"] = [-1] * 5
    after = act(state, "end_turn")
    assert all(0 <= c <= 5 for c in after["players"][0]["dice"])
    assert after["turn"]["seat"] == 1 and after["turn"]["army"] == 0
    assert after["turn"]["step"] == "dice" and after["players"][0]["turns"] == 1


def _last_turn_of_round(seats=2):
    state = at_step(table(seats), "build")
    state["turn"]["seat"] = seats - 1
    return state


def test_it_ends_when_all_bandits_are_taken_after_the_round():
    state = at_step(table(3), "build")
    state["bandits"] = [0, 0, 0]
    after = act(state, "end_turn")
    # Play on until every player has had the same number of turns.
    assert after["final_round"] == "all bandits were defeated" and after["over"] is None
    after = act(at_step(after, "build"), "end_turn")
    assert after["over"] is None
    after = act(at_step(after, "build"), "end_turn")
    assert after["over"] == "all bandits were defeated"
    assert GAME.outcome(after) is not None and GAME.to_act(after) == ()


def test_it_ends_when_two_trade_ship_piles_are_empty():
    state = _last_turn_of_round()
    state["ships"] = [0, 2, 0]
    assert act(state, "end_turn")["over"] == "two trade-ship piles ran out"
    state["ships"] = [0, 2, 1]
    assert act(state, "end_turn")["over"] is None


def test_it_ends_when_the_location_deck_runs_out():
    state = _last_turn_of_round()
    state["deck"] = []
    assert act(state, "end_turn")["over"] == "the location deck ran out"


def _two_full_rows(state, seat, off=False):
    for row in ("white", "black"):
        for col in range(1, 7):
            put(state, seat, f"{row} {col}", "quarry")
    if off:
        put(state, seat, "black 6", "quarry", off=True)


def test_it_ends_when_a_city_has_two_full_rows_without_deactivation_tokens():
    state = _last_turn_of_round()
    _two_full_rows(state, 0)
    assert act(state, "end_turn")["over"] == "a city filled two rows"


def test_it_does_not_end_on_full_rows_with_a_deactivation_token():
    state = _last_turn_of_round()
    _two_full_rows(state, 0, off=True)
    assert act(state, "end_turn")["over"] is None


def test_it_lets_the_player_choose_with_the_full_rows_table_option():
    state = at_step(table(2, full_rows_choice=True), "build")
    _two_full_rows(state, 0)
    choosing = act(state, "end_turn")
    assert legal(choosing) == {"end_game", "play_on"}
    assert act(choosing, "play_on")["final_round"] is None
    ended = act(choosing, "end_game")
    assert ended["final_round"] == "a city filled two rows" and ended["over"] is None


def test_it_scores_the_books_example_41_vp():
    # Charles: two 5 VP ships, 9 VP of tokens, Town Hall 3 + Merchant Guild 3 + Storehouse 1,
    # and a red row Grand Statue 2, Manor 2, Great Wall 3, Manor 2, Small House 0 and a
    # deactivated Cathedral worth 6: the row is worth 15, the total 41.
    state = table()
    for col, card in enumerate(CULTURAL_ROW, start=1):
        put(state, 0, f"red {col}", card, off=card == "cathedral")
    put(state, 0, "yellow 1", "town_hall")
    put(state, 0, "blue 1", "merchant_guild")
    put(state, 0, "black 1", "storehouse")
    put(state, 0, "white 1", "lumber_mill")
    p = state["players"][0]
    p["ships"], p["tokens"] = [5, 5], 9
    breakdown = score(p)
    assert breakdown["locations"] == 22
    assert breakdown == {
        "locations": 22,
        "vp tokens": 9,
        "bandits": 0,
        "trade ships": 10,
        "location cards": 9,
        "total": 41,
    }


def _finished(state):
    state["over"] = "the location deck ran out"
    return state


def test_it_breaks_ties_by_location_cards_in_the_city():
    state = _finished(table())
    put(state, 0, "white 1", "lumber_mill")
    put(state, 1, "white 1", "lumber_mill")
    put(state, 1, "white 2", "lumber_mill")
    assert GAME.outcome(state).places == (2, 1)


def test_it_breaks_ties_next_by_ship_and_bandit_vp():
    state = _finished(table())
    state["players"][0]["tokens"] = 5
    state["players"][1]["ships"] = [5]
    assert GAME.outcome(state).places == (2, 1)


def test_it_breaks_the_last_tie_for_the_player_closest_to_the_first():
    state = _finished(table(3))
    outcome = GAME.outcome(state)
    assert outcome.places == (1, 2, 3)
    assert outcome.details[0]["total"] == 0 and outcome.reason == "the location deck ran out"
