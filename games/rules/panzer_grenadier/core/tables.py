"""Look up the combat tables: bombardment (9), direct fire (10), AT (11), assault (12), morale (14).

Every figure lives in a JSON file under ``data/tables/`` naming its source chart; this module only
loads, validates and reads them. Column grids (direct fire, bombardment, assault) share one
``Table`` class; threshold charts (anti-tank, morale) share one ``Bands`` class; every odds figure
comes from one dice distribution, as exact fractions.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import product
from pathlib import Path
from types import MappingProxyType
from typing import Any

DATA_DIR = Path(__file__).parents[1] / "data" / "tables"

DIRECT_FIRE_RESULTS = ("-", "M", "M1", "M2", "1MC", "2MC", "3MC")
ASSAULT_RESULTS = ("-", "M", "M1", "M2", "1M2", "2M2", "3M2")
ANTI_TANK_RESULTS = ("none", "step_loss", "eliminated")
MORALE_RESULTS = ("ok", "disrupted", "demoralized")


class TableDataError(ValueError):
    """A table data file does not have the shape the engine needs."""


@cache
def dice_distribution(dice: int) -> Mapping[int, Fraction]:
    """Return the exact probability of each total of ``dice`` six-sided dice."""
    counts: dict[int, int] = {}
    for faces in product(range(1, 7), repeat=dice):
        counts[sum(faces)] = counts.get(sum(faces), 0) + 1
    outcomes = 6**dice
    return MappingProxyType({total: Fraction(n, outcomes) for total, n in sorted(counts.items())})


@dataclass(frozen=True, eq=False)
class Odds(Mapping[str, Fraction]):
    """The chance of each result of one attack or check, before the dice are rolled.

    Reads as a mapping ``result -> Fraction`` (only results that can happen; they sum to 1), and
    says which column was used and whether the chart is provisional (the board says so).
    """

    probabilities: Mapping[str, Fraction]
    no_effect: str
    column: str | None = None
    provisional: bool = False

    def __getitem__(self, result: str) -> Fraction:
        return self.probabilities[result]

    def __iter__(self) -> Iterator[str]:
        return iter(self.probabilities)

    def __len__(self) -> int:
        return len(self.probabilities)

    @property
    def any_effect(self) -> Fraction:
        """Chance of any result other than no effect."""
        return 1 - self.probabilities.get(self.no_effect, Fraction(0))


def _odds(results: Iterator[tuple[str, Fraction]], **kwargs: object) -> Odds:
    totals: dict[str, Fraction] = {}
    for result, p in results:
        totals[result] = totals.get(result, Fraction(0)) + p
    return Odds(probabilities=MappingProxyType(totals), **kwargs)  # type: ignore[arg-type]


def _read_json(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise TableDataError(f"{path.name}: cannot read table data: {exc}") from exc
    if not isinstance(data, dict):
        raise TableDataError(f"{path.name}: expected a JSON object")
    return data


@dataclass(frozen=True)
class Table:
    """A combat table: ascending fire-value columns by dice-roll rows (DF, bombardment, assault)."""

    name: str
    source: str
    dice: int
    columns: tuple[int, ...]
    rows: Mapping[int, tuple[str, ...]] = field(repr=False)
    shift_min: int | None
    shift_max: int | None
    provisional: bool = False
    note: str = ""

    @property
    def labels(self) -> tuple[str, ...]:
        """Column headings as printed: the last one open-ended (``"45+"``)."""
        return tuple(str(c) for c in self.columns[:-1]) + (f"{self.columns[-1]}+",)

    def column_index(self, fire_value: int, column_shift: int) -> int:
        """Return the index of the column used after shifting (D22, D-FIRE-MIN, D-ASSAULT-CAP).

        The base column is the largest heading not above the fire value. The net shift is capped
        by the table's limits (none for assault), then the column stops at either edge.
        """
        if fire_value < self.columns[0]:
            # D-FIRE-MIN: a unit with no fire value cannot fire; callers never get here legally.
            raise ValueError(
                f"{self.name}: fire value {fire_value} is below the first column {self.columns[0]}"
            )
        base = max(i for i, heading in enumerate(self.columns) if heading <= fire_value)
        shift = column_shift
        if self.shift_min is not None:
            shift = max(self.shift_min, shift)
        if self.shift_max is not None:
            shift = min(self.shift_max, shift)
        return min(max(base + shift, 0), len(self.columns) - 1)

    def column(self, fire_value: int, column_shift: int) -> str:
        """Return the heading of the column used, as printed (``"16"``, ``"45+"``)."""
        return self.labels[self.column_index(fire_value, column_shift)]

    def lookup(self, fire_value: int, column_shift: int, roll: int) -> str:
        """Return the result for a fire value, net column shift and dice roll."""
        if roll not in self.rows:
            span = f"{min(self.rows)}-{max(self.rows)}"
            raise ValueError(f"{self.name}: dice roll {roll} is not on the table ({span})")
        return self.rows[roll][self.column_index(fire_value, column_shift)]

    def odds(self, fire_value: int, column_shift: int) -> Odds:
        """Return the chance of each result before rolling."""
        i = self.column_index(fire_value, column_shift)
        return _odds(
            ((self.rows[roll][i], p) for roll, p in dice_distribution(self.dice).items()),
            no_effect="-",
            column=self.labels[i],
            provisional=self.provisional,
        )


def load_table(path: Path, allowed: tuple[str, ...]) -> Table:
    """Load and validate a column table; raise TableDataError naming the file and cell."""
    data = _read_json(path)
    where = path.name
    columns = data.get("columns")
    if not (isinstance(columns, list) and columns and all(type(c) is int for c in columns)):
        raise TableDataError(f"{where}: 'columns' must be a non-empty list of integers")
    if columns[0] < 1 or any(a >= b for a, b in zip(columns, columns[1:], strict=False)):
        raise TableDataError(f"{where}: columns {columns} must ascend from at least 1")
    dice = data.get("dice")
    if dice not in (1, 2):
        raise TableDataError(f"{where}: 'dice' must be 1 or 2, not {dice!r}")
    raw_rows = data.get("rows")
    if not isinstance(raw_rows, dict):
        raise TableDataError(f"{where}: 'rows' must be an object of dice roll -> results")
    expected = set(dice_distribution(dice))
    unknown_rows = set(raw_rows) - {str(r) for r in expected}
    if unknown_rows:
        raise TableDataError(
            f"{where}: rows {sorted(unknown_rows)} are not possible rolls of {dice}d6"
        )
    labels = [str(c) for c in columns[:-1]] + [f"{columns[-1]}+"]
    rows: dict[int, tuple[str, ...]] = {}
    for roll in sorted(expected):
        row = raw_rows.get(str(roll))
        if not isinstance(row, list):
            raise TableDataError(f"{where}: row {roll} is missing")
        if len(row) != len(columns):
            missing = labels[len(row) :] or ["(extra cells)"]
            raise TableDataError(
                f"{where}: row {roll} has {len(row)} cells for {len(columns)} columns;"
                f" column {missing[0]} is wrong"
            )
        for label, result in zip(labels, row, strict=True):
            if result not in allowed:
                raise TableDataError(
                    f"{where}: cell (column {label}, roll {roll}) holds {result!r},"
                    f" not one of {', '.join(allowed)}"
                )
        rows[roll] = tuple(row)
    shift_min, shift_max = data.get("shift_min"), data.get("shift_max")
    for key, value in (("shift_min", shift_min), ("shift_max", shift_max)):
        if value is not None and type(value) is not int:
            raise TableDataError(f"{where}: {key!r} must be an integer or null")
    return Table(
        name=str(data.get("name", where)),
        source=str(data.get("source", "")),
        dice=dice,
        columns=tuple(columns),
        rows=MappingProxyType(rows),
        shift_min=shift_min,
        shift_max=shift_max,
        provisional=bool(data.get("provisional", False)),
        note=str(data.get("note", "")),
    )


@dataclass(frozen=True)
class Bands:
    """A threshold chart: consecutive ranges of a total, one result each (anti-tank, morale)."""

    name: str
    source: str
    bands: tuple[tuple[int | None, int | None, str], ...]

    def lookup(self, value: int) -> str:
        """Return the result for a modified total."""
        for low, high, result in self.bands:
            if (low is None or value >= low) and (high is None or value <= high):
                return result
        raise AssertionError("validated bands cover every integer")  # pragma: no cover


def load_bands(path: Path, allowed: tuple[str, ...]) -> Bands:
    """Load and validate a threshold chart; the bands must cover every total exactly once."""
    data = _read_json(path)
    where = path.name
    raw = data.get("bands")
    if not (isinstance(raw, list) and raw):
        raise TableDataError(f"{where}: 'bands' must be a non-empty list")
    bands: list[tuple[Any, Any, Any]] = []
    for n, band in enumerate(raw):
        if not isinstance(band, dict):
            raise TableDataError(f"{where}: band {n} must be an object")
        low, high, result = band.get("min"), band.get("max"), band.get("result")
        if result not in allowed:
            raise TableDataError(
                f"{where}: band {n} holds {result!r}, not one of {', '.join(allowed)}"
            )
        if (low is None) != (n == 0) or (high is None) != (n == len(raw) - 1):
            raise TableDataError(
                f"{where}: only the first band may be open below and only the last open above"
            )
        if n and low != bands[-1][1] + 1:
            raise TableDataError(f"{where}: band {n} must start at {bands[-1][1] + 1}, not {low}")
        if low is not None and high is not None and high < low:
            raise TableDataError(f"{where}: band {n} ends before it starts")
        bands.append((low, high, result))
    name, source = str(data.get("name", where)), str(data.get("source", ""))
    return Bands(name=name, source=source, bands=tuple(bands))


DIRECT_FIRE = load_table(DATA_DIR / "direct_fire.json", DIRECT_FIRE_RESULTS)
BOMBARDMENT = load_table(DATA_DIR / "bombardment.json", DIRECT_FIRE_RESULTS)
ASSAULT = load_table(DATA_DIR / "assault.json", ASSAULT_RESULTS)
ANTI_TANK = load_bands(DATA_DIR / "anti_tank.json", ANTI_TANK_RESULTS)
MORALE = load_bands(DATA_DIR / "morale.json", MORALE_RESULTS)

#: D23: true while bombardment borrows the Direct Fire grid; the board says "provisional chart".
BOMBARDMENT_IS_PROVISIONAL = BOMBARDMENT.provisional


def direct_fire(fire_value: int, column_shift: int, dice: int) -> str:
    """Resolve direct fire (10.2); the net shift is capped at -2..+3 (10.3, D22)."""
    return DIRECT_FIRE.lookup(fire_value, column_shift, dice)


def bombardment(fire_value: int, column_shift: int, dice: int) -> str:
    """Resolve bombardment (9.4) on the provisional chart (D23)."""
    return BOMBARDMENT.lookup(fire_value, column_shift, dice)


def assault(fire_value: int, column_shift: int, die: int) -> str:
    """Resolve one side's assault fire (12.4) on 1d6; no shift cap is printed (D-ASSAULT-CAP)."""
    return ASSAULT.lookup(fire_value, column_shift, die)


