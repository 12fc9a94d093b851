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


class InboundReply(models.Model):
    """One reply e-mail, by Message-ID: processed once, whichever way in it came or how often.

    The row is written in the transaction that applies the reply's moves, so a reply is either
    recorded with its moves or not at all; a second delivery of the same Message-ID (a retrying
    server, a provider's webhook retry) finds the row and does nothing. The answer e-mail (a
    refusal, or "still your move") is claimed and marked on the row, like TurnEmail.
    """

    class Outcome(models.TextChoices):
        APPLIED = "applied", "every line applied"
        ANSWERED = "answered", "a line was refused: answered with the reason and the choices"
        REFUSED = "refused", "not from the player, or no valid reply address: ignored"

    class Answer(models.TextChoices):
        NONE = "", "no answer due"
        PENDING = "pending", "answer not sent yet"
        SENDING = "sending", "claimed: an attempt began and never reported back"
        SENT = "sent", "accepted by the SMTP server"
        UNCERTAIN = "uncertain", "the exchange broke after the server may have accepted it"

    message_id = models.CharField(max_length=255, unique=True)
    sender = models.CharField(max_length=254)
    recipient = models.CharField(max_length=254)
    match = models.ForeignKey(
        "play.Match", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    seat = models.SmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(null=True, blank=True)
    outcome = models.CharField(max_length=10, choices=Outcome.choices)
    applied = models.JSONField(default=list, help_text="The log sentence of each applied line.")
    refused_line = models.CharField(max_length=200, blank=True)
    reason = models.CharField(max_length=300, blank=True)
    answer = models.CharField(max_length=10, choices=Answer.choices, blank=True, default="")
    received_at = models.DateTimeField(help_text="When the message reached the inbound server.")
    processed_at = models.DateTimeField(null=True, blank=True, help_text="When it committed.")
    answered_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=200, blank=True)

    def __str__(self) -> str:
        return f"reply {self.message_id} ({self.outcome})"

    @property
    def answer_message_id(self) -> str:
        host = urlsplit(settings.SITE_URL).hostname or "localhost"
        return f"<reply-answer-{self.pk}@{host}>"


class OutgoingEmail(models.Model):
    """At most one e-mail of a kind per `key` (game over: the seat; a seat handed to a bot: the
    seat and the version; an invitation: the table and the address). Claimed before sending and
    marked after, with TurnEmail's states: a claim never marked is never sent again."""

    class Status(models.TextChoices):
        PENDING = "pending", "not sent yet (or refused by the server: may be retried)"
        SENDING = "sending", "claimed: an attempt began and never reported back"
        SENT = "sent", "accepted by the SMTP server"
        UNCERTAIN = "uncertain", "the exchange broke after the server may have accepted it"
        SKIPPED = "skipped", "not sent: no longer due, turned off, or the address is suppressed"

    kind = models.CharField(max_length=32)
    key = models.CharField(max_length=200)
    to = models.EmailField(max_length=254, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["kind", "key"], name="one_email_per_kind_and_key")
        ]

    def __str__(self) -> str:
        return f"{self.kind} e-mail {self.key} ({self.status})"

    @property
    def message_id(self) -> str:
        host = urlsplit(settings.SITE_URL).hostname or "localhost"
        return f"<{self.kind}-{self.pk}@{host}>"


class Suppression(models.Model):
    """An address the site sends no more game e-mail to: it bounced, its owner complained (a
    provider's tracking webhook), or it unsubscribed without an account (an invitation)."""

    class Reason(models.TextChoices):
        BOUNCED = "bounced", "the address bounced"
        COMPLAINED = "complained", "marked as spam"
        UNSUBSCRIBED = "unsubscribed", "unsubscribed with the one-click link"

    email = models.EmailField(max_length=254, unique=True, help_text="Stored in lower case.")
    reason = models.CharField(max_length=12, choices=Reason.choices)
    detail = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.email} ({self.reason})"
