"""Tables waiting for players. A full table starts a match (play.Match)."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.core import Game, get_game
from play.models import TimeoutPolicy


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


class Table(models.Model):
    class Mode(models.TextChoices):
        LIVE = "live", _("Live")
        TURN = "turn", _("Turn-based")

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        STARTED = "started", _("Started")
        CANCELLED = "cancelled", _("Cancelled")

    game = models.CharField(max_length=32)
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    seats = models.PositiveSmallIntegerField()
    ranked = models.BooleanField(default=False)
    mode = models.CharField(max_length=8, choices=Mode.choices, default=Mode.LIVE)
    move_seconds = models.PositiveIntegerField(
        help_text="Time each player has for a move (live: seconds; turn-based: up to days)."
    )
    clock = models.JSONField(
        default=dict,
        blank=True,
        db_default=models.Value({}, output_field=models.JSONField()),
        help_text="The time control (play/clocks.py); empty: `move_seconds` per move.",
    )
    private = models.BooleanField(default=False, help_text="Only people with the invite link join.")
    invite_token = models.CharField(max_length=32, default=new_invite_token, unique=True)
    options = models.JSONField(default=dict, blank=True)
    timeout_policy = models.CharField(
        max_length=8,
        choices=TimeoutPolicy.choices,
        blank=True,
        default="",
        help_text="When a seat runs out of time: a bot's move or a forfeit (blank: by ranked).",
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "game", "-created_at"])]
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.engine.title} table #{self.pk}"

    @property
    def engine(self) -> Game:
        return get_game(self.game)

    @property
    def shown_options(self) -> list[tuple[Any, Any]]:
        """(declared option, chosen value) for the table page: the hidden options left out, so
        a table whose only options are hidden (Scythe's rules version) shows no options line."""
        return [
            (option, self.options[option.name])
            for option in self.engine.shown_options()
            if option.name in self.options
        ]

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


class TableEntry(models.Model):
    """A place taken at a table before the start: a user, or a bot the host added."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    bot = models.CharField(max_length=32, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["table", "user"], condition=models.Q(user__isnull=False), name="one_entry"
            ),
            models.CheckConstraint(
                condition=models.Q(user__isnull=False) ^ ~models.Q(bot=""), name="user_xor_bot"
            ),
        ]
        ordering = ["joined_at", "pk"]

    def __str__(self) -> str:
        return f"{self.user or 'bot ' + self.bot} at {self.table}"


class Invitation(models.Model):
    """`inviter` asked `invitee` to a table (lobbies/invitations.py): the invitee sees it under
    My games and gets an e-mail with a signed link; accepting takes a place at the table."""

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for an answer"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="invitations")
    inviter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="table_invitations"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "invitee"], name="one_invitation"),
        ]
        indexes = [models.Index(fields=["invitee", "status"], name="invitations_pending")]

    def __str__(self) -> str:
        return f"{self.invitee_id} invited to {self.table_id}"


class Rematch(models.Model):
    """A rematch offered after a finished match (lobbies/rematch.py): a private table with the
    same settings for the same players, which starts when every one of them accepted; one
    refusal, or `expires_at` passing, cancels it."""

    match = models.OneToOneField("play.Match", on_delete=models.CASCADE, related_name="+")
    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="rematch")
    expires_at = models.DateTimeField()
    declined_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return f"rematch of {self.match_id}"
