"""The state of a Panzer Leader game: plain data, hexes named by their labels.

Every field is JSON-ready (strings, numbers, lists, dicts), so encoding is one dict and the
hash is SHA-256 of its canonical text. `apply` copies the state before changing anything
(engine.py), so no caller ever sees a state change under it.
"""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass, field, fields
from typing import Any

SCHEMA = 1
PHASES = ("combat", "air", "move_vehicles", "move_foot", "assault")
ENDED = "ended"
# Before turn 1, when a situation has set-up areas: the sides place their units (PL-E1).
SETUP = "setup"
OK, DISPERSED = "ok", "dispersed"


@dataclass
class Unit:
    """One counter on (or due to enter) the map, with the markers the rules put on it."""

    id: str
    type_id: str
    side: str
    hex: str | None = None
    status: str = OK  # ok or dispersed (inverted, 8.5)
    fired: bool = False  # fired this segment: inverted, may not move (3)
    opfired: bool = False  # opportunity-fire marker: no fire or move next own segment (21.2)
    carried_by: str | None = None
    mp_spent: float = 0.0  # this movement phase (halves are exact in binary)
    moved: bool = False  # made its move this phase
    road_used: bool = False  # used the road rate this phase (no overrun after it, 14.3)
    op_done: str = ""  # "load" / "unload": the carrier's one operation this phase (6.2)
    unloaded: bool = False  # was carried or unloaded this segment: no close assault (6.7)
    stopped: bool = False  # may move no further this phase (mine, block, stream roll)
    spotted_at: str | None = None  # the Spotted marker: fired from this woods/town hex (12.2b)
    mine: str = ""  # "pending": entered a minefield, to be attacked; "survived:<hex>"
    order: dict | None = None  # indirect-fire order {"hex", "turn", "spotters", "had_enemy"}
    indirect_turn: int = 0  # the turn indirect fire last hit it (QA IF5)
    assaulted: bool = False
    overran: bool = False
    quick_time: bool = False  # moving at Quick-Time this phase (21.1)
    eliminated: bool = False
    exited: bool = False
    entry_turn: int = 0  # >0: enters the map that turn from `entry` hexes (4.7)
    entry: list[str] = field(default_factory=list)
    began_adjacent: list[str] = field(default_factory=list)  # block hexes it began beside
    in_fort: bool = False  # under the fortification counter, not on top of it (17.3)
    afloat: bool = False  # on a sea hex before landing (19.2)
    landed: int = 0  # the turn it landed: no Quick-Time (QA QT1)
    pa_target: str | None = None  # Panzerblitz Assault: must assault this hex (21.4)
    blocks_made: int = 0  # one block per engineer per situation (RB X.B.2)
    repositioned: int = 0  # the turn it moved between inside and on top: no fire (QA F3)
    under_bridge: bool = False  # in the stream under a bridge, not on it (18.6; QA B2)
    revealed: bool = False  # afloat, but fired on and so turned face up (19.3)
    start_hex: str | None = None  # where it began its side's segment (QA E5)
    hexes_moved: int = 0  # hexes entered this phase (QA U1: cavalry assault after 0-1)
    vehicle: str | None = None  # an engineer's designated vehicle (18.3)
    vehicle_from: int = 0  # the turn a newly assigned vehicle serves from (QA E6)
    tasks_done: int = 0  # engineering tasks done by a one-task engineer (QA E11)
    equipped: bool = False  # an invasion or airborne engineer: no vehicle, one task (QA E11)
    facing: int | None = None  # the hexside a gun faces, field of fire (22.2)
    bridge_aboard: bool = False  # a Valentine still carrying its bridge (18.7)
    turned_gun: bool = False  # a carrier that let a big gun change facing this phase (22.2)

    @property
    def on_map(self) -> bool:
        return self.hex is not None and not self.eliminated and not self.exited


