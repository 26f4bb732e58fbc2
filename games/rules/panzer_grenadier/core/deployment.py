"""The set-up phase: sides place the units of their set-up areas before turn 1 (D-SETUP-1).

A scenario with set-up areas (setup_areas.py) starts in the `setup` phase. The side that sets
up first places each unit of its areas in a hex of the unit's area (`deploy` {unit, hex}), may
take one back (`undeploy` {unit}), and ends with `setup_done` once every one is placed; then
the next side does the same, and turn 1's initiative phase begins. Only hexes of the unit's
area are legal, with the stacking limit (4.1, D6) and terrain (5.1) honoured, and a placement
is offered only if the side's other units can all still be placed after it (D-SETUP-2).

In a team game each area unit is placed, and taken back, by the seat its deal gives it off
the map, wherever it was put: under Sector Command a unit set up in a partner's band becomes
his only when the set-up is over (D-SETUP-4).

While a side places, its area units are hidden from every other audience (views.py asks
`placing`); once it is done they are seen as normal visibility allows (D-SETUP-3).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...common.errors import IllegalCommand
from . import state as st
from .commands import Command, Event
from .registry import catalogue_for, game_map, hex_label, parse_hex, scenario_for
from .setup_areas import area_units, first_fit, piece_of, setup_order
from .stacking import side_counts_by_hex, stacking_problem

RULE = "D-SETUP-1"
TEAM_RULE = "D-SETUP-4"
COMMANDS = ("deploy", "undeploy", "setup_done")


def _areas(state: st.GameState) -> dict[str, Any]:
    return area_units(scenario_for(state))


def _passengers(state: st.GameState, uid: str) -> list[str]:
    return sorted(u.id for u in state.units.values() if u.carried_by == uid)


def placing(state: st.GameState) -> frozenset[str]:
    """The counters of the side placing now and of the sides still to place (and what they
    carry): no other audience may see where they go (D-SETUP-3)."""
    if state.phase != st.SETUP:
        return frozenset()
    order = setup_order(scenario_for(state))
    still = set(order[order.index(state.active_side):])
    areas = _areas(state)
    mine = {uid for uid, a in areas.items() if a.side in still}
    return frozenset(mine | {u.id for u in state.units.values() if u.carried_by in mine})


def as_seen_by(state: st.GameState, side: str | None) -> st.GameState:
    """The state as an audience may know it during set-up: the counters another side is
    still placing are off the map, so no view, spotting or observation can find them
    (D-SETUP-3). `side` None: the spectators' public view."""
    hide = {uid: replace(state.units[uid], hex=None) for uid in placing(state)
            if state.units[uid].side != side and state.units[uid].hex is not None}
    return state.with_units(hide) if hide else state


def to_place(state: st.GameState, side: str) -> list[str]:
    """The side's area units not yet placed, in id order."""
    return sorted(uid for uid, a in _areas(state).items()
                  if a.side == side and state.units[uid].hex is None)


def why_not_here(state: st.GameState, unit: st.UnitState, h: Any) -> str | None:
    """Why the unit may not be placed in hex h now, or None when it may."""
    area = _areas(state)[unit.id]
    label = hex_label(state, h)
    if h not in area.hexes:
        return f"{label} is not in set-up area {area.name!r} (D-SETUP-1)"
    cat = catalogue_for(state)
    mc = cat[unit.type_id].movement_class
    m = game_map(state)
    if m.terrain(h).is_prohibited(mc):
        return f"{label} is {m.terrain_key(h)}, which {mc} units may not enter (5.1)"
    if state.occupied_by(h) - {unit.side}:
        return f"{label} holds the other side's units (4.0)"
    moving = [unit.id, *_passengers(state, unit.id)]
    problem = stacking_problem(state, h, moving, catalogue=cat)
    if problem:
        return f"{label}: {problem}"
    if not _rest_fits(state, unit, h):
        return (f"{label}: the side's other units of its set-up areas could not all be placed"
                " after this (D-SETUP-2)")
    return None


def _rest_fits(state: st.GameState, unit: st.UnitState, h: Any) -> bool:
    """Whether, with the unit in hex h, every other unplaced unit of the side still fits."""
    cat, m = catalogue_for(state), game_map(state)
    counts = dict(side_counts_by_hex(state, unit.side, catalogue=cat))
    own = piece_of(unit.id, unit.type_id, [state.units[p].type_id
                                           for p in _passengers(state, unit.id)], cat)
    c, t = counts.get(h, (0, 0))
    counts[h] = (c + own.counts[0], t + own.counts[1])
    areas = _areas(state)
    left = [uid for uid in to_place(state, unit.side) if uid != unit.id]
    for area in scenario_for(state).setup_areas:
        if area.side != unit.side:
            continue
        pieces = [piece_of(uid, state.units[uid].type_id,
                           [state.units[p].type_id for p in _passengers(state, uid)], cat)
                  for uid in left if areas[uid] is area]
        fit = first_fit(pieces, area.hexes, counts,
                        lambda mc, x: not m.terrain(x).is_prohibited(mc))
        if fit is None:
            return False
        for p in pieces:  # an area sharing hexes with another finds them taken
            c, t = counts.get(fit[p.id], (0, 0))
            counts[fit[p.id]] = (c + p.counts[0], t + p.counts[1])
    return True


