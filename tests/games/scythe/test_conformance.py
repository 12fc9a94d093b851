"""The conformance suite on the Scythe engine (it also runs from the registry once registered)."""

from games.core.conformance import play_checked
from games.scythe import GAME


def test_it_passes_the_conformance_suite_for_2_and_5_players():
    play_checked(GAME, 2, 0)
    play_checked(GAME, 5, 1, view_every=11)


def test_it_passes_the_conformance_suite_for_3_and_4_players():
    play_checked(GAME, 3, 2, view_every=11)
    play_checked(GAME, 4, 3, view_every=11)
