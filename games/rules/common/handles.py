"""Per-viewer handles for enemy counters: a unit cannot be tracked from sighting to sighting.

A handle is HMAC-SHA256 of the game's secret over (viewer, unit id, contact epoch), cut to
16 hex digits with a "u" in front. The secret lives in the state (`GameState.secret`) and in
no view; the epoch of a (viewer, unit) pair goes up each time the viewer loses contact
(knowledge.py), so the next sighting gets a new handle. Without the secret a handle cannot
be computed from the public scenario file's unit ids (D-DB-HANDLE).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping

from .errors import IllegalCommand

PREFIX = "u"
LENGTH = 16


class MissingSecret(ValueError):
    """A game with hidden information was started without a secret for its handles."""


def handle(secret: str, viewer: str, unit_id: str, epoch: int) -> str:
    """The handle `viewer` knows `unit_id` by during contact number `epoch`."""
    if not secret:
        raise MissingSecret("a game with hidden information needs a secret: knowledge.start()")
    msg = f"{viewer}\x00{unit_id}\x00{epoch}".encode()
    return PREFIX + hmac.new(secret.encode(), msg, hashlib.sha256).hexdigest()[:LENGTH]


def resolve(names: Mapping[str, str], value: str, verb: str) -> str:
    """The unit id behind a handle the viewer holds; refused the same way for any other
    string, so a guessed id or a stale handle tells nothing (D-DB-HANDLE)."""
    for uid, h in names.items():
        if h == value:
            return uid
    raise IllegalCommand(f"{verb}: you know of no enemy unit {value!r} (18.0)", rule="18.0")
