"""Which way a gun faces, as hex geometry only (22.2): the 120° sector in front of three
hexsides, and the hexside facing most nearly toward a hex."""

from __future__ import annotations

import math

from ...common.hexgrid import DIRECTIONS, Hex


def in_sector(gun: Hex, facing: int, target: Hex) -> bool:
    """Is `target` inside the 120° front of a gun in `gun` facing hexside `facing`? The
    sector is every non-negative mix of the two flanking directions."""
    if target == gun:
        return True
    d = target - gun
    a, b = DIRECTIONS[(facing - 1) % 6], DIRECTIONS[(facing + 1) % 6]
    det = a.q * b.r - a.r * b.q
    x = d.q * b.r - d.r * b.q
    y = a.q * d.r - a.r * d.q
    return x * det >= 0 and y * det >= 0


def toward(gun: Hex, target: Hex) -> int:
    """The hexside facing most nearly toward a hex: how a situation sets up its guns."""
    def angle(d: Hex) -> float:
        return math.atan2(math.sqrt(3) * (d.r + d.q / 2), 1.5 * d.q)

    want = angle(target - gun)
    return min(range(6), key=lambda i: abs(math.remainder(angle(DIRECTIONS[i]) - want, math.tau)))
