"""The lobby pages: create a table, list open tables with filters, the table page, its buttons."""

import pytest

from lobbies.models import Table
from lobbies.services import lobby_add_bot, lobby_cancel, lobby_create, lobby_join
from play.models import Match


@pytest.fixture
def table(alice):
    return lobby_create(host=alice, game="goofspiel", seats=3, options={"cards": 3})


def test_the_create_page_preselects_the_game_it_was_opened_for(client, alice):
    client.force_login(alice)
    page = client.get("/tables/new/?game=goofspiel")
    assert page.status_code == 200
    html = page.content.decode()
    assert '<option value="goofspiel" selected>' in html
    assert 'data-game="goofspiel"' in html and "Cards per hand" in html


def test_it_creates_a_table_from_the_form(client, alice):
    client.force_login(alice)
    response = client.post(
        "/tables/new/",
        {
            "game": "goofspiel",
            "seats": "3",
            "ranked": "on",
            "mode": "turn",
            "move_minutes": "2",
            "private": "on",
            "opt_goofspiel_cards": "8",
        },
    )
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/tables/{table.pk}/"
    assert (table.seats, table.ranked, table.mode, table.move_seconds) == (3, True, "turn", 7200)
    assert table.private and table.options == {"cards": 8}
    page = client.get(response["Location"])
    assert "Cards per hand: <strong>8</strong>" in page.content.decode()
    assert table.invite_token in page.content.decode()


@pytest.mark.parametrize(
    ("changes", "why"),
    [
        ({"seats": "5"}, "Goofspiel takes 2 to 4 players."),
        ({"move_minutes": "90"}, "between 15 and 3600 seconds"),
        ({"opt_goofspiel_cards": "4"}, "Select a valid choice."),
        ({"game": "chess"}, "Select a valid choice."),
    ],
)
def test_it_shows_why_a_table_was_not_created(client, alice, changes, why):
    client.force_login(alice)
    form = {"game": "goofspiel", "seats": "2", "mode": "live", "move_minutes": "5"}
    form["opt_goofspiel_cards"] = "3"
    page = client.post("/tables/new/", {**form, **changes})
    assert page.status_code == 200 and why in page.content.decode()
    assert not Table.objects.exists()


