"""One hex of a move: its MP cost and the rules checked on entering it (5.1-5.7, 16.5, 3.1, 17).

MP arithmetic is exact (`Fraction`: road rates are 2/3 and 1/2). The terrain costs come from
the chart (`terrain.py`); this module decides how they combine:

- **Road rate** (5.2): only from a road hex to a road hex along the road or trail itself
  (`Map.road_between`); it replaces the hex, hill and hexside costs (D-TEC-2), and a road
  through a river hex is a bridge (D-TEC-3).
- **Off road**: the entered hex's cost for the movement class, plus the hill extra if the hex
  contains an elevation line, plus the hexside crossing extra (stream, ford, bridge:
  D-TEC-1). Any `None` is prohibited (5.1).
- **Engineer-assisted river crossing** (5.7): a friendly good-order engineer unit in a river
  hex that does not itself move lets any unit enter that hex for a flat 2 MP (3 in a major
  river, D-TEC-4), whatever its class; the crosser stops there and completes the crossing
  next turn (D-MOVE-2).
- **Stacking** (4.1, D6) is checked in every hex entered, even in passing.
- **Enemy-occupied hexes** the moving side knows of are entered only to assault (12.1);
  hexes with enemy units it cannot know of are treated as empty (D-MOVE-3).
- **Board edges** (16.5, D20): entering or leaving costs what entering the edge hex would.
- **Leaderless units** (3.1, D3) may not step closer to an enemy unit that could harm them.

Optional rules change a move through `hooks.py` (a logistics shortfall's movement allowance,
17.10); which entries make a vehicle roll for mire is the mire plug-in's (17 Part II).

`movement.py` builds the search for every reachable hex on these; it re-exports this
module's names, so callers may import either.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from ...common.errors import IllegalCommand
from ...common.hexgrid import Hex, distance
from ...common.per_state import PerState
from . import hooks
from .maps import Map
from .stacking import counts_of, stacking_problem_counts
from .state import DEMORALIZED, GOOD, GameState, UnitState
from .terrain import hexside_crossing_extra, hill_move_extra, road_move_cost
from .units import Catalogue

ZERO = Fraction(0)

# 5.7 / D-TEC-4: flat MP to enter a river hex with engineer assistance.
ENGINEER_CROSSING_COST: Mapping[str, Fraction] = {"river": Fraction(2), "major_river": Fraction(3)}
RIVER_TERRAIN = frozenset(ENGINEER_CROSSING_COST)


# --- the cost of one hex ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """The MP cost of entering one hex from an adjacent one, or why it may not be entered."""

    cost: Fraction | None
    rule: str
    reason: str | None = None
    road: str | None = None  # "road"/"trail" when moving along it at the road rate
    engineer_crossing: bool = False  # 5.7: entered with engineer help; the move ends here
    assault: bool = False  # entering a known enemy hex: the move ends in an assault

    @property
    def allowed(self) -> bool:
        return self.cost is not None


def _prohibited(rule: str, reason: str) -> Step:
    return Step(cost=None, rule=rule, reason=reason)


def terrain_step(map_: Map, movement_class: str, a: Hex, b: Hex) -> Step:
    """The terrain cost for a movement class to enter b from adjacent a, no units involved (5.1, 5.2)."""
    if not map_.contains(b):
        return _prohibited("16.5", f"{b!r} is off the map")
    if distance(a, b) != 1:
        return _prohibited("5.1", "a move goes one hex at a time, to an adjacent hex")
    road = map_.road_between(a, b) if map_.contains(a) else None
    if road is not None:
        # D-TEC-2/3: the road rate replaces every other cost, bridges included.
        return Step(cost=road_move_cost(road, movement_class), rule="5.2", road=road)
    terrain = map_.terrain(b)
    base = terrain.move_cost(movement_class)
    if base is None:
        rule = "5.7" if terrain.key in RIVER_TERRAIN else "5.1"
        return _prohibited(rule, f"{movement_class} units may not enter {terrain.name.lower()}")
    extra = ZERO
    if map_.contains(a):
        side = hexside_crossing_extra(map_.hexside_features(a, b), movement_class)
        if side is None:
            return _prohibited(
                "5.1", f"{movement_class} units may not cross a stream without a ford or bridge"
            )
        extra += side
    if map_.is_hill(b):
        extra += hill_move_extra(movement_class)
    return Step(cost=base + extra, rule="5.1")


def engineer_step(map_: Map, b: Hex) -> Step | None:
    """Entering river hex b with engineer help (5.7): flat 2 MP (3 in a major river), ends the move."""
    key = map_.terrain(b).key
    if key not in ENGINEER_CROSSING_COST:
        return None
    return Step(cost=ENGINEER_CROSSING_COST[key], rule="5.7", engineer_crossing=True)


# --- units --------------------------------------------------------------------------------


def movement_allowance(
    unit: UnitState, *, catalogue: Catalogue, state: GameState | None = None
) -> Fraction:
    """The unit's movement allowance on the face it shows (0.0, 7.6); given the state, as the
    optional rules in play change it (`allowance` hook: a logistics shortfall, 17.10)."""
    t = catalogue[unit.type_id]
    if getattr(t, "is_leader", False):
        return Fraction(t.movement)  # type: ignore[union-attr]
    ma = Fraction(t.face(unit.steps).movement)  # type: ignore[union-attr]
    if state is not None:
        for change in hooks.each("allowance"):
            ma = change(state, unit, t, ma)
    return ma


def movement_class(unit: UnitState, *, catalogue: Catalogue) -> str:
    return catalogue[unit.type_id].movement_class


def is_engineer_in_place(unit: UnitState, *, catalogue: Catalogue) -> bool:
    """An engineer able to assist a river crossing from its hex (5.7): good order, not carried."""
    return (
        unit.on_map
        and unit.status == GOOD
        and unit.carried_by is None
        and getattr(catalogue[unit.type_id], "kind", None) == "engineer"
    )


def can_assault(unit: UnitState, *, catalogue: Catalogue) -> bool:
    """Whether a unit may move into an enemy hex to assault (12.1, 14.2).

    Good-order units only; leaders may go with them; a unit needs a direct fire value on its
    showing face (assault totals direct fire), so unarmed transports may not.
    """
    if unit.status != GOOD or unit.carried_by is not None:
        return False
    t = catalogue[unit.type_id]
    if getattr(t, "is_leader", False):
        return True
    return bool(t.is_combat_unit and t.face(unit.steps).direct_fire is not None)  # type: ignore[union-attr]


def passenger_ids(state: GameState, carrier_ids: Iterable[str]) -> tuple[str, ...]:
    """Ids of the units carried by any of these carriers (5.6), in id order.

    Off-map passengers count too: a reinforcement enters with its cargo aboard.
    """
    aboard = _carried(state)
    found = [p for c in set(carrier_ids) for p in aboard.get(c, ())]
    return tuple(sorted(found))


def friendly_engineer_hexes(
    state: GameState, side: str, movers: set[str], catalogue: Catalogue
) -> frozenset[Hex]:
    """Hexes where this side's engineers, other than the movers, can help a crossing (5.7)."""
    return frozenset(
        h for uid, h in _engineers_in_place(state, side, catalogue) if uid not in movers
    )


