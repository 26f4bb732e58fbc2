"""Real local servers for the notification tests: an SMTP server (aiosmtpd) and an HTTP
receiver (push endpoint, webhook), each on a free loopback port, started and stopped by the
test that needs it."""

from __future__ import annotations

import base64
import json
import logging
import os
import socket
import threading
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from aiosmtpd.controller import Controller
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

HOST = "127.0.0.1"

# aiosmtpd logs every SMTP line at INFO, and its thread may still do so after a test ended.
logging.getLogger("mail.log").setLevel(logging.WARNING)


def free_port() -> int:
    """A loopback port nothing listens on (the OS's choice, released at once)."""
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class _Inbox:
    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.raw: list[bytes] = []
        self.arrived = threading.Condition()

    async def handle_DATA(self, server, session, envelope) -> str:  # noqa: N802 (aiosmtpd's name)
        with self.arrived:
            self.raw.append(envelope.content)
            self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
            self.arrived.notify_all()
        return "250 OK"


class SmtpServer:
    """aiosmtpd on a free loopback port; `messages` are the parsed mails it received."""

    def __init__(self) -> None:
        self.inbox = _Inbox()
        self.port = free_port()
        self.controller = Controller(self.inbox, hostname=HOST, port=self.port)

    @property
    def messages(self) -> list[EmailMessage]:
        return self.inbox.messages

    def start(self) -> SmtpServer:
        self.controller.start()  # returns once the server answers
        return self

    def stop(self) -> None:
        self.controller.stop()


@dataclass
class Request:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class HttpReceiver:
    """A tiny HTTP server on loopback recording each POST; `statuses` answers them in turn
    (the last one repeats)."""

    statuses: list[int] = field(default_factory=lambda: [201])
    requests: list[Request] = field(default_factory=list)

    def start(self) -> HttpReceiver:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                receiver.requests.append(
                    Request(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                )
                status = receiver.statuses[min(len(receiver.requests), len(receiver.statuses)) - 1]
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer((HOST, 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        return self

    def url(self, path: str = "/") -> str:
        return f"http://{HOST}:{self.port}{path}"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass
class Browser:
    """A browser's side of a push subscription: its key pair and auth secret, to decrypt."""

    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def keys(self) -> dict[str, str]:
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"p256dh": _b64(public), "auth": _b64(self.auth)}

    def decrypt(self, body: bytes) -> bytes:
        return http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def vapid_claims(authorization: str) -> tuple[dict, str]:
    """Check a Web Push request's VAPID authorization (RFC 8292): `vapid t=<JWT>,k=<key>`,
    the JWT signed with ES256 by the key it names. Returns the JWT's claims and the key;
    raises InvalidSignature when the signature does not match."""
    scheme, _, params = authorization.partition(" ")
    assert scheme == "vapid", authorization
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    token, key = fields["t"], fields["k"]
    head, body, signature = token.split(".")
    assert json.loads(_unb64(head)) == {"typ": "JWT", "alg": "ES256"}
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), _unb64(key))
    raw = _unb64(signature)
    assert len(raw) == 64, "ES256 signatures are r and s, 32 bytes each"
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{body}".encode(), ec.ECDSA(hashes.SHA256()))
    return json.loads(_unb64(body)), key