def test_creating_needs_a_log_in(client, db):
    response = client.get("/tables/new/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_the_list_shows_open_public_tables_and_filters_them(client, alice, bob):
    live = lobby_create(host=alice, game="goofspiel", seats=2)
    turn = lobby_create(host=bob, game="goofspiel", seats=3, mode="turn", ranked=True)
    lobby_create(host=bob, game="goofspiel", seats=2, private=True)
    lobby_cancel(table_id=lobby_create(host=alice, game="goofspiel", seats=2).pk, user=alice)

    def listed(query=""):
        return [t.pk for t in client.get(f"/tables/?{query}").context["page"]]

    assert sorted(listed()) == sorted([live.pk, turn.pk])
    assert listed("mode=turn") == [turn.pk]
    assert listed("ranked=no") == [live.pk]
    assert listed("seats=3") == [turn.pk]
    assert sorted(listed("game=goofspiel")) == sorted([live.pk, turn.pk])
    assert listed("game=dicecity") == []


def test_a_player_joins_and_leaves_from_the_table_page(client, table, bob):
    client.force_login(bob)
    page = client.get(f"/tables/{table.pk}/")
    assert 'id="join"' in page.content.decode()
    client.post(f"/tables/{table.pk}/join/")
    page = client.get(f"/tables/{table.pk}/")
    assert "2 of 3 places taken" in page.content.decode() and 'id="leave"' in page.content.decode()
    client.post(f"/tables/{table.pk}/leave/")
    assert table.entries.count() == 1


def test_the_host_adds_a_bot_and_starts_then_the_page_leads_to_the_match(client, table, alice):
    client.force_login(alice)
    client.post(f"/tables/{table.pk}/bot/", {"bot": "random"})
    assert [e.bot for e in table.entries.all()] == ["", "random"]
    client.post(f"/tables/{table.pk}/start/")
    match = Match.objects.get(table=table)
    response = client.get(f"/tables/{table.pk}/")
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"


def test_the_host_cancels_from_the_table_page(client, table, alice):
    client.force_login(alice)
    page = client.post(f"/tables/{table.pk}/cancel/", follow=True)
    table.refresh_from_db()
    assert table.status == Table.Status.CANCELLED
    assert "This table was cancelled." in page.content.decode()


def test_a_refusal_shows_as_a_message(client, table, alice, bob):
    lobby_cancel(table_id=table.pk, user=alice)
    client.force_login(bob)
    page = client.post(f"/tables/{table.pk}/join/", follow=True)
    assert '<li class="error">This table was cancelled.</li>' in page.content.decode()
    assert table.entries.count() == 1


def test_an_unknown_verb_is_a_404(client, table, alice):
    client.force_login(alice)
    assert client.post(f"/tables/{table.pk}/explode/").status_code == 404


def test_the_status_url_says_when_the_match_has_started(client, table, alice, bob, carol):
    assert client.get(f"/tables/{table.pk}/status/").json()["match_url"] is None
    lobby_join(table_id=table.pk, user=bob)
    lobby_join(table_id=table.pk, user=carol)
    status = client.get(f"/tables/{table.pk}/status/").json()
    assert status["status"] == "started"
    assert status["match_url"] == f"/matches/{Match.objects.get(table=table).pk}/"


def test_bots_at_a_ranked_table_are_refused_with_a_message(client, alice):
    table = lobby_create(host=alice, game="goofspiel", seats=3, ranked=True)
    client.force_login(alice)
    assert 'id="add-bot"' not in client.get(f"/tables/{table.pk}/").content.decode()
    page = client.post(f"/tables/{table.pk}/bot/", {"bot": "random"}, follow=True)
    assert "Bots cannot play at ranked tables." in page.content.decode()
    assert table.entries.count() == 1


def test_a_visitor_is_asked_to_log_in_to_take_a_place(client, table):
    page = client.get(f"/tables/{table.pk}/")
    html = page.content.decode()
    assert page.status_code == 200 and 'id="join"' not in html
    assert f"/accounts/login/?next=/tables/{table.pk}/" in html
    assert f"http://testserver/tables/{table.pk}/" in html and table.invite_token not in html


def test_joining_needs_a_log_in(client, table):
    response = client.post(f"/tables/{table.pk}/join/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert table.entries.count() == 1


def test_the_page_links_keep_the_filters(client, alice):
    for _ in range(31):
        lobby_create(host=alice, game="goofspiel", seats=2, mode="turn", move_seconds=7200)
    html = client.get("/tables/?mode=turn").content.decode()
    assert 'href="?mode=turn&amp;page=2"' in html and "Page 1 of 2" in html
    assert len(client.get("/tables/?mode=turn&page=2").context["page"]) == 1


def test_a_scythe_table_stores_its_rules_version_but_shows_no_options_line(client, alice):
    """Scythe's only option, the rules version, is hidden: set for every new table, never a
    field of the form nor an empty line on the table page; the match started from it keeps it."""
    client.force_login(alice)
    form = client.get("/tables/new/?game=scythe").content.decode()
    assert "opt_scythe_rules" not in form
    table = lobby_create(host=alice, game="scythe", seats=2, options={})
    assert table.options == {"rules": 2}
    html = client.get(f"/tables/{table.pk}/").content.decode()
    assert 'id="table-options"' not in html and "Rules version" not in html
    assert '<p class="muted"></p>' not in html
    other = lobby_create(host=alice, game="goofspiel", seats=2, options={"cards": 3})
    assert 'id="table-options"' in client.get(f"/tables/{other.pk}/").content.decode()
    Table.objects.filter(pk=table.pk).update(options={})  # stored before the option existed
    lobby_add_bot(table_id=table.pk, user=alice)
    match = Match.objects.get(table=table)
    assert match.options == {"rules": 2} and "rules" not in match.state
