"""The ladder page: rank, player, rating, games, wins, last played; one indexed query a page."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ladders.selectors import ladder_page
from tests.platform.ladders.conftest import rated_players

pytestmark = pytest.mark.django_db


def _rows(response):
    return [(r.rank, r.user.display_name) for r in response.context["ladder"].rows]


def test_it_ranks_established_players_by_rating(client):
    rated_players(3)
    rated_players(2, prefix="new", games=5, top=2500)
    response = client.get("/ladders/goofspiel/")
    assert response.status_code == 200
    assert _rows(response) == [(1, "p000"), (2, "p001"), (3, "p002")]
    assert b"new000" not in response.content


def test_it_lists_provisional_players_marked_and_unranked(client):
    rated_players(2, prefix="new", games=5)
    response = client.get("/ladders/goofspiel/?provisional=1")
    assert _rows(response) == [(None, "new000"), (None, "new001")]
    assert b"provisional</span>" in response.content


def test_it_pages_through_the_ranking(client):
    rated_players(60)
    first = client.get("/ladders/goofspiel/")
    assert first.context["ladder"].has_next and len(_rows(first)) == 50
    second = client.get("/ladders/goofspiel/?page=2")
    assert _rows(second)[0] == (51, "p050") and _rows(second)[-1] == (60, "p059")
    assert not second.context["ladder"].has_next


def test_it_finds_a_player_by_name_with_their_true_rank(client):
    rated_players(60)
    rated_players(1, prefix="p0x", games=3)
    response = client.get("/ladders/goofspiel/?q=P05")
    assert _rows(response)[:2] == [(51, "p050"), (52, "p051")]
    assert len(_rows(client.get("/ladders/goofspiel/?q=p0"))) == 50


def test_it_reads_a_page_in_one_query(client, django_assert_num_queries):
    rated_players(60)
    for url in (
        "/ladders/goofspiel/?page=2",
        "/ladders/goofspiel/?q=p05",
        "/ladders/goofspiel/?provisional=1",
    ):
        with django_assert_num_queries(1):
            client.get(url)


def test_its_page_query_uses_the_ladder_index(db):
    rated_players(60)
    with CaptureQueriesContext(connection) as captured:
        ladder_page(game="goofspiel", page=2)
    [query] = captured.captured_queries
    with connection.cursor() as cursor:
        cursor.execute("SET enable_seqscan = off")
        cursor.execute("EXPLAIN " + query["sql"])
        plan = "\n".join(row[0] for row in cursor.fetchall())
        cursor.execute("RESET enable_seqscan")
    assert "ladder_ranked" in plan


def test_it_says_when_there_is_no_such_game(client):
    assert client.get("/ladders/chess/").status_code == 404
