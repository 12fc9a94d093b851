"""No English left on the main pages read in Spanish or Vietnamese: home, the lobby, a table, a
live Scythe, Dice City and SPQF match, settings, tournaments and a ladder, each rendered in es and
vi, must not show any of the English words and phrases the site used to leave untranslated (bot
names, log lines the site writes, erased players, game summaries and table options, the time
zone choice...). docs/i18n.md, "No English left"."""

from __future__ import annotations

import html
import re

import pytest

from accounts.services import account_erase, block_add
from chat.services import chat_post
from lobbies.services import lobby_add_bot, lobby_create, lobby_join
from play.models import Match
from play.services import action_submit, seat_forfeit
from play.undo import action_undo
from tests.platform.conftest import make_user
from tournaments.services import tournament_create, tournament_register, tournament_start

# English the pages once showed in Spanish and Vietnamese. Whole words, case-sensitive: a
# player's name or a proper noun of the rule books ("Rusviet", "Polania") is not in the list.
ENGLISH = (
    "Standard bot",
    "Beginner bot",
    "Strong bot",
    "Random bot",
    "took back",
    "left the match",
    "resigned",
    "out of time",
    "chosen by the site",
    "Deleted player",
    "deleted player",
    "Round 1",
    "localtime",
    "Hosted by",
    "Farm, build and fight",
    "Roll five dice",
    "Build a deck",
    "Draft the starting Civilization cards",
    "End after a number of rounds",
    "Two full rows",
    "Turn-based",
    "Private",
    # Scythe: mech and faction abilities, player mats, structures, objectives, the panels
    "Speed",
    "Scout",
    "Seaworthy",
    "Artillery",
    "Submerge",
    "Camaraderie",
    "Township",
    "People's Army",
    "Underpass",
    "Disarm",
    "Coercion",
    "Meander",
    "Relentless",
    "Dominate",
    "Engineering",
    "Patriotic",
    "Mechanical",
    "Agricultural",
    "Mill",
    "Armory",
    "Monument",
    "Harvest Advantage",
    "Balanced Workforce",
    "Advantage",
    "faction ability",
    "workers on the board",
    "Placed:",
    "Your mat",
    "base (",
    "FACTORY",
    # page titles, tournament sections and tie-break columns
    "table #",
    "match #",
    "Upcoming",
    "Running",
    "Round out",
    "Table place",
)
# The Spanish rule book keeps two mech abilities' English names (000: "la habilidad Mech de
# Riverwalk", "Wayfare"); the Vietnamese one names them ("Vượt Sông", "Vận tải").
ENGLISH_BY_LANGUAGE = {"es": (), "vi": ("Riverwalk", "Wayfare")}
# Text the checks below never read: scripts, styles, the data attributes clients parse.
_SKIP = re.compile(r"<(script|style)\b.*?</\1>", re.S | re.I)
_TAG = re.compile(r"<[^>]+>")
_SHOWN_ATTRIBUTES = re.compile(r'\s(?:title|aria-label|alt|placeholder)="([^"]*)"')


def shown_text(page: str) -> str:
    """What a reader sees or hears of a page: its text and its titles, labels and alt texts."""
    page = _SKIP.sub(" ", page)
    attributes = " ".join(_SHOWN_ATTRIBUTES.findall(page))
    return html.unescape(_TAG.sub(" ", page) + " " + attributes)


def english_left(text: str, language: str = "es") -> list[str]:
    words = ENGLISH + ENGLISH_BY_LANGUAGE[language]
    return [w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]


@pytest.fixture
def places(settings):
    """alice's world: an open table with a bot, live matches of the three games (with a
    take-back, a forfeit and a bot), an erased opponent, a tournament with round 1 planned."""
    settings.BOT_MOVE_DELAY_MS = 0
    alice, bob, carol, dave = (make_user(n) for n in ("alice", "bob", "carol", "dave"))
    alice.time_zone = "Europe/Madrid"
    alice.save(update_fields=["time_zone"])
    table = lobby_create(host=alice, game="spqf", seats=3)
    lobby_add_bot(table_id=table.pk, user=alice, bot="standard")
    matches = {}
    for game, other in (("scythe", bob), ("dicecity", carol), ("spqf", dave)):
        playing = lobby_create(host=alice, game=game, seats=3)
        lobby_join(table_id=playing.pk, user=other)
        lobby_add_bot(table_id=playing.pk, user=alice, bot="beginner")  # full: it starts
        matches[game] = Match.objects.get(table=playing)
    dice = matches["dicecity"]
    _move_and_take_back(dice, alice)
    seat_forfeit(match_id=dice.pk, seat_index=dice.seats.get(user=carol).index, reason="resigned")
    account_erase(user=dave)
    block_add(user=alice, display_name="bob")
    chat_post(user=alice, match_id=matches["scythe"].pk, text="hola")
    cup = tournament_create(
        organiser=alice, name="Copa", game="dicecity", format="single_elimination", table_size=2
    )
    for player in (alice, carol):
        tournament_register(tournament_id=cup.pk, user=player)
    tournament_start(tournament_id=cup.pk, user=alice)
    return {"alice": alice, "table": table.pk, "matches": matches, "cup": cup.pk}


def _move_and_take_back(match: Match, user) -> None:
    """alice's first choice in the match, then taken back (when it is her turn)."""
    match.refresh_from_db()
    seat = match.seats.get(user=user).index
    engine = match.engine
    if seat not in engine.to_act(match.state):
        return
    action = engine.legal_actions(match.state, seat)[0]
    done = action_submit(match_id=match.pk, user=user, action=action, version=match.version)
    action_undo(match_id=match.pk, version=done.version, user=user)


def _urls(places) -> list[str]:
    matches, cup = places["matches"], places["cup"]
    return [
        "/",
        "/tables/",
        "/tables/new/",
        f"/tables/{places['table']}/",
        *(f"/matches/{m.pk}/" for m in matches.values()),
        "/settings/",
        "/tournaments/",
        f"/tournaments/{cup}/",
        f"/tournaments/{cup}/manage/",
        "/ladders/",
        "/ladders/dicecity/",
    ]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["es", "vi"])
def test_it_leaves_no_known_english_on_the_main_pages(client, places, language):
    places["alice"].language = language
    places["alice"].save(update_fields=["language"])
    client.force_login(places["alice"])
    found = {}
    for url in _urls(places):
        response = client.get(url)
        assert response.status_code == 200, url
        left = english_left(shown_text(response.content.decode()), language)
        if left:
            found[url] = left
    assert found == {}, found


def test_the_check_finds_english_where_it_is():
    page = '<p title="Standard bot">bot</p><script>"took back"</script><b>resigned</b>'
    assert english_left(shown_text(page)) == ["Standard bot", "resigned"]
    assert english_left("Privately resigned-ish") == []
    assert english_left("Riverwalk", "es") == []
    assert english_left("Riverwalk", "vi") == ["Riverwalk"]
