"""Even meetings (issue 32): multiplayer round robin planned whole against proven lower bounds
(tournaments.formats.meeting_plan), and 2-player Swiss rematches optimal at any size
(docs/tournaments.md, "Round robin" and "Swiss")."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from tests.tournaments_formats.helpers import run_event, seeded
from tournaments.formats import Settings
from tournaments.formats import meeting_plan as mp
from tournaments.formats.common import meetings, pair
from tournaments.formats.round_robin import default_rounds
from tournaments.formats.swiss import match_pairs


def test_a_fifty_player_swiss_round_avoids_a_rematch_outside_the_first_window():
    """Every pair of ranks up to 24 apart has met, none 25 apart: the 24-rank window alone
    could only pair rematches; widened, it pairs rank i with rank i + 25, no rematch."""
    seated = list(range(1, 51))
    met = Counter(
        {pair(a, b): 1 for a, b in itertools.combinations(seated, 2) if abs(a - b) <= 24}
    )
    points = {p: Fraction(0) for p in seated}
    tables = match_pairs(seated, points, met)
    assert sum(met.get(pair(a, b), 0) for a, b in tables) == 0
    assert sorted(abs(a - b) for a, b in tables) == [25] * 25
