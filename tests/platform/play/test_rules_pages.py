"""Each game's rules summary (/games/<game>/rules/): the goal, a turn and each action, scoring,
the end of the game and the board's symbols; linked from the match page, the end screen and the
game's lobby pages; no page for a game without one."""

import pytest
from django.urls import reverse

from lobbies.services import lobby_create, lobby_join
from play.services import seat_forfeit

SECTIONS = ['id="goal"', 'id="turn"', 'id="end"', 'id="scoring"', 'id="symbols"']
TERMS = {
    "scythe": ["Bolster", "Produce", "Trade", "Move", "Upgrade", "Deploy", "Build", "Enlist",
               "encounter", "Factory", "popularity", "★", "∩"],
    "dicecity": ["army strength", "bandit", "trade ship", "pass token", "deactivation", "display",
                 "Reactivate", "✕"],
    "spqf": ["follow", "trade row", "Recruit", "civilization level", "Monument", "◆", "§",
             "binary"],
}  # fmt: skip


@pytest.mark.parametrize("game", sorted(TERMS))
def test_each_game_has_a_rules_page_with_every_part(client, db, game):
    page = client.get(reverse("play:rules", args=[game]))
    assert page.status_code == 200
    html = page.content.decode()
    assert all(section in html for section in SECTIONS)
    missing = [term for term in TERMS[game] if term not in html]
    assert not missing, missing


def test_a_game_without_a_summary_has_no_page(client, db):
    assert client.get(reverse("play:rules", args=["goofspiel"])).status_code == 404
    assert client.get(reverse("play:rules", args=["no-such-game"])).status_code == 404


def test_the_spqf_levels_come_from_the_engine(client, db):
    html = client.get(reverse("play:rules", args=["spqf"])).content.decode()
    assert "<td>5</td><td>4 green + 4 black</td><td>20</td>" in html


def test_the_match_page_and_the_end_screen_link_to_the_rules(client, alice, bob):
    table = lobby_create(host=alice, game="dicecity", seats=2)
    lobby_join(table_id=table.pk, user=bob)
    client.force_login(alice)
    rules = reverse("play:rules", args=["dicecity"])
    assert (
        f'href="{rules}"'
        in client.get(reverse("play:match", args=[table.match.pk])).content.decode()
    )
    seat_forfeit(match_id=table.match.pk, seat_index=0, reason="resigned")
    html = client.get(reverse("play:match", args=[table.match.pk])).content.decode()
    end = html[html.index('id="outcome"') :]
    assert f'href="{rules}"' in end


def test_the_lobby_pages_link_to_the_rules(client, alice):
    table = lobby_create(host=alice, game="scythe", seats=2)
    rules = reverse("play:rules", args=["scythe"])
    for url in ("/", reverse("lobbies:table", args=[table.pk]), "/tables/?game=scythe"):
        assert f'href="{rules}"' in client.get(url).content.decode(), url
    assert 'href="/games/goofspiel/rules/"' not in client.get("/").content.decode()