@dataclass
class GameState:
    scenario_id: str
    seats: list[dict]  # [{"id", "side"}]
    sides: list[str]  # in segment order: the first moves first each turn
    turns: int
    options: list[str]
    units: dict[str, Unit]
    turn: int = 1
    active_side: str = ""
    phase: str = "combat"
    mines: dict[str, dict] = field(default_factory=dict)  # hex -> {"owner", "known": [sides]}
    blocks: list[str] = field(default_factory=list)
    forts: dict[str, dict] = field(default_factory=dict)  # hex -> {"defense"} (17.3)
    blown: list[str] = field(default_factory=list)  # bridges demolished: plain streams (18.4)
    wrecks: dict[str, int] = field(default_factory=dict)
    control: dict[str, str] = field(default_factory=dict)  # hex -> side that last held it
    pending: dict | None = None  # an opportunity-fire window during a move (21.2)
    overrun_hexes: list[str] = field(default_factory=list)  # overrun this phase (14.3)
    assaulted_hexes: list[str] = field(default_factory=list)  # assaulted this segment (15.4)
    indirect_done: bool = False
    aircraft: dict[str, dict] = field(default_factory=dict)  # (20)
    air_hexes: list[str] = field(default_factory=list)  # struck this air phase (20.3)
    result: dict | None = None
    secret: str = ""  # makes the handles of hidden afloat units opaque (19.3; arm)
    temp_bridges: dict[str, dict] = field(default_factory=dict)  # hex -> bridge (18.8)
    smoke: dict[str, dict] = field(default_factory=dict)  # hex -> {"side", "turn"} (22.3)
    naval: list[dict] = field(default_factory=list)  # naval fire allotments (19.4)
    naval_used: dict[str, int] = field(default_factory=dict)  # "side:turn" -> points used
    naval_orders: list[dict] = field(default_factory=list)  # indirect, two turns ahead
    tasks: list[dict] = field(default_factory=list)  # engineering tasks under way (18)
    cargo: dict[str, dict] = field(default_factory=dict)  # mine and bridge counters (18.9)
    of_runs: dict[str, dict] = field(default_factory=dict)  # mover -> firer -> MP in sight
    of_declined: dict[str, list] = field(default_factory=dict)  # mover -> firers that passed
    attacks_made: dict[str, int] = field(default_factory=dict)  # side -> attacks (QA G6)
    fired_hexes: list[str] = field(default_factory=list)  # fired into this combat phase
    ruleset: str = "panzer_leader"

    def copy(self) -> GameState:
        """A deep copy: every field is plain JSON-like data, so this is exact and fast."""
        new = copy.copy(self)
        for f in fields(self):
            if f.name == "units":
                new.units = {k: _copy_unit(u) for k, u in self.units.items()}
            else:
                setattr(new, f.name, _plain(getattr(self, f.name)))
        return new

    def enemy(self, side: str) -> str:
        return next(s for s in self.sides if s != side)

    def seat_side(self, seat: str) -> str | None:
        return next((s["side"] for s in self.seats if s["id"] == seat), None)

    def units_at(self, label: str, side: str | None = None, carried: bool = False) -> list[Unit]:
        """Units in a hex, in id order; passengers only with `carried`."""
        found = [
            u for u in self.units.values()
            if u.hex == label and u.on_map and (carried or u.carried_by is None)
            and (side is None or u.side == side)
        ]
        found.sort(key=lambda u: u.id)
        return found

    def inside(self, label: str) -> list[Unit]:
        """Units inside the fortification of a hex (17.3)."""
        return [u for u in self.units_at(label) if u.in_fort]

    def passenger_of(self, carrier: Unit) -> Unit | None:
        return next((u for u in self.units.values() if u.carried_by == carrier.id
                     and not u.eliminated and not u.exited), None)


def _plain(value: Any) -> Any:
    """Copy JSON-like data (dicts, lists, scalars) all the way down."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _copy_unit(u: Unit) -> Unit:
    # What copy.copy does for a plain dataclass (a new object with the same __dict__),
    # without its generic protocol: a trial copy of the state copies every unit.
    new = object.__new__(Unit)
    new.__dict__.update(u.__dict__)
    new.entry = list(u.entry)
    new.began_adjacent = list(u.began_adjacent)
    new.order = _plain(u.order)
    return new


_UNIT_FIELDS = tuple(f.name for f in fields(Unit))
_STATE_FIELDS = tuple(f.name for f in fields(GameState))
# A field renamed in code keeps the key saved games and exports store it under, so a stored
# state loads, and hashes, as before (the phasing side is `active_side`, stored as "active").
STORED_AS = {"active_side": "active"}
_FIELD_OF = {key: name for name, key in STORED_AS.items()}


def to_json(state: GameState) -> dict:
    """The state as plain JSON data (what `dataclasses.asdict` gives, only faster)."""
    out: dict[str, Any] = {"schema": SCHEMA}
    for name in _STATE_FIELDS:
        if name == "units":
            out["units"] = {k: {f: _plain(getattr(u, f)) for f in _UNIT_FIELDS}
                            for k, u in state.units.items()}
        else:
            out[STORED_AS.get(name, name)] = _plain(getattr(state, name))
    return out


def from_json(raw: dict[str, Any]) -> GameState:
    data = dict(raw)
    if data.pop("schema", SCHEMA) != SCHEMA:
        raise ValueError("a Panzer Leader state of another schema")
    unit_names = {f.name for f in fields(Unit)}
    units = {k: Unit(**{n: v for n, v in u.items() if n in unit_names})
             for k, u in data.pop("units").items()}
    names = {f.name for f in fields(GameState)}
    data = {_FIELD_OF.get(k, k) if _FIELD_OF.get(k) in names else k: v for k, v in data.items()}
    return GameState(units=units, **{k: v for k, v in data.items() if k in names})


def state_hash(state: GameState) -> str:
    text = json.dumps(to_json(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()