def anti_tank(modified_total: int) -> str:
    """Return the anti-tank result for 2d6 + AT value - armor + modifiers (11.1)."""
    return ANTI_TANK.lookup(modified_total)


def morale_check(dice_total: int, morale: int) -> str:
    """Return the morale check result for a modified dice total against current morale (14.1)."""
    return MORALE.lookup(dice_total - morale)


def direct_fire_odds(fire_value: int, column_shift: int) -> Odds:
    """Return the chance of each direct fire result (10.2) and the column used."""
    return DIRECT_FIRE.odds(fire_value, column_shift)


def bombardment_odds(fire_value: int, column_shift: int) -> Odds:
    """Return the chance of each bombardment result (9.4); ``provisional`` is set (D23)."""
    return BOMBARDMENT.odds(fire_value, column_shift)


def assault_odds(fire_value: int, column_shift: int) -> Odds:
    """Return the chance of each assault result (12.4) and the column used."""
    return ASSAULT.odds(fire_value, column_shift)


def anti_tank_odds(base_modifier: int) -> Odds:
    """Return the chance of each anti-tank result given AT value - armor + DRMs (11.1)."""
    rolls = dice_distribution(2).items()
    return _odds(((anti_tank(roll + base_modifier), p) for roll, p in rolls), no_effect="none")


