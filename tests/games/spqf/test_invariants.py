"""Hypothesis invariants over random playouts: card conservation (deck + hand + discard +
stored + rows + trashed + in play is constant), cubes within limits, VP tokens, levels and stored
cards never go down, every legal action round-trips through the text notation."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.rng import Rng
from games.spqf import GAME
from games.spqf.cards import LOOSE_LIMIT, SUPPLY

from .helpers import all_cards


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    draft=st.booleans(),
    steps=st.integers(1, 400),
)
def test_cards_and_cubes_are_conserved_along_any_playout(seats, seed, draft, steps):
    s = GAME.setup(seats, seed, {"draft": draft})
    total = sorted(all_cards(s))
    assert len(total) == 5 * seats + 48 and len(set(total)) == len(total)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        if GAME.outcome(s) is not None:
            break
        seat = GAME.to_act(s)[0]
        options = GAME.legal_actions(s, seat)
        for action in options:  # every choice can be written and read back (logs, e-mail)
            assert GAME.parse_action(GAME.format_action(action)) == action
        before = [(p["vp"], p["level"], len(p["stored"])) for p in s["players"]]
        s = GAME.apply(s, seat, options[rng.below(len(options))])
        after = [(p["vp"], p["level"], len(p["stored"])) for p in s["players"]]
        # VP tokens, levels and stored cards never go down ("Nunca puede ... quitar una
        # tarjeta almacenada")
        assert all(
            a >= b for x, y in zip(after, before, strict=True) for a, b in zip(x, y, strict=True)
        )
        assert sorted(all_cards(s)) == total
        for i, color in enumerate("gb"):
            held = sum(p["cubes"][i] + p["scubes"][i] for p in s["players"])
            assert held + s["supply"][i] == SUPPLY[i], color
        for p in s["players"]:
            assert 0 <= p["cubes"][0] <= LOOSE_LIMIT and 0 <= p["cubes"][1] <= LOOSE_LIMIT
            assert p["scubes"][0] + p["scubes"][1] <= p["level"] + 1
            assert len(p["stored"]) <= p["level"] + 1
            assert p["vp"] >= 0
