"""The shared engine pieces: seeded RNG, notation, options, places."""

import pytest

from games.core import (
    InvalidAction,
    Option,
    clean_options,
    format_action,
    parse_action,
    places_from_scores,
)
from games.core.rng import Rng


def test_it_draws_the_same_numbers_from_the_same_seed():
    a, b = Rng.from_seed(7), Rng.from_seed(7)
    assert [a.die() for _ in range(50)] == [b.die() for _ in range(50)]


def test_it_draws_different_numbers_from_neighbouring_seeds():
    a, b = Rng.from_seed(1), Rng.from_seed(2)
    assert [a.below(1000) for _ in range(10)] != [b.below(1000) for _ in range(10)]


def test_it_rolls_every_face_of_a_die_about_equally():
    rng = Rng.from_seed(3)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.die() - 1] += 1
    assert all(9_500 < c < 10_500 for c in counts)


def test_it_shuffles_into_a_permutation():
    rng = Rng.from_seed(4)
    items = list(range(20))
    rng.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))


def _below_by_below(rng, items):
    """The Fisher-Yates `shuffle` is, drawn one `below` at a time (recorded games replay it)."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


@pytest.mark.parametrize("size", [0, 1, 2, 7, 40])
def test_its_inlined_shuffle_draws_what_below_would(size):
    a, b = Rng.from_seed(size), Rng.from_seed(size)
    first, second = list(range(size)), list(range(size))
    a.shuffle(first)
    _below_by_below(b, second)
    assert first == second and a.state == b.state


@pytest.mark.parametrize("size", [1, 2, 7, 40])
def test_its_inlined_choice_draws_what_below_would(size):
    a, b = Rng.from_seed(size), Rng.from_seed(size)
    items = list(range(size))
    assert [a.choice(items) for _ in range(50)] == [items[b.below(size)] for _ in range(50)]
    assert a.state == b.state
    with pytest.raises(ValueError):
        a.choice([])


def test_its_reshuffle_for_re_deals_is_a_uniform_permutation():
    rng = Rng.from_seed(6)
    counts: dict[tuple[int, ...], int] = {}
    for _ in range(24_000):
        items = [0, 1, 2, 3]
        rng.reshuffle(items)
        counts[tuple(items)] = counts.get(tuple(items), 0) + 1
    assert len(counts) == 24 and all(800 < c < 1_200 for c in counts.values())
    again, items = Rng.from_seed(8), list(range(100))
    again.reshuffle(items)
    assert sorted(items) == list(range(100)) and items != list(range(100))


def test_it_keeps_its_whole_state_in_one_integer():
    rng = Rng.from_seed(5)
    rng.die()
    copy = Rng(rng.state)
    assert copy.next_u64() == rng.next_u64()


@pytest.mark.parametrize(
    "action",
    [
        {"type": "pass"},
        {"type": "use", "die": 2},
        {"type": "build", "card": "quarry", "row": 1, "col": 4},
        {"type": "move", "path": [12, 14, 3]},
        {"type": "choose", "cards": ["a"]},
        {"type": "choose", "cards": []},
        {"type": "flag", "on": True, "off": False, "none": None},
        {"type": "dial", "value": -1},
    ],
)
def test_it_round_trips_the_notation(action):
    assert parse_action(format_action(action)) == action


@pytest.mark.parametrize("text", ["", "   ", "use die", "use =3", "use die="])
def test_it_refuses_unreadable_notation(text):
    with pytest.raises(InvalidAction):
        parse_action(text)


def test_it_refuses_values_the_notation_cannot_write():
    with pytest.raises(InvalidAction):
        format_action({"type": "say", "text": "two words"})


def test_it_fills_option_defaults_and_checks_values():
    declared = (
        Option("rows_end", "Two full rows end the game", "bool", False),
        Option("speed", "Speed", "choice", "normal", (("normal", "Normal"), ("fast", "Fast"))),
    )
    assert clean_options(declared, {}) == {"rows_end": False, "speed": "normal"}
    assert clean_options(declared, {"rows_end": "on"})["rows_end"] is True
    with pytest.raises(ValueError, match="unknown"):
        clean_options(declared, {"colour": "red"})
    with pytest.raises(ValueError, match="choose one"):
        clean_options(declared, {"speed": "slow"})


def test_it_ranks_ties_together():
    assert places_from_scores([10, 30, 10, 5]) == (2, 1, 2, 4)
