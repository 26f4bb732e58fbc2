"""What standing orders share in every ruleset: the answers, the target filters and their
bounds, and reading an order's `at`, `answer` and `min_chance` (the units an order names and
when it fires are each ruleset's own)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

ANSWERS = ("fire", "never", "ask")
TARGET_FILTERS = ("any", "afv", "hexes", "within")
MAX_HEXES = 40
MAX_RANGE = 30

Label = Callable[[Any, str], str]  # (raw hex, field name) -> the hex's label, or ValueError


def check_answer(raw: dict) -> str:
    """The order's answer: fire, never or ask (ValueError naming the field otherwise)."""
    answer = raw.get("answer", "fire")
    if answer not in ANSWERS:
        raise ValueError(f"answer must be one of {', '.join(ANSWERS)}")
    return answer


def check_chance(raw: dict) -> int:
    """The least chance of any result the order fires at, a whole percentage."""
    chance = raw.get("min_chance", 0)
    if not isinstance(chance, int) or isinstance(chance, bool) or not 0 <= chance <= 100:
        raise ValueError("min_chance must be a whole percentage from 0 to 100")
    return chance


def check_at(raw: Any, label: Label) -> dict:
    """What the order fires at: any target, AFVs, targets in listed hexes, or within N hexes."""
    kind = raw.get("kind") if isinstance(raw, dict) else None
    if kind not in TARGET_FILTERS:
        raise ValueError(f"at.kind must be one of {', '.join(TARGET_FILTERS)}")
    if kind == "hexes":
        hexes = raw.get("hexes")
        if not isinstance(hexes, list) or not 0 < len(hexes) <= MAX_HEXES:
            raise ValueError(f"at.hexes must list 1 to {MAX_HEXES} hexes")
        return {"kind": kind, "hexes": [label(h, "at.hexes") for h in hexes]}
    if kind == "within":
        n = raw.get("range")
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_RANGE:
            raise ValueError(f"at.range must be a whole number of hexes from 0 to {MAX_RANGE}")
        return {"kind": kind, "range": n}
    return {"kind": kind}
