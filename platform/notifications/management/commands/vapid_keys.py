"""Print a new VAPID private key (P-256, base64url of the raw 32 bytes) for VAPID_PRIVATE_KEY,
and its public key on stderr: `manage.py vapid_keys > var/vapid.txt` (scripts/run.sh does)."""

from __future__ import annotations

import base64
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.management.base import BaseCommand


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


class Command(BaseCommand):
    help = "Print a new VAPID private key for VAPID_PRIVATE_KEY (its public key on stderr)."

    def handle(self, *args: Any, **options: Any) -> None:
        key = ec.generate_private_key(ec.SECP256R1())
        private = key.private_numbers().private_value.to_bytes(32, "big")
        public = key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.stdout.write(_b64(private))
        self.stderr.write(f"public key (the browsers get it from the site): {_b64(public)}")