def morale_odds(morale: int, check_mod: int = 0) -> Odds:
    """Return the chance of each morale check result, with +``check_mod`` on the dice (14.1)."""
    rolls = dice_distribution(2).items()
    return _odds(((morale_check(roll + check_mod, morale), p) for roll, p in rolls), no_effect="ok")


_RESULT = re.compile(r"^(?:(?P<none>-)|M(?P<mod>[1-9]?)|(?P<steps>[1-9])(?P<kind>MC|M2))$")


@dataclass(frozen=True)
class FireResult:
    """What a table result asks of the target hex (10.2 direct fire / bombardment, 12.4 assault).

    ``kind`` is ``"none"``, ``"M"`` (morale check with +``morale_mod``), ``"MC"`` (direct fire:
    ``steps`` losses among combat units other than closed-top AFVs and ``steps`` among transports,
    then closed-top AFVs check as M and every other unit as M2) or ``"M2"`` (assault: ``steps``
    losses among combat units of any type and among transports, then every survivor checks M2).
    Which units check on a plain M differs by table (direct fire: only units without armor
    values; assault: every enemy unit) and is the procedure's business.
    """

    code: str
    kind: str
    steps: int = 0
    morale_mod: int | None = None

    @property
    def closed_top_afv_morale_mod(self) -> int | None:
        """Dice modifier for closed-top AFVs' check after step losses: M on #MC, M2 on #M2."""
        return 0 if self.kind == "MC" else self.morale_mod if self.kind == "M2" else None

    @property
    def needs_afv_step(self) -> bool:
        """True if one loss must come from an AFV when present (open-top on #MC, any on #M2)."""
        return self.steps >= 2


def parse_result(code: str) -> FireResult:
    """Split a direct fire, bombardment or assault result code into what it does (10.2, 12.4)."""
    m = _RESULT.match(code)
    if m is None:
        raise ValueError(f"not a combat table result: {code!r}")
    if m["none"]:
        return FireResult(code=code, kind="none")
    if m["kind"]:
        return FireResult(code=code, kind=m["kind"], steps=int(m["steps"]), morale_mod=2)
    return FireResult(code=code, kind="M", morale_mod=int(m["mod"] or 0))
