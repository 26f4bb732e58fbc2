"""The game state: one frozen object holding everything the rules need (3.0).

State is plain data. Nothing here mutates: the engine builds a new state with
`dataclasses.replace` and new dicts (`{**state.units, uid: new_unit}`). The dicts held by a
frozen state are never mutated after construction; that convention is what keeps `apply`
pure and lets a state be shared between the service, the views and the replay.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from dataclasses import replace as _replace
from fractions import Fraction

from ...common.hexgrid import Hex

# Unit statuses (14.0).
GOOD = "good"
DISRUPTED = "disrupted"
DEMORALIZED = "demoralized"
STATUSES = (GOOD, DISRUPTED, DEMORALIZED)

# Phases of a turn (3.0), and the set-up before turn 1 when a scenario has set-up areas
# (D-SETUP-1).
SETUP = "setup"
INITIATIVE = "initiative"
ACTION = "action"
MARKER_REMOVAL = "marker_removal"
ENDED = "ended"
PHASES = (SETUP, INITIATIVE, ACTION, MARKER_REMOVAL, ENDED)


@dataclass(frozen=True, slots=True)
class UnitState:
    """One counter on (or off) the map: a combat unit, a transport or a leader."""

    id: str  # the scenario's id for this counter; never shown for unseen enemy units
    type_id: str  # key into the catalogue (or a scenario-defined leader)
    side: str
    hex: Hex | None  # None while off the map: not yet entered, exited, or eliminated
    steps: int  # steps left: 2 full, 1 reduced; 0 eliminated (7.6)
    status: str = GOOD
    moved_fired: bool = False  # the Moved/Fired marker (3.1)
    dug_in: bool = False  # 16.2
    carried_by: str | None = None  # id of the transport (or AFV for riders) carrying it (5.6)
    hidden: bool = False  # optional hidden units (17.8)
    eliminated: bool = False
    exited: bool = False  # left the map through an exit edge (victory conditions)
    # Reinforcements: the turn and map edge it enters on (16.5); None once on the map.
    entry_turn: int | None = None
    entry_edge: str | None = None
    # The action segment number in which it last moved (AT "target moved in the preceding
    # action segment", D25).
    last_moved_segment: int | None = None
    # Hexes it was attacked from by anti-tank fire this turn (AT +2 flank DRM).
    attacked_from: frozenset[Hex] = frozenset()
    # How many fire attacks it has made in the current activation (efficient AFVs fire twice).
    attacks_made: int = 0
    # Mire (17 Part II): Moved/Fired markers left while mired; 0 when not mired (D-MIRE-2).
    mired: int = 0

    @property
    def on_map(self) -> bool:
        return self.hex is not None and not self.eliminated and not self.exited

    @property
    def is_good_order(self) -> bool:
        return self.status == GOOD


@dataclass(frozen=True, slots=True)
class SideState:
    """One side of the battle, with the scenario's values for it (3.0, 14.0)."""

    id: str
    name: str
    nationality: str
    initiative: int  # current rating, after reductions (3.0, D2)
    morale: int  # the scenario's morale for this side's units
    # Counts the initiative reduction and victory points are computed from.
    steps_lost: int = 0
    units_eliminated: int = 0
    leaders_eliminated: int = 0
    # The scenario's rating before any reduction (3.0, D2); set at the first initiative.
    initiative_base: int | None = None


