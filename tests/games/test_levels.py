"""Bot levels (games/core/levels.py) and the strong level's search (games/core/search.py)."""

import time
from dataclasses import replace

import pytest

from games.core import Outcome, Rng, all_games, get_game
from games.core.levels import LEVELS, bot_choices, make_bot, search_config
from games.core.playout import play_one
from games.core.search import SearchStats, lead_rewards, place_rewards, search

GAMES = [g.name for g in all_games()]


def _midgame(name, seats, seed, decisions=60):
    """A position some way into a game, reached by random play."""
    game = get_game(name)
    state = game.setup(seats, seed, game.clean_options({}))
    rng = Rng.from_seed(seed)
    for _ in range(decisions):
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return game, state


def _fixed(game, iterations=12):
    """The game's search settings with a fixed number of iterations: deterministic."""
    return replace(search_config(game), iterations=iterations, budget=120.0)


@pytest.mark.parametrize("name", GAMES)
def test_it_offers_random_and_the_three_levels_for_every_game(name):
    game = get_game(name)
    assert [value for value, _ in bot_choices(game)] == ["random", *LEVELS]
    assert dict(bot_choices(game))["strong"] == "Strong bot"


@pytest.mark.parametrize("name", GAMES)
def test_it_still_knows_the_names_seats_stored_before_the_levels(name):
    game = get_game(name)
    old = "greedy" if name == "dicecity" else "heuristic"
    assert make_bot(game, old) is game.bots["standard"]


def test_it_refuses_a_bot_it_does_not_have():
    with pytest.raises(KeyError, match="no bot called 'grandmaster'"):
        make_bot(get_game("scythe"), "grandmaster")


@pytest.mark.parametrize("name", GAMES)
def test_redetermine_depends_only_on_what_the_seat_sees(name):
    """Two deals the seat cannot tell apart re-deal to the same state from the same seed."""
    game, state = _midgame(name, 3, 11)
    seat = game.to_act(state)[0]
    other_deal = game.redetermine(state, seat, Rng.from_seed(99))
    assert other_deal != state  # the secrets really were re-dealt
    assert game.view(other_deal, seat) == game.view(state, seat)
    first = game.redetermine(state, seat, Rng.from_seed(5))
    second = game.redetermine(other_deal, seat, Rng.from_seed(5))
    assert first == second


@pytest.mark.parametrize("name", GAMES)
def test_the_strong_bot_cannot_tell_the_others_secrets(name):
    """It searches from its own view only: re-dealing the other seats' hands, decks and
    objectives does not change the move it chooses, whatever the seed."""
    for seed in (3, 4):
        game, state = _midgame(name, 2, seed)
        seat = game.to_act(state)[0]
        other_deal = game.redetermine(state, seat, Rng.from_seed(1000 + seed))
        assert other_deal != state
        config = _fixed(game)
        chosen = search(game, state, seat, Rng.from_seed(seed), config, None)
        again = search(game, other_deal, seat, Rng.from_seed(seed), config, None)
        assert chosen == again
        assert chosen in game.legal_actions(state, seat)


@pytest.mark.parametrize("name", GAMES)
def test_the_strong_bot_keeps_to_its_time_budget(name):
    game, state = _midgame(name, 2, 7)
    seat = game.to_act(state)[0]
    stats = SearchStats()
    started = time.perf_counter()
    make_bot(game, "strong", budget=0.1, stats=stats)(state, seat, Rng.from_seed(1))
    elapsed = time.perf_counter() - started
    if stats.iterations:  # zero: a forced move, no search at all
        assert 0.1 <= elapsed < 0.6
        assert stats.decisions >= stats.iterations


def test_the_strong_bot_defaults_to_one_second_a_decision():
    assert all(search_config(g).budget == 1.0 for g in all_games())


@pytest.mark.parametrize("name", GAMES)
def test_every_level_plays_a_whole_game(name, monkeypatch):
    """Beginner, standard and strong (on a tiny budget) play to a proper end, every move legal
    (play_one goes through the checked `apply`)."""
    game = get_game(name)
    tiny = make_bot(game, "strong", budget=0.002)
    monkeypatch.setitem(game.bots, "strong", tiny)  # type: ignore[index]
    seats = ["beginner", "strong"] if name == "scythe" else ["beginner", "standard", "strong"]
    _, result = play_one(game, len(seats), 5, seats)
    assert sorted(result.places)[0] == 1 and result.reason


def test_places_become_rewards_from_one_to_zero():
    assert place_rewards(Outcome(places=(2, 1, 3), scores=(5, 9, 1), reason="")) == [0.5, 1, 0]
    assert place_rewards(Outcome(places=(1, 1), scores=(5, 5), reason="")) == [1, 1]


def test_a_lead_in_value_becomes_a_win_chance():
    even, ahead = lead_rewards([10.0, 10.0], 5.0), lead_rewards([20.0, 10.0], 5.0)
    assert even == [0.5, 0.5]
    assert ahead[0] > 0.85 and ahead[1] < 0.15


def test_the_contracts_legal_actions_is_never_stale_for_a_state_edited_in_place():
    """The engines memoise the last list on the state object for `apply`; the contract's
    `legal_actions` computes afresh, so editing a state in place cannot fool it."""
    from games.scythe.positions import choose_section, position

    game = get_game("scythe")
    state = choose_section(
        position("nordic Industrial, saxony Engineering", units={0: "workers r1c4"}),
        0,
        top="produce",
    )
    state = game.apply(state, 0, {"type": "produce"})
    before = game.legal_actions(state, 0)
    state["players"][0]["workers"] = ["r1c4", "r1c4", "r1c4"]
    assert len(game.legal_actions(state, 0)) == len(before) + 2
    assert game.apply(state, 0, {"type": "produce_at", "hex": "r1c4", "count": 2})
