"""Panzer Leader counters: printed factors, weapon classes and unit functions (1.1-1.6).

Counter values come from the OpenPanzerBlitz transcription of the Panzer Leader countermix
(PL-D18): each counter names the transcribed unit it copies in `source`. The few counters with
no transcribed counterpart (the Panzer Leader 1940 variant, the German MG, the Crocodile) keep
values of our own and are marked `representative`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).resolve().parents[3] / "data" / "panzer_leader"

# Weapon classes (1.2). "(H)" is written "HI" in data: H that may also fire indirectly.
WEAPON_CLASSES = ("I", "A", "H", "HI", "M")
INDIRECT_CLASSES = frozenset({"HI", "M"})
MOVE_CLASSES = ("foot", "tracked", "truck", "wagon")  # PL-D5


@dataclass(frozen=True, slots=True)
class UnitType:
    """One kind of counter: what it prints and what the Unit Function Table says of it."""

    id: str
    name: str
    nationality: str
    kind: str  # tank, assault_gun, spa, armored_car, halftrack, truck, wagon, infantry, ...
    attack: int
    weapon: str
    range: int
    defense: int
    movement: int
    move_class: str
    vehicle: bool
    armored: bool
    star: bool = False  # `2*`: may fire to twice its range at half strength (9.3)
    infantry: bool = False  # infantry-type: may close assault (15.1)
    engineer: bool = False  # gives the close-assault column shift (15.6)
    dual_engineer: bool = False  # paratroops, rangers, commandos (QA CAT6)
    mg: bool = False  # Allied MG: assaults only with other infantry (RB VII.E.6)
    carries: str = ""  # "" nothing, "any": one non-vehicle (C class), "infantry": German AFV
    overrun: str = "none"  # "all", "unarmored", "none" (14.1)
    opfire: bool = True
    aa: bool = False
    spots: bool = True  # trucks and wagons never spot (12.3)
    dd: bool = False  # a swimming DD tank: afloat it keeps its own defence (19.3)
    turreted: bool = False  # may fire then move half under the experimental rule (22.1)
    caliber: int = 0  # mm, for loading cost (6.3): 88 and more take the whole MA
    representative: bool = True
    source: str = ""  # the transcribed unit whose values these are (PL-D18)
    flail: bool = False  # Sherman Flail: clears a minefield by driving off it (18.7)
    bridgelayer: bool = False  # Valentine: enters a stream and lays a tank bridge (18.7)
    flame: bool = False  # flame tank: its attack and range are the flamethrower's (QA U4)
    cavalry: bool = False  # PL 1940 cavalry: moves as a vehicle, crosses woods edges (QA U1)
    motorcycle: bool = False  # PL 1940 motorcycles: no close assault (QA U3)
    weapons: tuple = ()  # a second weapon class a counter also prints (QA P3, Panhard)
    period: str = ""  # "1940" for Panzer Leader 1940 counters (24)
    no_smoke: bool = False  # Maultier and Nebelwerfer fire no smoke (22.3)

    @property
    def can_fire_indirect(self) -> bool:
        return self.weapon in INDIRECT_CLASSES

    @property
    def heavy_load(self) -> bool:
        """Artillery of 88 mm or more: loading takes the carrier's whole MA (6.3)."""
        return self.caliber >= 88 and self.kind in ("gun", "howitzer", "at_gun", "aa_gun")

    @property
    def field_of_fire(self) -> bool:
        """Non-mortar artillery with MA 0 fires only to its front under 22.2."""
        return (self.movement == 0 and not self.vehicle and self.weapon != "M"
                and self.kind in ("gun", "howitzer", "at_gun", "aa_gun"))

    @property
    def light_bridge(self) -> bool:
        """May use a truck bridge: trucks, wagons, scout cars, Bren carriers, motorcycles,
        cavalry and everything on foot (QA B13)."""
        return not self.vehicle or self.kind in (
            "truck", "wagon", "carrier", "scout_car", "motorcycle", "cavalry")

    @property
    def controls(self) -> bool:
        """Trucks and wagons never control hexes nor count for victory (23.4)."""
        return self.kind not in ("truck", "wagon")


def _type(raw: dict) -> UnitType:
    fields = dict(raw)
    fields["weapons"] = tuple(fields.get("weapons", ()))
    weapon = fields["weapon"]
    if weapon not in WEAPON_CLASSES:
        raise ValueError(f"{fields['id']}: unknown weapon class {weapon!r}")
    if fields["move_class"] not in MOVE_CLASSES:
        raise ValueError(f"{fields['id']}: unknown movement class {fields['move_class']!r}")
    return UnitType(**fields)


@cache
def catalogue() -> dict[str, UnitType]:
    """Every counter type, by id, from games/data/panzer_leader/counters.json."""
    raw = json.loads((DATA / "counters.json").read_text(encoding="utf-8"))
    return {r["id"]: _type(r) for r in raw["counters"]}


def utype(unit) -> UnitType:
    """The counter type of a unit (anything with a `type_id`)."""
    return catalogue()[unit.type_id]
