"""ladders.services.rating_apply_result: ranked results move ratings as they are recorded."""

import pytest

from ladders import elo
from ladders.models import Rating, RatingChange
from ladders.services import rating_apply_result
from tests.platform.ladders.conftest import finish_two, play_out, ranked_match, rating_of


def test_it_rates_both_players_when_a_ranked_match_ends(alice, bob):
    match = finish_two(ranked_match(alice, bob), winner=alice)
    assert (rating_of(alice).rating, rating_of(bob).rating) == (1532.0, 1468.0)
    assert (rating_of(alice).games, rating_of(alice).wins) == (1, 1)
    assert (rating_of(bob).games, rating_of(bob).wins) == (1, 0)
    assert rating_of(alice).last_played == match.finished_at
    change = RatingChange.objects.get(match=match, user=bob)
    assert (change.before, change.after, change.delta, change.place) == (1500, 1468, -32, 2)


def test_it_never_touches_ratings_for_a_casual_match(alice, bob):
    finish_two(ranked_match(alice, bob, ranked=False), winner=alice)
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_it_is_harmless_to_apply_a_result_twice(alice, bob):
    match = finish_two(ranked_match(alice, bob), winner=bob)
    assert rating_apply_result(match=match) == []
    assert rating_of(bob).rating == 1532.0 and RatingChange.objects.count() == 2


def test_it_uses_the_lower_k_once_a_player_has_20_rated_games(alice, bob):
    Rating.objects.create(user=alice, game="goofspiel", games=elo.PROVISIONAL_GAMES)
    finish_two(ranked_match(alice, bob), winner=alice)
    assert rating_of(alice).rating == 1516.0  # K 32 x (1 - 0.5)
    assert rating_of(bob).rating == 1468.0  # still provisional: K 64


def test_it_rates_a_three_player_game_pairwise_by_place(alice, bob, carol):
    match = play_out(ranked_match(alice, bob, carol))
    seats = list(match.seats.order_by("index"))
    expected = elo.rating_changes([1500.0] * 3, [s.place for s in seats], [0, 0, 0])
    for seat, delta in zip(seats, expected, strict=True):
        assert rating_of(seat.user).rating == 1500.0 + delta
    assert sum(expected) == pytest.approx(0.0, abs=0.02)


def test_it_ranks_a_player_who_abandons_last(alice, bob, carol):
    from play.services import seat_forfeit

    match = ranked_match(alice, bob, carol)
    carol_seat = match.seats.get(user=carol).index
    seat_forfeit(match_id=match.pk, seat_index=carol_seat, reason="resigned")
    match = play_out(match)
    assert RatingChange.objects.get(match=match, user=carol).place == 3
    assert rating_of(carol).rating < 1500.0


def test_it_keeps_the_ladder_buckets_in_step_with_established_ratings(alice, bob):
    from ladders.models import LadderBucket

    Rating.objects.create(user=alice, game="goofspiel", games=19, rating=1600.5)
    finish_two(ranked_match(alice, bob), winner=bob)  # alice: 20 games now, established
    after = rating_of(alice).rating
    assert after < 1600.5
    counts = {b.bucket: b.count for b in LadderBucket.objects.exclude(count=0)}
    assert counts == {int(after): 1}
    finish_two(ranked_match(alice, bob), winner=alice)
    counts = {b.bucket: b.count for b in LadderBucket.objects.exclude(count=0)}
    assert counts == {int(rating_of(alice).rating): 1}


def test_it_takes_a_deleted_players_rating_out_of_the_ladder_counts(alice, bob):
    from ladders.models import LadderBucket

    Rating.objects.create(user=alice, game="goofspiel", games=19, rating=1600.5)
    finish_two(ranked_match(alice, bob), winner=bob)
    alice.delete()
    assert not LadderBucket.objects.exclude(count=0).exists()
