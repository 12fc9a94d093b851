"""The ladder page: rank, player, rating, games, wins, last played; one indexed query a page."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ladders.buckets import buckets_rebuild
from ladders.models import Rating
from ladders.selectors import ladder_page
from tests.platform.ladders.conftest import rated_players

pytestmark = pytest.mark.django_db


def _rows(response):
    return [(r.rank, r.player_name) for r in response.context["ladder"].rows]


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


def test_its_pages_and_ranks_agree_with_a_plain_sort_across_ties_and_buckets(db):
    players = rated_players(90)
    rng = random.Random(3)
    for row in players:
        row.rating = rng.choice([1500.0, 1500.25, 1500.5, 1499.75, 1501.0, rng.uniform(1400, 1600)])
    Rating.objects.bulk_update(players, ["rating"])
    buckets_rebuild("goofspiel")
    expected = [r.user.display_name for r in sorted(players, key=lambda r: (-r.rating, r.pk))]
    shown = []
    for page in range(1, 15):
        shown.extend(r.player_name for r in ladder_page(game="goofspiel", page=page, size=7).rows)
    assert shown == expected
    for rank, name in enumerate(expected, start=1):
        [row] = ladder_page(game="goofspiel", search=name).rows
        assert row.rank == rank


def test_the_ladders_index_links_each_game_with_play_ranked_now(client):
    page = client.get("/ladders/").content.decode()
    assert 'href="/ladders/goofspiel/"' in page and "Play ranked now" in page


def test_with_no_one_ranked_it_lists_the_provisional_players_marked(client):
    rated_players(2, prefix="new", games=5)
    response = client.get("/ladders/goofspiel/")
    assert _rows(response) == [(None, "new000"), (None, "new001")]
    body = response.content.decode()
    assert "No one is ranked yet" in body and "provisional</span>" in body
    assert "No one here yet." not in body


def test_an_empty_ladder_still_says_no_one_is_here(client):
    body = client.get("/ladders/goofspiel/").content.decode()
    assert "No one here yet." in body and "No one is ranked yet" not in body
    assert "Provisional players have fewer" not in body and 'href="?provisional=1"' in body
