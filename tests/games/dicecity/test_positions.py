"""games/dicecity/positions.py: a rule scenario in a few lines, and never a stale legal list."""

import pytest

from games.core import format_action
from games.dicecity import GAME
from games.dicecity.positions import edit, position, slot


def test_a_scenario_takes_a_few_lines():
    state = position(
        city={0: "red 3: quarry; blue 1: mine off"}, dice={0: "red 3"}, res={0: "2 wood 1 iron"}
    )
    p = state["players"][0]
    assert p["city"][slot("red 3")] == "quarry" and p["off"][slot("blue 1")]
    assert p["dice"] == [-1, -1, 2, -1, -1] and p["res"] == [2, 0, 1]
    assert any(a["type"] == "use" for a in GAME.legal_actions(state, 0))


def test_an_edited_position_never_gets_a_stale_legal_list():
    state = position(dice={0: "red 3"})
    before = {format_action(a) for a in GAME.legal_actions(state, 0)}
    more = edit(state, lambda s: s["players"][0].update(dice=[0, 0, 2, 0, 0]))
    after = {format_action(a) for a in GAME.legal_actions(more, 0)}
    assert before < after
    assert {format_action(a) for a in GAME.legal_actions(state, 0)} == before


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"city": {0: "green 3: quarry"}}, "a space is 'ROW COL'"),
        ({"city": {0: "red 3: castle"}}, "a known card"),
        ({"dice": {0: "red 7"}}, "a space is 'ROW COL'"),
        ({"res": {0: "2 gold"}}, "counts of wood, stone, iron"),
        ({"players": {0: {"gold": 1}}}, "no player field gold"),
    ],
)
def test_it_refuses_a_description_it_cannot_read(kwargs, message):
    with pytest.raises(ValueError, match=message):
        position(**kwargs)
