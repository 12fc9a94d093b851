"""Players are named by their display names everywhere: the log, the choices and the results;
two bots at one table get distinct names; the result table has readable headers."""

from __future__ import annotations

from django.urls import reverse

from lobbies.services import lobby_add_bot, lobby_create, lobby_join
from play.models import ActionRecord, Match
from play.selectors import log_for, outcome_table, players_of, with_names


def test_the_log_names_the_raided_seat_by_its_players_name(alice, bob):
    table = lobby_create(host=alice, game="dicecity", seats=2)
    lobby_join(table_id=table.pk, user=bob)
    match = Match.objects.get(table=table)
    raider = match.seats.get(user=alice).index
    raided = match.seats.get(user=bob).index
    raid = {"type": "raid", "seat": raided, "resource": "wood"}
    ActionRecord.objects.create(  # the engine's sentence, as action_submit stores it
        match=match,
        seq=match.version + 1,
        seat=raider,
        action=raid,
        public_action=raid,
        text=f"raided player {raided + 1}'s stock (+1 wood)",
    )
    entry = log_for(match, raider)[-1]
    assert entry["text"] == "alice raided bob's stock (+1 wood)"


def test_the_choices_name_other_seats_by_their_players_names():
    names = {0: "alice", 1: "Greedy bot 1"}
    assert with_names("Take 1 wood from player 2", names) == "Take 1 wood from Greedy bot 1"
    assert with_names("Attack player 1's Quarry", names) == "Attack alice's Quarry"
    assert with_names("Player 9 is not seated", names) == "Player 9 is not seated"


def test_two_bots_at_one_table_get_distinct_names(alice):
    table = lobby_create(host=alice, game="dicecity", seats=3)
    lobby_add_bot(table_id=table.pk, user=alice, bot="greedy")
    lobby_add_bot(table_id=table.pk, user=alice, bot="greedy")
    match = Match.objects.get(table=table)
    names = [p["name"] for p in players_of(list(match.seats.select_related("user")))]
    assert sorted(names) == ["Greedy bot 1", "Greedy bot 2", "alice"]
    texts = [entry["text"] for entry in log_for(match, None)]
    assert all(not t.startswith("Greedy bot ") or t[len("Greedy bot ")] in "12" for t in texts)


def test_the_result_table_has_readable_headers_and_no_raw_keys():
    outcome = {
        "places": [1, 2],
        "scores": [29, 14],
        "details": [
            {"monument_name": "The Moss Forum", "civilization_level": 3, "total": 29},
            {"monument_name": "The Bronze Forge", "civilization_level": 2, "total": 14},
        ],
    }
    players = [{"seat": 0, "name": "alice"}, {"seat": 1, "name": "bob"}]
    table = outcome_table(outcome, players)
    assert table["outcome_keys"] == ["Monument", "Civ. level"]  # the total is the Score column
    assert table["outcome_rows"][0]["details"] == ["The Moss Forum", 3]


def test_scythes_tie_break_list_is_not_a_column():
    outcome = {
        "places": [2, 1],
        "scores": [24, 77],
        "details": [
            {"coins": 1, "structure_bonus": 0, "tiebreak": [12, 1]},
            {"coins": 6, "structure_bonus": 4, "tiebreak": [14, 13]},
        ],
    }
    table = outcome_table(outcome, [{"seat": 0, "name": "a"}, {"seat": 1, "name": "b"}])
    assert table["outcome_keys"] == ["Coins in hand", "Structure bonus"]


def test_an_unknown_page_is_the_sites_own_404(client, db):
    response = client.get("/no-such-page/")
    html = response.content.decode()
    assert response.status_code == 404
    assert "Page not found" in html and 'class="topbar"' in html


def test_every_page_carries_the_favicon(client, db):
    from django.contrib.staticfiles import finders

    html = client.get(reverse("lobbies:list")).content.decode()
    assert 'rel="icon"' in html and "favicon.svg" in html
    assert finders.find("favicon.svg")


def test_the_admin_says_matches_not_matchs(client, db):
    from accounts.models import User

    staff = User.objects.create_superuser(
        email="root@example.com", password="a-long-password-1", display_name="root"
    )
    client.force_login(staff)
    html = client.get("/admin/").content.decode()
    assert "Matches" in html and "Matchs" not in html


def test_a_move_the_site_made_when_the_clock_ran_out_says_so_in_the_log(alice, bob):
    table = lobby_create(host=alice, game="dicecity", seats=2)
    lobby_join(table_id=table.pk, user=bob)
    match = Match.objects.get(table=table)
    ActionRecord.objects.create(
        match=match,
        seq=1,
        seat=0,
        action={"type": "end_dice"},
        public_action={"type": "end_dice"},
        text="ended the dice step",
        timed_out=True,
    )
    entry = log_for(match, None)[-1]
    assert entry["timed_out"] and entry["text"].endswith("(out of time: chosen by the site)")
