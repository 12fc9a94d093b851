"""Golden counts of legal actions along seeded random playouts: any rules change shows as a diff.

The first number of the 2-player game: 5 dice x (use + 8 moves + refresh + pass) + end_dice.
"""

import pytest

from games.core import Rng
from games.dicecity import GAME

GOLDEN = {
    (2, 1): [56, 6, 5, 4, 3, 33, 17, 6, 2, 1, 48, 31, 5, 5, 4, 3, 15, 1, 44, 31,
             18, 17, 12, 3, 1, 40, 28, 18, 5, 5, 4, 4, 8, 3, 1, 44, 27, 7, 6, 5],
    (3, 2): [44, 27, 17, 9, 3, 1, 52, 37, 19, 1, 48, 37, 22, 1, 52, 34, 20, 10, 4, 10,
             3, 48, 31, 18, 9, 4, 1, 48, 34, 1, 48, 34, 20, 10, 4, 3, 30, 1, 48, 7],
    (4, 3): [40, 7, 6, 5, 4, 21, 15, 1, 44, 31, 20, 10, 6, 5, 5, 4, 3, 1, 48, 31,
             20, 10, 1, 52, 34, 20, 10, 1, 48, 34, 22, 1, 44, 6, 5, 5, 4, 27, 15, 6],
}  # fmt: skip


@pytest.mark.parametrize(("seats", "seed"), list(GOLDEN))
def test_it_keeps_the_golden_counts_of_legal_actions(seats, seed):
    state = GAME.setup(seats, seed, GAME.clean_options({}))
    rng = Rng.from_seed(seed)
    counts = []
    for _ in range(40):
        seat = GAME.to_act(state)[0]
        actions = GAME.legal_actions(state, seat)
        counts.append(len(actions))
        state = GAME.apply(state, seat, actions[rng.below(len(actions))])
    assert counts == GOLDEN[(seats, seed)]
