"""The situation of one attack before its dice (7.0, 9.4, 10.3, 11.1, 12.4).

An `AttackSituation` is everything an attack's outcome depends on except the roll: the table,
the fire value and how it was built, every column shift (or anti-tank dice modifier) with its
reason and rule, the column it lands on and the chance of each result. Each attack family
builds it in one function (`direct_fire_situation`, `anti_tank_situation`,
`bombardment_situation`, `assault_situation`, `drumfire_situation`, the air strike's in
air_support); the resolution turns it into its events and rolls, the preview shows it. So the
preview is the resolution minus the dice, by construction.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core import tables
from .events import Event, Shift, event, shift_events

DIRECT_FIRE, BOMBARDMENT, ASSAULT, ANTI_TANK = "direct_fire", "bombardment", "assault", "anti_tank"
COLUMN_TABLES = {
    DIRECT_FIRE: tables.DIRECT_FIRE,
    BOMBARDMENT: tables.BOMBARDMENT,
    ASSAULT: tables.ASSAULT,
}


def column_events(table: Any, value: int, shifts: list[Shift] | tuple[Shift, ...]) -> tuple[int, Event]:
    """The net shift, capped as the table says (10.3, D22), and the column event."""
    net = sum(s.shift for s in shifts)
    applied = net
    if table.shift_min is not None:
        applied = max(table.shift_min, applied)
    if table.shift_max is not None:
        applied = min(table.shift_max, applied)
    base = table.column(value, 0)
    col = table.column(value, net)
    reason = f"column {base}, net shift {net:+d}"
    if applied != net:
        reason += f" capped at {applied:+d} (10.3)"
    if table.column_index(value, net) != table.column_index(value, 0) + applied:
        reason += " and stopped at the table's edge (D22)"
    return net, event(
        "column",
        base_column=base,
        net_shift=net,
        applied_shift=applied,
        column=col,
        provisional=bool(getattr(table, "provisional", False)),
        reason=reason,
    )


def probabilities(odds: Any) -> dict[str, dict[str, Any]]:
    """Each result's chance, as a rounded float and an exact fraction string."""
    return {r: {"p": round(float(p), 4), "fraction": str(Fraction(p))} for r, p in odds.items()}


@dataclass(frozen=True, slots=True)
class AttackSituation:
    """One attack (or one side's fire in an assault round) before the dice.

    `kind`: direct, anti_tank, bombardment, assault, drumfire. `table`: the table rolled on
    (direct_fire, bombardment, assault; anti_tank for the anti-tank bands). `armor`: the
    target's armor, anti-tank only (its `shifts` are then dice roll modifiers).
    """

    kind: str
    table: str
    side: str | None
    value: int
    value_parts: tuple[dict[str, Any], ...] = ()
    shifts: tuple[Shift, ...] = ()
    armor: int | None = None

    @property
    def net_shift(self) -> int:
        return sum(s.shift for s in self.shifts)

    @property
    def modifier(self) -> int:
        """Anti-tank: what is added to the 2d6 (AT value - armor + modifiers, 11.1)."""
        return self.value - int(self.armor or 0) + self.net_shift

    def column_event(self) -> Event:
        """The column event of a column table (the resolution logs it as is)."""
        return column_events(COLUMN_TABLES[self.table], self.value, self.shifts)[1]

    def shift_events(self, *, side: str | None = None) -> list[Event]:
        return shift_events(self.shifts, side=side)

    def odds(self) -> tables.Odds:
        if self.table == ANTI_TANK:
            return tables.anti_tank_odds(self.modifier)
        return COLUMN_TABLES[self.table].odds(self.value, self.net_shift)

    def result(self, roll_total: int) -> str:
        """The table's result for a roll (2d6, or 1d6 in assault)."""
        if self.table == ANTI_TANK:
            return tables.anti_tank(roll_total + self.modifier)
        return COLUMN_TABLES[self.table].lookup(self.value, self.net_shift, roll_total)

    def to_json(self) -> dict[str, Any]:
        """The preview's form: legal, value, shifts, column (or modifier) and the chances."""
        out: dict[str, Any] = {
            "kind": self.kind,
            "table": self.table,
            "legal": True,
            "problems": [],
            "side": self.side,
            "value": self.value,
            "value_parts": list(self.value_parts),
            "shifts": [s.to_json() for s in self.shifts],
        }
        if self.table == ANTI_TANK:
            out.update(armor=self.armor, modifier=self.modifier)
        elif self.value > 0:
            col = self.column_event()
            out.update(
                base_column=col["base_column"],
                net_shift=col["net_shift"],
                applied_shift=col["applied_shift"],
                column=col["column"],
                provisional=col["provisional"],
            )
        if self.value > 0 or self.table == ANTI_TANK:
            odds = self.odds()
            out.update(
                probabilities=probabilities(odds), any_effect=round(float(odds.any_effect), 4)
            )
        return out


def refused(kind: str, problems: list[str]) -> dict[str, Any]:
    """The preview's form of an attack that may not be made, and why."""
    return {"kind": kind, "legal": False, "problems": list(problems)}
