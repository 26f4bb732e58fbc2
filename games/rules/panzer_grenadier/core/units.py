"""The unit and leader catalogue: printed counter values as data (0.0, 6.0).

A counter's printed values live in `games/rules/panzer_grenadier/data/units.json`; morale comes from the
scenario (per side), not from the counter, except for leaders, who print their own.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parents[1] / "data" / "units.json"

MOVEMENT_CLASSES = ("foot", "motorized", "mechanized")

# What a unit is, in the game's words. The combat procedures key several chart lines on it
# ("target is a mortar, anti-air, anti-tank or cavalry unit", "target is an artillery unit").
UNIT_KINDS = (
    "infantry",  # rifle, SMG, paratroop... platoons
    "recon",  # recon/scout infantry (double-blind OPs move with them)
    "engineer",
    "cavalry",
    "hmg",
    "mortar",
    "infantry_gun",
    "at_gun",
    "aa_gun",
    "artillery",
    "tank",
    "tank_destroyer",
    "assault_gun",
    "armored_car",
    "apc",
    "truck",
    "wagon",
    "prime_mover",
)
PERSONNEL_KINDS = frozenset({"infantry", "recon", "engineer", "cavalry", "hmg"})
WEAPON_KINDS = frozenset({"mortar", "infantry_gun", "at_gun", "aa_gun", "artillery"})
AFV_KINDS = frozenset({"tank", "tank_destroyer", "assault_gun", "armored_car", "apc"})
TRANSPORT_KINDS = frozenset({"apc", "truck", "wagon", "prime_mover"})
LEADER_KINDS = ("infantry", "tank", "cavalry", "kommissar")

# Ranks in ascending order (6.0); only the order matters to the rules.
RANKS = ("sergeant", "lieutenant", "captain", "major", "lieutenant_colonel", "colonel", "general")


@dataclass(frozen=True, slots=True)
class FireValue:
    """A printed `strength-range` pair."""

    strength: int
    range: int


@dataclass(frozen=True, slots=True)
class Face:
    """The values printed on one side of a unit counter (full or reduced strength)."""

    direct_fire: FireValue | None
    bombardment: FireValue | None
    anti_tank: FireValue | None
    armor: int | None
    movement: int


@dataclass(frozen=True, slots=True)
class UnitType:
    """A combat or transport unit counter (0.0)."""

    id: str
    name: str
    nationality: str
    kind: str
    movement_class: str
    steps: int
    full: Face
    reduced: Face | None
    open_top: bool = False
    # Full-strength German and Soviet Guards AFVs fire twice (AT chart).
    efficient: bool = False
    # How many personnel/weapon "loads" it can carry (5.6); 0 = not a transport.
    capacity: int = 0
    # Whether it can tow weapons (prime movers, trucks, wagons).
    can_tow: bool = False
    # Double-blind optional addition 3: infantry guns and 57 mm or smaller AT guns.
    low_profile: bool = False
    # Amphibious vehicles add 1 to mire rolls in swamp and water (17 Part II).
    amphibious: bool = False

    @property
    def is_leader(self) -> bool:
        return False

    @property
    def is_afv(self) -> bool:
        return self.kind in AFV_KINDS

    @property
    def is_transport(self) -> bool:
        """Trucks, wagons, prime movers and APCs: the "transport" category of 7.6 losses."""
        return self.kind in TRANSPORT_KINDS

    @property
    def is_combat_unit(self) -> bool:
        """Counts for stacking and takes combat-unit step losses: anything armed but transports.

        An APC is an AFV and a transport; the loss categories treat it as a transport only when
        it has no direct fire or anti-tank value (D6 notes the stacking side of this).
        """
        if self.kind in ("truck", "wagon", "prime_mover"):
            return False
        if self.kind == "apc":
            return self.full.direct_fire is not None or self.full.anti_tank is not None
        return True

    @property
    def is_personnel(self) -> bool:
        return self.kind in PERSONNEL_KINDS

    @property
    def is_weapon(self) -> bool:
        return self.kind in WEAPON_KINDS

    @property
    def is_closed_top_afv(self) -> bool:
        return self.is_afv and not self.open_top and self.full.armor is not None

    def face(self, steps: int) -> Face:
        """The face showing for a unit with `steps` steps left (7.6)."""
        if steps >= self.steps or self.reduced is None:
            return self.full
        return self.reduced


@dataclass(frozen=True, slots=True)
class LeaderType:
    """A leader counter: rank, morale, combat and morale modifiers (6.0)."""

    id: str
    name: str
    nationality: str
    kind: str
    rank: str
    morale: int
    combat_modifier: int
    morale_modifier: int
    movement: int = 5
    movement_class: str = "foot"

    @property
    def is_leader(self) -> bool:
        return True

    @property
    def rank_order(self) -> int:
        return RANKS.index(self.rank)

    @property
    def steps(self) -> int:
        return 1

    @property
    def is_afv(self) -> bool:
        return False

    @property
    def is_transport(self) -> bool:
        return False

    @property
    def is_combat_unit(self) -> bool:
        return False


CounterType = UnitType | LeaderType


class CatalogueError(ValueError):
    """A unit catalogue entry is malformed; the message lists every problem by path."""


def _fire(raw: Any) -> FireValue | None:
    if raw is None:
        return None
    return FireValue(strength=int(raw[0]), range=int(raw[1]))


def _face(raw: dict[str, Any]) -> Face:
    return Face(
        direct_fire=_fire(raw.get("direct_fire")),
        bombardment=_fire(raw.get("bombardment")),
        anti_tank=_fire(raw.get("anti_tank")),
        armor=raw.get("armor"),
        movement=int(raw.get("movement", 0)),
    )


def unit_type_from_dict(raw: dict[str, Any]) -> UnitType:
    """Build a UnitType from its catalogue JSON object."""
    return UnitType(
        id=raw["id"],
        name=raw["name"],
        nationality=raw["nationality"],
        kind=raw["kind"],
        movement_class=raw["movement_class"],
        steps=int(raw.get("steps", 2)),
        full=_face(raw["full"]),
        reduced=_face(raw["reduced"]) if raw.get("reduced") else None,
        open_top=bool(raw.get("open_top", False)),
        efficient=bool(raw.get("efficient", False)),
        capacity=int(raw.get("capacity", 0)),
        can_tow=bool(raw.get("can_tow", False)),
        low_profile=bool(raw.get("low_profile", False)),
        amphibious=bool(raw.get("amphibious", False)),
    )


def leader_type_from_dict(raw: dict[str, Any]) -> LeaderType:
    """Build a LeaderType from its catalogue JSON object."""
    return LeaderType(
        id=raw["id"],
        name=raw["name"],
        nationality=raw["nationality"],
        kind=raw.get("kind", "infantry"),
        rank=raw["rank"],
        morale=int(raw["morale"]),
        combat_modifier=int(raw["combat_modifier"]),
        morale_modifier=int(raw["morale_modifier"]),
        movement=int(raw.get("movement", 5)),
        movement_class=raw.get("movement_class", "foot"),
    )


def validate_catalogue(raw: dict[str, Any]) -> list[str]:
    """Every problem in a catalogue document, each prefixed with its path."""
    problems: list[str] = []
    seen: set[str] = set()
    for i, u in enumerate(raw.get("units", [])):
        where = f"units[{i}]"
        for key in ("id", "name", "nationality", "kind", "movement_class", "full"):
            if key not in u:
                problems.append(f"{where}.{key}: missing")
        if u.get("kind") not in UNIT_KINDS:
            problems.append(
                f"{where}.kind: {u.get('kind')!r} is not one of {', '.join(UNIT_KINDS)}"
            )
        if u.get("movement_class") not in MOVEMENT_CLASSES:
            problems.append(
                f"{where}.movement_class: {u.get('movement_class')!r} is not a movement class"
            )
        if u.get("steps", 2) not in (1, 2):
            problems.append(f"{where}.steps: must be 1 or 2")
        if u.get("steps", 2) == 2 and not u.get("reduced"):
            problems.append(f"{where}.reduced: a two-step unit needs its reduced face")
        if u.get("id") in seen:
            problems.append(f"{where}.id: duplicate id {u.get('id')!r}")
        seen.add(u.get("id"))
    for i, led in enumerate(raw.get("leaders", [])):
        where = f"leaders[{i}]"
        for key in (
            "id",
            "name",
            "nationality",
            "rank",
            "morale",
            "combat_modifier",
            "morale_modifier",
        ):
            if key not in led:
                problems.append(f"{where}.{key}: missing")
        if led.get("rank") not in RANKS:
            problems.append(f"{where}.rank: {led.get('rank')!r} is not one of {', '.join(RANKS)}")
        if led.get("movement_class", "foot") not in MOVEMENT_CLASSES:
            problems.append(
                f"{where}.movement_class: {led.get('movement_class')!r} is not a movement class"
            )
        if led.get("kind", "infantry") not in LEADER_KINDS:
            problems.append(f"{where}.kind: {led.get('kind')!r} is not a leader kind")
        if led.get("id") in seen:
            problems.append(f"{where}.id: duplicate id {led.get('id')!r}")
        seen.add(led.get("id"))
    return problems


@dataclass(frozen=True)
class Catalogue:
    """Every counter type by id."""

    types: dict[str, CounterType]

    def __getitem__(self, type_id: str) -> CounterType:
        return self.types[type_id]

    def __contains__(self, type_id: object) -> bool:
        return type_id in self.types


def catalogue_from_dict(raw: dict[str, Any]) -> Catalogue:
    """Validate and build a catalogue; raises CatalogueError listing every problem."""
    problems = validate_catalogue(raw)
    if problems:
        raise CatalogueError("bad unit catalogue:\n" + "\n".join(problems))
    types: dict[str, CounterType] = {}
    for u in raw.get("units", []):
        types[u["id"]] = unit_type_from_dict(u)
    for led in raw.get("leaders", []):
        types[led["id"]] = leader_type_from_dict(led)
    return Catalogue(types=types)


@cache
def catalogue() -> Catalogue:
    """The bundled catalogue (loaded once)."""
    return catalogue_from_dict(json.loads(DATA.read_text()))
