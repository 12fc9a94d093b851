"""Tournament e-mails: one row per (event, player, kind, round), queued after commit through the
outbox, sent at most once, with the link the player needs."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from tournaments import emails, services, tasks
from tournaments.models import TournamentEmail

from .conftest import create, current_tables, register_all

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def memory_mail(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def test_registering_sends_one_confirmation(alice, bob):
    t = create(alice)
    services.tournament_register(tournament_id=t.pk, user=bob)
    assert [m.to for m in mail.outbox] == [[bob.email]]
    assert "registered for Spring cup" in mail.outbox[0].subject
    row = TournamentEmail.objects.get(tournament=t, user=bob, kind="registered")
    assert row.status == TournamentEmail.Status.SENT
    assert emails.email_send(email_id=row.pk) is False  # sent once: never again
    services.tournament_unregister(tournament_id=t.pk, user=bob)
    services.tournament_register(tournament_id=t.pk, user=bob)
    assert len(mail.outbox) == 1  # the same e-mail for the same event is not sent twice


def test_check_in_and_table_ready_emails_carry_their_links(alice, players):
    users = players(4)
    t = create(alice, format="single_elimination", table_size=2)
    register_all(t, users)
    mail.outbox.clear()
    services.tournament_checkin_open(tournament_id=t.pk, user=alice)
    assert sorted(m.to[0] for m in mail.outbox) == sorted(u.email for u in users)
    assert all(f"/tournaments/{t.pk}/" in m.body for m in mail.outbox)
    for user in users:
        services.tournament_checkin(tournament_id=t.pk, user=user)
    mail.outbox.clear()
    services.tournament_start(tournament_id=t.pk, user=alice)
    ready = [m for m in mail.outbox if "table is ready" in m.subject]
    assert len(ready) == 4
    links = {f"/matches/{table.match_id}/" for table in current_tables(t)}
    assert all(any(link in m.body for link in links) for m in ready)


def test_queueing_twice_adds_nothing(alice, bob):
    t = create(alice)
    assert emails.email_queue(t, [bob], emails.Kind.CHECKIN) == 1
    assert emails.email_queue(t, [bob], emails.Kind.CHECKIN) == 0
    assert TournamentEmail.objects.filter(kind="checkin").count() == 1


def test_the_sweep_sends_an_email_whose_task_was_lost_and_only_once(alice, bob):
    t = create(alice)
    row = TournamentEmail.objects.create(tournament=t, user=bob, kind="checkin")  # no job
    TournamentEmail.objects.filter(pk=row.pk).update(
        created_at=timezone.now() - emails.STALL - timedelta(seconds=1)
    )
    assert tasks.tournaments_sweep()["emails_requeued"] == 1
    assert [m.to for m in mail.outbox] == [[bob.email]]
    assert tasks.tournaments_sweep()["emails_requeued"] == 0
    assert len(mail.outbox) == 1


def test_a_long_mail_queue_gets_one_copy_of_a_late_email_per_stall_not_one_per_sweep(alice, bob):
    """The mail queue merely has not reached it (bench/crowd.py: 500 copies every 30 s)."""
    t = create(alice)
    row = TournamentEmail.objects.create(tournament=t, user=bob, kind="checkin")
    late = timezone.now() - emails.STALL - timedelta(seconds=1)
    TournamentEmail.objects.filter(pk=row.pk).update(created_at=late)
    assert emails.emails_stalled() == [row.pk]
    assert emails.emails_stalled() == []  # queued again a moment ago
    assert emails.emails_stalled(now=timezone.now() + emails.STALL / 2) == []
    assert emails.emails_stalled(now=timezone.now() + emails.STALL * 2) == [row.pk]  # lost again


def test_players_who_turned_game_emails_off_get_none(alice, bob, carol):
    bob.turn_emails = False
    bob.save(update_fields=["turn_emails"])
    t = create(alice)
    services.tournament_register(tournament_id=t.pk, user=bob)
    services.tournament_register(tournament_id=t.pk, user=carol)
    assert [m.to for m in mail.outbox] == [[carol.email]]
    assert TournamentEmail.objects.get(user=bob).status == TournamentEmail.Status.SKIPPED
    assert "List-Unsubscribe" in mail.outbox[0].extra_headers
