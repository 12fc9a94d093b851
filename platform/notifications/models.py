from django.db import models


class TurnEmail(models.Model):
    """At most one "your turn" e-mail per seat and turn (the version the turn began at)."""

    seat = models.ForeignKey("play.Seat", on_delete=models.CASCADE, related_name="turn_emails")
    since = models.PositiveIntegerField()
    sent_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["seat", "since"], name="one_turn_email_per_turn")
        ]

    def __str__(self) -> str:
        return f"turn e-mail for seat {self.seat_id} since v{self.since}"
