"""Stand-ins for the services notices go to, started by the tests on 127.0.0.1: a push service
that records what it is sent (and answers 410 for a subscription it has dropped), an SMTP
server (aiosmtpd) that keeps the mails, and a browser's push subscription with its keys, so a
test can decrypt what arrives."""

from __future__ import annotations

import base64
import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


@dataclass(frozen=True)
class Received:
    path: str
    headers: dict[str, str]
    body: bytes
    at: float
    """When it arrived (`time.monotonic()`)."""


@dataclass
class PushService:
    """What the stand-in was sent; a path in `gone` is answered 410 (the subscription expired)."""

    url: str
    received: list[Received] = field(default_factory=list)
    gone: set[str] = field(default_factory=set)
    delay: float = 0.0
    """Seconds it takes to answer (a slow push service)."""


@contextmanager
def push_service() -> Iterator[PushService]:
    service = PushService("")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            headers = {key.lower(): value for key, value in self.headers.items()}
            time.sleep(service.delay)
            service.received.append(Received(self.path, headers, body, time.monotonic()))
            self.send_response(410 if self.path in service.gone else 201)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    service.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield service
    finally:
        server.shutdown()
        server.server_close()


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


@dataclass(frozen=True)
class BrowserSubscription:
    """A subscription as a browser makes one: its P-256 key pair and auth secret."""

    endpoint: str
    private_key: ec.EllipticCurvePrivateKey
    auth: bytes

    @classmethod
    def at(cls, endpoint: str) -> BrowserSubscription:
        return cls(endpoint, ec.generate_private_key(ec.SECP256R1()), os.urandom(16))

    def to_json(self) -> dict[str, Any]:
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.endpoint,
            "keys": {"p256dh": b64url(point), "auth": b64url(self.auth)},
        }

    def decrypt(self, body: bytes) -> bytes:
        import http_ece

        decrypted: bytes = http_ece.decrypt(
            body, private_key=self.private_key, auth_secret=self.auth, version="aes128gcm"
        )
        return decrypted


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class MailCatcher:
    url: str
    mails: list[EmailMessage] = field(default_factory=list)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        mail = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(mail, EmailMessage)
        self.mails.append(mail)
        return "250 OK"


@contextmanager
def mail_server() -> Iterator[MailCatcher]:
    """An SMTP server on 127.0.0.1 that keeps every mail it is given."""
    from aiosmtpd.controller import Controller

    port = free_port()
    catcher = MailCatcher(f"smtp://127.0.0.1:{port}")
    controller = Controller(catcher, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield catcher
    finally:
        controller.stop()
