"""What entering one hex costs a unit, or why it may not (4.2-4.10, 7.1-7.8, 17, 18.6).

Costs come from the transcribed movement chart (PL-D5): the dearer of the hex's terrain and its
elevation for the unit's movement class; ½ MP along a road.

`entry` answers for one hex. A unit planning its move (movement.reach) asks it of every
hexside it might cross, a hundred thousand times in a bot's search, in a state that does not
change meanwhile; so the answer is worked out by a `Mover`, which reads the unit's type and
side, the board and who is where once, and what a hex holds for the unit (bridges, enemies,
counters, minefields its side knows of, the situation's limits) the first time it is asked
about that hex. `entry` is a Mover asked once.

A legal-commands pass plans every unit of a side in one state, and what a hex holds is the
same for every unit of that side that uses bridges alike and is bound by the same sectors:
a `Reading` of the state keeps those answers for all of them (and who is where, once).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...common.hexgrid import Hex
from ..combat.crt import charts
from .scenario import bridge_at, bridge_for, game_map, off_board_limits, scenario_for
from .stacking import LIMIT, Occupancy
from .state import GameState, Unit
from .units import UnitType, utype

ELEVATION_KEYS = {1: "slope", 2: "hilltop"}
NO_SYMBOLS: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Entry:
    """What entering one hex costs a unit, or why it may not."""

    cost: float | None
    road: bool = False  # at the road rate
    stop: bool = False  # it must stop there (a known minefield, a block, an enemy fort)
    why: str = ""
    stream: bool = False  # into a stream: a foot unit rolls 1-3 to enter (RB VII.K)
    under: bool = False  # into the stream under a bridge (QA B3)


# The refusals that name no hex or unit: one value each, not one per question asked.
OFF_MAP = Entry(None, why="off the map")
UNDER_FROM_BESIDE = Entry(None, why="under a bridge only from a hex beside it that is no "
                                    "bridge (QA B3, B8)")
ENEMY_HELD = Entry(None, why="an enemy unit holds the hex (4.5)")
SEA = Entry(None, why="only landing craft enter sea hexes (4.10)")
CLIFF = Entry(None, why="a cliff (PL-D6)")
FULL = Entry(None, why="the hex already holds four counters (5)")
WOODS_EDGE = Entry(None, why="vehicles cross woods edges only along a road (4.9)")
ROAD_ONLY = Entry(None, why="a road-only hex holding more than two counters, a block, "
                            "a minefield or an enemy fortification (7.4, 7.6)")
WET = Entry(None, why="vehicles never enter streams or swamps (2.4, PL-D7)")
UNDER_INFANTRY = Entry(None, why="only infantry-type units go under a bridge (QA B2)")
BLOCK_FROM_AFAR = Entry(None, why="a block is entered only from a hex adjacent at the start "
                                  "of the movement phase (17.2)")


@cache
def _entry(cost: float, road: bool, stop: bool, stream: bool, under: bool) -> Entry:
    """One Entry for each value a passable hexside can give: a search asks for them a
    million times, and an Entry never changes."""
    return Entry(cost, road=road, stop=stop, stream=stream, under=under)


@cache
def chart_cost(move_class: str, terrain: str, elevation: int, bridge: bool) -> float | None:
    """The non-road cost of terrain at an elevation for a movement class, the dearer of the
    two (PL-D5); None where prohibited. A usable bridge is clear terrain (RB VII.K.6)."""
    table = charts()["movement"][move_class]
    if bridge:
        terrain = "clear"
    if terrain == "beach":
        terrain = "clear"  # beach is clear terrain (PL-D8)
    costs = [table.get(terrain)]
    if elevation in ELEVATION_KEYS:
        costs.append(table.get(ELEVATION_KEYS[elevation]))
    if any(c is None for c in costs):
        return None
    return float(max(costs))


def terrain_cost(state: GameState, t: UnitType, h: Hex, bridge: bool | None = None) -> float | None:
    """The non-road cost of a hex for a movement class (PL-D5); None where prohibited. A
    usable bridge is clear terrain (RB VII.K.6)."""
    m = game_map(state)
    terrain = m.terrain(h)
    if bridge is None:
        bridge = bridge_for(state, h, t)
    return chart_cost(t.move_class, terrain, m.elevation(h), bool(bridge))


def knows_mine(state: GameState, side: str, label: str) -> bool:
    mine = state.mines.get(label)
    return mine is not None and side in mine["known"]


# Not frozen: a frozen dataclass sets each of its 13 fields through object.__setattr__,
# which made building a Ground four times dearer (about half of Mover._read's time in a
# profile of the rules tests; the planner reads thousands of hexes a pass). Nothing writes
# to a Ground once it is made.
@dataclass(slots=True)
class Ground:
    """What one hex holds for a moving unit, read once while it plans."""

    label: str
    terrain: str
    elevation: int
    bridge: bool  # a bridge stands here (2.3, 18.8)
    usable: bool  # a bridge the unit's type may use (QA B13)
    enemies: list[Unit]  # in id order
    counters: int  # for stacking and road congestion (5, 7.3)
    room: bool  # for one more counter (5)
    block: bool
    mine: bool  # a minefield the unit's side knows of
    fort: bool
    enemy_fort: bool
    limit: str | None  # the situation's bar on the unit entering (QA G7)


def entry(state: GameState, unit: Unit, a: Hex | None, b: Hex, *, road_ok: bool = True,
          under: bool = False, from_under: bool = False, occ: Occupancy | None = None) -> Entry:
    """Entering hex b from a (None: from off the map) (4.2-4.10, 7.1-7.8, 18.6). `under`:
    into the stream beneath b's bridge; `from_under`: leaving the stream beneath a's."""
    return Mover(state, unit, occ).entry(a, b, road_ok=road_ok, under=under,
                                         from_under=from_under)


class Reading:
    """What the hexes of one state hold for the units planning their moves in it, shared by
    their Movers while the state does not change (a legal-commands pass): who is where, and
    each hex's Ground once per kind of reader. A Ground depends on the unit only through its
    side (enemies, known minefields), whether its type may use a truck bridge (QA B13) and
    the sectors that bound it (QA SC1, SC2), so units alike in those share one."""

    def __init__(self, state: GameState):
        self.state = state
        self.occ = Occupancy(state)
        self._kinds: dict[tuple, tuple[dict[Hex, Ground], dict[str, str | None]]] = {}
        self._entries: dict[tuple, dict[tuple, Entry]] = {}

    def _kind(self, unit: Unit, t: UnitType) -> tuple:
        sectors = scenario_for(self.state.scenario_id).raw.get("sectors", ())
        bound = tuple(i for i, s in enumerate(sectors) if unit.id in s["units"])
        return (unit.side, t.light_bridge, bound)

    def for_unit(self, unit: Unit, t: UnitType) -> tuple[dict[Hex, Ground], dict[str, str | None]]:
        """The hexes' Grounds and the boards' limits read so far for units like this one."""
        key = self._kind(unit, t)
        found = self._kinds.get(key)
        if found is None:
            found = self._kinds[key] = ({}, {})
        return found

    def entries_for(self, unit: Unit, t: UnitType) -> dict[tuple, Entry]:
        """The hexsides' entries found so far for units like this one: the same Grounds, the
        same movement class, vehicle, cavalry, bridgelayer and infantry marks of its type, a
        bridge aboard or not (18.7) and the same blocks begun beside (17.2) are everything
        `Mover.enter` reads of a unit (so types that differ only in guns share them)."""
        began = tuple(b for b in unit.began_adjacent if b in self.state.blocks)
        key = (*self._kind(unit, t), t.move_class, t.vehicle, t.cavalry, t.bridgelayer,
               t.infantry, unit.bridge_aboard, began)
        found = self._entries.get(key)
        if found is None:
            found = self._entries[key] = {}
        return found


class Mover:
    """One unit asking what entering hexes costs it, in a state that does not change while
    it asks (a plan, a checked path): what does not depend on the hex is read once, what a
    hex holds the first time it is asked about (or found in the pass's `Reading`)."""

    def __init__(self, state: GameState, unit: Unit, occ: Occupancy | None = None,
                 reading: Reading | None = None):
        self.state = state
        self.unit = unit
        self.board = game_map(state)
        self.type = utype(unit)
        self.enemy = state.enemy(unit.side)
        self.road_cost = charts()["road_cost"]
        # No bridge stands anywhere else (bridge_at, bridge_for).
        self.bridged = self.board.bridge_labels.union(state.temp_bridges)
        self._ground: dict[Hex, Ground]
        self.crossed: dict[tuple, Entry]
        self._limits: dict[str, str | None]  # board -> off_board_limits
        if reading is not None:
            assert reading.state is state, "a Reading serves the state it read"
            self.occ = reading.occ
            self._ground, self._limits = reading.for_unit(unit, self.type)
            self.crossed = reading.entries_for(unit, self.type)
        else:
            self.occ = occ or Occupancy(state)
            self._ground, self._limits = {}, {}
            self.crossed = {}  # (from, to, road_ok, from_under) -> Entry, for reach()

    def ground(self, h: Hex) -> Ground:
        """What hex h (on the map) holds for the unit."""
        found = self._ground.get(h)
        if found is None:
            found = self._ground[h] = self._read(h)
        return found

    def _read(self, h: Hex) -> Ground:
        state, unit, occ = self.state, self.unit, self.occ
        info = self.board.hexes[h]
        lb = info.label
        bridged = lb in self.bridged
        fort = lb in state.forts
        counters = occ.counters(lb)
        board = lb.split("-", 1)[0]
        if board not in self._limits:
            self._limits[board] = off_board_limits(state, unit, board)
        return Ground(
            label=lb, terrain=info.terrain, elevation=info.elevation,
            bridge=bridged and bridge_at(state, h),
            usable=bridged and bridge_for(state, h, self.type),
            enemies=occ.units(lb, self.enemy) if lb in occ.by_hex else [],
            counters=counters, room=counters + 1 <= LIMIT,  # occ.room(lb)
            block=lb in state.blocks, mine=knows_mine(state, unit.side, lb), fort=fort,
            enemy_fort=fort and any(u.side != unit.side and u.in_fort for u in occ.units(lb)),
            limit=self._limits[board],
        )

    def entry(self, a: Hex | None, b: Hex, *, road_ok: bool = True, under: bool = False,
              from_under: bool = False) -> Entry:
        """entry() for this unit."""
        m = self.board
        if b not in m.hexes:
            return OFF_MAP
        if a is None:
            return self.enter(None, self.ground(b), False, NO_SYMBOLS, road_ok, under,
                              from_under)
        return self.enter(self.ground(a), self.ground(b), m.is_road(a, b), m.symbols(a, b),
                          road_ok, under, from_under)

    def enter(self, a: Ground | None, b: Ground, road: bool, symbols: frozenset[str],
              road_ok: bool = True, under: bool = False, from_under: bool = False) -> Entry:
        """Entering b from a (None: from off the map) across a hexside that a road does or
        does not cross, with these symbols (the rules: see entry())."""
        t = self.type
        dry_from = a is None or a.terrain != "stream" or (
            not from_under and a.bridge and road)  # connected bridges
        on_bridge = not under and b.usable and dry_from  # QA B8, B9
        stream = b.terrain == "stream" and not on_bridge
        if under and not (b.bridge and a is not None and not a.bridge):
            return UNDER_FROM_BESIDE
        under = under or (stream and b.bridge)  # a bridge hex entered from the stream
        enemies = b.enemies
        on_fort = bool(enemies) and b.fort and all(e.in_fort for e in enemies)
        over_bridge = bool(enemies) and on_bridge and all(e.under_bridge for e in enemies)
        if enemies and not (on_fort or over_bridge):
            return ENEMY_HELD
        if b.terrain == "sea":
            return SEA
        if b.limit:
            return Entry(None, why=b.limit)
        if a is not None and "cliff" in symbols:
            return CLIFF
        if not b.room:
            return FULL
        along = a is not None and road and not stream
        green = a is not None and "green" in symbols
        crowded = b.counters > 2
        block, mine, fort = b.block, b.mine, b.fort
        if t.vehicle and not t.cavalry and green:
            if not along:
                return WOODS_EDGE
            if crowded or block or mine or b.enemy_fort:
                return ROAD_ONLY
        layer = t.bridgelayer and self.unit.bridge_aboard and stream and not under
        if t.vehicle and (b.terrain == "swamp" or stream) and not layer:
            return WET
        if under and (t.vehicle or not t.infantry):
            return UNDER_INFANTRY
        if block and b.label not in self.unit.began_adjacent:
            return BLOCK_FROM_AFAR
        stop = block or mine or on_fort or layer  # the bridgelayer stops in the stream (18.7)
        rate = (road_ok and along and not (block or mine or fort)  # 7.6: never at road rate
                and (b.terrain == "town" or not crowded))  # 7.3; a town stays ½ (QA R2)
        if rate:
            return _entry(self.road_cost, True, stop, False, False)
        cost = chart_cost(t.move_class, b.terrain, b.elevation, bool(on_bridge))
        if layer:
            cost = chart_cost(t.move_class, b.terrain, b.elevation, True)
        if cost is None:
            return Entry(None, why=f"{t.move_class} units may not enter {b.terrain} (PL-D5)")
        return _entry(cost, False, stop, stream and not t.vehicle, under)
