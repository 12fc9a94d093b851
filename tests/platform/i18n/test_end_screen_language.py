"""The end screen's own words in the reader's language: the places ("1º", "thứ 1") and the
site's reason a match ended (a forfeit), beside the games' words (tests/platform/play)."""

from __future__ import annotations

import pytest

from play.models import Match
from play.results import end_screen
from play.selectors import players_of
from play.services import seat_forfeit


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "first", "reason"),
    [("en", "1st", "forfeit"), ("es", "1º", "abandono"), ("vi", "thứ 1", "bỏ cuộc")],
)
def test_the_end_screen_speaks_the_readers_language(started_match, language, first, reason):
    seat_forfeit(match_id=started_match.pk, seat_index=0, reason="resigned")
    match = Match.objects.get(pk=started_match.pk)
    assert match.is_finished
    seats = list(match.seats.select_related("user"))
    screen = end_screen(match, players_of(seats), 1, language)
    assert screen["reason"] == reason
    assert [c["ordinal"] for c in screen["columns"] if c["place"] == 1] == [first]
