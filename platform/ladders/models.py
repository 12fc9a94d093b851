"""Ratings per game, the change each ranked match made, and the matchmaking queue."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from ladders import elo


class Rating(models.Model):
    """One player's standing in one game's ladder."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.CharField(max_length=32)
    rating = models.FloatField(default=elo.INITIAL_RATING)
    games = models.PositiveIntegerField(default=0, help_text="Rated games played.")
    wins = models.PositiveIntegerField(default=0, help_text="Rated games finished first.")
    last_played = models.DateTimeField(null=True, blank=True)
    # False once the account is banned or erased: the row (and the history that adds up to
    # it) stays, but the ladder, its ranks and its buckets leave it out (docs/ratings.md).
    listed = models.BooleanField(
        db_default=True, help_text="Shown in the ladder's standings (false: banned or erased)."
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="one_rating_per_game"),
        ]
        indexes = [
            # The ladder page: established players by rating (the rank is the position).
            models.Index(
                fields=["game", "-rating", "id"],
                condition=models.Q(games__gte=elo.PROVISIONAL_GAMES, listed=True),
                name="ladder_ranked",
            ),
            models.Index(
                fields=["game", "-rating", "id"],
                condition=models.Q(games__lt=elo.PROVISIONAL_GAMES, listed=True),
                name="ladder_provisional",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.game} {self.rating:.0f}"

    @property
    def provisional(self) -> bool:
        return elo.is_provisional(self.games)


class LadderBucket(models.Model):
    """How many established players of a game have a rating in [bucket, bucket + 1).

    Kept in step with Rating in the same transaction. Summing the ~2,000 buckets above a rating
    gives a rank, and the page at any offset, without walking the whole ladder index.
    """

    game = models.CharField(max_length=32)
    bucket = models.IntegerField()
    count = models.IntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "bucket"], name="one_bucket_per_rating"),
        ]

    def __str__(self) -> str:
        return f"{self.game} {self.bucket}: {self.count}"


class RatingChange(models.Model):
    """What one ranked match did to one player's rating: the history and the audit trail.

    The order of the ids is the order the results were applied in (a player's rating row is
    locked before the change is inserted), which the recomputation follows.
    """

    match = models.ForeignKey("play.Match", on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    game = models.CharField(max_length=32)
    seat = models.PositiveSmallIntegerField()
    place = models.PositiveSmallIntegerField()
    before = models.FloatField()
    after = models.FloatField()
    delta = models.FloatField()
    created_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "user"], name="one_change_per_match"),
        ]
        indexes = [models.Index(fields=["user", "game", "-id"], name="rating_history")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.delta:+.2f} in match {self.match_id}"


class QueueEntry(models.Model):
    """A player waiting for a ranked table; `table` is set once matchmaking seats them.

    One entry per player: a player waits in one queue at a time, and the pairing transaction
    that seats them locks the entry, so no one is ever placed at two tables at once. A player
    who stops polling (closed the page) is dropped rather than seated at a live table.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_entry"
    )
    game = models.CharField(max_length=32)
    seats = models.PositiveSmallIntegerField()
    rating = models.FloatField(help_text="The player's rating when they joined.")
    joined_at = models.DateTimeField()
    seen_at = models.DateTimeField(
        help_text="When the player last showed they still wait (the queue page polls)."
    )
    table = models.ForeignKey(
        "lobbies.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        indexes = [
            models.Index(
                fields=["game", "seats", "joined_at"],
                condition=models.Q(table__isnull=True),
                name="queue_waiting",
            )
        ]
        verbose_name_plural = "queue entries"

    def __str__(self) -> str:
        return f"{self.user_id} waiting for {self.game} x{self.seats}"

    @property
    def waiting(self) -> bool:
        return self.table_id is None


class TurnQueueEntry(models.Model):
    """A player waiting for a ranked game by e-mail (turn-based): a game, a table size and a
    time per move; `table` is set once matchmaking seats them (ladders/turn_queue.py).

    Unlike the live queue nobody polls: the player waits until seated (the first turn e-mail
    tells them) or until they leave. One waiting entry per player; once seated they may queue
    again, since games by e-mail are played side by side.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="turn_queue_entries"
    )
    game = models.CharField(max_length=32)
    seats = models.PositiveSmallIntegerField()
    move_seconds = models.PositiveIntegerField(help_text="Time per move, whole hours.")
    rating = models.FloatField(help_text="The player's rating when they joined.")
    joined_at = models.DateTimeField()
    table = models.ForeignKey(
        "lobbies.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(table__isnull=True),
                name="one_turn_wait_per_player",
            )
        ]
        indexes = [
            models.Index(
                fields=["game", "seats", "move_seconds", "joined_at"],
                condition=models.Q(table__isnull=True),
                name="turn_queue_waiting",
            )
        ]
        verbose_name_plural = "turn queue entries"

    def __str__(self) -> str:
        return f"{self.user_id} waiting for {self.game} x{self.seats} by e-mail"

    @property
    def waiting(self) -> bool:
        return self.table_id is None
