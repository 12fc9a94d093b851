"""Every main page passes axe-core (WCAG 2.1 A and AA, best practices) with no serious or
critical violation, in Chromium at 1280x900 and at 390x844 where the layout changes (the
phone's menu button, the boards' stacked columns): home, the open tables, a new table's form,
a table, each game's board as a player and as a spectator, a finished match with its replay,
the ladders, a tournament, the settings, the rules, log-in, sign-up and the password reset."""

from __future__ import annotations

import pytest

from tests.platform.conftest import make_user
from tests.platform.table.conftest import LAPTOP, PHONE, needs_chromium, session_cookie, wait_js
from tests.platform.table.factories import played, played_to_end, seeded_match

from .conftest import audit, with_axe

pytestmark = [pytest.mark.browser, pytest.mark.services, needs_chromium]
LIVE = "document.getElementById('board').dataset.socket === 'open'"


def _check(page, where: str) -> None:
    found = audit(page)
    assert not found, f"{where}:\n" + "\n".join(found)


@pytest.fixture
def site(transactional_db):
    """alice hosts a table and runs a tournament; a match of each game is under way (alice
    seated) and one Dice City match is over."""
    from lobbies.services import lobby_create
    from tournaments.services import tournament_create

    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    table = lobby_create(host=alice, game="dicecity", seats=3)
    event = tournament_create(
        organiser=alice, name="Autumn cup", game="spqf", format="swiss", table_size=2, rounds=3
    )
    boards = {
        "scythe": played(seeded_match("scythe", 1, [alice, bob]), 3),
        "dicecity": played(seeded_match("dicecity", 1, [alice, bob, carol]), 2),
        "spqf": played(seeded_match("spqf", 1, [alice, bob]), 2),
    }
    over = played_to_end(seeded_match("dicecity", 2, [alice, bob], ranked=True))
    return {
        "cookie": session_cookie(alice),
        "watcher": session_cookie(make_user("dave")),
        "pages": [
            "/",
            "/tables/",
            "/tables/new/",
            f"/tables/{table.pk}/",
            "/ladders/",
            "/ladders/dicecity/",
            "/tournaments/",
            f"/tournaments/{event.pk}/",
            "/settings/",
            "/settings/play-by-email/",
            "/notifications/",
            "/offline/",
            "/my-games/",
            "/games/scythe/rules/",
            "/games/dicecity/rules/",
            "/games/spqf/rules/",
            f"/players/{alice.display_name}/",
            f"/matches/{over.pk}/",
            f"/matches/{over.pk}/replay/?step=5",
        ],
        "boards": {game: f"/matches/{m.pk}/" for game, m in boards.items()},
    }


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_site_pages_have_no_serious_violation(launch, site, viewport):
    with launch() as open_page:
        page = open_page(site["cookie"], "/", viewport)
        with_axe(page)
        origin = page.url.rsplit("/", 1)[0]
        found = []
        for path in site["pages"]:
            page.goto(origin + path)
            found += [f"{path}: {line}" for line in audit(page)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
@pytest.mark.parametrize("game", ["scythe", "dicecity", "spqf"])
def test_each_board_as_a_player_has_no_serious_violation(launch, site, game, viewport):
    with launch() as open_page:
        page = open_page(site["cookie"], site["boards"][game], viewport)
        with_axe(page)
        wait_js(page, LIVE)
        _check(page, game)


@pytest.mark.parametrize("game", ["scythe", "dicecity", "spqf"])
def test_each_board_as_a_spectator_has_no_serious_violation(launch, site, game):
    with launch() as open_page:
        page = open_page(site["watcher"], site["boards"][game])
        with_axe(page)
        wait_js(page, LIVE)
        _check(page, f"{game}, watching")


@pytest.mark.parametrize(
    "path", ["/accounts/login/", "/accounts/signup/", "/accounts/password/reset/", "/", "/ladders/"]
)
def test_the_pages_of_a_visitor_have_no_serious_violation(launch, transactional_db, path):
    with launch() as open_page:
        page = open_page("", path)
        with_axe(page)
        _check(page, path)
