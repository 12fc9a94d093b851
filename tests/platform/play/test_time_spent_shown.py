"""A replay shows each move's time spent as players read a clock (docs/play.md, "Replays"):
"2:20" under an hour, "1 h 05 min" under a day, "3 days 4 h" for correspondence, in the
reader's language."""

from __future__ import annotations

import re
from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone, translation

from games.core import get_game
from lobbies.services import lobby_create, lobby_join
from play.models import Match
from play.services import action_submit
from play.templatetags.time_spent import time_spent

pytestmark = pytest.mark.django_db
DAY = 86400
DAYS = {"kind": "days", "base": 4 * DAY, "increment": DAY, "cap": 5 * DAY}


@pytest.mark.parametrize(
    ("seconds", "en", "es", "vi"),
    [
        (0.4, "0:00", "0:00", "0:00"),
        (7, "0:07", "0:07", "0:07"),
        (140, "2:20", "2:20", "2:20"),
        (3599.6, "1 h 00 min", "1 h 00 min", "1 giờ 00 phút"),
        (3905, "1 h 05 min", "1 h 05 min", "1 giờ 05 phút"),
        (DAY, "1 day", "1 día", "1 ngày"),
        (3 * DAY + 4 * 3600 + 59, "3 days 4 h", "3 días 4 h", "3 ngày 4 giờ"),
    ],
)
def test_the_time_spent_reads_as_a_clock_in_each_language(seconds, en, es, vi):
    for language, expected in (("en", en), ("es", es), ("vi", vi)):
        with translation.override(language):
            assert time_spent(seconds) == expected, language


def test_a_move_without_a_known_start_shows_nothing():
    assert time_spent(None) == ""


def _play_out(match_id, users):
    """The rest of the match, each seat's first legal bid (a replay is of a finished match)."""
    game = get_game("goofspiel")
    while not (match := Match.objects.get(pk=match_id)).is_finished:
        seat = game.to_act(match.state)[0]
        action = game.legal_actions(match.state, seat)[0]
        action_submit(match_id=match_id, user=users[seat], action=action, version=match.version)


def test_the_replay_lists_each_moves_time_spent(client, alice, bob):
    wall = {"now": timezone.now()}

    def passes(seconds):
        wall["now"] += timedelta(seconds=seconds)

    with mock.patch("django.utils.timezone.now", lambda: wall["now"]):
        table = lobby_create(
            host=alice, game="goofspiel", seats=2, options={"cards": 5}, mode="turn",
            move_seconds=DAY, clock=DAYS,
        )  # fmt: skip
        lobby_join(table_id=table.pk, user=bob)
        match = Match.objects.get(table=table)
        users = {s.index: s.user for s in match.seats.select_related("user")}
        passes(3 * DAY + 4 * 3600)
        action_submit(match_id=match.pk, user=users[0], action="bid card=1", version=0)
        passes(3900)
        action_submit(match_id=match.pk, user=users[1], action="bid card=2", version=1)
        passes(140)
        action_submit(match_id=match.pk, user=users[1], action="bid card=3", version=2)
        passes(3765)
        action_submit(match_id=match.pk, user=users[0], action="bid card=2", version=3)
        _play_out(match.pk, users)
    client.force_login(alice)
    shown = {}
    for language in ("en", "es", "vi"):
        page = client.get(
            f"/matches/{match.pk}/replay/", headers={"accept-language": language}
        ).content.decode()
        shown[language] = re.findall(r'class="muted log-spent"[^>]*>([^<]*)<', page)
    assert shown["en"][:4] == ["3 days 4 h", "3 days 5 h", "2:20", "1 h 05 min"]
    assert shown["es"][:4] == ["3 días 4 h", "3 días 5 h", "2:20", "1 h 05 min"]
    assert shown["vi"][:4] == ["3 ngày 4 giờ", "3 ngày 5 giờ", "2:20", "1 giờ 05 phút"]
