"""The admin: players, tables and matches are listed and shown; actions go through the services."""

import pytest

from accounts.models import User
from lobbies.models import Table
from lobbies.services import lobby_create
from play.models import ActionRecord


@pytest.fixture
def staff(client, db):
    admin = User.objects.create_superuser("root@example.com", "a-long-password-1")
    client.force_login(admin)
    return client


@pytest.mark.parametrize(
    "url",
    [
        "/admin/accounts/user/",
        "/admin/accounts/user/add/",
        "/admin/lobbies/table/",
        "/admin/play/match/",
        "/admin/play/actionrecord/",
    ],
)
def test_the_admin_lists_render(staff, started_match, url):
    assert staff.get(url).status_code == 200


def test_the_admin_shows_a_player_a_table_and_a_match(staff, started_match, alice):
    assert staff.get(f"/admin/accounts/user/{alice.pk}/change/").status_code == 200
    assert staff.get(f"/admin/lobbies/table/{started_match.table_id}/change/").status_code == 200
    page = staff.get(f"/admin/play/match/{started_match.pk}/change/")
    assert page.status_code == 200 and "alice" in page.content.decode()


def test_the_admin_adds_a_player_with_a_valid_unique_name(staff, alice):
    form = {
        "email": "new@example.com",
        "usable_password": "true",
        "password1": "a-long-password-1",
        "password2": "a-long-password-1",
    }
    page = staff.post("/admin/accounts/user/add/", {**form, "display_name": "ALICE"})
    assert page.status_code == 200 and "That display name is taken." in page.content.decode()
    response = staff.post("/admin/accounts/user/add/", {**form, "display_name": "newbie"})
    assert response.status_code == 302
    assert User.objects.get(email="new@example.com").display_name == "newbie"


def test_the_cancel_action_cancels_open_tables(staff, alice):
    table = lobby_create(host=alice, game="goofspiel", seats=2)
    staff.post("/admin/lobbies/table/", {"action": "cancel_tables", "_selected_action": [table.pk]})
    table.refresh_from_db()
    assert table.status == Table.Status.CANCELLED


def test_the_forfeit_action_removes_the_seats_that_owe_a_move(staff, started_match):
    staff.post(
        "/admin/play/match/",
        {"action": "forfeit_seats_to_act", "_selected_action": [started_match.pk]},
    )
    started_match.refresh_from_db()
    assert started_match.is_finished
    assert ActionRecord.objects.filter(match=started_match, action__type="_forfeit").exists()
