"""Tournaments: an event, its entrants, its rounds and tables (one play.Match each), the
organisers' audit log and the e-mails sent at most once.

The pairing rules live in tournaments/formats/ (pure Python); these rows are what the format
is asked about (entrants, results) and what it answered (rounds of tables).
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q, Value
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from games.core import Game, get_game, translate
from games.core.levels import bot_name
from play import banks, clocks


def bot_entrant_name(level: str, number: Any, language: str) -> str:
    """A bot entrant's name in `language`: its level's name and its registration number."""
    return f"{translate(bot_name(level), language)} #{number}"


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


def new_rng_seed() -> int:
    return secrets.randbits(62)


class Tournament(models.Model):
    class Format(models.TextChoices):
        SINGLE = "single_elimination", _("Single elimination")
        DOUBLE = "double_elimination", _("Double elimination")
        ROUND_ROBIN = "round_robin", _("Round robin")
        SWISS = "swiss", _("Swiss")
        ARENA = "arena", _("Arena")

    class Mode(models.TextChoices):
        LIVE = "live", _("Live")
        TURN = "turn", _("Turn-based")

    class Status(models.TextChoices):
        DRAFT = "draft", _("Not open yet")
        REGISTRATION = "registration", _("Registration")
        CHECKIN = "checkin", _("Check-in")
        RUNNING = "running", _("Running")
        PAUSED = "paused", _("Paused")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    class Unfinished(models.TextChoices):
        ADJUDICATE = "adjudicate", _("Adjudicate by the bots' evaluation of the position")
        SHARED = "shared", _("A shared result (every player shares the table's points)")

    class Seeding(models.TextChoices):
        RATING = "rating", _("By ladder rating")
        RANDOM = "random", _("Random")
        MANUAL = "manual", _("By hand")

    name = models.CharField(max_length=80)
    description = models.TextField(blank=True, max_length=2000)
    game = models.CharField(max_length=32)
    format = models.CharField(max_length=24, choices=Format.choices)
    table_size = models.PositiveSmallIntegerField(help_text="Seats at each table.")
    advance = models.PositiveSmallIntegerField(
        default=1, help_text="Elimination: how many of each table go through."
    )
    rounds = models.PositiveSmallIntegerField(default=0, help_text="Swiss: number of rounds.")
    ranked = models.BooleanField(default=False)
    mode = models.CharField(max_length=8, choices=Mode.choices, default=Mode.LIVE)
    move_seconds = models.PositiveIntegerField(default=300)
    vacation_allowed = models.BooleanField(
        default=True,
        help_text="Turn-based: a player's vacation (or an automatic vacation day) pauses the "
        "clocks of this tournament's matches.",
    )
    clock = models.JSONField(
        default=dict,
        blank=True,
        db_default=models.Value({}, output_field=models.JSONField()),
        help_text="The time control of every table (play/clocks.py); empty: time per move.",
    )
    options = models.JSONField(default=dict, blank=True)
    starts_at = models.DateTimeField(null=True, blank=True)
    checkin_minutes = models.PositiveIntegerField(
        default=0, help_text="Check-in opens this long before the start (0: no check-in)."
    )
    registration_open = models.BooleanField(default=False)
    unfinished_rule = models.CharField(
        max_length=12,
        choices=Unfinished.choices,
        default=Unfinished.ADJUDICATE,
        db_default=Unfinished.ADJUDICATE,  # the previous release's INSERTs leave it out
        help_text="Turn-based: how a game still in play at its round's deadline ends.",
    )
    embed_origins = models.JSONField(
        default=list,
        db_default=Value([], output_field=models.JSONField()),
        blank=True,
        help_text="Sites allowed to frame the embeddable bracket and standings (CSP "
        "frame-ancestors); empty: none.",
    )
    max_players = models.PositiveIntegerField(null=True, blank=True)
    min_rating = models.PositiveIntegerField(null=True, blank=True)
    invite_only = models.BooleanField(default=False)
    invite_token = models.CharField(max_length=32, default=new_invite_token, unique=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.DRAFT)
    seeding = models.CharField(max_length=8, choices=Seeding.choices, default=Seeding.RATING)
    rng_seed = models.BigIntegerField(default=new_rng_seed)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="tournaments_organised"
    )
    co_organisers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="tournaments_co_organised"
    )
    standings = models.JSONField(
        default=list, blank=True, help_text="The standings after the last complete round."
    )
    stamp = models.PositiveIntegerField(
        default=0, help_text="Bumped on every change a page shows (the live update polls it)."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Arena (tournaments/arena.py): how long it runs, whether berserk is offered, when it ends.
    arena_minutes = models.PositiveIntegerField(default=0, db_default=0)
    berserk_allowed = models.BooleanField(default=False, db_default=False)
    ends_at = models.DateTimeField(null=True, blank=True)
    # Stages (tournaments/stages.py): a later stage points at the event's first stage.
    event = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="stages"
    )
    stage = models.PositiveSmallIntegerField(default=1, db_default=1)
    advance_rule = models.CharField(max_length=16, blank=True, default="", db_default="")
    advance_count = models.PositiveSmallIntegerField(default=0, db_default=0)

    class Meta:
        indexes = [
            models.Index(fields=["status", "starts_at"]),
            models.Index(fields=["game", "status"]),
        ]
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def time_control(self) -> str:
        """The control every table plays, named as the match header names it."""
        return banks.control_name(clocks.control_from(self.clock, self.move_seconds))

    @property
    def engine(self) -> Game:
        return get_game(self.game)

    @property
    def is_elimination(self) -> bool:
        return self.format in (self.Format.SINGLE, self.Format.DOUBLE)

    @property
    def is_over(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.CANCELLED)

    @property
    def has_started(self) -> bool:
        return self.status in (self.Status.RUNNING, self.Status.PAUSED, self.Status.FINISHED)

    def is_organiser(self, user: Any) -> bool:
        if user is None or not user.is_authenticated:
            return False
        if self.organiser_id == user.pk:
            return True
        return self.co_organisers.filter(pk=user.pk).exists()


class Registration(models.Model):
    """An entrant: a player (or, at casual events, a bot the organiser added)."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("Playing")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        DISQUALIFIED = "disqualified", _("Disqualified")
        NO_SHOW = "no_show", _("Missed the check-in")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="tournament_registrations",
    )
    bot = models.CharField(max_length=32, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    rating = models.FloatField(null=True, blank=True, help_text="Ladder rating at the start.")
    seed = models.PositiveIntegerField(null=True, blank=True, help_text="1 = top seed.")
    manual_seed = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user"],
                condition=Q(user__isnull=False),
                name="one_registration_per_player",
            ),
            models.CheckConstraint(
                condition=Q(user__isnull=False) ^ ~Q(bot=""), name="entrant_user_xor_bot"
            ),
        ]
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.name} in {self.tournament_id}"

    @property
    def name(self) -> str:
        """The entrant's name; a bot's in the active language ("Bot estándar #2")."""
        return self.name_in(get_language() or "en")

    def name_in(self, language: str) -> str:
        if self.user_id is not None and self.user is not None:
            return self.user.display_name
        return bot_entrant_name(self.bot, self.pk, language)

    def named(self) -> dict[str, Any]:
        """The values that name this entrant in an audit entry: a person's display name, or a
        bot's level and number, said in each reader's language (tournaments.labels)."""
        if self.user_id is not None and self.user is not None:
            return {"name": self.user.display_name}
        return {"bot": self.bot, "number": self.pk}

    @property
    def active(self) -> bool:
        return self.status == self.Status.ACTIVE


