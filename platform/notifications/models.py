from urllib.parse import urlsplit

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


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
        SKIPPED = "skipped", "not sent: a push the player acknowledged told them already"

    seat = models.ForeignKey("play.Seat", on_delete=models.CASCADE, related_name="turn_emails")
    since = models.PositiveIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    sent_at = models.DateTimeField(null=True, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField(max_length=200, blank=True)
    hold_until = models.DateTimeField(
        null=True, blank=True, help_text="Quiet hours: the sweep sends it once this has passed."
    )
    requeued_at = models.DateTimeField(
        null=True, blank=True, help_text="The watchdog queued it again (cleared by the claim)."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["seat", "since"], name="one_turn_email_per_turn")
        ]
        indexes = [models.Index(fields=["status", "hold_until"])]

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
        DROPPED = "dropped", "written by no person (an auto-reply, a bounce): not read"

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
    queued_at = models.DateTimeField(
        null=True, blank=True, help_text="A sweep queued its task (reminders: once per wait)."
    )
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


class Preferences(models.Model):
    """A player's play-by-e-mail settings (docs/notifications.md, "Reminders, digests, quiet
    hours, vacation"). A player without a row has the defaults."""

    class Mode(models.TextChoices):
        EACH = "each", _("An e-mail on each turn")
        DIGEST = "digest", _("One daily digest")
        # The digest, and an e-mail at once for a turn that begins after the day's digest.
        LATE = "late", _("One daily digest, and an e-mail at once for a turn that begins after it")

    DIGEST_MODES = (Mode.DIGEST, Mode.LATE)

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="play_preferences"
    )
    turn_mail = models.CharField(max_length=6, choices=Mode.choices, default=Mode.EACH)
    digest_hour = models.PositiveSmallIntegerField(default=8, help_text="0 to 23, local time.")
    time_zone = models.CharField(max_length=64, default="UTC")
    quiet_start = models.TimeField(null=True, blank=True)
    quiet_end = models.TimeField(null=True, blank=True)
    reminder_percent = models.PositiveSmallIntegerField(
        default=25, help_text="Remind when this share of the time per move is left; 0: never."
    )
    auto_vacation = models.BooleanField(
        default=True,
        help_text="Take a vacation day when a clock would run out, while days remain.",
    )
    vacation_days = models.FloatField(default=7.0, help_text="Balance at balance_at.")
    balance_at = models.DateTimeField(default=timezone.now)
    # One channel when it is enough (notifications/tell.py): an acknowledged push stands for
    # the e-mail of the same notice, unless the player asks for both.
    push_and_email = models.BooleanField(default=False, db_default=False)
    # Kinds of notice (Notice.Kind) told by neither push nor e-mail (the centre lists them).
    quiet_kinds = models.JSONField(
        default=list, blank=True, db_default=models.Value([], output_field=models.JSONField())
    )

    def __str__(self) -> str:
        return f"play preferences of {self.user_id}"


class Vacation(models.Model):
    """A stretch of time on vacation: the player's clocks in turn-based matches are paused."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    automatic = models.BooleanField(default=False, help_text="Taken when a clock ran out.")
    resumed = models.BooleanField(default=False, help_text="Its end was carried out.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["resumed", "ends_at"]), models.Index(fields=["user"])]

    def __str__(self) -> str:
        return f"vacation of {self.user_id} until {self.ends_at:%Y-%m-%d %H:%M}"


class MatchMute(models.Model):
    """No e-mail about this match for this player (turns, reminders, timeouts, digest)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey("play.Match", on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "match"], name="one_mute")]

    def __str__(self) -> str:
        return f"{self.user_id} muted {self.match_id}"


class Bounce(models.Model):
    """One hard bounce of a game e-mail to an address: a provider's tracking event (anymail's
    `bounced`) or a delivery-status report the inbound server received. BOUNCE_LIMIT of them
    within BOUNCE_WINDOW turn that player's game e-mails off (notifications.bounces)."""

    email = models.EmailField(max_length=254, help_text="Stored in lower case.")
    detail = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["email", "created_at"])]

    def __str__(self) -> str:
        return f"bounce of {self.email}"


class Notice(models.Model):
    """One thing a player is told (the notification centre's row): what, when, where to look.
    Written once per (user, kind, key) by notifications/tell.py, in the player's language; the
    push and the e-mail of the same notice carry the same title, line and link."""

    class Kind(models.TextChoices):
        TURN = "turn", _("Your turn")
        TABLE_READY = "table_ready", _("Your table is ready")
        REMINDER = "reminder", _("Reminders")
        INVITATION = "invitation", _("Invitations")
        RESULT = "result", _("Results")
        TIMED_OUT = "timed_out", _("Moves made for you")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    key = models.CharField(max_length=200)
    title = models.CharField(max_length=120)
    line = models.CharField(max_length=200, blank=True)
    link = models.CharField(max_length=300, help_text="A path on this site.")
    match = models.ForeignKey(
        "play.Match", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind", "key"], name="one_notice_per_key")
        ]
        indexes = [models.Index(fields=["user", "-created_at"], name="notice_user_recent")]

    def __str__(self) -> str:
        return f"{self.kind} {self.key} for {self.user_id}"


class PushSubscription(models.Model):
    """One device (a browser profile) that turned push on: its push service endpoint and the
    keys the message is encrypted for (RFC 8291). Deleted when the service answers 404/410."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=120)
    auth = models.CharField(max_length=40)
    device = models.CharField(max_length=120, blank=True, help_text="From the browser's name.")
    created_at = models.DateTimeField(default=timezone.now)
    acked_at = models.DateTimeField(null=True, blank=True, help_text="Its last acknowledgement.")

    def __str__(self) -> str:
        return f"push device {self.pk} of {self.user_id}"


class PushDelivery(models.Model):
    """At most one push of a notice to a device: claimed (SENDING, committed) before the request
    to the push service, marked after; a claim never marked is not sent again."""

    class Status(models.TextChoices):
        PENDING = "pending", "not sent yet (or refused: may be retried)"
        SENDING = "sending", "claimed: an attempt began and never reported back"
        SENT = "sent", "accepted by the push service"
        UNCERTAIN = "uncertain", "the exchange broke after the service may have accepted it"
        GONE = "gone", "the subscription expired (404/410) and was deleted"
        SKIPPED = "skipped", "no longer due when its turn came"

    notice = models.ForeignKey(Notice, on_delete=models.CASCADE, related_name="pushes")
    subscription = models.ForeignKey(
        PushSubscription, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    acked_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["notice", "subscription"], name="one_push_per_notice_and_device"
            )
        ]

    def __str__(self) -> str:
        return f"push of notice {self.notice_id} to {self.subscription_id} ({self.status})"
