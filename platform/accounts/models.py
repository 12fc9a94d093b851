"""The site's user: e-mail login, a unique display name, and turn e-mail preferences."""

from __future__ import annotations

import re

from django.contrib.auth.models import AbstractUser, UserManager
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower

DISPLAY_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{1,22}[A-Za-z0-9]$")
RESERVED_NAMES = {"admin", "bot", "system", "anonymous", "spectator", "moderator"}


def validate_display_name(value: str) -> None:
    """3-24 letters, digits, '.', '_' or '-', starting and ending with a letter or digit."""
    if not DISPLAY_NAME_RE.match(value or ""):
        raise ValidationError(
            "A display name has 3 to 24 letters, digits, dots, dashes or underscores, "
            "and starts and ends with a letter or digit.",
            code="display_name_format",
        )
    if value.lower() in RESERVED_NAMES:
        raise ValidationError("That name is reserved.", code="display_name_reserved")
    words = set(re.split(r"[_.-]", value.lower()))
    if "deleted" in words:
        # An erased account is shown as "Deleted player 12": nobody may pass for one.
        raise ValidationError("That name is reserved.", code="display_name_reserved")
    if {"bot", "bots"} & words:
        # Bots sit as "Greedy bot", "Random bot"...: no person may pass for one ("Greedy_bot").
        raise ValidationError(
            "A name with the word 'bot' in it is reserved for the site's bots.",
            code="display_name_bot",
        )


class TabletopUserManager(UserManager["User"]):
    def get_by_natural_key(self, username: str | None) -> User:
        return self.get(email__iexact=username)

    def create_user(  # type: ignore[override]
        self, email: str, password: str | None = None, **extra: object
    ) -> User:
        user = self.model(email=self.normalize_email(email), **extra)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_superuser(  # type: ignore[override]
        self, email: str, password: str | None = None, **extra: object
    ) -> User:
        extra.update(is_staff=True, is_superuser=True)
        extra.setdefault("display_name", email.split("@")[0][:24])
        return self.create_user(email, password, **extra)


class User(AbstractUser):
    """A player. Logs in with e-mail; shown everywhere by `display_name`."""

    username = None  # type: ignore[assignment]
    email = models.EmailField("e-mail address", unique=True)
    display_name = models.CharField(max_length=24, validators=[validate_display_name])
    turn_emails = models.BooleanField(
        "e-mail me about my games",
        default=True,
        help_text="Your turn (one e-mail per turn, only when you have no window open on that "
        "game; reply to it to move), game over, a seat handed to a bot, invitations.",
    )

    time_zone = models.CharField(
        "time zone",
        max_length=64,
        blank=True,
        default="",
        help_text="Every time on the site and in e-mails is shown in this zone (blank: your "
        "browser's).",
    )
    deleted_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="The player erased the account: the row stays, without personal data, so the "
        "games and ratings it took part in stay whole.",
    )

    USERNAME_FIELD = "email"
    REQUIRED_FIELDS = ["display_name"]  # noqa: RUF012 - Django's own class attribute
    # django-stubs declares `objects` a ClassVar on the base class.
    objects = TabletopUserManager()  # type: ignore[misc]

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("display_name"), name="unique_display_name_ci"),
        ]

    def __str__(self) -> str:
        return self.display_name or self.email

    @property
    def is_deleted(self) -> bool:
        return self.deleted_at is not None


class Follow(models.Model):
    """`user` follows `person`: `person` is one of `user`'s friends (one way, like lichess)."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="follows")
    person = models.ForeignKey(User, on_delete=models.CASCADE, related_name="followers")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "person"], name="one_follow"),
            models.CheckConstraint(
                condition=~models.Q(user=models.F("person")), name="no_self_follow"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} follows {self.person_id}"


class Block(models.Model):
    """`user` blocked `person`: the two do not sit at one table, hear each other in the chat
    or meet in the ranked queue (either way: accounts.selectors.blocked_between)."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="blocks")
    person = models.ForeignKey(User, on_delete=models.CASCADE, related_name="blocked_by")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "person"], name="one_block"),
            models.CheckConstraint(
                condition=~models.Q(user=models.F("person")), name="no_self_block"
            ),
        ]
        indexes = [models.Index(fields=["person", "user"], name="block_reverse")]

    def __str__(self) -> str:
        return f"{self.user_id} blocked {self.person_id}"
