"""Drumfire, an optional rule (17.2): artillery that bombards the hex it bombarded on the
previous turn marks it, and every unit or leader moving into it later that turn is attacked.

State conventions (markers in `state.markers`, option "drumfire" in `state.options`):
- "bombarded:<turn>:<firer>" records each bombardment, per firing unit or off-board increment;
  the Marker Removal Phase drops the older ones (`prune_bombardment_record`).
- "drumfire" marks a drumfire hex (fleeing units avoid it; it is never a safe hex), and
  "drumfire:<firer>:<strength>:<on|off>[:alone]" names each unit or increment that placed
  Spotted markers there (two for the first, one more per further firer); ":alone" when its
  player chose to resolve its fire separately. All of them go in the Marker Removal Phase
  (`clear_drumfire`), or at once when an on-board firer is eliminated, demoralized or
  assaulted (`lapse`, `lapse_assaulted`).
"""

from __future__ import annotations

from typing import Any

from ...common.dice import Dice
from ...common.hexgrid import Hex, distance
from ..combat import board, situation
from ..combat.counters import fire_multiplier, fire_value, round_value
from ..combat.events import Event, Shift, event
from ..combat.fire import FireDeclaration
from ..combat.losses import BOMBARDMENT, apply_result
from ..combat.situation import AttackSituation
from ..core import tables
from ..core.acting import as_events
from ..core.attacks import fire_attack
from ..core.firing import bombard_and_smoke_options
from ..core.hooks import Plugin
from ..core.registry import catalogue_for, game_map, scenario_for
from ..core.stacking import combat_units_in
from ..core.state import DEMORALIZED, GameState

OPTION = "drumfire"
DRUMFIRE = "drumfire"


def _firer_ids(decl: FireDeclaration) -> list[tuple[str, int, str]]:
    return [(f, 0, "on") for f in decl.firers] + [
        (i.id, i.strength, "off") for i in decl.increments
    ]


def record_bombardment(
    game_map: Any, state: GameState, decl: FireDeclaration
) -> tuple[GameState, list[Event]]:
    """After a bombardment (not smoke or illumination): record it, and place drumfire where a
    firer bombarded the same hex on the previous turn (17.2). `decl.drumfire_alone`: the
    firing player chose to resolve this drumfire separately from the others'."""
    alone = decl.drumfire_alone
    if OPTION not in state.options:
        return state, []
    h = decl.target_hex
    marks = state.markers_at(h)
    add = {f"bombarded:{state.turn}:{fid}" for fid, _, _ in _firer_ids(decl)}
    placed = []
    for fid, strength, where in _firer_ids(decl):
        if where == "on" and _in_assault(state, fid):
            continue  # a firer being assaulted this turn places no drumfire (D-COMBAT-DRUMFIRE)
        if f"bombarded:{state.turn - 1}:{fid}" in marks:
            add |= {DRUMFIRE, f"drumfire:{fid}:{strength}:{where}" + (":alone" if alone else "")}
            placed.append(fid)
    state = board.with_markers(state, h, add=add)
    events = []
    if placed:
        spotted = spotted_markers(state, h)
        events.append(
            event(
                "fire",
                kind="drumfire",
                side=None,
                firers=placed,
                target_hex=board.label(game_map, h),
                spotted_markers=spotted,
                value=0,
                reason="bombarded the same hex as on the previous turn: drumfire (17.2)",
            )
        )
    return state, events


def _in_assault(state: GameState, fid: str) -> bool:
    """The on-board firer stands in a hex where an assault is being fought (17.2)."""
    u = state.units.get(fid)
    return u is not None and u.on_map and any(
        m.startswith(board.ASSAULT_MARKER) for m in state.markers_at(u.hex)
    )


def spotted_markers(state: GameState, h: Hex) -> int:
    """Spotted markers for drumfire in a hex: two for the first firer, one per further firer."""
    n = sum(1 for m in state.markers_at(h) if m.startswith("drumfire:"))
    return n + 1 if n else 0


