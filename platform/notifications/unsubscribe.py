"""Who may get game e-mail, and the one-click way out (RFC 8058).

Every game e-mail (turn, game over, a seat handed to a bot, an invitation) carries
`List-Unsubscribe: <SITE_URL/emails/unsubscribe/<token>/>` and
`List-Unsubscribe-Post: List-Unsubscribe=One-Click`, and the same link in its footer. The token
is signed (django.core.signing, salted, no expiry: a link in an old e-mail keeps working) and
names the address, and the account when there is one, so it works without logging in.

Unsubscribing turns the account's game e-mails off (`User.turn_emails`, shown and switched back
on in Settings); an address without an account (an invitation) is suppressed instead. Bounced and
complained addresses (a provider's tracking webhook, through django-anymail) are suppressed too.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.urls import reverse

from accounts.models import User
from notifications.models import Suppression

_SALT = "notifications.unsubscribe"


def unsubscribe_token(email: str, user_id: int | None) -> str:
    return signing.dumps({"e": email.lower(), "u": user_id}, salt=_SALT, compress=True)


def unsubscribe_read(token: str) -> tuple[str, int | None] | None:
    try:
        data = signing.loads(token, salt=_SALT)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("e"), str):
        return None
    user_id = data.get("u")
    return data["e"], user_id if isinstance(user_id, int) else None


def unsubscribe_link(email: str, user_id: int | None) -> str:
    token = unsubscribe_token(email, user_id)
    return settings.SITE_URL + reverse("notifications:unsubscribe", args=[token])


def list_headers_add(message: EmailMultiAlternatives, link: str) -> None:
    """RFC 8058 one-click: mail clients show "Unsubscribe" and POST to the link themselves."""
    message.extra_headers["List-Unsubscribe"] = f"<{link}>"
    message.extra_headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"


def wants_game_email(user: User) -> bool:
    """Whether a game e-mail may go to this account: its game e-mails on (Settings, the
    one-click unsubscribe) and the account not banned. Pass a row read from the database when
    the message is claimed, never a cached copy (the match cache's User objects are old)."""
    return bool(user.turn_emails) and user.is_active


def is_suppressed(email: str) -> bool:
    return Suppression.objects.filter(email=email.lower()).exists()


def email_unsubscribe(*, email: str, user_id: int | None) -> None:
    """Idempotent: the account's game e-mails off, or the bare address suppressed."""
    user = User.objects.filter(pk=user_id, email__iexact=email).first() if user_id else None
    if user is not None:
        User.objects.filter(pk=user.pk).update(turn_emails=False)
        return
    Suppression.objects.get_or_create(
        email=email.lower(), defaults={"reason": Suppression.Reason.UNSUBSCRIBED}
    )


def address_suppress(*, email: str, reason: str, detail: str = "") -> None:
    """A bounce or a complaint reported by the provider: no more game e-mail to that address."""
    if email:
        Suppression.objects.get_or_create(
            email=email.lower(), defaults={"reason": reason, "detail": detail[:200]}
        )


def footer_context(email: str, user_id: int | None) -> dict[str, Any]:
    return {"unsubscribe_link": unsubscribe_link(email, user_id)}
