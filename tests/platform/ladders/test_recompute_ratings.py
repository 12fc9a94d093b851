"""manage.py recompute_ratings: every rating rebuilt from the stored results, exactly."""

import pytest
from django.core.management import CommandError, call_command

from ladders.models import LadderBucket, Rating, RatingChange
from tests.platform.ladders.conftest import finish_two, play_out, ranked_match


def _stored():
    ratings = sorted(
        Rating.objects.values_list("user_id", "game", "rating", "games", "wins", "last_played")
    )
    changes = sorted(
        RatingChange.objects.values_list("match_id", "user_id", "before", "after", "delta")
    )
    return ratings, changes


@pytest.fixture
def season(alice, bob, carol, dave):
    """A few ranked matches, two and three players, between the same people."""
    finish_two(ranked_match(alice, bob), winner=alice)
    play_out(ranked_match(carol, alice, dave))
    finish_two(ranked_match(bob, carol), winner=carol)
    play_out(ranked_match(dave, bob, alice))
    finish_two(ranked_match(alice, dave), winner=dave)
    finish_two(ranked_match(alice, bob, ranked=False), winner=bob)


def test_it_arrives_at_exactly_the_stored_numbers(season, capsys):
    call_command("recompute_ratings")
    assert "4 ratings and 12 changes match the stored numbers" in capsys.readouterr().out


def test_it_reports_a_stored_number_that_differs(season, alice):
    Rating.objects.filter(user=alice).update(rating=1234.5)
    with pytest.raises(CommandError, match="1 stored numbers differ"):
        call_command("recompute_ratings")


def test_it_rewrites_the_same_numbers_with_write(season, alice):
    before = _stored()
    Rating.objects.filter(user=alice).update(rating=1234.5)
    call_command("recompute_ratings", "--write")
    assert _stored() == before


def test_it_also_recounts_the_ladder_buckets_of_established_players(alice, bob, capsys):
    for game in range(21):
        finish_two(ranked_match(alice, bob), winner=alice if game % 3 else bob)
    call_command("recompute_ratings")
    assert "2 ratings and 42 changes match" in capsys.readouterr().out
    LadderBucket.objects.update(count=7)
    with pytest.raises(CommandError, match="differ"):
        call_command("recompute_ratings")
    call_command("recompute_ratings", "--write")
    call_command("recompute_ratings")
