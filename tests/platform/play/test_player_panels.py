"""The player panels (issue 34; boards/panels.py, templates/play/panels.html): one per seat with
its name, whose turn, the game's key public numbers and a clock slot, drawn with the board, so
a move brings them up to date in the same payload. A panel shows nothing a spectator could not
see: the panels of a seat's view and of the public view are the same but for "you"."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games.core import get_game
from play import snapshots
from tests.platform.conftest import make_user
from tests.platform.table.factories import played, seeded_match

pytestmark = pytest.mark.django_db

KEYS = {
    "scythe": ["power", "popularity", "coins", "stars", "cards"],
    "dicecity": ["vp", "wood", "stone", "iron", "army"],
    "spqf": ["vp", "level", "hand"],
}
PANEL = re.compile(r'<section class="panel[^"]*" data-seat="(\d)".*?</section>', re.S)
STAT = re.compile(r'data-key="(\w+)" data-value="(-?\d+)"')


def _panels(match, seat):
    html = snapshots.payload_for(match.pk, seat, 0, html=True, fresh=True)["html"]
    found = re.search(r'<div id="panels-src" hidden>(.*?)</div>\s*</div>\s*$', html, re.S)
    assert found, "no panels in the board's HTML"
    return {int(m.group(1)): m.group(0) for m in PANEL.finditer(found.group(1))}


def _stats(panel):
    return {k: int(v) for k, v in STAT.findall(panel)}


def _public(panel):
    """A panel without what only its viewer is told (it is theirs)."""
    panel = panel.replace(" panel-you", "").replace('<span class="badge">you</span>', "")
    return panel.replace("Your board", "Open board")


@pytest.fixture
def people():
    return [make_user("alice"), make_user("bob")]


@pytest.mark.parametrize("game", sorted(KEYS))
def test_every_seat_has_a_panel_with_the_games_public_numbers(people, game):
    match = played(seeded_match(game, 3, people), 2)
    deadline = timezone.now() + timedelta(minutes=5)
    type(match).objects.filter(pk=match.pk).update(deadline=deadline)
    panels = _panels(match, 0)
    assert sorted(panels) == [0, 1]
    for seat, panel in panels.items():
        assert list(_stats(panel)) == KEYS[game]
        assert people[seat].display_name in panel
        assert f'class="panel-clock" data-seat="{seat}"' in panel
        assert f'data-open-seat="{seat}"' in panel
    to_act = get_game(game).to_act(match.state)
    for seat in (0, 1):
        assert ("panel-turn" in panels[seat].split(">")[0]) == (seat in to_act)
        shown = re.search(r'data-deadline="([^"]*)"', panels[seat]).group(1)
        assert shown == (deadline.isoformat() if seat in to_act else "")
    assert "panel-you" in panels[0].split(">")[0] and "panel-you" not in panels[1].split(">")[0]


@pytest.mark.parametrize("game", sorted(KEYS))
def test_a_panel_shows_no_more_than_a_spectator_sees(people, game):
    match = played(seeded_match(game, 4, people), 3)
    public = _panels(match, None)
    for seat in (0, 1):
        mine = _panels(match, seat)
        assert {s: _public(p) for s, p in mine.items()} == public


def test_scythe_shows_the_combat_cards_as_a_count_and_the_numbers_of_the_view(people):
    match = played(seeded_match("scythe", 5, people), 3)
    view = get_game("scythe").view(match.state, None)
    for seat, panel in _panels(match, 0).items():
        p = view["players"][seat]
        assert _stats(panel) == {
            "power": p["power"],
            "popularity": p["pop"],
            "coins": p["coins"],
            "stars": sum(p["stars"].values()),
            "cards": p["cards"],
        }
        assert "sc-ccard" not in panel  # never the cards' values


def test_a_move_brings_the_panels_up_to_date_in_the_same_payload(people):
    match = seeded_match("spqf", 6, people)
    before = {s: _stats(p) for s, p in _panels(match, 0).items()}
    match = played(match, 6)
    view = get_game("spqf").view(match.state, None)
    after = {s: _stats(p) for s, p in _panels(match, 0).items()}
    for p in view["players"]:
        assert after[p["seat"]] == {"vp": p["vp"], "level": p["level"], "hand": p["hand_count"]}
    assert after != before
