"""Observation points and what they observe in the double-blind variant (18.0).

The referee's version of the variant's observation procedure:

- OP creation (18.1, D-DB-OP): every hex holding an undemoralized combat unit or leader of
  a side is an OP of that side; unarmed transports make none. A stationary (has not moved in
  this action segment) undemoralized infantry, cavalry or recon unit also makes an OP in each
  adjacent hex; a recon unit's adjacent OPs move with it, so it makes them even while moving.
  OPs exist at every moment, not only at segment ends: OPs of a hex appear when a unit that
  may create one is there, and go when none is (18.2 removal).
- The observation requirement (18.3) holds by construction: every undemoralized combat unit
  stands in an OP of its own side.
- Reveal procedure (18.4): a unit the enemy observes becomes an OP of its side (if it is not
  demoralized), which may observe more; iterated to a fixed point.
- Ranges (18.5): an OP sees what a unit in its hex could spot (8.1-8.4 with night, smoke,
  hidden targets at 1/4); an OP in an assault hex sees only its own and adjacent hexes;
  demoralized units make no OP.
- Leaders (18.6): a leader stacked with friendly personnel or weapons units is never
  observed; other leaders are observed as "lone leaders" (knowledge.py shows no values).
- Optional additions (18.11), each its own option name:
  `db_moving_observers`: an OP whose observers all moved since the opposing player last
  finished an activation sees personnel-style 6 hexes into clear terrain (limiting terrain normally) or,
  with only vehicles (or only adjacent OPs of a moving recon unit), 3 in clear / 1 in
  limiting terrain (D-DB-MOVING);
  `db_low_profile`: dug-in personnel and low-profile weapons count as in limiting terrain
  (3 hexes) against OPs at the same or a lower level;
  `db_generic_markers` is a display rule (knowledge.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ...common.hexgrid import Hex, distance, neighbors
from ...common.lru import Lru
from ..core import state as st
from ..core.los import line_of_sight
from ..core.registry import counter_type, game_map
from ..core.spotting import conditions_of, spotting_range, target_cap
from ..core.visibility import static_sight

OPTION = "double_blind"
MOVING_OBSERVERS = "db_moving_observers"
GENERIC_MARKERS = "db_generic_markers"
LOW_PROFILE = "db_low_profile"
ADDITIONS = (MOVING_OBSERVERS, GENERIC_MARKERS, LOW_PROFILE)
# How the new-game page presents each addition: a name, one line, its rule number.
ADDITION_INFO: dict[str, tuple[str, str, str]] = {
    MOVING_OBSERVERS: ("Moving observers", "Units that moved still observe: personnel 6 hexes in clear terrain, vehicles 3 (1 in limiting terrain).", "18.11a"),
    GENERIC_MARKERS: ("Generic markers at long range", "A unit seen beyond 12 hexes shows only a generic type marker until it fires.", "18.11b"),
    LOW_PROFILE: ("Low profile", "Dug-in infantry and small guns count as in limiting terrain against observers no higher than them.", "18.11c"),
}

ADJACENT_OP_KINDS = frozenset({"infantry", "cavalry", "recon"})
VEHICLE_CLASSES = frozenset({"motorized", "mechanized"})


@dataclass(frozen=True, slots=True)
class OP:
    """One observation point: its hex and what limits its sight."""

    hex: Hex
    assault: bool = False  # in a hex holding enemy units too: adjacent hexes only (18.5)
    moving: str | None = None  # None stationary; "personnel" or "vehicle" (addition 1)


def is_on(state: st.GameState) -> bool:
    return OPTION in state.options


def makes_op(state: st.GameState, u: st.UnitState) -> bool:
    """An undemoralized combat unit or leader on the map creates an OP in its hex (18.1)."""
    if not u.on_map or u.status == st.DEMORALIZED:
        return False
    t = counter_type(state, u.type_id)
    return bool(t.is_leader or t.is_combat_unit)


def _moved_recently(state: st.GameState, u: st.UnitState) -> bool:
    """Moved, and the opposing player has not yet finished an activation since (18.11
    addition 1: "until the end of the opposing player's next activation"): consecutive
    opening segments and automatic passes do not end it (D-DB-MOVING)."""
    if u.last_moved_segment is None:
        return False
    return state.played_segment.get(state.enemy_of(u.side), -1) <= u.last_moved_segment


def _moved_now(state: st.GameState, u: st.UnitState) -> bool:
    return u.last_moved_segment is not None and u.last_moved_segment == state.segment


def _is_vehicle(state: st.GameState, u: st.UnitState) -> bool:
    t = counter_type(state, u.type_id)
    return getattr(t, "movement_class", "foot") in VEHICLE_CLASSES and not t.is_leader


def observation_points(
    state: st.GameState, side: str, extra: Iterable[st.UnitState] = ()
) -> dict[Hex, OP]:
    """The side's OPs by hex (18.1, 18.2), with `extra` units (revealed ones, 18.4) as OPs."""
    moving_rule = MOVING_OBSERVERS in state.options
    observers: dict[Hex, list[st.UnitState]] = {}
    adjacent: dict[Hex, list[st.UnitState]] = {}
    extra = list(extra)
    extra_ids = {u.id for u in extra}  # a state's units differ by id: `in` without comparing
    contested = _contested(state)
    for u in list(state.units_on_map()) + extra:
        if u.side != side or u.status == st.DEMORALIZED or not u.on_map:
            continue
        t = counter_type(state, u.type_id)
        if t.is_leader or t.is_combat_unit or u.id in extra_ids:  # makes_op (18.1)
            observers.setdefault(u.hex, []).append(u)
        if t.is_leader or getattr(t, "kind", None) not in ADJACENT_OP_KINDS:
            continue
        if u.hex in contested:
            continue  # engaged in an assault: it sees only next to itself (18.5)
        if t.kind == "recon" or not _moved_now(state, u):
            for n in neighbors(u.hex):
                adjacent.setdefault(n, []).append(u)
    m = game_map(state)
    ops: dict[Hex, OP] = {}
    for h, us in observers.items():
        moving = None
        if moving_rule and all(_moved_recently(state, u) for u in us):
            moving = "vehicle" if all(_is_vehicle(state, u) for u in us) else "personnel"
        ops[h] = OP(h, assault=h in contested, moving=moving)
    for h, us in adjacent.items():
        if h in ops or not m.contains(h):
            continue
        moving = None
        if moving_rule and all(_moved_recently(state, u) for u in us):
            moving = "vehicle"  # an "undefined" OP away from its creator (D-DB-MOVING)
        ops[h] = OP(h, assault=h in contested, moving=moving)
    return ops


