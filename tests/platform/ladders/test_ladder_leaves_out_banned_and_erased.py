"""A banned or erased account leaves the ladders' standings (docs/ratings.md, "Who is
listed"): its rating row and every rating change stay, so the history still adds up, but the
ladder page, its ranks, its search and its buckets leave it out; a lifted ban lists it again."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db.models import Sum

from accounts.services import account_erase
from chat.moderation import account_ban, account_unban
from ladders.models import LadderBucket, Rating, RatingChange
from ladders.selectors import ladder_page, rank_of
from tests.platform.conftest import make_user
from tests.platform.ladders.conftest import finish_two, ranked_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def ladder(alice, bob, carol):
    """alice, bob, carol and erin established in Goofspiel (21 rated games each)."""
    erin = make_user("erin")
    for game in range(21):
        finish_two(ranked_match(alice, bob), winner=alice if game % 3 else bob)
        finish_two(ranked_match(carol, erin), winner=carol if game % 2 else erin)
    staff = make_user("staff")
    staff.is_staff = True
    staff.save(update_fields=["is_staff"])
    return {"alice": alice, "bob": bob, "carol": carol, "erin": erin, "staff": staff}


def _listed_names() -> list[str]:
    return [row.player_name for row in ladder_page(game="goofspiel").rows]


def _bucketed() -> int:
    return LadderBucket.objects.filter(game="goofspiel").aggregate(n=Sum("count"))["n"] or 0


def test_it_leaves_out_a_banned_and_an_erased_player(ladder, capsys):
    assert sorted(_listed_names()) == ["alice", "bob", "carol", "erin"] and _bucketed() == 4
    history = RatingChange.objects.count()
    account_ban(staff=ladder["staff"], user_id=ladder["bob"].pk, reason="abuse in chat")
    account_erase(user=ladder["erin"])
    page = ladder_page(game="goofspiel")
    assert [r.player_name for r in page.rows] == ["alice", "carol"]
    assert [r.rank for r in page.rows] == [1, 2]
    assert _bucketed() == 2  # the ranks of everyone below them close up
    assert ladder_page(game="goofspiel", search="bob").rows == []
    bob_row = Rating.objects.get(user=ladder["bob"], game="goofspiel")
    assert bob_row.listed is False and rank_of(bob_row) is None
    assert RatingChange.objects.count() == history  # the history stays whole
    call_command("recompute_ratings")  # the replay still arrives at the stored numbers
    assert "match the stored numbers" in capsys.readouterr().out


def test_a_replay_written_back_keeps_them_out(ladder):
    account_ban(staff=ladder["staff"], user_id=ladder["bob"].pk, reason="cheating")
    call_command("recompute_ratings", "--write")
    assert sorted(_listed_names()) == ["alice", "carol", "erin"] and _bucketed() == 3


def test_a_lifted_ban_lists_the_player_again(ladder):
    account_ban(staff=ladder["staff"], user_id=ladder["bob"].pk, reason="cheating")
    account_unban(staff=ladder["staff"], user_id=ladder["bob"].pk)
    assert sorted(_listed_names()) == ["alice", "bob", "carol", "erin"] and _bucketed() == 4


def test_a_result_applied_after_the_ban_moves_no_bucket(ladder):
    match = ranked_match(ladder["alice"], ladder["bob"])
    account_ban(staff=ladder["staff"], user_id=ladder["bob"].pk, reason="cheating")
    match.refresh_from_db()
    assert match.is_finished  # the ban forfeited bob's seat: alice won, ratings moved
    assert _bucketed() == 3
    call_command("recompute_ratings")
