"""Golden counts of legal actions along seeded random games (a diff shows a rules change), and
invariants that hold at every step of random games."""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.rng import Rng
from games.scythe import GAME
from games.scythe.data import COMBAT_DECK, LAKES, MAX_POPULARITY, MAX_POWER, WORKERS

# Step 66 of (2, 1) went from 2 to 3 when a territory could produce fewer (000: each worker
# *may* produce): a produce with 2 workers offers the whole yield, 1, or done.
GOLDEN = {
    (2, 1): [4, 3, 4, 2, 3, 2, 3, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 3, 3, 3, 3, 3, 3, 3, 3,
             3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 3, 2, 3, 3, 3, 3, 3, 3, 3, 2, 3, 3, 7, 5, 3, 3,
             3, 3, 3, 2, 3, 3, 3, 3, 3, 2, 3, 3, 3, 9, 9, 3, 3, 3, 2, 3, 3, 3, 3, 3],
    (4, 2): [4, 3, 4, 3, 4, 3, 4, 3, 3, 3, 3, 3, 9, 9, 3, 2, 3, 2, 3, 3, 3, 2, 3, 3, 3, 3, 3, 3,
             3, 3, 3, 3, 3, 3, 3, 2, 3, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 3, 3, 3, 3, 9, 9,
             3, 2, 3, 2, 3, 3, 3, 2, 3, 2, 3, 3, 43, 3, 23, 3, 2, 3, 3, 3, 2, 3, 2, 3],
}  # fmt: skip


def counts(seats, seed, steps):
    state = GAME.setup(seats, seed, GAME.clean_options({}))
    rng = Rng(seed)
    out = []
    for _ in range(steps):
        seat = GAME.to_act(state)[0]
        actions = GAME.legal_actions(state, seat)
        out.append(len(actions))
        state = GAME.apply(state, seat, actions[rng.below(len(actions))])
    return out


def test_it_keeps_the_golden_counts_of_legal_actions():
    for (seats, seed), expected in GOLDEN.items():
        assert counts(seats, seed, len(expected)) == expected


def check_invariants(state):
    cards = list(state["deck"]) + list(state["discard"])
    for p in state["players"]:
        cards += p["hand"]
        assert 0 <= p["power"] <= MAX_POWER
        assert 0 <= p["pop"] <= MAX_POPULARITY
        assert p["coins"] >= 0
        assert len(p["workers"]) <= WORKERS
        assert sum(p["stars"].values()) <= 6
        if state["phase"] not in ("combat", "artillery", "retreat"):
            # 000, Seaworthy/Submerge: a worker is on a lake only with one of its mechs
            assert all(w in p["mechs"] for w in p["workers"] if w in LAKES)
    assert sorted(cards) == sorted(COMBAT_DECK)  # the 42 combat cards are conserved
    for pile in state["res"].values():
        assert min(pile) >= 0 and sum(pile) > 0
    owners = {}
    for hex_id, (seat, kind) in state["structs"].items():
        assert state["players"][seat]["built"][kind] == hex_id
        owners[hex_id] = seat


@settings(max_examples=8, deadline=None)
@given(seats=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_it_keeps_the_invariants_through_random_games(seats, seed):
    state = GAME.setup(seats, seed, GAME.clean_options({}))
    rng = Rng(seed)
    for _ in range(400):
        if GAME.outcome(state):
            break
        check_invariants(state)
        seat = GAME.to_act(state)[rng.below(len(GAME.to_act(state)))]
        actions = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, actions[rng.below(len(actions))])
