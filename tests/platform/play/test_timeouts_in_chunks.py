"""The sweep's timeouts in chunks (play/timeouts.py): a chunk of due deadlines ends exactly as the
same matches handled one by one (services.match_time_out) do: the log, the seats, the results,
the ratings (a player in two of the chunk's ranked matches rated by each in turn), the e-mails;
and a chunk costs the same number of queries whatever its size."""

import re
from datetime import timedelta

from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from ladders.models import Rating, RatingChange
from lobbies.services import lobby_create, lobby_join
from outbox.models import Job
from play.models import ActionRecord, Match, Seat
from play.services import MISSED_TURNS_LIMIT, action_submit, match_time_out
from play.signals import match_changed
from play.timeouts import matches_time_out
from tests.platform.conftest import make_user

NOW = timezone.now() + timedelta(hours=2)  # every match made here is due then, but one


def _match(host, other, *, ranked=False):
    table = lobby_create(
        host=host, game="goofspiel", seats=2, mode="turn", move_seconds=3600, ranked=ranked,
        options={"cards": 3},
    )  # fmt: skip
    lobby_join(table_id=table.pk, user=other)
    return Match.objects.get(table=table)


def _any(match, seat):
    match.refresh_from_db()
    return match.engine.legal_actions(match.state, seat)[0]


def _scenarios(users):
    """One match of each kind the sweep meets, for players `users` (6 of them)."""
    p = users
    fresh = _match(p[0], p[1])  # both seats owe a bid: the bot bids for both
    one_left = _match(p[2], p[3])  # one seat has bid: the other's turn is played
    action_submit(match_id=one_left.pk, seat_index=0, action=_any(one_left, 0), version=0)
    last_chance = _match(p[4], p[5])  # seat 1 misses its third turn in a row: it forfeits
    action_submit(match_id=last_chance.pk, seat_index=0, action=_any(last_chance, 0), version=0)
    last_chance.seats.filter(index=1).update(
        missed_in_a_row=MISSED_TURNS_LIMIT - 1, last_missed_seq=1
    )
    ranked = _match(p[0], p[2], ranked=True)  # a forfeit ends it: ratings move
    ranked_again = _match(p[0], p[4], ranked=True)  # the same player, rated after the first
    not_due = _match(p[1], p[3])  # a move came since: its clock is later than `now`
    Match.objects.filter(pk=not_due.pk).update(deadline=NOW + timedelta(minutes=5))
    bot_seat = _match(p[3], p[5])  # a seat that left and whose bot's move was lost
    bot_seat.seats.filter(index=1).update(forfeited=True)
    action_submit(match_id=bot_seat.pk, seat_index=0, action=_any(bot_seat, 0), version=0)
    matches = [fresh, one_left, last_chance, ranked, ranked_again, not_due, bot_seat]
    Match.objects.filter(pk__in=[m.pk for m in matches if m != not_due]).update(
        deadline=NOW - timedelta(minutes=1)
    )
    return matches


def _twin(match, users, twins):
    """The same match (state, seed, log, seats) for other players (users[i] -> twins[i])."""
    copy = Match.objects.get(pk=match.pk)
    copy.pk, copy.table = None, None
    copy.save(force_insert=True)
    seats = list(Seat.objects.filter(match=match).order_by("index"))
    for seat in seats:
        seat.pk, seat.match = None, copy
        seat.user = twins[users.index(seat.user)] if seat.user else None
    Seat.objects.bulk_create(seats)
    log = list(ActionRecord.objects.filter(match=match).order_by("seq"))
    for record in log:
        record.pk, record.match = None, copy
    ActionRecord.objects.bulk_create(log)
    return Match.objects.get(pk=copy.pk)