# What a move search reads of a state before it starts, worked out once per state: who
# carries whom, and each side's engineers in place.
_PER_STATE = PerState(kept=8)


def _carried(state: GameState) -> Mapping[str, tuple[str, ...]]:
    """Carrier id -> the ids of the units it carries that are still in play."""
    return _PER_STATE.get(state, "carried", lambda: _aboard(state))


def _aboard(state: GameState) -> Mapping[str, tuple[str, ...]]:
    found: dict[str, list[str]] = {}
    for u in state.units.values():
        if u.carried_by is not None and not u.eliminated and not u.exited:
            found.setdefault(u.carried_by, []).append(u.id)
    return {c: tuple(ps) for c, ps in found.items()}


def _engineers_in_place(
    state: GameState, side: str, catalogue: Catalogue
) -> tuple[tuple[str, Hex], ...]:
    return _PER_STATE.get(
        state, ("engineers", side, catalogue), lambda: _engineers(state, side, catalogue)
    )


def _engineers(state: GameState, side: str, catalogue: Catalogue) -> tuple[tuple[str, Hex], ...]:
    return tuple(
        (u.id, u.hex)  # type: ignore[misc]
        for u in state.units.values()
        if u.side == side and is_engineer_in_place(u, catalogue=catalogue)
    )


