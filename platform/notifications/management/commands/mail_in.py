"""`python manage.py mail_in`: the inbound SMTP/LMTP server for reply e-mails (`make mail-in`,
the docker compose service `mail-in`). docs/notifications.md, "Playing by e-mail"."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from notifications.mail_server import mail_in_serve
from shared.metrics import metrics_start, serve
from shared.reports import reports_start


class Command(BaseCommand):
    help = "Receive reply e-mails (moves) over SMTP, or LMTP with --lmtp, and apply them."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--host", default=settings.MAIL_IN_HOST)
        parser.add_argument("--port", type=int, default=settings.MAIL_IN_PORT)
        parser.add_argument("--lmtp", action="store_true", default=settings.MAIL_IN_LMTP)
        parser.add_argument(
            "--workers", type=int, default=4, help="replies processed side by side (threads)"
        )

    def handle(
        self, *args: Any, host: str, port: int, lmtp: bool, workers: int, **options: Any
    ) -> None:
        if not settings.INBOUND_EMAIL_DOMAIN:
            raise CommandError("Set INBOUND_EMAIL_DOMAIN: the domain of the reply addresses.")
        reports_start("mail-in")
        if metrics_start("mail-in"):
            serve()

        def ready(bound: int) -> None:
            kind = "LMTP" if lmtp else "SMTP"
            domain = settings.INBOUND_EMAIL_DOMAIN
            self.stdout.write(f"mail-in: {kind} on {host}:{bound} for @{domain}", ending="\n")
            self.stdout.flush()

        mail_in_serve(host=host, port=port, lmtp=lmtp, workers=workers, ready=ready)
