"""The ladders in the admin: browsable, and ratings are never added by hand."""

import pytest

from tests.platform.ladders.conftest import finish_two, ranked_match


@pytest.mark.parametrize("page", ["rating", "ratingchange", "queueentry"])
def test_it_lists_the_ladders_records_for_staff(client, alice, bob, page):
    finish_two(ranked_match(alice, bob), winner=alice)
    alice.is_staff = alice.is_superuser = True
    alice.save()
    client.force_login(alice)
    assert client.get(f"/admin/ladders/{page}/").status_code == 200
    assert client.get("/admin/ladders/rating/add/").status_code == 403