def _placing_side(state: st.GameState, me: st.SeatState, t: str) -> None:
    if me.side != state.active_side:
        raise IllegalCommand(f"{t}: the other side is setting up (D-SETUP-1)",
                             code="command/not_your_activation", rule=RULE)


def placer_of(state: st.GameState, unit: st.UnitState) -> str | None:
    """The seat that places an area unit and may take it back: the one commanding it off the
    map (its deal, D21), even once it stands in another player's sector (D-SETUP-4). Asking
    where it stands would hand a unit put in a partner's band to him mid-set-up, leaving its
    placer unable to undo a misplacement and the partner able to undo his."""
    return st.seat_of_unit(state, replace(unit, hex=None))


def _own_area_unit(state: st.GameState, me: st.SeatState, t: str, uid: Any) -> st.UnitState:
    unit = state.units.get(uid) if isinstance(uid, str) else None
    if unit is None or unit.side != me.side or uid not in _areas(state):
        raise IllegalCommand(f"{t}: you have no unit {uid!r} to place in a set-up area "
                             "(D-SETUP-1)", rule=RULE)
    placer = placer_of(state, unit)
    if placer != me.id:
        raise IllegalCommand(f"{t}: {placer} places {uid} and alone takes it back until the "
                             "set-up is over (D-SETUP-4)", rule=TEAM_RULE)
    return unit


def _at(state: st.GameState, uid: str, h: Any) -> st.GameState:
    """The state with the unit, and what it carries, in hex h (None: back off the map)."""
    moved = {x: replace(state.units[x], hex=h) for x in [uid, *_passengers(state, uid)]}
    return state.with_units(moved)


def apply(state: st.GameState, me: st.SeatState, cmd: Command) -> tuple[st.GameState, list]:
    """One set-up command of a seat of the side placing now."""
    t = cmd.type
    _placing_side(state, me, t)
    if t == "setup_done":
        return _done(state, me)
    unit = _own_area_unit(state, me, t, cmd.get("unit"))
    if t == "undeploy":
        if unit.hex is None:
            raise IllegalCommand(f"undeploy: {unit.id} is not placed yet (D-SETUP-1)", rule=RULE)
        ev = Event("undeployed", side=me.side, units=(unit.id,))
        return _at(state, unit.id, None), [ev]
    if unit.hex is not None:
        raise IllegalCommand(f"deploy: {unit.id} is already in {hex_label(state, unit.hex)}; "
                             "take it back first (undeploy, D-SETUP-1)", rule=RULE)
    try:
        h = parse_hex(state, cmd.get("hex"))
    except ValueError as exc:
        raise IllegalCommand(f"deploy: {exc} (D-SETUP-1)", rule=RULE) from None
    why = why_not_here(state, unit, h)
    if why is not None:
        raise IllegalCommand(f"deploy: {unit.id}: {why}", rule=RULE)
    ev = Event("deployed", side=me.side, units=(unit.id,), data={"hex": hex_label(state, h)})
    return _at(state, unit.id, h), [ev]


def _done(state: st.GameState, me: st.SeatState) -> tuple[st.GameState, list]:
    left = to_place(state, me.side)
    if left:
        raise IllegalCommand(f"setup_done: place {', '.join(left)} first (D-SETUP-1)", rule=RULE)
    order = setup_order(scenario_for(state))
    rest = order[order.index(me.side) + 1:]
    events = [Event("setup_done", data={"side": me.side})]
    if rest:
        return replace(state, active_side=rest[0]), events
    return replace(state, phase=st.INITIATIVE, active_side=None), events


def offers(state: st.GameState, me: st.SeatState) -> dict[str, list[dict]]:
    """The seat's legal set-up commands: each hex each of its unplaced units may go to, each
    placed unit to take back, and `setup_done` once the side has placed everything."""
    if state.phase != st.SETUP or me.side != state.active_side:
        return {}
    areas = _areas(state)
    deploy, undeploy = [], []
    for uid in sorted(areas):
        unit = state.units[uid]
        if unit.side != me.side or placer_of(state, unit) != me.id:
            continue
        if unit.hex is not None:
            undeploy.append({"type": "undeploy", "unit": uid})
            continue
        for h in areas[uid].hexes:
            if why_not_here(state, unit, h) is None:
                deploy.append({"type": "deploy", "unit": uid, "hex": hex_label(state, h)})
    out = {"deploy": deploy, "undeploy": undeploy}
    if not to_place(state, me.side):
        out["setup_done"] = [{"type": "setup_done"}]
    return {k: v for k, v in out.items() if v}


def areas_view(state: st.GameState, side: str | None) -> list[dict] | None:
    """The set-up areas of the side placing now, for its own board: each area's name, hexes
    and units (None for every other audience, and once set-up is over)."""
    if state.phase != st.SETUP or side is None or side != state.active_side:
        return None
    return [{"name": a.name, "hexes": [hex_label(state, h) for h in a.hexes],
             "units": list(a.units)}
            for a in scenario_for(state).setup_areas if a.side == side]