class Round(models.Model):
    """One round the format planned: its tables are played at the same time."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds_set")
    number = models.PositiveSmallIntegerField()
    label = models.CharField(max_length=60)
    byes = models.JSONField(default=list, blank=True, help_text="Registration ids with a bye.")
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")
        ]
        ordering = ["tournament", "number"]

    def __str__(self) -> str:
        return f"{self.label} of {self.tournament_id}"


class RoundSchedule(models.Model):
    """When an organiser wants round `number` to start, and (turn-based events) its deadline:
    the sweep starts the round at its time and ends its unfinished games at the deadline."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="schedule")
    number = models.PositiveSmallIntegerField()
    starts_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(
        null=True, blank=True, help_text="When the sweep ended the round's unfinished games."
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_schedule_per_round")
        ]
        indexes = [models.Index(fields=["deadline", "ended_at"])]
        ordering = ["tournament", "number"]

    def __str__(self) -> str:
        return f"round {self.number} of {self.tournament_id}"


def new_feed_token() -> str:
    return secrets.token_urlsafe(24)


class CalendarFeed(models.Model):
    """A player's private calendar address (their next games in every event): whoever has the
    token reads the feed, so it is long, random and can be replaced."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_feed"
    )
    token = models.CharField(max_length=40, default=new_feed_token, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"calendar of {self.user_id}"


class TournamentTable(models.Model):
    """A planned table and its match. `players` is the format's seat order (registration ids);
    `seats` the registration at each seat of the match as play seated them. `places`/`scores`
    follow `players`; set when the match finished or an organiser replaced the result."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    key = models.CharField(max_length=24)
    match = models.OneToOneField(
        "play.Match",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournament_table",
    )
    players = models.JSONField(default=list)
    seats = models.JSONField(default=list)
    places = models.JSONField(null=True, blank=True)
    scores = models.JSONField(null=True, blank=True)
    manual = models.BooleanField(default=False, help_text="An organiser set this result.")
    finished_at = models.DateTimeField(null=True, blank=True)
    berserk = models.JSONField(
        default=list,
        db_default=Value([], output_field=models.JSONField()),
        blank=True,
        help_text="Arena: registration ids who went berserk at this table.",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "key"], name="one_table_per_key"),
        ]
        indexes = [models.Index(fields=["tournament", "finished_at"])]
        ordering = ["round", "pk"]

    def __str__(self) -> str:
        return f"{self.key} of {self.tournament_id}"

    @property
    def is_finished(self) -> bool:
        return self.places is not None


