"""A match in play: seats, a version, the engine snapshot and the append-only action log."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.core import Game, get_game
from games.core.levels import bot_name


class TimeoutPolicy(models.TextChoices):
    BOT_MOVE = "bot", _("A bot makes that move; the player keeps the seat")
    FORFEIT = "forfeit", _("The player forfeits and a bot plays on")


class ShallowCopy:
    """`copy.copy` of a row without the pickle protocol Django's models go through (__reduce__,
    __getstate__, __setstate__): the live move path copies the process's rows of a match on
    every move (play/services.py, play/snapshots.py). Same result: the fields shared, the
    related-object cache a copy of its own."""

    def __copy__(self) -> Any:
        new: Any = self.__class__.__new__(self.__class__)
        new.__dict__ = self.__dict__.copy()
        state = self.__dict__["_state"]
        new._state = state.__class__.__new__(state.__class__)
        new._state.__dict__ = state.__dict__.copy()
        new._state.fields_cache = state.fields_cache.copy()
        return new


class Match(ShallowCopy, models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("In play")
        FINISHED = "finished", _("Finished")

    table = models.OneToOneField(
        "lobbies.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="match"
    )
    game = models.CharField(max_length=32)
    seed = models.BigIntegerField()
    options = models.JSONField(default=dict, blank=True)
    ranked = models.BooleanField(default=False)
    mode = models.CharField(max_length=8, default="live")
    move_seconds = models.PositiveIntegerField(default=300)
    clock = models.JSONField(
        default=dict,
        db_default=models.Value({}, output_field=models.JSONField()),
        blank=True,
        help_text="The time control (play/clocks.py); empty: `move_seconds` per move (simple).",
    )
    banks = models.JSONField(
        default=list,
        db_default=models.Value([], output_field=models.JSONField()),
        blank=True,
        help_text="Per seat: seconds left, owing since (ISO time or null), turn parts completed.",
    )
    version = models.PositiveIntegerField(default=0)
    state = models.JSONField(help_text="Engine snapshot at `version` (the log is the truth).")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    outcome = models.JSONField(null=True, blank=True)
    deadline = models.DateTimeField(
        null=True, blank=True, help_text="When the seats to act run out of time."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    timeout_policy = models.CharField(
        max_length=8,
        choices=TimeoutPolicy.choices,
        blank=True,
        default="",
        help_text="What happens when a seat runs out of time; blank: forfeit if ranked, else bot.",
    )
    vacation_allowed = models.BooleanField(
        default=True,
        help_text="A player's vacation pauses this match's clock (a tournament may forbid it).",
    )

    class Meta:
        verbose_name_plural = "matches"
        indexes = [
            models.Index(fields=["status", "deadline"]),
            models.Index(fields=["game", "status", "-updated_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.engine.title} match #{self.pk}"

    @property
    def engine(self) -> Game:
        return get_game(self.game)

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    def group_name(self) -> str:
        return f"match.{self.pk}"

    @property
    def on_timeout(self) -> str:
        """The table's choice, else the default: forfeit for ranked, a bot's move for casual."""
        if self.timeout_policy:
            return self.timeout_policy
        return TimeoutPolicy.FORFEIT if self.ranked else TimeoutPolicy.BOT_MOVE


class Seat(ShallowCopy, models.Model):
    """One seat of a match: a user or a bot. `to_act` mirrors the engine for fast queries."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seats",
    )
    bot = models.CharField(max_length=32, blank=True)
    to_act = models.BooleanField(default=False)
    to_act_since = models.PositiveIntegerField(
        null=True, blank=True, help_text="The version at which this seat began to owe a move."
    )
    forfeited = models.BooleanField(default=False)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    score = models.FloatField(null=True, blank=True)
    missed_in_a_row = models.PositiveSmallIntegerField(
        default=0, help_text="Turns in a row the clock ran out and a bot moved for this seat."
    )
    last_missed_seq = models.PositiveIntegerField(
        default=0,
        help_text=(
            "The log entry of the last missed move (a move of the player's own "
            "after it starts the count again)."
        ),
    )
    paused_at = models.DateTimeField(
        null=True, blank=True, help_text="On vacation since: the match's clock does not run out."
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="one_seat_index"),
        ]
        indexes = [models.Index(fields=["user", "to_act"])]
        ordering = ["index"]

    def __str__(self) -> str:
        return f"seat {self.index} of {self.match_id}"

    @property
    def name(self) -> str:
        if self.user_id is not None and self.user is not None:
            return self.user.display_name
        return bot_name(self.bot) if self.bot else "empty seat"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot)

    def public(self) -> dict[str, Any]:
        return {"seat": self.index, "name": self.name, "is_bot": self.is_bot}


class ActionRecord(models.Model):
    """The append-only log: action `seq` took the match from version seq-1 to seq.

    Engine actions replay the game from its seed. Site events (a forfeit, an undo) have a type
    starting with "_" and are skipped by the engine when replaying. A decision taken back
    (play/undo.py) stays in the log: an `_undo` entry is appended and the decision's
    `undone_by` names it, so every reader (the game's rebuild, the replay, the log) skips it.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="log")
    seq = models.PositiveIntegerField()
    seat = models.SmallIntegerField()
    action = models.JSONField()
    public_action = models.JSONField(help_text="The action as other seats may see it.")
    text = models.CharField(max_length=300, help_text="The public sentence for the log.")
    phrase = models.JSONField(
        null=True,
        blank=True,
        help_text="The sentence as the engine's phrase (games.core.words), so the log reads in "
        "each viewer's language; null for site events and entries from before it existed.",
    )
    to_act_before = models.JSONField(default=list)
    timed_out = models.BooleanField(
        default=False, help_text="The site chose this action: the seat's clock ran out."
    )
    revealed = models.BooleanField(
        default=True,
        help_text=(
            "The decision showed something hidden (the engine's `reveals`): it cannot be "
            "taken back. Site events, and entries from before undo existed, count as revealing."
        ),
    )
    undone_by = models.PositiveIntegerField(
        null=True, blank=True, help_text="The seq of the `_undo` entry that took it back."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "seq"], name="one_action_per_seq")]
        ordering = ["match", "seq"]

    def __str__(self) -> str:
        return f"#{self.seq} {self.text}"


class PresenceQuerySet(models.QuerySet["Presence"]):
    def live(self, now: datetime | None = None) -> PresenceQuerySet:
        """Sockets heard from within the TTL: a row whose socket died unseen (a dropped
        connection, a killed server) stops counting by itself."""
        return self.filter(seen_at__gte=(now or timezone.now()) - Presence.TTL)


class Presence(models.Model):
    """An open WebSocket: turn e-mails skip players who are watching the match.

    The socket refreshes `seen_at` on every frame and every HEARTBEAT (play/consumers.py);
    only rows seen within TTL count, so a row left behind expires on its own.
    """

    HEARTBEAT = timedelta(seconds=30)
    TTL = timedelta(seconds=90)

    channel_name = models.CharField(max_length=200, unique=True)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="presences")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    connected_at = models.DateTimeField(auto_now_add=True)
    seen_at = models.DateTimeField(default=timezone.now)

    objects = PresenceQuerySet.as_manager()

    class Meta:
        indexes = [models.Index(fields=["match", "user"])]

    def __str__(self) -> str:
        return f"{self.user_id} watching {self.match_id}"