def _parse(marker: str) -> tuple[str, int, str, bool]:
    """(firer, strength, "on"|"off", alone) of a "drumfire:..." marker."""
    parts = marker.split(":")
    return parts[1], int(parts[2]), parts[3], len(parts) > 4


def drumfire_firers(state: GameState, h: Hex) -> list[tuple[str, int, str]]:
    return [
        _parse(m)[:3] for m in sorted(state.markers_at(h)) if m.startswith("drumfire:")
    ]


def fire_groups(state: GameState, h: Hex) -> list[tuple[str, list[str]]]:
    """The separate drumfire attacks on a unit entering `h` (17.2): ("off"|"on", firers).

    Off-board increments combine with each other, on-board units with those occupying the
    same or adjacent hexes (each group's units pairwise so, taken in hex then id order);
    never the two kinds together; a firer whose player chose to fire separately attacks
    alone (D-COMBAT-DRUMFIRE)."""
    groups: list[tuple[str, list[str]]] = []
    marks = [_parse(m) for m in sorted(state.markers_at(h)) if m.startswith("drumfire:")]
    off = [f for f, _, where, alone in marks if where == "off" and not alone]
    if off:
        groups.append(("off", off))
    groups += [("off", [f]) for f, _, where, alone in marks if where == "off" and alone]
    on = sorted(
        (f for f, _, where, alone in marks if where == "on" and not alone),
        key=lambda f: (state.units[f].hex, f),
    )
    clusters: list[list[str]] = []
    for f in on:
        here = state.units[f].hex
        home = next(
            (c for c in clusters if all(distance(state.units[x].hex, here) <= 1 for x in c)),
            None,
        )
        if home is None:
            clusters.append([f])
        else:
            home.append(f)
    groups += [("on", c) for c in clusters]
    groups += [("on", [f]) for f, _, where, alone in marks if where == "on" and alone]
    return groups


def is_drumfire_hex(state: GameState, h: Hex) -> bool:
    return OPTION in state.options and spotted_markers(state, h) >= 2


def _lift(state: GameState, gone: Any) -> GameState:
    """Remove the drumfire markers of the on-board firers `gone(firer)` names (17.2)."""
    for h in [h for h, ms in state.markers.items() if DRUMFIRE in ms]:
        marks = {m for m in state.markers_at(h) if m.startswith("drumfire:")}
        dead = {m for m in marks if _parse(m)[2] == "on" and gone(_parse(m)[0])}
        if dead:
            left = marks - dead
            state = board.with_markers(state, h, remove=dead | (set() if left else {DRUMFIRE}))
    return state


def lapse(state: GameState) -> GameState:
    """Remove drumfire placed by on-board units since eliminated or demoralized (17.2)."""

    def gone(fid: str) -> bool:
        u = state.units.get(fid)
        return u is None or not u.on_map or u.status == DEMORALIZED

    return _lift(state, gone)


def lapse_assaulted(state: GameState, h: Hex) -> GameState:
    """An on-board firer in a hex being assaulted loses its drumfire at once (17.2: "If a unit
    firing drumfire is ... assaulted during the current turn, immediately remove the Spotted
    markers"). Either side's units in the assault hex count (D-COMBAT-DRUMFIRE)."""
    if OPTION not in state.options:
        return state
    here = {u.id for u in state.units_at(h)}
    return _lift(state, lambda fid: fid in here)


def drumfire_groups(state: GameState, h: Hex, catalogue: Any) -> list[list[tuple[str, Any]]]:
    """The drumfire attacks on a unit entering the hex, as (firer, value) groups in the
    order `fire_groups` finds them (off-board increments together, on-board units with their
    neighbours, never mixed); disrupted on-board firers at half (17.2, D-COMBAT-DRUMFIRE).
    The preview and the resolution both take their groups from here."""
    strengths = {fid: strength for fid, strength, _ in drumfire_firers(state, h)}

    def value_of(fid: str, where: str) -> Any:
        if where == "off":
            return strengths[fid]
        u = state.units[fid]
        fv = fire_value(catalogue, u, "bombardment")
        mult, _why = fire_multiplier(state, catalogue, u)
        return fv.strength * mult if fv else 0

    return [[(f, value_of(f, where)) for f in firers] for where, firers in fire_groups(state, h)]