def _contested(state: st.GameState) -> frozenset[Hex]:
    """The hexes holding counters of more than one side (an assault hex, 18.5): each side's
    hexes once per look, instead of the sides in a hex once per counter."""
    by_side: dict[str, set[Hex]] = {}
    for u in state.units_on_map():
        by_side.setdefault(u.side, set()).add(u.hex)
    hexes = list(by_side.values())
    return frozenset().union(*(a & b for i, a in enumerate(hexes) for b in hexes[i + 1 :]))


def _conditions(state: st.GameState) -> tuple[frozenset[Hex], frozenset[Hex]]:
    cond = conditions_of(state)
    return cond.smoke, cond.illumination


def observation_range(
    state: st.GameState,
    op: OP,
    target_hex: Hex,
    *,
    hidden: bool = False,
    low_profile: bool = False,
) -> int:
    """How far the OP sees a counter in target_hex (18.5, 18.11; 8.1-8.2; 17.8 1/4 range)."""
    m = game_map(state)
    _, light = _conditions(state)
    rng, _ = spotting_range(m, op.hex, target_hex, night=state.night, illumination=light)
    limiting = target_cap(m, target_hex)[0] is not None
    if (
        low_profile
        and LOW_PROFILE in state.options
        and m.elevation(op.hex) <= m.elevation(target_hex)
    ):
        rng, limiting = min(rng, 3), True
    if op.moving == "personnel" and not limiting:
        rng = min(rng, 6)
    elif op.moving == "vehicle":
        rng = min(rng, 1 if limiting else 3)
    if op.assault:
        rng = min(rng, 1)
    if hidden:
        rng = max(1, rng // 4)
    return rng


def is_low_profile(state: st.GameState, u: st.UnitState) -> bool:
    """Dug-in personnel and low-profile weapons (infantry guns, small AT guns; 18.11)."""
    t = counter_type(state, u.type_id)
    if getattr(t, "is_leader", False):
        return False
    return bool(
        (u.dug_in and getattr(t, "is_personnel", False)) or getattr(t, "low_profile", False)
    )


def op_sees(
    state: st.GameState,
    op: OP,
    target_hex: Hex,
    *,
    hidden: bool = False,
    low_profile: bool = False,
) -> bool:
    """Whether the OP observes a counter in target_hex: range and line of sight."""
    d = distance(op.hex, target_hex)
    if d == 0:
        return True
    m = game_map(state)
    if target_hex not in static_sight(m).sees.get(op.hex, frozenset()):
        return False  # out of day range or LOS blocked: nothing else can widen it
    if d > observation_range(state, op, target_hex, hidden=hidden, low_profile=low_profile):
        return False
    smoke, _ = _conditions(state)
    if smoke and d > 1:
        near = [s for s in smoke if distance(op.hex, s) + distance(s, target_hex) == d]
        if near and not line_of_sight(m, op.hex, target_hex, smoke=near).clear:
            return False
    return True


def is_concealed_leader(state: st.GameState, u: st.UnitState) -> bool:
    """A leader stacked with friendly personnel or weapons units is never revealed (18.6)."""
    if not counter_type(state, u.type_id).is_leader:
        return False
    for o in state.units_at(u.hex):
        if o.side == u.side and o.id != u.id:
            t = counter_type(state, o.type_id)
            if getattr(t, "is_personnel", False) or getattr(t, "is_weapon", False):
                return True
    return False


# Whether an OP sees a counter in a hex depends on the map, night, smoke, illumination and
# the low-profile rule, never on where counters stand (op_sees), and consecutive states ask
# it of the same OPs and targets: the answers are kept per map and conditions (the map kept
# in the key, so a key is never another map's), each table emptied past a size.
_SEES = Lru(8)
_SEES_LIMIT = 100_000


def _sees_table(state: st.GameState) -> dict[tuple, bool]:
    smoke, light = _conditions(state)
    key = (game_map(state), state.night, smoke, light, LOW_PROFILE in state.options)
    table = _SEES.get(key)
    if table is None:
        table = {}
        _SEES.put(key, table)
    elif len(table) > _SEES_LIMIT:
        table.clear()
    return table  # type: ignore[no-any-return]


def _op_sees_kept(
    state: st.GameState,
    table: dict[tuple, bool],
    op: OP,
    target_hex: Hex,
    hidden: bool = False,
    low_profile: bool = False,
) -> bool:
    """op_sees, from the table of the state's map and conditions (_sees_table)."""
    key = (op, target_hex, hidden, low_profile)
    seen = table.get(key)
    if seen is None:
        seen = table[key] = op_sees(
            state, op, target_hex, hidden=hidden, low_profile=low_profile
        )
    return seen


def _observe_side(state: st.GameState, ops: Mapping[Hex, OP], side: str) -> dict[str, int]:
    """Enemy units the OPs observe, with the distance from the nearest OP that sees each."""
    m = game_map(state)
    sight = static_sight(m)
    table = _sees_table(state)
    targets: dict[Hex, list[st.UnitState]] = {}
    for u in state.units_on_map():
        if u.side != side:
            targets.setdefault(u.hex, []).append(u)
    # What each target is, worked out once, not once per OP: a concealed leader (18.6) is
    # never observed; hidden (17.8) and low-profile (18.11) shorten the range.
    looks = {
        u.id: None if is_concealed_leader(state, u) else (u.hidden, is_low_profile(state, u))
        for us in targets.values()
        for u in us
    }
    found: dict[str, int] = {}
    occupied = frozenset(targets)
    for op in ops.values():
        near = sight.sees.get(op.hex, frozenset())
        # An OP's own hex is among those it sees (distance 0), so `near & occupied` is the
        # set `(near | {op.hex}) & occupied`, built the same way, without copying `near`.
        hexes = near & occupied if op.hex in near else (near | {op.hex}) & occupied
        for h in hexes:
            d = distance(op.hex, h)
            for u in targets[h]:
                if u.id in found and found[u.id] <= d:
                    continue
                look = looks[u.id]
                if look is None:
                    continue
                if _op_sees_kept(state, table, op, h, *look):
                    found[u.id] = d
    return found


@dataclass(frozen=True, slots=True)
class Observation:
    """The fixed point of the reveal procedure: per side, the enemy units it observes."""

    observed: Mapping[str, Mapping[str, int]]  # side -> enemy unit id -> distance
    ops: Mapping[str, Mapping[Hex, OP]]


def observe(state: st.GameState) -> Observation:
    """Run the reveal procedure to a fixed point (18.4)."""
    sides = [s.id for s in state.sides]
    observed: dict[str, dict[str, int]] = {s: {} for s in sides}
    ops: dict[str, dict[Hex, OP]] = {}
    posted: dict[str, list[st.UnitState]] = {}  # the revealed units each side's OPs came from
    while True:
        changed = False
        for s in sides:
            revealed = [
                state.units[uid]
                for other in sides
                if other != s
                for uid in observed[other]
                if state.units[uid].side == s
                and not makes_op(state, state.units[uid])
                and state.units[uid].status != st.DEMORALIZED
            ]
            if posted.get(s) == revealed:
                continue  # the same OPs observe the same units: nothing to look at again
            posted[s] = revealed
            ops[s] = observation_points(state, s, revealed)
            now = _observe_side(state, ops[s], s)
            if now != observed[s]:
                observed[s], changed = now, True
        if not changed:
            return Observation(observed, ops)


def hex_observed(state: st.GameState, ops: Mapping[Hex, OP], h: Hex) -> bool:
    """Whether any OP would observe an ordinary counter in the hex (last-known clearing)."""
    table = _sees_table(state)
    return any(
        _op_sees_kept(state, table, op, h) for op in ops.values() if distance(op.hex, h) <= 24
    )


_SEEN = Lru(4_096)  # an entry is the hexes one post sees: up to a few thousand


def _op_sight(state: st.GameState, op: OP, conditions: tuple) -> frozenset[Hex]:
    """The hexes one OP observes an ordinary counter in (cached per OP and conditions)."""
    key = (state.scenario_id, op, conditions)
    hit = _SEEN.get(key)
    if hit is None:
        m = game_map(state)
        near = static_sight(m).sees.get(op.hex, frozenset())
        hit = frozenset({op.hex} | {h for h in near if op_sees(state, op, h)})
        _SEEN.put(key, hit)
    return hit


def unobserved(state: st.GameState, ops: Mapping[Hex, OP]) -> frozenset[Hex]:
    """The map hexes none of a side's OPs observes (the board's fog, 18.0; D-DB-FOG).

    It depends only on the side's own OPs and on public conditions (night, smoke,
    illumination), never on where enemy counters stand, so it can leak nothing.
    """
    conditions = (state.night, *_conditions(state))
    seen: set[Hex] = set()
    for op in ops.values():
        seen |= _op_sight(state, op, conditions)
    return game_map(state).hexes - seen
