"""The hidden `rules` option: a match keeps the rules reading it was started under.

Rules version 2 reads Enlist by the book (000 How to play: the costs and benefits are read
before the action, so the Enlist that uncovers the Enlist section's ongoing bonus does not
collect it); version 1 is the earlier reading, which paid it at once. Options without a
version mean the current rules, the book's (the site's stored matches were stamped with their
version by a data migration: tests/platform/play/test_scythe_rules_migration.py), and a match
stamped version 1 must still replay to the same end.
"""

import json
from pathlib import Path

import pytest

from games.core import IllegalAction, get_game
from games.scythe.state import rules_version

GAME = get_game("scythe")
LOG = json.loads((Path(__file__).parent.parent / "data" / "scythe_rules1_log.json").read_text())


def _replay(options):
    state = GAME.setup(LOG["seats"], LOG["seed"], options)
    for seat, action in LOG["moves"]:
        state = GAME.apply(state, seat, action)
    return state


def _enlists_the_enlist_section(log):
    return any(a.get("type") == "enlist" and a.get("section") == "enlist" for _, a in log["moves"])


def test_new_tables_get_the_current_rules_and_a_missing_option_means_the_book():
    assert GAME.clean_options({}) == {"rules": 2}
    assert rules_version({}) == 2
    assert "rules" not in GAME.setup(2, 1, {"rules": 2})
    assert "rules" not in GAME.setup(2, 1, {})
    assert GAME.setup(2, 1, {"rules": 1})["rules"] == 1
    with pytest.raises(ValueError, match="choose one of"):
        GAME.clean_options({"rules": 3})


def test_the_rules_option_is_hidden_from_hosts():
    assert [o.name for o in GAME.options] == ["rules"]
    assert GAME.shown_options() == ()


def test_a_rules_1_log_replays_to_its_recorded_end():
    assert _enlists_the_enlist_section(LOG)  # the case the versions read differently
    state = _replay({**LOG["options"], "rules": 1})
    result = GAME.outcome(state)
    assert result is not None
    assert list(result.places) == LOG["final"]["places"]
    assert list(result.scores) == LOG["final"]["scores"]
    for player, recorded in zip(state["players"], LOG["final"]["players"], strict=True):
        assert {k: player[k] for k in recorded} == recorded


@pytest.mark.parametrize("options", [{}, {"rules": 2}])
def test_the_same_log_does_not_replay_under_the_book_reading(options):
    with pytest.raises(IllegalAction):
        _replay(options)


def test_the_enlist_that_uncovers_the_bonus_collects_it_only_under_version_1():
    """Played side by side, the two versions first differ at the Enlist of the Enlist section's
    recruit, by that section's ongoing bonus (a combat card) which only version 1 pays."""
    old, new = GAME.setup(2, LOG["seed"], {"rules": 1}), GAME.setup(2, LOG["seed"], {"rules": 2})
    for seat, action in LOG["moves"]:
        old, new = GAME.apply(old, seat, action), GAME.apply(new, seat, action)
        if old["players"] != new["players"]:
            break
    assert action["type"] == "enlist" and action["section"] == "enlist"
    mine_old, mine_new = old["players"][seat], new["players"][seat]
    assert len(mine_old["hand"]) == len(mine_new["hand"]) + 1
    assert {k: v for k, v in mine_old.items() if k != "hand"} == {
        k: v for k, v in mine_new.items() if k != "hand"
    }
