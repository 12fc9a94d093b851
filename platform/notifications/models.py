from urllib.parse import urlsplit

from django.conf import settings
from django.db import models


class TurnEmail(models.Model):
    """At most one "your turn" e-mail per seat and turn (the version the turn began at).

    The row is claimed (status SENDING, attempt counted, committed) before the SMTP exchange
    and marked after it, so a crash mid-send leaves SENDING behind and nothing sends it again.
    """

    class Status(models.TextChoices):
        PENDING = "pending", "not sent yet (or refused by the server: may be retried)"
        SENDING = "sending", "claimed: an attempt began and never reported back"
        SENT = "sent", "accepted by the SMTP server"
        UNCERTAIN = "uncertain", "the exchange broke after the server may have accepted it"

    seat = models.ForeignKey("play.Seat", on_delete=models.CASCADE, related_name="turn_emails")
    since = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    sent_at = models.DateTimeField(null=True, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["seat", "since"], name="one_turn_email_per_turn")
        ]

    def __str__(self) -> str:
        return f"turn e-mail for seat {self.seat_id} since v{self.since}"

    @property
    def message_id(self) -> str:
        """The same for every attempt, so a copy that slips through is a duplicate to clients."""
        host = urlsplit(settings.SITE_URL).hostname or "localhost"
        return f"<turn-email-{self.pk}.seat-{self.seat_id}.v{self.since}@{host}>"
