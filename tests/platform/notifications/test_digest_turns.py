"""Issue 35, point 4: a digest never hides a turn. A turn that begins after the day's digest is
in the next digest, or e-mailed at once if the player prefers (or if its clock would run out
before the next digest); back to "each turn", the turns waiting are sent."""

from datetime import timedelta

from django.core import mail
from django.utils import timezone

from lobbies.services import lobby_create, lobby_join
from notifications.models import OutgoingEmail, Preferences, TurnEmail
from notifications.preferences import preferences_update
from notifications.sweep import deadlines_sweep
from play.models import Match

DAYS = 86400


def _match(alice, bob, capture, move_seconds):
    table = lobby_create(
        host=alice, game="goofspiel", seats=2, mode="turn", move_seconds=move_seconds,
        options={"cards": 3},
    )  # fmt: skip
    with capture(execute=True):
        lobby_join(table_id=table.pk, user=bob)
    return Match.objects.get(table=table)


def _on_digest(bob, mode="digest"):
    """bob's digest hour is this hour (UTC): today's digest is due now."""
    return Preferences.objects.create(
        user=bob, turn_mail=mode, digest_hour=timezone.now().hour, time_zone="UTC"
    )


def _sweep(capture, now):
    with capture(execute=True):
        return deadlines_sweep(now=now)


def _turn_emails_to(user):
    return [m for m in mail.outbox if m.to == [user.email] and m.subject.startswith("Your turn")]


def _todays_digest_skipped(bob, capture):
    """The hour comes with no turn of bob's due: the day's digest is skipped."""
    now = timezone.now()
    _sweep(capture, now)
    row = OutgoingEmail.objects.get(kind="digest", key=f"{bob.pk}:{now.date().isoformat()}")
    assert row.status == OutgoingEmail.Status.SKIPPED
    return now


def test_a_turn_after_a_skipped_digest_is_in_the_next_digest(
    alice, bob, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    _on_digest(bob)
    now = _todays_digest_skipped(bob, capture)
    match = _match(alice, bob, capture, move_seconds=3 * DAYS)
    assert _turn_emails_to(bob) == []  # left to the digest: no e-mail of its own
    _sweep(capture, now + timedelta(hours=1))
    assert _turn_emails_to(bob) == []  # not today's (it went), tomorrow's
    _sweep(capture, now + timedelta(days=1))
    [digest] = _turn_emails_to(bob)
    assert digest.subject.startswith("Your turn in 1 match") and f"#{match.pk}" in digest.body


def test_a_player_who_prefers_it_hears_at_once_of_a_turn_after_the_digest(
    alice, bob, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    _on_digest(bob, mode=Preferences.Mode.LATE)
    _todays_digest_skipped(bob, capture)
    match = _match(alice, bob, capture, move_seconds=3 * DAYS)
    [turn] = _turn_emails_to(bob)
    assert f"/matches/{match.pk}/" in turn.body
    assert TurnEmail.objects.get(seat__user=bob).status == TurnEmail.Status.SENT


def test_a_turn_whose_clock_runs_out_before_the_next_digest_is_sent_at_once(
    alice, bob, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    _on_digest(bob)
    _todays_digest_skipped(bob, capture)
    _match(alice, bob, capture, move_seconds=4 * 3600)  # due long before tomorrow's digest
    assert len(_turn_emails_to(bob)) == 1


def test_back_to_each_turn_the_turns_waiting_are_sent_once(
    alice, bob, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    _on_digest(bob)
    _todays_digest_skipped(bob, capture)
    match = _match(alice, bob, capture, move_seconds=3 * DAYS)
    assert _turn_emails_to(bob) == []
    preferences_update(user=bob, changes={"turn_mail": Preferences.Mode.EACH})
    now = timezone.now()
    _sweep(capture, now)
    [turn] = _turn_emails_to(bob)
    assert f"/matches/{match.pk}/" in turn.body
    _sweep(capture, now + timedelta(seconds=15))
    assert len(_turn_emails_to(bob)) == 1


def test_the_settings_api_takes_the_at_once_mode(client, bob):
    client.force_login(bob)
    answer = client.patch(
        "/api/me/play-by-email/", {"turn_mail": "late"}, content_type="application/json"
    )
    assert answer.status_code == 200, answer.content
    assert Preferences.objects.get(user=bob).turn_mail == Preferences.Mode.LATE
    refused = client.patch(
        "/api/me/play-by-email/", {"turn_mail": "never"}, content_type="application/json"
    )
    assert refused.status_code == 400
    assert Preferences.objects.get(user=bob).turn_mail == Preferences.Mode.LATE
