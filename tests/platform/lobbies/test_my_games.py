"""My games: the matches where it is my turn come first, then my tables waiting for players."""

from lobbies.services import lobby_create, lobby_join
from play.services import action_submit


def _match(host, guest):
    table = lobby_create(host=host, game="goofspiel", seats=2, options={"cards": 3})
    lobby_join(table_id=table.pk, user=guest)
    table.refresh_from_db()
    return table.match


def test_it_lists_the_matches_where_it_is_my_turn_first(client, alice, bob, carol):
    waiting = _match(alice, bob)
    action_submit(match_id=waiting.pk, user=alice, action="bid card=1", version=0)
    my_turn = _match(carol, alice)
    client.force_login(alice)
    page = client.get("/my-games/")
    rows = [(row["seat"].match.pk, row["seat"].to_act) for row in page.context["rows"]]
    assert rows == [(my_turn.pk, True), (waiting.pk, False)]
    assert [row["against"] for row in page.context["rows"]] == [["carol"], ["bob"]]
    html = page.content.decode()
    assert html.index(f"/matches/{my_turn.pk}/") < html.index(f"/matches/{waiting.pk}/")
    assert "Your turn" in html and "carol" in html


def test_it_lists_my_tables_waiting_for_players_with_their_places(client, alice, bob):
    table = lobby_create(host=alice, game="goofspiel", seats=3)
    lobby_join(table_id=table.pk, user=bob)
    client.force_login(bob)
    page = client.get("/my-games/")
    assert [(t.pk, t.taken) for t in page.context["tables"]] == [(table.pk, 2)]
    assert "2 of 3 places taken" in page.content.decode()


def test_it_needs_a_log_in(client, db):
    assert client.get("/my-games/").status_code == 302
