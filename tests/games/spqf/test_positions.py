"""games/spqf/positions.py: a rule scenario in a few lines, and never a stale legal list."""

from games.spqf import GAME
from games.spqf.positions import arrange, civ, edit, place


def test_an_edited_position_never_gets_a_stale_legal_list():
    terraces, orchard = civ("ag_terraces"), civ("ag_orchard")
    one = arrange(hands={0: [terraces]})
    before = GAME.legal_actions(one, 0)
    two = edit(one, lambda s: place(s, orchard, 0, "hand"))
    assert {"type": "play", "card": orchard} in GAME.legal_actions(two, 0)
    assert {"type": "play", "card": orchard} not in before
    assert GAME.legal_actions(one, 0) == before