def drumfire_situations(
    game_map: Any, state: GameState, h: Hex, catalogue: Any
) -> list[AttackSituation]:
    """Every drumfire attack a unit now in hex h would take (17.2), each before its dice:
    the preview of a move through a drumfire hex (the second is rolled after the first's
    result, which the preview cannot know)."""
    state = lapse(state)
    if not is_drumfire_hex(state, h):
        return []
    found = (drumfire_situation(game_map, state, h, g, catalogue) for g in drumfire_groups(
        state, h, catalogue))
    return [s for s in found if s.value > 0]


def drumfire_situation(
    game_map: Any, state: GameState, h: Hex, group: list[tuple[str, Any]], catalogue: Any
) -> AttackSituation:
    """One drumfire attack on a unit entering the hex, before its dice (17.2): the group's
    combined value, the terrain's bombardment shift and the 3-unit +1 (movers count)."""
    value = round_value(sum(v for _, v in group))
    shifts: list[Shift] = []
    t = board.terrain(game_map, h)
    if t.bombardment_shift:
        shifts.append(Shift(t.bombardment_shift, f"target hex is {t.name.lower()}", "9.4"))
    if combat_units_in(state, h, catalogue=catalogue) >= 3:
        shifts.append(
            Shift(
                +1,
                "3 or more combat units are stacked in the target hex (movers and non-movers)",
                "17.2",
            )
        )
    if board.supply_level(state, _firing_side(state, group)) in ("shortfall", "critical"):
        shifts.append(Shift(-1, "logistics shortfall", "17.10"))  # as any bombardment
    parts = tuple({"unit": f, "value": str(v)} for f, v in group)
    return AttackSituation("drumfire", situation.BOMBARDMENT, None, value, parts, tuple(shifts))


def _firing_side(state: GameState, group: list[tuple[str, Any]]) -> Any:
    """Whose logistics a drumfire group fires under: its on-board unit (its player's level
    in team games, D-LOG-3), or the side whose scenario rule gives the increment (9.2)."""
    fid = group[0][0]
    if fid in state.units:
        return state.units[fid]
    try:
        rules = getattr(scenario_for(state), "special_rules", ()) or ()
    except KeyError:  # a scenario built by hand (tests, tools) with no special rules
        rules = ()
    for rule in rules:
        if rule.rule == "offboard_artillery" and any(i.id == fid for i in rule.increments):
            return rule.side
    return ""


def resolve_drumfire_entry(
    game_map: Any, state: GameState, mover_id: str, dice: Dice, catalogue: Any
) -> tuple[GameState, list[Event], bool]:
    """Attack a unit or leader (of either side) that has just moved into a drumfire hex (17.2).

    Each group of `fire_groups` attacks in turn (off-board increments together, on-board
    units of the same or adjacent hexes together, never the two kinds; a firer chosen to fire
    separately alone; D-COMBAT-DRUMFIRE). Disrupted on-board firers are at half.
    Only the mover is hit; non-moving combat units count for the 3-unit +1. Returns the
    state, the events and whether the mover must stop (it failed a morale check).
    """
    state = lapse(state)
    mover = state.units[mover_id]
    h = mover.hex
    if h is None or not is_drumfire_hex(state, h):
        return state, [], False
    before = mover.status
    events: list[Event] = []
    riders = [p.id for p in board.passengers_of(state, mover_id)]
    for group in drumfire_groups(state, h, catalogue):
        if not state.units[mover_id].on_map:
            continue
        sit = drumfire_situation(game_map, state, h, group, catalogue)
        if sit.value <= 0:
            continue
        events.append(
            event(
                "fire",
                kind="drumfire",
                side=None,
                firers=[f for f, _ in group],
                target_hex=board.label(game_map, h),
                targets=[mover_id],
                value=sit.value,
                provisional=tables.BOMBARDMENT_IS_PROVISIONAL,
            )
        )
        events += sit.shift_events()
        col = sit.column_event()
        events.append(col)
        roll = dice.roll(2, "drumfire")
        code = sit.result(sum(roll))
        events.append(event("roll", purpose="drumfire", dice=list(roll), total=sum(roll)))
        events.append(
            event("result", kind="drumfire", code=code, column=col["column"], dice=sum(roll))
        )
        sides = sorted({state.units[mover_id].side})
        state, evs, _ = apply_result(
            game_map,
            state,
            h,
            code,
            dice,
            catalogue,
            table=BOMBARDMENT,
            sides=sides,
            only=[mover_id, *riders],
            cause=f"drumfire {code}",
        )
        events += evs
    after = state.units[mover_id]
    # A two-step unit that only loses a step may go on; a failed check (a worse status) stops it.
    stops = not after.on_map or after.status != before
    if stops:
        why = (
            "eliminated"
            if not after.on_map
            else "failed a morale check caused by drumfire: stops (17.2)"
        )
        events.append(event("stop", unit=mover_id, hex=board.label(game_map, h), reason=why))
    return state, events, stops