@dataclass(frozen=True, slots=True)
class SeatState:
    """A player's place on a side, commanding some of its units (multi-player, D21), or
    under Sector Command the units standing in its sector of the map (D-SECTOR-1)."""

    id: str
    side: str
    units: frozenset[str]
    # Sector Command (Optional Rules Part II): the map columns (axial q, inclusive) this
    # player commands; None: the seat commands its `units` (division by formations).
    sector: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Activation:
    """The action segment being played: who activated what, and what each unit has done."""

    side: str
    seat: str
    kind: str  # "unit", "stack", "leader", "afv_group", "recovery", "formation"
    units: frozenset[str]  # every counter activated in this segment
    acted: frozenset[str] = frozenset()  # units that have moved or fired
    moving: str | None = None  # unit in the middle of its move (for opportunity fire)
    leader: str | None = None
    mp_spent: Mapping[str, Fraction] = field(default_factory=dict)  # exact MPs (5.2)
    # False when a leader (or a tank leader for an AFV group) activated it: the leaderless
    # restriction (3.1, D3) binds only leaderless activations.
    leaderless: bool = True
    # Optional Formation Activation (17.7): the formation whose units were activated.
    formation: str | None = None
    # Units that may do nothing more in this activation (fired, recovered, move ended).
    done: frozenset[str] = frozenset()
    # Reinforcements that entered the map in this activation: their entry move is not bound
    # by the leaderless restriction (D-ACT-3, as movement.entry_reach).
    entered: frozenset[str] = frozenset()
    # Double-blind (18.7): movers whose player chose to assault if they collide.
    collision_assault: frozenset[str] = frozenset()
    # Optional Extended Assault (17.5): each charging AFV (and its passengers) -> the assault hex.
    extended_assault: Mapping[str, Hex] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class AirPending:
    """A double-blind sortie that has arrived and been told the defender's declaration: its
    player now chooses the hex it attacks (18.9, D-AIR-4)."""

    side: str
    sortie: str
    attack: str  # "direct" or "anti_tank"
    value: int
    aimed: Hex


@dataclass(frozen=True, slots=True)
class OpFireWindow:
    """A pause in a move while the inactive side may opportunity-fire at the mover (13.0).

    The mover has just entered `hex`; `queue` is the rest of the move: (unit id, hexes still
    to enter) for the mover and for each unit of its stack still waiting to move. `fired`
    holds the units that have already fired (or been declined) in this window, so each enemy
    unit fires at most once per hex per mover (13.21).
    """

    side: str  # the side that may fire (the inactive side)
    mover: str
    hex: Hex
    queue: tuple[tuple[str, tuple[Hex, ...]], ...] = ()
    fired: frozenset[str] = frozenset()
    # Units moving together with the mover (a stack, 4.5), all now in `hex`, and the hexes
    # they still have to enter; the last may be an assault (12.1).
    movers: tuple[str, ...] = ()
    path_left: tuple[Hex, ...] = ()
    exit_after: bool = False  # the movers leave the map at the end of the path (16.5)


@dataclass(frozen=True, slots=True)
class LastKnown:
    """Where a viewer last saw an enemy counter it has lost contact with (18.0, D-DB-GHOST)."""

    hex: Hex
    marker: str  # generic type (infantry, armor, weapons, armored_car, ...) or "leader"
    handle: str  # the handle the viewer knew it by; contact later gives a new one
    turn: int


@dataclass(frozen=True, slots=True)
class Report:
    """A razvedka report (18.10): unit types in a hex the side could not observe."""

    hex: Hex
    types: tuple[str, ...]
    count: int | None  # only when a friendly OP has line of sight to the hex
    turn: int


