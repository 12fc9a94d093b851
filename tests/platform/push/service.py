"""A push service on loopback, as a browser's would be (RFC 8030): it takes the application
server's POST, checks its VAPID header (RFC 8292: an ES256 JWT for this origin, signed by the
key it names), and decrypts the body with the subscription's private key and auth secret
(RFC 8291, aes128gcm), the way the browser does. The verification uses `cryptography` directly,
not py_vapid, so the site's signing library is not marking its own homework.

Each subscription is a real P-256 key pair made here, like a browser's; `answer` sets the status
the service answers with (201, or 404/410/429/500 to play an expired or failing service), and
`hold` makes it wait before answering (a request in flight when a worker is killed)."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Device:
    """One browser's subscription: its keys stay here; the site gets only the public half."""

    token: str
    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def keys(self) -> dict[str, str]:
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"p256dh": b64(public), "auth": b64(self.auth)}


@dataclass
class Received:
    token: str
    status: int
    headers: dict[str, str]
    payload: dict[str, Any] | None
    vapid: dict[str, Any]
    error: str = ""


def vapid_check(authorization: str, audience: str) -> dict[str, Any]:
    """The claims of a valid `vapid t=..., k=...` header, else ValueError."""
    scheme, _, params = authorization.partition(" ")
    if scheme.lower() != "vapid":
        raise ValueError(f"not a VAPID authorization: {scheme!r}")
    parts = dict(p.strip().split("=", 1) for p in params.split(","))
    token, key = parts["t"], parts["k"]
    head, body, signature = token.split(".")
    header = json.loads(unb64(head))
    if header.get("alg") != "ES256":
        raise ValueError(f"alg {header.get('alg')!r}")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(key))
    raw = unb64(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        public.verify(der, f"{head}.{body}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature as error:
        raise ValueError("bad VAPID signature") from error
    claims = json.loads(unb64(body))
    if claims.get("aud") != audience:
        raise ValueError(f"aud {claims.get('aud')!r} is not {audience!r}")
    if not time.time() < claims["exp"] <= time.time() + 86400:
        raise ValueError("exp not within 24 hours")
    if not str(claims.get("sub", "")).startswith(("mailto:", "https:")):
        raise ValueError("sub is neither mailto: nor https:")
    return {**claims, "k": key}


class PushService:
    def __init__(self) -> None:
        self.devices: dict[str, Device] = {}
        self.received: list[Received] = []
        self.answer = 201
        self.hold = 0.0
        self.arrived = threading.Event()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.port = self.server.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"

    def device(self) -> Device:
        device = Device(token=b64(os.urandom(12)))
        self.devices[device.token] = device
        return device

    def subscription(self, device: Device) -> dict[str, Any]:
        """What the browser's PushSubscription.toJSON() gives the page."""
        return {"endpoint": f"{self.origin}/push/{device.token}", "keys": device.keys()}

    def up(self) -> None:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def down(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def payloads(self) -> list[dict[str, Any]]:
        return [r.payload for r in self.received if r.payload is not None]

    def _receive(self, path: str, headers: dict[str, str], body: bytes) -> Received:
        token = path.rsplit("/", 1)[-1]
        device = self.devices.get(token)
        if device is None:
            return Received(token, 404, headers, None, {}, "no such subscription")
        try:
            vapid = vapid_check(headers.get("authorization", ""), self.origin)
            if headers.get("content-encoding") != "aes128gcm":
                raise ValueError(f"content-encoding {headers.get('content-encoding')!r}")
            clear = http_ece.decrypt(
                body, private_key=device.key, auth_secret=device.auth, version="aes128gcm"
            )
            payload = json.loads(clear)
        except (ValueError, KeyError, http_ece.ECEException) as error:
            return Received(token, 400, headers, None, {}, repr(error))
        return Received(token, self.answer, headers, payload, vapid)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the http.server name
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                headers = {k.lower(): v for k, v in self.headers.items()}
                received = service._receive(self.path, headers, body)
                service.received.append(received)
                service.arrived.set()
                if service.hold:
                    time.sleep(service.hold)
                self.send_response(received.status)
                self.send_header("content-length", "0")
                if received.status == 201:
                    self.send_header("location", f"/message/{len(service.received)}")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        return Handler
