"""The profile page: current games, then finished games with their results."""

from lobbies.services import lobby_create, lobby_join
from play.services import action_submit


def _finish(match, alice_cards=(3, 2, 1), bob_cards=(1, 2, 3)):
    """Play the three-card Goofspiel out, seat 0 and seat 1 bidding the given cards."""
    version = match.version
    users = {s.index: s.user for s in match.seats.select_related("user")}
    for a, b in zip(alice_cards, bob_cards, strict=True):
        for seat, card in enumerate((a, b)):
            action_submit(
                match_id=match.pk, user=users[seat], action=f"bid card={card}", version=version
            )
            version += 1
    match.refresh_from_db()
    return match


def test_it_lists_current_games_with_whose_turn_it_is(client, started_match, alice, bob):
    page = client.get(f"/players/{alice.display_name}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert f"/matches/{started_match.pk}/" in html and "bob" in html
    assert "No finished game yet." in html


def test_it_lists_finished_games_with_places_and_scores(client, started_match, alice):
    match = _finish(started_match)
    seat = match.seats.get(user=alice)
    page = client.get(f"/players/{alice.display_name}/")
    finished = page.context["finished"]
    assert [row.match.pk for row in finished] == [match.pk]
    assert finished[0].seat.place == seat.place
    html = page.content.decode()
    assert finished[0].place_text in html and "of 2" in html
    assert "No game in progress." in html
    assert page.context["record"] == {"played": 1, "won": int(seat.place == 1)}


def test_it_finds_the_player_in_any_case(client, alice):
    assert client.get("/players/ALICE/").status_code == 200


def test_it_says_404_for_an_unknown_player(client, db):
    assert client.get("/players/nobody/").status_code == 404


def test_it_hides_private_games_from_others_but_not_from_the_player(client, alice, bob, carol):
    table = lobby_create(host=alice, game="goofspiel", seats=2, private=True, options={"cards": 3})
    lobby_join(table_id=table.pk, user=bob, invite_token=table.invite_token)
    table.refresh_from_db()
    client.force_login(carol)
    assert client.get(f"/players/{alice.display_name}/").context["current"] == []
    client.force_login(alice)
    mine = client.get(f"/players/{alice.display_name}/").context["current"]
    assert [row.match.pk for row in mine] == [table.match.pk]


def test_it_lists_matches_made_without_a_table(client, alice, bob, carol):
    from games.core import get_game
    from play.services import match_create

    match = match_create(
        game=get_game("goofspiel"),
        players=[(alice, ""), (bob, "")],
        options={"cards": 3},
        ranked=True,
        mode="live",
        move_seconds=60,
    )
    client.force_login(carol)
    rows = client.get(f"/players/{alice.display_name}/").context["current"]
    assert [row.match.pk for row in rows] == [match.pk]
