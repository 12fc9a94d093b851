"""The strong bot's search (games/core/search.py): it reads the real state only through
`redetermine`, keeps the standard move without evidence against it, and compares candidates on
common re-deals."""

import math
from collections import Counter
from dataclasses import replace

import pytest

from games.core import Rng, all_games, get_game
from games.core.levels import search_config
from games.core.search import _Candidate, _confident_choice, _playout, search
from games.scythe.bots import quick_turn

GAMES = [g.name for g in all_games() if "search" in g.extra]


def _midgame(name, seats, seed, decisions=60):
    game = get_game(name)
    state = game.setup(seats, seed, game.clean_options({}))
    rng = Rng.from_seed(seed)
    for _ in range(decisions):
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return game, state


def _searching_position(name, seed):
    """A mid-game position where the seat to act has a real choice and secrets are hidden."""
    for extra in range(40):
        game, state = _midgame(name, 2, seed, 60 + extra)
        seat = game.to_act(state)[0]
        if game.outcome(state) is None and len(game.legal_actions(state, seat)) > 2:
            return game, state, seat
    raise AssertionError("no position with a choice")


def _fixed(game, rounds=6, **changes):
    return replace(search_config(game), iterations=rounds, budget=120.0, **changes)


@pytest.mark.parametrize("horizon", [None, 0], ids=["candidates", "tree"])
@pytest.mark.parametrize("name", GAMES)
def test_the_choice_does_not_depend_on_the_others_secrets(name, horizon):
    """The same position with the other seats' hands, decks and hidden cards re-dealt: for
    every seed the search chooses the same move, so its choice distribution is the same."""
    game, state, seat = _searching_position(name, 3)
    other_deal = game.redetermine(state, seat, Rng.from_seed(77))
    assert other_deal != state  # the secrets really differ
    assert game.view(other_deal, seat) == game.view(state, seat)
    config = _fixed(game) if horizon is None else _fixed(game, rounds=40, horizon=0)
    real, redealt = Counter(), Counter()
    for seed in range(4):
        chosen = search(game, state, seat, Rng.from_seed(seed), config, None)
        again = search(game, other_deal, seat, Rng.from_seed(seed), config, None)
        assert chosen == again
        assert chosen in game.legal_actions(state, seat)
        real[repr(chosen)] += 1
        redealt[repr(again)] += 1
    assert real == redealt


@pytest.mark.parametrize("name", GAMES)
def test_without_evidence_it_plays_the_standard_bots_move_on_a_re_dealt_state(name):
    game, state, seat = _searching_position(name, 5)
    config = _fixed(game, rounds=2, confidence=math.inf)
    rng = Rng.from_seed(9)
    seen = game.redetermine(state, seat, rng)
    expected = config.prior(seen, seat, rng)
    assert search(game, state, seat, Rng.from_seed(9), config, None) == expected


def test_another_move_must_lead_the_standard_one_by_the_confidence_asked():
    standard = _Candidate({"type": "a"}, "a", [0.5, 0.5, 0.5, 0.5])
    slightly = _Candidate({"type": "b"}, "b", [0.52, 0.48, 0.55, 0.47])
    clearly = _Candidate({"type": "c"}, "c", [0.7, 0.72, 0.69, 0.71])
    assert _confident_choice([standard, slightly], 2.0) is standard
    assert _confident_choice([standard, slightly, clearly], 2.0) is clearly
    # a move not legal in a deal (NaN) is compared on the deals it was played in only
    once = _Candidate({"type": "d"}, "d", [math.nan, 0.9, math.nan, math.nan])
    assert _confident_choice([standard, once], 2.0) is standard  # one deal is no evidence
    assert once.mean() == pytest.approx(0.9)
    twice = _Candidate({"type": "e"}, "e", [math.nan, 0.9, 0.8, math.nan])
    assert _confident_choice([standard, twice], 2.0) is twice


@pytest.mark.parametrize("name", GAMES)
def test_a_playout_stops_when_the_turn_has_changed_hands_horizon_times(name):
    game, state, seat = _searching_position(name, 7)
    config = search_config(game)
    for horizon in (1, 2):
        end, played, _ = _playout(
            game,
            state,
            seat,
            Rng.from_seed(1),
            config.playout or config.prior,
            replace(config, horizon=horizon),
        )
        owner = config.turn_owner or (lambda s: game.to_act(s)[0])
        last, handovers = owner(state), 0
        replay = state
        rng = Rng.from_seed(1)
        policy = config.playout or config.prior
        for _ in range(played):
            actor = game.to_act(replay)[0]
            if owner(replay) != last:
                handovers += 1
                last = owner(replay)
            replay = game.apply(replay, actor, policy(replay, actor, rng))
        assert replay == end
        assert handovers <= horizon - 1
        if game.outcome(end) is None and played < config.max_playout:
            assert owner(end) != last  # stopped at the next hand-over


def test_scythe_values_all_seats_at_once_and_chooses_as_value_per_seat_would():
    """`values` gives the leaves the same numbers as `value` per seat: the same choices."""
    game, state, seat = _searching_position("scythe", 3)
    together = _fixed(game, rounds=4)
    apart = replace(together, values=None)
    for seed in range(3):
        assert search(game, state, seat, Rng.from_seed(seed), together, None) == search(
            game, state, seat, Rng.from_seed(seed), apart, None
        )


def test_a_playout_that_leaps_a_whole_turn_counts_its_decisions_and_hides_the_secrets():
    """With Scythe's `quick_turn` the play-outs take a turn at once (`leap`): a play-out over two
    hand-overs leaps the other seat's turn, counts its decisions and ends where the turn comes
    back; and the choice still does not depend on the other seat's secrets."""
    game, state, seat = _searching_position("scythe", 3)
    leaps = []

    def counted(world, actor, rng):
        leapt = quick_turn(world, actor, rng)
        if leapt is not None:
            leaps.append(leapt[1])
        return leapt

    config = replace(_fixed(game), horizon=2, leap=counted)
    end, played, _ = _playout(game, state, seat, Rng.from_seed(1), config.playout, config)
    assert leaps and played >= sum(leaps) and min(leaps) >= 2
    assert game.outcome(end) is not None or end["turn"] == state["turn"]
    config = replace(config, leap=quick_turn)
    other_deal = game.redetermine(state, seat, Rng.from_seed(77))
    for seed in range(3):
        chosen = search(game, state, seat, Rng.from_seed(seed), config, None)
        assert chosen == search(game, other_deal, seat, Rng.from_seed(seed), config, None)