def _picture(match, users):
    """Everything the timeout decides, with the players named by their place in `users`."""
    match.refresh_from_db()
    seats = [
        (s.index, users.index(s.user), s.to_act, s.to_act_since, s.forfeited, s.place, s.score,
         s.missed_in_a_row, s.last_missed_seq)
        for s in match.seats.order_by("index")
    ]  # fmt: skip
    log = [
        (r.seq, r.seat, r.action, r.public_action, r.text, r.to_act_before, r.timed_out)
        for r in match.log.order_by("seq")
    ]
    changes = [
        (users.index(c.user), c.seat, c.place, c.before, c.after, c.delta)
        for c in RatingChange.objects.filter(match=match).order_by("seat")
    ]
    return {
        "match": (match.version, match.status, match.outcome, match.state),
        "clock": None if match.deadline is None else match.deadline > NOW,
        "seats": seats,
        "log": log,
        "ratings": changes,
    }


def _ratings(users):
    rows = {r.user_id: r for r in Rating.objects.filter(user__in=users)}
    return [
        None if u.pk not in rows else (rows[u.pk].rating, rows[u.pk].games, rows[u.pk].wins)
        for u in users
    ]


def _mails(users):
    emails = {u.email: i for i, u in enumerate(users)}
    names = {u.display_name: f"player{i}" for i, u in enumerate(users)}

    def subject(text):  # the match's number and the players' names aside
        text = re.sub(r"#\d+", "#", text)
        return re.sub(r"\b(?:one|two)\d\b", lambda found: names[found.group()], text)

    got = sorted((emails[m.to[0]], subject(m.subject)) for m in mail.outbox)
    mail.outbox.clear()
    return got


def test_a_chunk_ends_as_the_same_timeouts_one_by_one(db, django_capture_on_commit_callbacks):
    users = [make_user(f"one{i}") for i in range(6)]
    twins = [make_user(f"two{i}") for i in range(6)]
    alone = _scenarios(users)
    together = [_twin(m, users, twins) for m in alone]
    mail.outbox.clear()
    announced = []

    def listen(sender, match, seats, **kwargs):
        announced.append((match.pk, match.version))

    match_changed.connect(listen, dispatch_uid="test.chunks")
    try:
        handled_alone = 0
        for match in alone:
            with django_capture_on_commit_callbacks(execute=True):
                handled_alone += match_time_out(match_id=match.pk, now=NOW)
        mails_alone = _mails(users)
        announced_alone = [version for pk, version in announced]
        announced.clear()
        with django_capture_on_commit_callbacks(execute=True):
            handled = matches_time_out([(m.pk, NOW) for m in reversed(together)])
        mails_together = _mails(twins)
    finally:
        match_changed.disconnect(dispatch_uid="test.chunks")

    assert handled == handled_alone == 7  # 2 + 1 + 1 + 1 + 1 + 0 + 1
    for one, two in zip(alone, together, strict=True):
        assert _picture(two, twins) == _picture(one, users), one.pk
    assert _ratings(twins) == _ratings(users)
    assert Rating.objects.get(user=twins[0]).games == 2
    assert mails_together == mails_alone and mails_alone
    assert sorted(announced_alone) == sorted(version for pk, version in announced)
    left = Job.objects.filter(payload__match__in=[m.pk for m in together])
    assert not left.exists()  # every change announced, its job gone
    finished = Match.objects.filter(pk__in=[m.pk for m in together], status="finished")
    assert finished.count() == 3  # the two ranked forfeits and the third missed turn


def test_a_chunk_costs_the_same_queries_whatever_its_size(db, django_capture_on_commit_callbacks):
    users = [make_user(f"q{i}") for i in range(8)]
    casual = [_match(users[i % 8], users[(i + 1) % 8]) for i in range(24)]
    ranked = [_match(users[i % 8], users[(i + 3) % 8], ranked=True) for i in range(8)]
    Match.objects.all().update(deadline=NOW - timedelta(minutes=1))
    counts = []
    for chunk in (casual[:4] + ranked[:2], casual[4:24] + ranked[2:8]):
        with (
            CaptureQueriesContext(connection) as queries,
            django_capture_on_commit_callbacks(execute=False),
        ):
            assert matches_time_out([(m.pk, NOW) for m in chunk]) >= len(chunk)
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 14, counts
    assert Match.objects.filter(pk__in=[m.pk for m in ranked], status="finished").count() == 8
    assert RatingChange.objects.count() == 16