def step(
    map_: Map,
    state: GameState,
    unit_id: str,
    from_hex: Hex,
    to_hex: Hex,
    *,
    catalogue: Catalogue,
    known_enemy_hexes: Iterable[Hex] = (),
    engineer_crossing: bool | None = None,
) -> Step:
    """The cost for one unit (with its passengers) to enter to_hex from from_hex, or why not.

    Checks terrain (5.1, 5.2), engineer crossings (5.7), known enemy hexes (12.1) and stacking
    (4.1). `engineer_crossing`: True to cross with engineer help, False not to, None for the
    cheaper (a normal entry wins ties, since it does not end the move).
    """
    unit = state.units[unit_id]
    if unit.mired:
        return _prohibited("17", f"{unit_id} is mired and may not move (17 Part II)")
    cls = movement_class(unit, catalogue=catalogue)
    normal = terrain_step(map_, cls, from_hex, to_hex)
    options = [] if engineer_crossing is True else [normal]
    if engineer_crossing is not False and map_.contains(to_hex) and normal.road is None:
        eng = engineer_step(map_, to_hex)
        if eng is not None and to_hex in friendly_engineer_hexes(
            state, unit.side, {unit_id}, catalogue
        ):
            options.append(eng)
    allowed = [s for s in options if s.allowed]
    if not allowed:
        if engineer_crossing is True:
            return _prohibited(
                "5.7", "no friendly good-order engineers in that river hex to help the crossing"
            )
        return normal
    chosen = min(allowed, key=lambda s: (s.cost, s.engineer_crossing))
    if to_hex in set(known_enemy_hexes):
        if not can_assault(unit, catalogue=catalogue):
            return _prohibited(
                "12.1",
                "only good-order combat units may enter an enemy-occupied hex, to assault it",
            )
        chosen = Step(
            chosen.cost,
            chosen.rule,
            road=chosen.road,
            engineer_crossing=chosen.engineer_crossing,
            assault=True,
        )
    movers = (unit_id, *passenger_ids(state, [unit_id]))
    present = [u for u in state.units_at(to_hex) if u.side == unit.side and u.id not in movers]
    problem = stacking_problem_counts(
        counts_of(present, catalogue), counts_of((state.units[m] for m in movers), catalogue)
    )
    if problem:
        return _prohibited("4.1", problem)
    return chosen


def step_cost(
    map_: Map,
    state: GameState,
    unit_id: str,
    from_hex: Hex,
    to_hex: Hex,
    *,
    catalogue: Catalogue,
    known_enemy_hexes: Iterable[Hex] = (),
    engineer_crossing: bool | None = None,
) -> Fraction:
    """The MP a unit pays to enter to_hex (5.1); raises IllegalCommand naming the rule if it may not."""
    s = step(
        map_,
        state,
        unit_id,
        from_hex,
        to_hex,
        catalogue=catalogue,
        known_enemy_hexes=known_enemy_hexes,
        engineer_crossing=engineer_crossing,
    )
    if s.cost is None:
        raise IllegalCommand(
            f"{unit_id} may not move from {_label(map_, from_hex)} to {_label(map_, to_hex)}: {s.reason}",
            rule=s.rule,
        )
    return s.cost


def _label(map_: Map, h: Hex) -> str:
    return map_.label(h) if map_.contains(h) else repr(h)


# --- board edges (16.5, D20) ------------------------------------------------------------------


