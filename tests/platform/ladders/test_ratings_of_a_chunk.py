"""ladders.services.ratings_apply_results: the results of a sweep chunk (play.signals.
matches_finished) rated together end exactly as the same results rated one by one in match
order: a player in two of them is rated by the first, then the second; the buckets move alike;
applying them twice changes nothing."""

from collections import Counter

from ladders import elo, receivers
from ladders.models import LadderBucket, Rating, RatingChange
from ladders.services import ratings_apply_results
from play.signals import match_finished
from tests.platform.conftest import make_user
from tests.platform.ladders.conftest import finish_two, ranked_match


def _buckets():
    return Counter({b.bucket: b.count for b in LadderBucket.objects.filter(game="goofspiel")})


def _picture(users):
    rows = {r.user_id: r for r in Rating.objects.filter(user__in=users, game="goofspiel")}
    ratings = [(rows[u.pk].rating, rows[u.pk].games, rows[u.pk].wins) for u in users]
    changes = sorted(  # by match, then player (the seats were drawn at random)
        (c.match_id, users.index(c.user), c.place, c.before, c.after, c.delta)
        for c in RatingChange.objects.filter(user__in=users)
    )
    firsts = sorted({c[0] for c in changes})
    changes = [(firsts.index(c[0]), *c[1:]) for c in changes]
    return ratings, changes


def _results(users):
    """Three ranked results among three players, each player in two of them; the first player
    is established (the buckets count established players only)."""
    a, b, c = users
    Rating.objects.create(user=a, game="goofspiel", rating=1600, games=elo.PROVISIONAL_GAMES)
    return [(ranked_match(a, b), a), (ranked_match(a, c), c), (ranked_match(b, c), b)]


def test_a_chunks_results_rated_together_as_one_by_one(db):
    alone = [make_user(f"solo{i}") for i in range(3)]
    together = [make_user(f"pack{i}") for i in range(3)]
    empty = _buckets()
    for match, winner in _results(alone):
        finish_two(match, winner)
    moved_alone = _buckets() - empty

    pending = _results(together)
    match_finished.disconnect(dispatch_uid="ladders.rate")  # as in a chunk: no rating yet
    try:
        finished = [finish_two(match, winner) for match, winner in pending]
    finally:
        match_finished.connect(receivers.rate_finished_match, dispatch_uid="ladders.rate")
    assert not RatingChange.objects.filter(user__in=together).exists()
    before = _buckets()
    pairs = [(m, list(m.seats.order_by("index"))) for m in reversed(finished)]
    changes = ratings_apply_results(finished=pairs)

    assert len(changes) == 6
    assert _picture(together) == _picture(alone)
    assert Rating.objects.get(user=together[0]).games == elo.PROVISIONAL_GAMES + 2
    assert _buckets() - before == moved_alone and moved_alone
    assert ratings_apply_results(finished=pairs) == []  # twice: nothing more
    assert _picture(together) == _picture(alone)
