"""A turn e-mail carries a Message-ID derived from its TurnEmail row (Celery eager, test outbox)."""

from django.core import mail

from lobbies.services import lobby_create, lobby_join
from notifications.models import TurnEmail
from notifications.services import turn_email_send


def test_it_gives_every_attempt_for_a_row_the_same_message_id(
    alice, bob, django_capture_on_commit_callbacks
):
    table = lobby_create(host=alice, game="goofspiel", seats=2, mode="turn", options={"cards": 3})
    with django_capture_on_commit_callbacks(execute=True):
        lobby_join(table_id=table.pk, user=bob)
    seat = table.match.seats.get(user=alice)
    record = TurnEmail.objects.get(seat=seat)
    first = next(m for m in mail.outbox if m.to == [alice.email])
    # The row put back as if the server had refused the first try: the retry is the same e-mail.
    TurnEmail.objects.filter(pk=record.pk).update(status=TurnEmail.Status.PENDING)
    assert turn_email_send(seat_id=seat.pk, since=seat.to_act_since) is True
    again = mail.outbox[-1]
    assert first.message()["Message-ID"] == again.message()["Message-ID"] == record.message_id
    assert str(record.pk) in record.message_id
    other = TurnEmail.objects.get(seat__user=bob)
    assert other.message_id != record.message_id
