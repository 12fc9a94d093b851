"""Create a few verified demo players so a fresh `make run` can be played at once.

Idempotent: an existing demo account gets its password, display name and verified e-mail
reset, nothing else. Prints each e-mail and password.
"""

from __future__ import annotations

from typing import Any

from allauth.account.models import EmailAddress
from django.core.management.base import BaseCommand
from django.db import transaction

from accounts.models import User

DEMO_PASSWORD = "tabletop-demo"  # noqa: S105 - public demo accounts, printed on purpose
DEMO_PLAYERS = [
    ("alice@example.com", "alice"),
    ("bob@example.com", "bob"),
    ("carol@example.com", "carol"),
    ("dave@example.com", "dave"),
]


class Command(BaseCommand):
    help = "Create (or refresh) verified demo accounts and print their e-mails and passwords."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--password", default=DEMO_PASSWORD, help="Password to set.")

    def handle(self, *args: Any, **options: Any) -> None:
        password = options["password"]
        with transaction.atomic():
            for email, name in DEMO_PLAYERS:
                demo_account_ensure(email=email, display_name=name, password=password)
        self.stdout.write("Demo accounts (log in with e-mail and password):")
        for email, name in DEMO_PLAYERS:
            self.stdout.write(f"  {email:<20} {password}   ({name})")


def demo_account_ensure(*, email: str, display_name: str, password: str) -> User:
    """One verified account with a primary e-mail address allauth accepts for login."""
    user = User.objects.filter(email__iexact=email).first()
    if user is None:
        taken = User.objects.filter(display_name__iexact=display_name).exists()
        name = f"{display_name}-demo" if taken else display_name
        user = User.objects.create_user(email, password, display_name=name)
    else:
        user.set_password(password)
        user.is_active = True
        user.save(update_fields=["password", "is_active"])
    EmailAddress.objects.update_or_create(
        user=user, email__iexact=email, defaults={"email": email, "verified": True, "primary": True}
    )
    return user
