"""Canonical JSON: one text for one value on any machine and in any process (sorted keys,
no spaces, non-ASCII kept as it is), what state hashes and scenario revisions digest."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(value: Any) -> str:
    """Deterministic JSON text: sorted keys, no spaces."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(value: Any) -> str:
    """SHA-256 (hex) of the canonical JSON of a JSON-ready value."""
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()
