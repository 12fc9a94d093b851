"""The arena page and the pages of an event of two stages, and of an event whose first stage
is in two groups, with Dice City games played to the end, in Chromium at 1280x900 and 390x844:
nothing wider than the screen (the standings fit without scrolling sideways), the arena's
sheets and games in play shown and no round schedule, every stage on the event's page, the
groups side by side on the laptop. Screenshots go to $SHOTS_DIR (or
/tmp/shots-arena-stages) to be looked at."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from games.core import get_game
from games.core.adjudication import adjudicated
from play.services import action_submit, match_end
from tests.platform.conftest import make_user
from tests.platform.live.conftest import asgi_server  # noqa: F401 - the session's live server
from tests.platform.table.conftest import (
    LAPTOP,
    PHONE,
    launch,  # noqa: F401 - the fixture
    needs_chromium,
    session_cookie,
)
from tournaments import stages
from tournaments.models import TournamentTable
from tournaments.services import tournament_advance, tournament_start

from .conftest import create, register_all

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]
SHOTS = Path(os.environ.get("SHOTS_DIR", "/tmp/shots-arena-stages"))
OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"
STANDINGS_OVERFLOW = (
    "(() => { const t = document.querySelector('#standings');"
    " return t ? t.scrollWidth - t.parentElement.clientWidth : 0; })()"
)
GROUP_TOPS = (
    "[...document.querySelectorAll('.stage-group')].map(g => g.getBoundingClientRect().top)"
)


def finish(match) -> None:
    """A Dice City match played some decisions in through action_submit (each seat's first
    legal choice), then ended by the bots' evaluation of the position (the round deadline's
    rule: a whole game of first choices takes minutes)."""
    game = get_game(match.game)
    for _ in range(12):
        match.refresh_from_db()
        if match.is_finished:
            return
        seat = game.to_act(match.state)[0]
        action = game.legal_actions(match.state, seat)[0]
        action_submit(match_id=match.pk, seat_index=seat, action=action, version=match.version)
    match_end(match_id=match.pk, judge=adjudicated, reason="adjudicated")


def open_tables(t):
    return list(
        TournamentTable.objects.filter(tournament=t, places__isnull=True)
        .select_related("match")
        .order_by("pk")
    )


def test_the_arena_and_the_stages_pages_fit_phone_and_laptop(launch):  # noqa: F811
    alice = make_user("alice")
    users = [make_user(name) for name in ("bob", "carol", "dave", "erin", "frank", "grace")]
    arena = create(
        alice,
        name="Dice City arena",
        game="dicecity",
        options={},
        format="arena",
        arena_minutes=60,
        table_size=3,
        rounds=0,
        berserk=True,
        move_seconds=120,
    )
    register_all(arena, users + [make_user("heidi")])
    arena = tournament_start(tournament_id=arena.pk, user=alice)
    finish(open_tables(arena)[0].match)
    tournament_advance(tournament_id=arena.pk)
    finish(open_tables(arena)[0].match)
    tournament_advance(tournament_id=arena.pk)

    event = stages.event_create(
        organiser=alice,
        then={"format": "single_elimination", "rule": "top", "count": 4},
        name="Dice City spring cup",
        game="dicecity",
        options={},
        format="swiss",
        table_size=2,
        rounds=2,
    )
    register_all(event, users)
    event = tournament_start(tournament_id=event.pk, user=alice)
    for _round in range(2):
        for table in open_tables(event):
            finish(table.match)
        tournament_advance(tournament_id=event.pk)
    event.refresh_from_db()
    assert event.status == "finished"
    assert stages.stage_next(tournament_id=event.pk) == "started"
    second = event.stages.get()
    finish(open_tables(second)[0].match)
    tournament_advance(tournament_id=second.pk)

    grouped = stages.event_create(
        organiser=alice,
        then={"format": "single_elimination", "rule": "top_per_group", "count": 2},
        groups=2,
        name="Dice City groups",
        game="dicecity",
        options={},
        format="round_robin",
        table_size=2,
    )
    register_all(grouped, users + [make_user("ivan"), make_user("judy")])
    grouped = tournament_start(tournament_id=grouped.pk, user=alice)
    pools = stages.stage_of(grouped, 1)
    for pool in pools:
        for _round in range(3):
            for table in open_tables(pool):
                finish(table.match)
            tournament_advance(tournament_id=pool.pk)
    assert stages.stage_next(tournament_id=pools[1].pk) == "started"
    playoff = grouped.stages.get(stage=2)

    bob = arena.registrations.get(user=users[0]).pk
    playing = [t.key for t in open_tables(arena) if bob in t.players]
    cookie = session_cookie(users[0])
    SHOTS.mkdir(parents=True, exist_ok=True)
    pages = {
        "arena": f"/tournaments/{arena.pk}/",
        "event": f"/tournaments/{event.pk}/",
        "stage-2": f"/tournaments/{second.pk}/",
        "groups": f"/tournaments/{grouped.pk}/",
        "groups-playoff": f"/tournaments/{playoff.pk}/",
    }
    with launch() as open_page:
        for size, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
            for name, path in pages.items():
                page = open_page(cookie, path, viewport)
                page.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=True)
                assert page.evaluate(OVERFLOW) <= 0, f"{name} wider than the {size} screen"
                assert page.evaluate(STANDINGS_OVERFLOW) <= 0, f"{name}: standings scroll ({size})"
                text = page.inner_text("main")
                assert (page.locator("#schedule").count() == 0) == (name == "arena")
                if name == "arena":
                    assert "heidi" in text and "bob" in text
                    if playing:  # bob's game in play, not his first one (over)
                        assert f"table {playing[0]}" in text and "game is over" not in text
                if name == "event":
                    assert "Dice City spring cup · 2" in text
                if name.startswith("groups"):
                    assert "Group A" in text and "Group B" in text
                    tops = page.evaluate(GROUP_TOPS)  # stage 1's two groups, then the playoff
                    side_by_side = abs(tops[0] - tops[1]) < 2
                    assert side_by_side == (size == "laptop"), tops
