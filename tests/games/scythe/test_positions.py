"""games/scythe/positions.py: a rule scenario in a few lines, and never a stale legal list."""

import pytest

from games.scythe import GAME
from games.scythe.positions import choose_section, edit, position


def test_a_mill_scenario_takes_a_few_lines():
    """000, Build: Mill: its territory produces as an extra territory, as if a worker."""
    state = position(
        "nordic Industrial, saxony Engineering",
        units={0: "workers r1c4 r1c5"},
        built={0: "mill r1c5"},
    )
    state = choose_section(state, 0, top="produce")
    state = GAME.apply(state, 0, {"type": "produce"})
    state = GAME.apply(state, 0, {"type": "produce_at", "hex": "r1c4"})
    state = GAME.apply(state, 0, {"type": "produce_at", "hex": "r1c5"})
    assert state["res"] == {"r1c4": [0, 1, 0, 0], "r1c5": [0, 0, 0, 2]}


def test_it_places_units_tokens_and_player_fields():
    state = position(
        "nordic Industrial, saxony Engineering",
        turn=1,
        units={0: "char r1c4; mechs r1c5 r2c5; workers r1c4 r1c4"},
        res="r1c4: 2 wood 1 oil; r1c5: 3 metal",
        players={0: {"coins": 9, "power": 7, "hand": [2, 3]}},
    )
    p = state["players"][0]
    assert (p["char"], p["mechs"], p["workers"]) == (
        "r1c4",
        ["r1c5", "r2c5", None, None],
        ["r1c4", "r1c4"],
    )
    assert state["res"] == {"r1c4": [0, 2, 0, 1], "r1c5": [0, 0, 3, 0]}
    assert (p["coins"], p["power"], p["hand"], state["turn"]) == (9, 7, [2, 3], 1)
    assert GAME.to_act(state) == (1,)


def test_an_edited_position_never_gets_a_stale_legal_list():
    """The memo keys on the state object: `edit` hands the engine a new one."""
    state = choose_section(
        position("nordic Industrial, saxony Engineering", units={0: "workers r1c4"}),
        0,
        top="produce",
    )
    state = GAME.apply(state, 0, {"type": "produce"})
    before = GAME.legal_actions(state, 0)
    more = edit(state, lambda s: s["players"][0].update(workers=["r1c4", "r1c4", "r1c4"]))
    after = GAME.legal_actions(more, 0)
    assert len(after) == len(before) + 2  # now 3, 2 or 1 of the 3 workers may produce
    assert GAME.legal_actions(state, 0) == before  # the original is untouched


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seats": "nordic Industrial, saxony Steam"}, "with mats among"),
        ({"units": {0: "char r99c9"}}, "no territory called r99c9"),
        ({"units": {0: "tanks r1c4"}}, "units:"),
        ({"res": "r1c4: 2 gold"}, "one of food, wood, metal, oil"),
        ({"res": "r1c4: wood"}, "res:"),
        ({"players": {0: {"gold": 3}}}, "no player field gold"),
        ({"built": {0: "castle r1c4"}}, "one of monument, mill, mine, armory"),
    ],
)
def test_it_refuses_a_description_it_cannot_read(kwargs, message):
    kwargs.setdefault("seats", "nordic Industrial, saxony Engineering")
    with pytest.raises(ValueError, match=message):
        position(**kwargs)
