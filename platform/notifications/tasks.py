"""Turn e-mails: one per turn per player, after commit, only when no socket is open.

The row (seat, since) is the promise "at most one e-mail for this turn": it is claimed (and the
attempt committed) before sending and marked after. Only a refusal (the server certainly did not
take the message) puts it back and retries; a timeout or a drop mid-exchange leaves it
"uncertain", and a claim never marked (a killed worker) is not sent again by a re-run.
"""

from __future__ import annotations

from collections.abc import Sequence

from celery import shared_task

from notifications import emails, services
from play import announce
from play.models import ActionRecord, Match, Seat
from shared.retry import retried


def turn_emails_schedule(*, seats: Sequence[Seat], version: int) -> None:
    """Queue one task per seat that began to owe a move at `version` (called after commit),
    except for a seat with a socket open in this process: it sees its turn (a socket open in
    another process is found by the task, through the presence rows)."""
    for seat in services.seats_newly_to_act(seats=seats, version=version):
        if not announce.seat_watching(seat.match_id, seat.index):
            turn_email_send.delay(seat.pk, version)


@shared_task(name="notifications.tasks.turn_email_send", **retried(services.DeliveryRefused))
def turn_email_send(seat_id: int, since: int) -> bool:
    return services.turn_email_send(seat_id=seat_id, since=since)


def match_emails_schedule(*, match: Match, seats: Sequence[Seat]) -> None:
    """After a committed change: the game-over e-mails, or the "handed to a bot" ones when the
    change was a seat leaving (a forfeit is logged as the entry at the match's new version).
    Ordinary moves queue nothing; a match with a seat that left costs one indexed lookup."""
    if match.is_finished or (any(s.forfeited for s in seats) and _forfeit_at(match)):
        match_emails_send.delay(match.pk, match.version)
    elif match.mode == "turn" and _turn_timed_out_at(match, seats):
        timeout_emails_send.delay(match.pk, match.version)


def _turn_timed_out_at(match: Match, seats: Sequence[Seat]) -> bool:
    """The change was the last move a bot made for a seat whose clock ran out (the sweep
    records it on the seat in the same transaction: `last_missed_seq`). The seats in hand say
    so when they carry it (the sweep's chunks, play/timeouts.py), else the rows are asked."""
    if any(s.last_missed_seq == match.version for s in seats):
        return True
    return Seat.objects.filter(match=match, last_missed_seq=match.version).exists()


def _forfeit_at(match: Match) -> bool:
    entry = ActionRecord.objects.filter(match=match, seq=match.version).first()
    return entry is not None and entry.action.get("type") == "_forfeit"


@shared_task(name="notifications.tasks.match_emails_send", **retried(services.DeliveryRefused))
def match_emails_send(match_id: int, version: int) -> int:
    sent = emails.seat_replaced_emails_send(match_id=match_id, seq=version)
    return sent + emails.game_over_emails_send(match_id=match_id)


# A refused delivery (surely not delivered) and a transient failure (the database, Redis or
# the broker away) are retried with back-off (shared/retry.py); the rows make a retry harmless.
_RETRIED = retried(services.DeliveryRefused)


@shared_task(name="notifications.tasks.timeout_emails_send", **_RETRIED)
def timeout_emails_send(match_id: int, seq: int) -> int:
    return emails.timeout_emails_send(match_id=match_id, seq=seq)


@shared_task(name="notifications.tasks.reminder_send", **_RETRIED)
def reminder_send(seat_id: int, since: int) -> bool:
    return emails.reminder_send(seat_id=seat_id, since=since)


@shared_task(name="notifications.tasks.digest_send", **_RETRIED)
def digest_send(user_id: int, day: str) -> bool:
    return emails.digest_send(user_id=user_id, day=day)
