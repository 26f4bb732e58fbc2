"""The Weapons Effectiveness Chart and the hill and slope rules: one firer's strength (9, 10).

Every factor is a Fraction and multiplies (PL-D14); fractions are kept (QA C1).
"""

from __future__ import annotations

from fractions import Fraction

from ...common.hexgrid import Hex, distance
from ..core.board import Map
from ..core.units import UnitType

HALF = Fraction(1, 2)


def wec_factor(t: UnitType, armored: bool, dist: int) -> Fraction | None:
    """The WEC multiplier for direct fire (9.2); None when the weapon may not attack."""
    w = t.weapon
    if not armored:
        return HALF if w == "A" else Fraction(1)
    if w == "I":
        return None  # infantry weapons hurt armour only in close assault (RB VII.E.7)
    if w == "A":
        return Fraction(2) if dist <= t.range // 2 else Fraction(1)  # half range rounds down
    if w in ("H", "HI"):
        return Fraction(1) if dist <= 6 else HALF  # the 6-hex test (RB VII.F.2.f)
    return HALF  # M: always halved against armour


def star_factor(t: UnitType, dist: int) -> Fraction | None:
    """Range: `n*` infantry fire to 2n at half strength (9.3); None when out of range."""
    if dist <= t.range:
        return Fraction(1)
    if t.star and dist <= 2 * t.range:
        return HALF
    return None


def elevation_factor(m: Map, firer: Hex, target: Hex) -> Fraction:
    """Direct fire at a slope or hilltop is halved, with the exceptions of 10."""
    te, fe = m.elevation(target), m.elevation(firer)
    if te == 0:
        return Fraction(1)
    if te == 2:
        return Fraction(1) if fe == 2 else HALF  # hilltop to hilltop (QA H1); slope firer (H2)
    if distance(firer, target) <= 1 and "brown" not in m.symbols(firer, target):
        return Fraction(1)  # adjacent to a slope (or on it), no brown side between (RB VII.H.2)
    return HALF