class AuditEntry(models.Model):
    """What an organiser (or the site itself, actor empty) did to the event, and why."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="audit")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(max_length=32)
    detail = models.CharField(max_length=500, blank=True)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.action} on {self.tournament_id}"


class TournamentEmail(models.Model):
    """At most one e-mail of a kind per player, event and round: the row is claimed (SENDING,
    committed) before sending and marked after, like notifications.TurnEmail."""

    class Kind(models.TextChoices):
        REGISTERED = "registered", _("Registration confirmed")
        CHECKIN = "checkin", _("Check-in open")
        TABLE = "table", _("Your table is ready")
        ADVANCED = "advanced", _("You advanced")
        ELIMINATED = "eliminated", _("You were eliminated")
        RESULTS = "results", _("Final results")

    class Status(models.TextChoices):
        PENDING = "pending", _("not sent yet (or refused by the server: may be retried)")
        SENDING = "sending", _("claimed: an attempt began and never reported back")
        SENT = "sent", _("accepted by the SMTP server")
        UNCERTAIN = "uncertain", _("the exchange broke after the server may have accepted it")
        SKIPPED = "skipped", _("no longer due when its turn came")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="emails")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    round = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    # When the sweep last queued it again (emails.emails_stalled): once per STALL, not on every
    # pass while a long mail queue still holds the earlier task.
    requeued_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user", "kind", "round"], name="one_tournament_email"
            )
        ]
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self) -> str:
        return f"{self.kind} e-mail to {self.user_id} ({self.tournament_id} r{self.round})"
