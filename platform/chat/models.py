"""Chat at tables and matches: the lines, what each player hides, reports and staff sanctions.

A line belongs to a match (said during play, at the match version `step`) or to a lobby table
(said before the start, step 0); the match's chat shows its table's lines first. Lines are never
edited; staff may remove one (`removed_at`), and it disappears from every page, feed and e-mail.
"""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Channel(models.TextChoices):
    PLAYERS = "players", _("Players")
    SPECTATORS = "spectators", _("Spectators")


class ChatLine(models.Model):
    match = models.ForeignKey(
        "play.Match", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    table = models.ForeignKey(
        "lobbies.Table", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    channel = models.CharField(max_length=10, choices=Channel.choices)
    text = models.CharField(max_length=300)
    step = models.PositiveIntegerField(
        default=0, help_text="The match version when it was said: the replay shows it there."
    )
    created_at = models.DateTimeField(default=timezone.now)
    removed_at = models.DateTimeField(null=True, blank=True, help_text="Removed by staff.")

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(match__isnull=False) | Q(table__isnull=False), name="line_has_a_place"
            ),
        ]
        indexes = [
            models.Index(fields=["match", "id"], name="chat_line_match"),
            models.Index(fields=["table", "id"], name="chat_line_table"),
            models.Index(fields=["author", "created_at"], name="chat_line_rate"),
        ]
        ordering = ["id"]

    def __str__(self) -> str:
        return f"#{self.pk} {self.author_name}: {self.text[:60]}"

    @property
    def author_name(self) -> str:
        """The author's name; an erased account's (stored in English) in the reader's language."""
        if self.author is None:
            return str(_("deleted player"))
        if self.author.deleted_at is not None:
            return str(_("Deleted player %(number)s") % {"number": self.author.pk})
        return self.author.display_name


class Mute(models.Model):
    """`user` hides every line of `person` (past and future, everywhere, e-mails included)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    person = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "person"], name="one_chat_mute")]

    def __str__(self) -> str:
        return f"{self.user_id} mutes {self.person_id}"


class ChatPreference(models.Model):
    """A player's choice to see the spectators' channel (shown unless hidden)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_preference"
    )
    show_spectators = models.BooleanField(default=True)

    def __str__(self) -> str:
        return f"chat preference of {self.user_id}"


class Report(models.Model):
    class Reason(models.TextChoices):
        ABUSE = "abuse", _("Insults or harassment")
        SPAM = "spam", _("Spam or advertising")
        CHEATING = "cheating", _("Cheating or giving hints")
        OTHER = "other", _("Something else")

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        DISMISSED = "dismissed", _("Dismissed")
        ACTED = "acted", _("Acted on")

    line = models.ForeignKey(ChatLine, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    reason = models.CharField(max_length=10, choices=Reason.choices, default=Reason.ABUSE)
    note = models.CharField(max_length=300, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    handled_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=200, blank=True, help_text="What staff did.")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["line", "reporter"], name="one_report_per_reporter")
        ]
        indexes = [models.Index(fields=["status", "created_at"], name="chat_report_open")]

    def __str__(self) -> str:
        return f"report of line {self.line_id} by {self.reporter_id}"


class SanctionQuerySet(models.QuerySet["Sanction"]):
    def active(self, now: datetime | None = None) -> SanctionQuerySet:
        now = now or timezone.now()
        return self.filter(Q(until__isnull=True) | Q(until__gt=now), lifted_at__isnull=True)


class Sanction(models.Model):
    """What staff did to an account, kept for the record: a chat mute for a while, or a ban
    (the account cannot log in, sit, chat or use the API; its running games went to bots).
    Lifting one keeps the row (`lifted_at`, `lifted_by`)."""

    class Kind(models.TextChoices):
        MUTE = "mute", _("Chat mute")
        BAN = "ban", _("Ban")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sanctions"
    )
    kind = models.CharField(max_length=4, choices=Kind.choices)
    reason = models.CharField(max_length=300)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    until = models.DateTimeField(null=True, blank=True, help_text="Empty: until lifted.")
    lifted_at = models.DateTimeField(null=True, blank=True)
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    report = models.ForeignKey(
        Report, null=True, blank=True, on_delete=models.SET_NULL, related_name="sanctions"
    )

    objects = SanctionQuerySet.as_manager()

    class Meta:
        indexes = [models.Index(fields=["user", "kind", "lifted_at"], name="chat_sanction_user")]
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of {self.user}"

    @property
    def is_active(self) -> bool:
        return self.lifted_at is None and (self.until is None or self.until > timezone.now())
