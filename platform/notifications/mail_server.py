"""The inbound mail server for replies: aiosmtpd speaking SMTP (or LMTP, behind an MTA such as
Postfix), accepting mail only for this site's reply addresses and handing each message to
`inbound.reply_receive`. Run by `manage.py mail_in` as a process of its own.

RCPT refuses (550) any address outside INBOUND_EMAIL_DOMAIN and any reply address whose MAC is
wrong, so forged tokens never reach the database. DATA answers 250 once the reply is processed
(applied, answered, ignored because it is not from the player, or dropped because no person
wrote it: an auto-reply, a delivery report), 451 only when the database failed (the sending
server retries, and the Message-ID row makes a second delivery do nothing), and 554 for a
message that cannot be read at all: any bytes get a final answer, never a retry loop.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from aiosmtpd.lmtp import LMTP
from aiosmtpd.smtp import SMTP, Envelope, Session
from django.conf import settings
from django.db import InterfaceError, OperationalError, close_old_connections
from django.utils import timezone

from notifications.inbound import reply_from_mime, reply_receive
from notifications.tokens import is_bounce_address, is_inbound_domain, token_read

log = logging.getLogger(__name__)

MAX_MESSAGE_BYTES = 2 * 1024 * 1024  # a reply with a photo or two at most


class ReplyHandler:
    """aiosmtpd hooks (their names are aiosmtpd's). Replies are processed by a pool of threads,
    each with its own database connection: replies to different matches go on side by side,
    replies to one match wait for each other on the match row's lock."""

    def __init__(self, workers: int) -> None:
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mail-in")

    async def handle_RCPT(  # noqa: N802
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: Any
    ) -> str:
        if not is_inbound_domain(address):
            return "550 5.7.1 Relaying denied: this server takes replies to games only"
        if token_read(address) is None and not is_bounce_address(address):
            return "550 5.1.1 No such reply address"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:  # noqa: N802
        received_at = timezone.now()
        raw = envelope.original_content or envelope.content
        assert isinstance(raw, bytes)  # decode_data is off
        # The envelope sender: "" for a null sender (<>), the mark of a delivery report.
        mail_from = (envelope.mail_from or "").strip("<>")
        try:
            loop = asyncio.get_running_loop()
            recipients = list(envelope.rcpt_tos)
            work = partial(_receive, raw, recipients, received_at, mail_from)
            await loop.run_in_executor(self.pool, work)
        except (OperationalError, InterfaceError):  # the database away: the sender retries
            log.exception("reply from %s could not be processed", envelope.mail_from)
            return "451 4.3.0 Could not process the reply now, try again later"
        except Exception:  # anything else would fail again: a final answer, never a retry loop
            log.exception("reply from %s could not be read", envelope.mail_from)
            return "554 5.6.0 This message could not be read as a reply"
        return "250 2.0.0 Reply received"


def _receive(raw: bytes, recipients: list[str], received_at: Any, mail_from: str) -> None:
    # Each pool thread keeps its own connection (CONN_MAX_AGE), checked before and after use.
    close_old_connections()
    try:
        reply_receive(reply=reply_from_mime(raw, recipients, received_at, mail_from))
    finally:
        close_old_connections()


def mail_in_serve(*, host: str, port: int, lmtp: bool, workers: int = 4, ready: Any = None) -> None:
    """Serve until SIGTERM or SIGINT; `ready(port)` is called once listening."""
    loop = asyncio.new_event_loop()
    protocol = LMTP if lmtp else SMTP
    handler = ReplyHandler(workers)

    def factory() -> SMTP:
        # An explicit hostname for the greeting: aiosmtpd would otherwise ask DNS (getfqdn).
        return protocol(
            handler,
            hostname=settings.INBOUND_EMAIL_DOMAIN,
            data_size_limit=MAX_MESSAGE_BYTES,
            enable_SMTPUTF8=True,
            loop=loop,
        )

    server = loop.run_until_complete(loop.create_server(factory, host=host, port=port))
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, loop.stop)
    if ready is not None:
        ready(server.sockets[0].getsockname()[1])
    try:
        loop.run_forever()
    finally:
        server.close()
        loop.run_until_complete(server.wait_closed())
        loop.close()
        handler.pool.shutdown(wait=True)  # replies under way finish (and commit) first