def clear_drumfire(state: GameState) -> GameState:
    """Marker Removal Phase: every drumfire marker goes (17.2)."""
    for h in list(state.markers):
        gone = {m for m in state.markers_at(h) if m == DRUMFIRE or m.startswith("drumfire:")}
        if gone:
            state = board.with_markers(state, h, remove=gone)
    return state


def prune_bombardment_record(state: GameState) -> GameState:
    """Marker Removal Phase: drop bombardment records older than the previous turn, so this
    turn's record is the next turn's "previous" whether called before or after the turn
    number moves on."""
    for h in list(state.markers):
        old = {
            m
            for m in state.markers_at(h)
            if m.startswith("bombarded:") and int(m.split(":")[1]) < state.turn - 1
        }
        if old:
            state = board.with_markers(state, h, remove=old)
    return state


def _on_entering(state, movers, stopped, dice, first, frm):
    """Drumfire attacks each mover entering its hex (17.2); a mover that fails its check stops."""
    if OPTION not in state.options:
        return state, [], []
    m, cat = game_map(state), catalogue_for(state)
    events, stops = [], []
    for x in movers:
        if state.units[x].on_map:
            state, evs, stop = resolve_drumfire_entry(m, state, x, dice, cat)
            events += as_events(evs)
            if stop:
                stops.append(x)
    return state, events, stops


def _bombardment_recorded(state, game_map, decl):
    return record_bombardment(game_map, state, decl)


def _marker_removal(state, dice):
    """The Spotted markers go in the Marker Removal Phase, and last turn's record with them."""
    if OPTION not in state.options:
        return state, []
    return prune_bombardment_record(clear_drumfire(state)), []


def _after_step(state):
    """17.2: "If a unit firing drumfire is eliminated, demoralized ... immediately remove
    the Spotted markers": checked after every command, not only when someone enters the hex."""
    if OPTION not in state.options or not any(
        m.startswith("drumfire:") for marks in state.markers.values() for m in marks
    ):
        return state
    return lapse(state)


def _reveals_hex(state, h):
    return spotted_markers(state, h) > 0


def _separately(state: GameState, seat) -> list:
    """Each bombardment that would place drumfire, again with `drumfire_separately`: the
    firing player's choice to have it resolved alone (17.2), reachable from the board."""
    if OPTION not in state.options or state.activation is None:
        return []
    out = []
    for cmd in bombard_and_smoke_options(state, seat):
        if cmd.get("smoke"):
            continue
        decl = fire_attack(state, cmd).decl
        marks = state.markers_at(decl.target_hex)
        if any(f"bombarded:{state.turn - 1}:{fid}" in marks for fid, _, _ in _firer_ids(decl)):
            out.append({**cmd, "drumfire_separately": True})
    return out


PLUGIN = Plugin(
    "drumfire",
    offers={"bombard": _separately},
    on_entering=_on_entering,
    bombardment_recorded=_bombardment_recorded,
    assault_round=lapse_assaulted,
    marker_removal=_marker_removal,
    reveals_hex=_reveals_hex,
    after_step=_after_step,
)