def edge_entry_cost(map_: Map, movement_class: str, h: Hex) -> Step:
    """The cost of entering the map into edge hex h from off the board (16.5, D20).

    D20: a reinforcement pays the entry hex's cost as if it came from a hex of the same
    kind beyond the edge: the road rate if a road or trail runs in the hex (roads are taken
    to run on off the map), else the hex's terrain cost plus the hill extra. No hexside cost.
    """
    if not map_.contains(h):
        return _prohibited("16.5", f"{h!r} is off the map")
    if not map_.is_edge(h):
        return _prohibited("16.5", f"{map_.label(h)} is not on a map edge")
    kinds = map_.road_kinds(h)
    if kinds:
        kind = "road" if "road" in kinds else "trail"
        return Step(cost=road_move_cost(kind, movement_class), rule="16.5", road=kind)
    terrain = map_.terrain(h)
    base = terrain.move_cost(movement_class)
    if base is None:
        return _prohibited("16.5", f"{movement_class} units may not enter {terrain.name.lower()}")
    extra = hill_move_extra(movement_class) if map_.is_hill(h) else ZERO
    return Step(cost=base + extra, rule="16.5")


def edge_exit_cost(map_: Map, movement_class: str, h: Hex) -> Step:
    """The cost of leaving the map from edge hex h (16.5, D20): the mirror of entering it."""
    return edge_entry_cost(map_, movement_class, h)


# --- leaderless activation (3.1, D3) ----------------------------------------------------------


def threats_to(
    state: GameState, unit_id: str, *, catalogue: Catalogue, known_enemy_ids: Iterable[str]
) -> tuple[tuple[Hex, int], ...]:
    """Known enemy units that could harm this unit, as (hex, range) pairs (3.1, D3).

    D3: an enemy unit can harm a unit if it is on the map, not carried, not demoralized (it
    could fire), and has a fire value that works on the unit: anti-tank against an armored
    unit, direct fire against an unarmored one; an open-top AFV fears both (#MC results hit
    open-top AFVs). Bombardment is left out: it needs a spotter, and artillery ranges would
    freeze every leaderless unit on the map. The range is the printed range of that value.
    """
    unit = state.units[unit_id]
    t = catalogue[unit.type_id]
    armored = not getattr(t, "is_leader", False) and t.face(unit.steps).armor is not None  # type: ignore[union-attr]
    open_top = armored and getattr(t, "open_top", False)
    out = []
    for eid in known_enemy_ids:
        e = state.units.get(eid)
        if (
            e is None
            or not e.on_map
            or e.side == unit.side
            or e.carried_by is not None
            or e.status == DEMORALIZED
        ):
            continue
        et = catalogue[e.type_id]
        if getattr(et, "is_leader", False):
            continue
        face = et.face(e.steps)  # type: ignore[union-attr]
        ranges = []
        if armored and face.anti_tank is not None:
            ranges.append(face.anti_tank.range)
        if (not armored or open_top) and face.direct_fire is not None:
            ranges.append(face.direct_fire.range)
        if ranges:
            out.append((e.hex, max(ranges)))  # type: ignore[arg-type]
    return tuple(out)


def moves_closer_to_threat(
    state: GameState,
    unit_id: str,
    from_hex: Hex,
    to_hex: Hex,
    *,
    catalogue: Catalogue,
    known_enemy_ids: Iterable[str],
) -> bool:
    """Whether a step brings a leaderless unit closer to an enemy unit that could harm it (3.1, D3).

    D3: a step a -> b is "closer to a threat" if some known enemy unit that could harm the
    unit (`threats_to`) would have b within its range and b is nearer to it than a. Moving
    toward an enemy that stays out of range is allowed. Applied to every step of a path.
    """
    for h, rng in threats_to(state, unit_id, catalogue=catalogue, known_enemy_ids=known_enemy_ids):
        d = distance(to_hex, h)
        if d <= rng and d < distance(from_hex, h):
            return True
    return False


# --- carrying out a move ---------------------------------------------------------------------


def move_units(state: GameState, unit_ids: Iterable[str], to_hex: Hex) -> GameState:
    """A new state with the movers, and everything they carry, in to_hex, marked as moved now (D25)."""
    ids = list(dict.fromkeys(unit_ids))
    moving = [*ids, *passenger_ids(state, ids)]
    return state.with_units(
        {
            # A unit that moves loses its dug-in marker (16.2, D-DIG-1).
            uid: replace(
                state.units[uid], hex=to_hex, last_moved_segment=state.segment, dug_in=False
            )
            for uid in moving
        }
    )
