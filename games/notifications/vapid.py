"""The server's VAPID key pair for Web Push, generated once into var/ like the secret key.

Production may give the private key instead (VAPID_PRIVATE_KEY, a PEM file's path), so that
every process and every deploy signs with the same key: browsers' subscriptions are bound to
the public key, and a new one would silently orphan them.
"""

from __future__ import annotations

import base64
import os
from functools import cache
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings


def key_path() -> Path:
    given = os.environ.get("VAPID_PRIVATE_KEY", "")
    return Path(given) if given else Path(settings.VAR_DIR) / "vapid_private_key.pem"


def _generate(path: Path) -> None:
    """Write a new P-256 private key; exclusive create, so two processes keep one key."""
    path.parent.mkdir(parents=True, exist_ok=True)
    key = ec.generate_private_key(ec.SECP256R1())
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    try:
        with open(path, "xb") as handle:
            handle.write(pem)
        path.chmod(0o600)
    except FileExistsError:
        pass


@cache
def private_key_file() -> str:
    """The private key's path (created on first use): pywebpush reads it from there."""
    path = key_path()
    if not path.exists():
        _generate(path)
    return str(path)


@cache
def public_key() -> str:
    """The application server key browsers subscribe with: the uncompressed point, base64url."""
    key = serialization.load_pem_private_key(Path(private_key_file()).read_bytes(), None)
    raw = key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")
