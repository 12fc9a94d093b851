"""The reply address of a turn e-mail: `play+<match>-<seat>-<version>-<mac>@<INBOUND_EMAIL_DOMAIN>`.

The address alone says which match, seat and version a reply is for; the MAC (HMAC-SHA256 keyed
by SECRET_KEY, 130 bits, lower-case base32 because some mail systems fold the case of the local
part) makes it unguessable, so no log-in is needed. The address does not expire by itself: it
dies with its version, since a move (this reply's or anyone's) moves the match on and
`action_submit` refuses the stale version (docs/notifications.md, "Playing by e-mail").
"""

from __future__ import annotations

import base64
import hmac
import re
from dataclasses import dataclass

from django.conf import settings
from django.utils.crypto import salted_hmac

_SALT = "notifications.reply-address"
_MAC_LENGTH = 26  # base32 characters: 130 bits
_LOCAL = re.compile(
    r"^(?P<prefix>[a-z0-9.]+)\+(?P<m>\d{1,12})-(?P<s>\d{1,2})-(?P<v>\d{1,9})-(?P<mac>[a-z2-7]+)$"
)


@dataclass(frozen=True)
class ReplyToken:
    match_id: int
    seat: int
    version: int


def _mac(token: ReplyToken) -> str:
    value = f"{token.match_id}.{token.seat}.{token.version}"
    digest = salted_hmac(_SALT, value, algorithm="sha256").digest()
    return base64.b32encode(digest).decode().lower()[:_MAC_LENGTH]


def reply_address(token: ReplyToken) -> str:
    local = f"{settings.REPLY_ADDRESS_PREFIX}+{token.match_id}-{token.seat}-{token.version}"
    return f"{local}-{_mac(token)}@{settings.INBOUND_EMAIL_DOMAIN}"


def token_read(address: str) -> ReplyToken | None:
    """The token of a reply address of this site, or None (another domain, a forged MAC)."""
    if not is_inbound_domain(address):
        return None
    local = address.strip().strip("<>").lower().rpartition("@")[0]
    found = _LOCAL.match(local)
    if found is None or found["prefix"] != settings.REPLY_ADDRESS_PREFIX.lower():
        return None
    token = ReplyToken(int(found["m"]), int(found["s"]), int(found["v"]))
    if not hmac.compare_digest(found["mac"], _mac(token)):
        return None
    return token


def is_inbound_domain(address: str) -> bool:
    """Mail for this site's reply domain (never true while none is configured)."""
    domain = settings.INBOUND_EMAIL_DOMAIN.lower()
    return bool(domain) and address.strip().strip("<>").lower().rpartition("@")[2] == domain


BOUNCE_LOCAL = "bounces"  # the envelope sender of game e-mails: delivery reports come here


def bounce_address() -> str:
    """Where delivery-status reports of our e-mails go (their SMTP envelope sender), so the
    inbound server counts the hard bounces; empty while no inbound domain is configured."""
    domain = settings.INBOUND_EMAIL_DOMAIN
    return f"{BOUNCE_LOCAL}@{domain}" if domain else ""


def is_bounce_address(address: str) -> bool:
    local = address.strip().strip("<>").lower().rpartition("@")[0]
    return is_inbound_domain(address) and local == BOUNCE_LOCAL
