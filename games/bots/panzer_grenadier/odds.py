"""Expected effect of an attack from the preview's result probabilities (9.4, 11.1, 12.4).

Effects are in steps lost (a morale check counts as part of a step: it may disrupt or
demoralize), so the strategies can weigh fire against movement in one currency.
"""

from __future__ import annotations

import re
from typing import Any

_RESULT = re.compile(r"^(?P<steps>[1-9])(?:MC|M2)$")
MORALE_CHECK = {"M": 0.25, "M1": 0.33, "M2": 0.4}
ANTI_TANK = {"none": 0.0, "step_loss": 1.0, "eliminated": 2.0}


def result_effect(code: str) -> float:
    """One result's effect on each target, in steps (a morale check as part of one)."""
    if code in ANTI_TANK:
        return ANTI_TANK[code]
    if code in MORALE_CHECK:
        return MORALE_CHECK[code]
    m = _RESULT.match(code)
    if m:
        return int(m.group("steps")) * 0.9 + (0.4 if code.endswith("M2") else 0.3)
    return 0.0


def expected_effect(probabilities: dict[str, Any] | None) -> float | None:
    """Sum of p(result) x effect over the preview's probabilities (None when unknown)."""
    if not probabilities:
        return None
    total = 0.0
    for code, p in probabilities.items():
        total += float(p["p"] if isinstance(p, dict) else p) * result_effect(code)
    return total


def fire_effect(odds: dict[str, Any] | None) -> float | None:
    """Expected steps lost per target of a fire preview (None when hidden or illegal)."""
    if not odds or not odds.get("legal", True):
        return None if not odds else 0.0
    return expected_effect(odds.get("probabilities"))


def assault_balance(odds: dict[str, Any] | None, me: str, ours: float = 1.0) -> float | None:
    """Expected effect of an assault round on the enemy less its effect on us (12.4), the
    latter weighed by `ours`."""
    if not odds or "sides" not in odds:
        return None
    mine = theirs = 0.0
    for side, entry in odds["sides"].items():
        e = expected_effect(entry.get("probabilities")) or 0.0
        if side == me:
            mine = e
        else:
            theirs = max(theirs, e)
    return mine - ours * theirs
