"""Spanish and Vietnamese draw the same pictures as English: every number the site writes into an
SVG, a style or a data attribute is unlocalised ("19.5", never the decimal comma "19,5"), while
a rating change shown as text follows the reader's language ("+26,4" in Spanish).

The pages with pictures (a profile's rating chart, an elimination bracket, the Scythe map, the
end of a rated match) are rendered in en, es and vi: each SVG must parse as XML, and every
attribute of every SVG element, and every style and numeric data attribute of the page, must
read the same in the three languages (the text a reader sees is translated, the geometry not).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.utils import translation

from ladders.selectors import signed
from lobbies.services import lobby_create, lobby_join
from play.models import Match
from tests.platform.conftest import make_user
from tests.platform.tournaments.conftest import create, play_out, play_round, register_all

SVG = re.compile(r"<svg\b.*?</svg>", re.S)
TEXT_ATTRIBUTES = {"aria-label", "title", "alt"}
NUMBER = re.compile(r"-?\d+(\.\d+)?")


class _Attributes(HTMLParser):
    """(tag, attribute, value) of a page in order: inside an SVG every attribute but the text
    ones, everywhere the styles and the data attributes that hold a number."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str, str]] = []
        self._svg = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._svg += tag == "svg"
        for name, value in attrs:
            numeric = bool(NUMBER.fullmatch((value or "").replace(",", ".")))
            if name.startswith("data-"):
                keep = numeric  # a data attribute may name a place in the reader's language
            else:
                keep = name == "style" or (self._svg > 0 and name not in TEXT_ATTRIBUTES)
            if keep:
                self.found.append((tag, name, value or ""))

    def handle_endtag(self, tag: str) -> None:
        self._svg -= tag == "svg" and self._svg > 0


def _drawn(page: str) -> list[tuple[str, str, str]]:
    parser = _Attributes()
    parser.feed(page)
    return parser.found


def _svgs_parse(page: str) -> int:
    pictures = SVG.findall(page)
    for picture in pictures:
        ET.fromstring(picture.replace("&nbsp;", "&#160;"))
    return len(pictures)


@pytest.fixture
def pictured(alice, bob, settings):
    """alice's profile with a rating history, a finished elimination cup, a Scythe match."""
    settings.BOT_MOVE_DELAY_MS = 0
    finished = []
    for _ in range(3):
        table = lobby_create(host=alice, game="goofspiel", seats=2, ranked=True)
        lobby_join(table_id=table.pk, user=bob)
        finished.append(play_out(Match.objects.get(table=table)))
    cup = create(alice, format="single_elimination", table_size=2, name="Cup")
    register_all(cup, [alice, bob, make_user("carol"), make_user("dave")])
    from tournaments.services import tournament_start

    tournament_start(tournament_id=cup.pk, user=alice)
    for _ in range(3):
        play_round(cup)
    table = lobby_create(host=alice, game="scythe", seats=2)
    lobby_join(table_id=table.pk, user=bob)
    scythe = Match.objects.get(table=table)
    return [
        "/players/alice/",
        f"/tournaments/{cup.pk}/",
        f"/tournaments/{cup.pk}/rounds/",
        f"/matches/{scythe.pk}/",
        f"/matches/{finished[-1].pk}/",
        "/ladders/goofspiel/",
    ]


@pytest.mark.django_db(transaction=True)
def test_every_picture_is_drawn_alike_in_every_language(pictured, alice):
    client = Client()
    client.force_login(alice)
    drawn: dict[str, dict[str, list]] = {}
    pictures = 0
    for language in ("en", "es", "vi"):
        alice.language = language
        alice.save(update_fields=["language"])
        for url in pictured:
            response = client.get(url)
            assert response.status_code == 200, url
            page = response.content.decode()
            pictures += _svgs_parse(page)
            drawn.setdefault(url, {})[language] = _drawn(page)
    assert pictures >= 3 * 3  # the chart, the bracket and the map in each language at least
    for url, by_language in drawn.items():
        for language in ("es", "vi"):
            differ = [
                (en, other)
                for en, other in zip(by_language["en"], by_language[language], strict=True)
                if en != other
            ]
            assert differ == [], (url, language, differ[:5])


def test_the_check_sees_a_decimal_comma_in_a_picture():
    english = '<svg><rect x="12" y="19.0"/></svg><div data-x="1.5" style="width: 2.5%"></div>'
    spanish = '<svg><rect x="12" y="19,0"/></svg><div data-x="1,5" style="width: 2,5%"></div>'
    pairs = list(zip(_drawn(english), _drawn(spanish), strict=True))
    assert [a for a, b in pairs if a != b] == [
        ("rect", "y", "19.0"),
        ("div", "data-x", "1.5"),
        ("div", "style", "width: 2.5%"),
    ]


@pytest.mark.parametrize(
    ("language", "delta", "text"),
    [("en", 26.4, "+26.4"), ("es", 26.4, "+26,4"), ("vi", -3.5, "−3,5"), ("es", 12.0, "+12")],
)
def test_a_rating_change_reads_in_the_readers_language(language, delta, text):
    with translation.override(language):
        assert signed(delta) == text
