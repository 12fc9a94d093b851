"""games/spqf/positions.py: a rule scenario in a few lines, and never a stale legal list."""

from games.spqf import GAME
from games.spqf.positions import arrange, civ, edit, place


def test_an_edited_position_never_gets_a_stale_legal_list():
    oratory = civ("le_oratory")
    empty = arrange(hands={0: [civ("le_games")]})
    before = GAME.legal_actions(empty, 0)
    dealt = edit(empty, lambda s: place(s, oratory, 0, "hand"))
    assert {"type": "play", "card": oratory} in GAME.legal_actions(dealt, 0)
    assert {"type": "play", "card": oratory} not in before
    assert GAME.legal_actions(empty, 0) == before
