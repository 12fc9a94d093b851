"""Invariants over random games (hypothesis): no negative stock, earned VP never lost."""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Rng
from games.dicecity import GAME
from games.dicecity.scoring import score


def _earned(p):
    return p["tokens"] + sum(p["bandits"]) + sum(p["ships"])


def _check(before, after, seat):
    for other, (p, q) in enumerate(zip(before["players"], after["players"], strict=True)):
        assert min(q["res"]) >= 0 and q["passes"] >= 0
        assert _earned(q) >= _earned(p)
        if other != seat:
            # Attacks deactivate, they never take VP away: a location still scores.
            assert score(q)["total"] >= score(p)["total"]
    turn = after["turn"]
    assert turn["army"] >= 0 and turn["bandit_army"] >= 0
    assert min(after["piles"].values()) >= 0 and min(after["bandits"]) >= 0
    assert min(after["ships"]) >= 0
    assert len(after["display"]) <= 8


@settings(max_examples=25, deadline=None)
@given(seats=st.integers(2, 4), seed=st.integers(0, 10_000), greedy=st.booleans())
def test_it_never_has_negative_stock_or_loses_earned_vp(seats, seed, greedy):
    state = GAME.setup(seats, seed, GAME.clean_options({}))
    rng = Rng.from_seed(seed)
    while GAME.outcome(state) is None:
        seat = GAME.to_act(state)[0]
        bot = GAME.bots["greedy" if greedy and seat == 0 else "random"]
        after = GAME.apply(state, seat, bot(state, seat, rng))
        _check(state, after, seat)
        state = after
    assert len(GAME.outcome(state).details) == seats
