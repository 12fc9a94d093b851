"""Secrets: combat cards in hand (count public), objectives, an undisclosed dial, the Factory
cards a player looks at and every deck order never reach another seat's view."""

from games.core.conformance import check_views
from games.core.rng import Rng
from games.scythe import GAME

from .helpers import at, play, step, table


def test_it_hides_hands_and_objectives_but_shows_their_counts():
    state = GAME.setup(3, 4, {})
    for seat in range(3):
        view = GAME.view(state, seat)
        for other, entry in enumerate(view["players"]):
            assert entry["cards"] == len(state["players"][other]["hand"])
            assert entry["objectives"] == 2
            assert ("hand" in entry) == (other == seat)
            assert ("objs" in entry) == (other == seat)
    spectator = GAME.view(state, None)
    assert all("hand" not in e for e in spectator["players"])
    assert "rng" not in spectator and isinstance(spectator["deck"], int)


def test_it_leaks_nothing_to_any_seat_during_a_half_chosen_combat():
    state = table(["saxony", "nordic", "crimea"], ["Industrial", "Engineering", "Mechanical"])
    state["players"][0]["char"] = "r2c4"
    state["players"][1]["char"] = "r1c5"
    state["players"][0]["hand"] = [2, 5]
    state["players"][0]["power"] = 6
    state = play(at(state, 0, "move_gain"), 0, {"type": "move"})
    state = play(state, 0, step("char", "r1c5"), {"type": "end_move"})
    state = play(state, 0, {"type": "dial", "power": 3}, {"type": "card", "value": 5})
    check_views(GAME, state, 3, Rng(7), "half-chosen combat")
    state = play(state, 0, {"type": "commit"})
    check_views(GAME, state, 3, Rng(8), "one side committed")


def test_it_leaks_nothing_at_random_points_of_5_player_games():
    rng = Rng(3)
    state = GAME.setup(5, 11, {})
    for step_number in range(600):
        if GAME.outcome(state):
            break
        if step_number % 5 == 0 or state["phase"] in ("combat", "factory"):
            check_views(GAME, state, 5, rng, f"step {step_number}")
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_it_redacts_combat_choices_in_the_public_log():
    state = GAME.setup(2, 1, {})
    assert GAME.public_action(state, 0, {"type": "dial", "power": 5}) == {"type": "dial"}
    assert GAME.public_action(state, 0, {"type": "card", "value": 4}) == {"type": "card"}
    # The log line of a dial is told without the state after it: none is needed here.
    assert "5" not in GAME.narrate(state, 0, {"type": "dial", "power": 5}, state)


def test_it_times_out_quietly():
    state = GAME.setup(2, 1, {})
    seat = state["turn"]
    assert GAME.timeout_action(state, seat)["type"] == "section"


def test_it_labels_every_legal_action_and_narrates_it():
    state = GAME.setup(3, 2, {})
    rng = Rng(2)
    for _ in range(200):
        seat = GAME.to_act(state)[0]
        actions = GAME.legal_actions(state, seat)
        for action in actions:
            assert GAME.label(state, seat, action)
            assert GAME.narrate(state, seat, action, GAME.apply(state, seat, action))
        state = GAME.apply(state, seat, actions[rng.below(len(actions))])
