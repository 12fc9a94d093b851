"""When a ranked game ends, the match page shows each player's rating change (the end screen's
Rating row, a column per player)."""

import re

from django.test import Client

from tests.platform.ladders.conftest import finish_two, ranked_match


def _outcome_html(user, match):
    client = Client()
    client.force_login(user)
    page = client.get(f"/matches/{match.pk}/").content.decode()
    return page[page.index('id="outcome"') : page.index("</table>", page.index('id="outcome"'))]


def test_it_shows_each_players_rating_change_when_a_ranked_game_ends(alice, bob):
    match = finish_two(ranked_match(alice, bob), winner=alice)
    outcome = _outcome_html(bob, match)
    assert '<th scope="row">Rating</th>' in outcome
    cells = re.findall(r'<td class="rating-change[^"]*">([^<]*)</td>', outcome)
    assert sorted(cells) == ["+32", "\u221232"]


def test_it_shows_no_rating_column_for_a_casual_game(alice, bob):
    match = finish_two(ranked_match(alice, bob, ranked=False), winner=alice)
    assert '<th scope="row">Rating</th>' not in _outcome_html(alice, match)