@dataclass(frozen=True, slots=True)
class Intel:
    """What one viewer (a side, or "public") knows about enemy counters, kept by the referee
    (double-blind 18.0, hidden units 17.8, limited intelligence 17.9; knowledge.py).

    Never sent to anyone: views are built from it by views.py through knowledge.py.
    """

    contact: Mapping[str, int] = field(default_factory=dict)  # unit id -> contact epoch
    lost: Mapping[str, int] = field(default_factory=dict)  # lost in the last step -> old epoch
    epochs: Mapping[str, int] = field(default_factory=dict)  # next epoch per unit seen before
    revealed: frozenset[str] = frozenset()  # revealed by firing or collision this segment
    last_known: Mapping[str, LastKnown] = field(default_factory=dict)  # by unit id
    segment: int = 0  # the segment `revealed` belongs to
    reports: tuple[Report, ...] = ()  # razvedka reports (18.10)
    control: Mapping[Hex, str] = field(default_factory=dict)  # objective -> holder last seen


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything the rules need to carry a game forward."""

    scenario_id: str
    turn: int
    last_turn: int
    phase: str
    sides: tuple[SideState, ...]
    seats: tuple[SeatState, ...]
    units: Mapping[str, UnitState]
    # Optional rules switched on for this game, and decision overrides.
    options: frozenset[str] = frozenset()
    night: bool = False
    segment: int = 0  # action segments played this game; D25 counts on it
    initiative_side: str | None = None
    opening_segments_left: int = 0
    active_side: str | None = None
    activation: Activation | None = None
    consecutive_passes: int = 0
    # Map markers by hex: "smoke", "entrenchment", "minefield:<side>", "drumfire", "wire"...
    markers: Mapping[Hex, frozenset[str]] = field(default_factory=dict)
    result: Mapping[str, object] | None = None
    # Additive fields of the turn engine (sequence.py, activation.py):
    opfire: OpFireWindow | None = None  # an open opportunity-fire window (13.0)
    initiative_rolls: Mapping[str, int] = field(default_factory=dict)  # last totals (3.0)
    turn_segments: Mapping[str, int] = field(default_factory=dict)  # segments this turn by side
    banked_segment: Mapping[str, bool] = field(default_factory=dict)  # Excess Initiative (17.4)
    double_segment: bool = False  # the active side is spending its banked segment (17.4)
    # Fog of War ended the turn and a banked segment is being spent after it (17.4).
    fog_ended: bool = False
    # side -> number of the last action segment it played (an activation or a pass of its
    # own; automatic passes do not count): moving observers (18.11, D-DB-MOVING).
    played_segment: Mapping[str, int] = field(default_factory=dict)
    # Logistics (17.10): side -> level; in team games player (seat id) -> level (D-LOG-3).
    supply: Mapping[str, str] = field(default_factory=dict)
    # Aircraft (15.1): "sortie@turn" of every sortie that has flown (arrived or not).
    air_flown: frozenset[str] = frozenset()
    # The step that may be taken back, and the state before it (undo.py, D-UNDO-1). Never in
    # any view.
    undo: UndoPoint | None = None
    # The state before the last activation, and a pending offer to go back to it (the
    # offering side), with the `takebacks` option (takeback.py, D-TAKEBACK-1). Never in a view.
    takeback: TakebackPoint | None = None
    takeback_offer: str | None = None
    # Double-blind air strike waiting for its player to choose the hex it attacks (18.9).
    air_pending: AirPending | None = None
    # Off-board artillery (9.2): "increment@turn" of every increment that has fired.
    increments_fired: frozenset[str] = frozenset()
    # Consolidation (17.1): counters removed from play by merging into another. They are
    # stored as eliminated (out of play) but are no loss: the initiative reduction (D2) and
    # the Formation Activation roll (17.7) do not count them (D-CONS-1).
    consolidated: frozenset[str] = frozenset()
    supply_turn: Mapping[str, int] = field(default_factory=dict)  # turn of the last shortfall
    # Double-blind / hidden units / limited intelligence (knowledge.py): the per-game secret
    # handles are made from (never in any view), and what each viewer knows.
    secret: str = ""
    intel: Mapping[str, Intel] = field(default_factory=dict)
    # Lookup cache, not state: counters on the map by hex, built on first use. init=False, so
    # `replace` never carries it into a new state, and serialize skips it.
    _by_hex: Mapping[Hex, tuple[UnitState, ...]] | None = field(
        default=None, init=False, repr=False, compare=False, hash=False
    )

    # -- plain queries (no rules here, just lookups) ---------------------------------------

    def side(self, side_id: str) -> SideState:
        for s in self.sides:
            if s.id == side_id:
                return s
        raise KeyError(side_id)

    def enemy_of(self, side_id: str) -> str:
        """The opposing side (two-sided games; team games still have two sides)."""
        for s in self.sides:
            if s.id != side_id:
                return s.id
        raise KeyError(side_id)

    def units_on_map(self) -> Iterator[UnitState]:
        return (u for u in self.units.values() if u.on_map)

    def _index(self) -> Mapping[Hex, tuple[UnitState, ...]]:
        idx = self._by_hex
        if idx is None:
            idx = _indexed(self.units)
            if idx is None:
                found: dict[Hex, list[UnitState]] = {}
                for u in self.units.values():
                    if u.on_map:
                        found.setdefault(u.hex, []).append(u)
                idx = {h: tuple(sorted(us, key=_unit_id)) for h, us in found.items()}
                _keep_index(self.units, idx)
            object.__setattr__(self, "_by_hex", idx)  # a cache on a frozen object
        return idx

    def units_at(self, hex_: Hex) -> tuple[UnitState, ...]:
        """Every counter in a hex, including carried ones, in id order."""
        return self._index().get(hex_, ())

    def occupied_hexes(self) -> Iterator[Hex]:
        """Hexes holding at least one counter on the map, in hex order (the index's own order
        depends on how the state was made: see `with_units`)."""
        return iter(sorted(self._index()))

    def occupied_by(self, hex_: Hex) -> frozenset[str]:
        """Which sides have counters in the hex."""
        return frozenset(u.side for u in self.units_at(hex_))

    def markers_at(self, hex_: Hex) -> frozenset[str]:
        return self.markers.get(hex_, frozenset())

    def with_unit(self, unit: UnitState) -> GameState:
        """A new state with one unit replaced."""
        return self.with_units({unit.id: unit})

    def with_units(self, units: Mapping[str, UnitState]) -> GameState:
        """A new state with several units replaced."""
        new = replace(self, units={**self.units, **units})
        if self._by_hex is not None:
            # A step of a move makes a state for each hex entered, and each was indexed again
            # from all its counters: the new state takes this one's index with the changed
            # counters' hexes redone (the same tuples as a fresh index; tests/rules/
            # panzer_grenadier/test_counters_by_hex.py).
            idx = _reindexed(self._by_hex, self.units, units)
            object.__setattr__(new, "_by_hex", idx)
            _keep_index(new.units, idx)
        return new

    def with_side(self, side: SideState) -> GameState:
        return replace(self, sides=tuple(side if s.id == side.id else s for s in self.sides))


def _unit_id(u: UnitState) -> str:
    return u.id


# The last few counters-by-hex indexes, by the identity of the counters' mapping each was
# built from. `replace` never carries a state's index (its field is not in `__init__`), yet a
# state made by replacing anything but the counters (an activation noted at each hex of a
# walk, a window opened) holds its parent's very mapping, and mappings are never changed once
# a state holds them: such a state takes the index from here instead of indexing every
# counter again (tests/rules/panzer_grenadier/test_counters_by_hex.py).
_INDEXES: list[tuple[Mapping[str, UnitState], Mapping[Hex, tuple[UnitState, ...]]]] = []
_INDEXES_SIZE = 8


def _indexed(units: Mapping[str, UnitState]) -> Mapping[Hex, tuple[UnitState, ...]] | None:
    for held, idx in _INDEXES:
        if held is units:
            return idx
    return None


def _keep_index(units: Mapping[str, UnitState], idx: Mapping[Hex, tuple[UnitState, ...]]) -> None:
    _INDEXES.append((units, idx))
    del _INDEXES[:-_INDEXES_SIZE]


def _reindexed(
    index: Mapping[Hex, tuple[UnitState, ...]],
    before: Mapping[str, UnitState],
    changed: Mapping[str, UnitState],
) -> dict[Hex, tuple[UnitState, ...]]:
    """The counters by hex once `changed` replace their counterparts in `before`: only the
    hexes they leave or enter are built again, each in id order as `GameState._index` builds
    it."""
    touched: list[Hex] = []
    for uid, u in changed.items():
        old = before.get(uid)
        if old is not None and old.on_map:
            touched.append(old.hex)  # type: ignore[arg-type]
        if u.on_map:
            touched.append(u.hex)  # type: ignore[arg-type]
    out = dict(index)
    for h in dict.fromkeys(touched):
        here = [u for u in index.get(h, ()) if u.id not in changed]
        here += [u for u in changed.values() if u.hex == h and u.on_map]
        if here:
            out[h] = tuple(sorted(here, key=_unit_id))
        else:
            out.pop(h, None)
    return out


@dataclass(frozen=True, slots=True)
class UndoPoint:
    """A step that may be taken back: its command type and the state before it (D-UNDO-1)."""

    command: str
    state: GameState


@dataclass(frozen=True, slots=True)
class TakebackPoint:
    """The state before the last activation began, and who made it (D-TAKEBACK-1)."""

    side: str
    seat: str
    state: GameState


# -- who commands a unit, and its logistics (multi-player 19.0, 17.10) ---------------------------


def seat_of_unit(state: GameState, unit: UnitState) -> str | None:
    """The seat commanding a unit (D21): the seat listing it, else its side's catch-all seat.

    A seat with an empty unit list commands every unit of its side that no other seat lists,
    so a one-seat side needs no assignment at all. Under Sector Command a unit on the map is
    commanded by the seat whose sector holds its hex, wherever it started (D-SECTOR-1).
    """
    if unit.hex is not None:
        for s in state.seats:
            if s.side == unit.side and s.sector is not None and s.sector[0] <= unit.hex.q <= s.sector[1]:
                return s.id
    catch_all = None
    for s in state.seats:
        if s.side != unit.side:
            continue
        if unit.id in s.units:
            return s.id
        if not s.units and catch_all is None:
            catch_all = s.id
    return catch_all


def is_team_side(state: GameState, side: str) -> bool:
    return sum(1 for s in state.seats if s.side == side) > 1


def supply_key(state: GameState, side: str, seat: str | None) -> str:
    """Whose logistics a Fog of War roll sets (17.10): the player who rolled in team games
    ("only individual players ... not the whole side"), else the side (D-LOG-3)."""
    return seat if seat is not None and is_team_side(state, side) else side


def supply_level(state: GameState, who: UnitState | str) -> str:
    """Logistics level ("", "shortfall", "critical") of a unit (its player's in team games)
    or of a side (in team games: the acting player's when that side is activating)."""
    if isinstance(who, UnitState):
        side, seat = who.side, seat_of_unit(state, who)
    else:
        a = state.activation
        side, seat = who, (a.seat if a is not None and a.side == who else None)
    return str(state.supply.get(supply_key(state, side, seat), "") or "")


def side_in_shortfall(state: GameState, side: str) -> bool:
    """Whether the side, or in team games any of its players, is in shortfall (17.10)."""
    keys = [side] + [s.id for s in state.seats if s.side == side]
    return any(state.supply.get(k) in ("shortfall", "critical") for k in keys)


def sector_seats(seats: tuple[SeatState, ...], columns: tuple[int, int]) -> tuple[SeatState, ...]:
    """Sector Command (D-SECTOR-1): each side's seats, in id order, take equal bands of the
    map's columns from west to east (the last band takes what is left); their unit lists
    stay as dealt, for units off the map (reinforcements enter under their seat)."""
    lo, hi = columns
    out = []
    for side in dict.fromkeys(s.side for s in seats):
        mine = sorted((s for s in seats if s.side == side), key=lambda s: s.id)
        width = (hi - lo + 1) / len(mine)
        for n, seat in enumerate(mine):
            first = lo + round(n * width)
            last = hi if n == len(mine) - 1 else lo + round((n + 1) * width) - 1
            out.append(_replace(seat, sector=(first, last)))
    order = {s.id: i for i, s in enumerate(seats)}
    return tuple(sorted(out, key=lambda s: order[s.id]))
