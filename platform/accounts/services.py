"""Writes about people: follow, block, erase an account; and the download of one's data
(STYLE.md, 8). A refusal raises AccountError and changes nothing."""

from __future__ import annotations

from typing import Any

from allauth.account.models import EmailAddress
from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from accounts.erasure import Scrub, erased_email, erased_name
from accounts.models import Block, Follow, User
from accounts.signals import account_erasing, data_sections
from shared.errors import ServiceError


class AccountError(ServiceError):
    """A refused request about people; nothing was changed."""


def _person(display_name: Any) -> User:
    if not isinstance(display_name, str) or not display_name.strip():
        raise AccountError("malformed", _("Give the player's display name."))
    person = User.objects.filter(
        display_name__iexact=display_name.strip(), is_active=True, deleted_at__isnull=True
    ).first()
    if person is None:
        raise AccountError(
            "unknown_player", _("There is no player called %(name)s.") % {"name": display_name}, 404
        )
    return person


def _not_self(user: Any, person: User, what: str) -> None:
    if person.pk == user.pk:
        sentences = {
            "follow": _("You cannot follow yourself."),
            "block": _("You cannot block yourself."),
        }
        raise AccountError(f"self_{what}", sentences[what])


def follow_add(*, user: Any, display_name: Any) -> User:
    """Follow a player: they join your friends (a player who blocked you, or you them, no)."""
    person = _person(display_name)
    _not_self(user, person, "follow")
    if Block.objects.filter(user=user, person=person).exists():
        raise AccountError(
            "blocked", _("Unblock %(name)s first.") % {"name": person.display_name}, 409
        )
    if Block.objects.filter(user=person, person=user).exists():
        raise AccountError(
            "blocked", _("You cannot follow %(name)s.") % {"name": person.display_name}, 409
        )
    Follow.objects.get_or_create(user=user, person=person)
    return person


def follow_remove(*, user: Any, display_name: Any) -> User:
    person = _person(display_name)
    Follow.objects.filter(user=user, person=person).delete()
    return person


def block_add(*, user: Any, display_name: Any) -> User:
    """Block a player: neither follows the other any more; they no longer sit, talk or get
    paired together (accounts.selectors.blocked_between)."""
    person = _person(display_name)
    _not_self(user, person, "block")
    with transaction.atomic():
        Block.objects.get_or_create(user=user, person=person)
        Follow.objects.filter(user=user, person=person).delete()
        Follow.objects.filter(user=person, person=user).delete()
    return person


def block_remove(*, user: Any, display_name: Any) -> User:
    person = _person(display_name)
    Block.objects.filter(user=user, person=person).delete()
    return person


def account_data(*, user: Any) -> dict[str, Any]:
    """Everything the site holds about `user`, as JSON-able data: the account here, each
    app's part through `data_sections`."""
    account = User.objects.get(pk=user.pk)
    data: dict[str, Any] = {
        "account": {
            "id": account.pk,
            "display_name": account.display_name,
            "email": account.email,
            "date_joined": account.date_joined.isoformat(),
            "last_login": account.last_login.isoformat() if account.last_login else None,
            "time_zone": account.time_zone,
            "turn_emails": account.turn_emails,
            "email_addresses": list(_addresses(account)),
        },
        "friends": list(
            Follow.objects.filter(user=account).values_list("person__display_name", flat=True)
        ),
        "followers": list(
            Follow.objects.filter(person=account).values_list("user__display_name", flat=True)
        ),
        "blocked": list(
            Block.objects.filter(user=account).values_list("person__display_name", flat=True)
        ),
    }
    answers: list[tuple[Any, Any]] = data_sections.send(sender=User, user=account)
    for _receiver, sections in answers:
        data.update(sections or {})
    data["exported_at"] = timezone.now().isoformat()
    return data


def _addresses(user: User) -> Any:
    return EmailAddress.objects.filter(user=user).values("email", "verified", "primary")


def account_delete(*, user: Any, password: Any) -> None:
    """The player erases their own account; the password confirms it."""
    pk = getattr(user, "pk", None)
    account = User.objects.filter(pk=pk or 0, deleted_at__isnull=True).first()
    if account is None:
        raise AccountError("not_found", _("There is no such account."), 404)
    if not isinstance(password, str) or not account.check_password(password):
        raise AccountError("wrong_password", _("That is not your password."), 403)
    account_erase(user=account)


def account_erase(*, user: Any) -> User:
    """Erase an account (the player's request, or staff in the admin): the row stays as
    "Deleted player <id>" without personal data, so the seats it held, the logs and everyone's
    ratings stay whole; nothing is cascade-deleted. The other apps let go of their part first
    (`account_erasing`), in the same transaction."""
    with transaction.atomic():
        account = User.objects.select_for_update().get(pk=user.pk)
        if account.deleted_at is not None:
            return account
        account_erasing.send(sender=User, user=account)
        _admin_log_scrub(account)
        _forget(account)
    return account


def _admin_log_scrub(account: User) -> None:
    """Django admin's history names the account (its entries' titles, and change messages)."""
    scrub = Scrub(account)
    mine = LogEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(User), object_id=str(account.pk)
    )
    mine.update(object_repr=erased_name(account.pk))
    scrub.rows(
        LogEntry.objects.filter(scrub.mentions("object_repr", "change_message")),
        "object_repr",
        "change_message",
    )


def _forget(account: User) -> None:
    EmailAddress.objects.filter(user=account).delete()
    Token.objects.filter(user=account).delete()
    Follow.objects.filter(user=account).delete()
    Follow.objects.filter(person=account).delete()
    Block.objects.filter(user=account).delete()
    Block.objects.filter(person=account).delete()
    # Its sessions end by themselves: an inactive user with a new (unusable) password no
    # longer authenticates (the session's password hash no longer matches).
    account.display_name = erased_name(account.pk)
    account.email = erased_email(account.pk)
    account.first_name = account.last_name = account.time_zone = ""
    account.set_unusable_password()
    account.is_active = account.is_staff = account.is_superuser = False
    account.turn_emails = False
    account.deleted_at = timezone.now()
    account.save()
    account.groups.clear()
    account.user_permissions.clear()
