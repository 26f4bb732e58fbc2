"""Extended Assault (optional 17.5): tank-led AFVs assault from two or three hexes away.

D-EXT-1: without the option an assault stays what 12.1 makes it, a move that ends in an
enemy hex (a `move` whose last hex holds enemies, or an `assault` into an adjacent hex). With
the option, an `assault` command may carry a `path` of two or three hexes ending in the target:
every mover is an AFV (loaded APCs included, tanks carrying riders not), the activation was
made by a tank leader (his own activation, or an AFV group he leads), the movers see the target
from their starting hex, and the path is the line of that sight (one of the two nudged lines of
D-LOS-3). The path is walked like any move: movement costs and terrain apply (D7 still lets a
fresh unit spend all its MP on one hex), and inactive enemy units may opportunity-fire at each
hex before the assault hex (13.0; nobody fires into the assault hex, as in any move, since
their own units hold it). What the rule adds besides: the units being assaulted may not
opportunity-fire at the charge if units of the charging side are already in their hex
(`may_opfire`), and the passengers of a charging APC may not unload in this activation (`unload`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...common.errors import IllegalCommand
from ...common.hexgrid import Hex, distance, line
from ..core import state as st
from ..core.acting import hex_arg, known_enemies, may_move
from ..core.commands import Event
from ..core.hooks import Plugin
from ..core.los import line_of_sight
from ..core.move_step import passenger_ids
from ..core.moving import check_path, start_move
from ..core.registry import catalogue_for, counter_type, game_map, hex_label
from ..core.smoke import smoke_hexes

OPTION = "extended_assault"
RULE = "17.5"
REACH = (2, 3)  # hexes from the target the charge may start


def tank_led(state: st.GameState) -> bool:
    """Whether the current activation was made by a tank leader (6.8, 17.5)."""
    a = state.activation
    if a is None or a.leaderless:
        return False
    if a.kind == "afv_group":
        return True  # an AFV group is leader-led only with a tank leader (D5)
    for uid in ([a.leader] if a.leader else []) + sorted(a.units):
        u = state.units.get(uid)
        t = counter_type(state, u.type_id) if u else None
        if t is not None and t.is_leader and getattr(t, "kind", "") == "tank":
            return True
    return False


def problems(state: st.GameState, ids: list[str], path: tuple[Hex, ...]) -> list[str]:
    """Why these units may not make this extended assault (empty: they may) (17.5, D-EXT-1)."""
    if OPTION not in state.options:
        return ["the optional Extended Assault rule is not in play"]
    a = state.activation
    units = [state.units.get(uid) for uid in ids]
    if a is None or any(u is None or u.id not in a.units for u in units):
        return ["every unit must be in this activation (3.1)"]
    if not units or len({u.hex for u in units}) != 1 or units[0].hex is None:
        return ["the units must start together in one hex on the map (4.5)"]
    start, target = units[0].hex, path[-1]
    out = []
    if not tank_led(state):
        out.append("the activation was not made by a tank leader")
    passengers = {u.carried_by for u in state.units.values() if u.carried_by and u.on_map}
    for u in units:
        t = counter_type(state, u.type_id)
        if not t.is_afv:
            out.append(f"{u.id} is not an AFV")
        elif u.status != st.GOOD:
            out.append(f"{u.id} is not in good order (12.1)")
        elif u.id in passengers and t.kind != "apc":
            out.append(f"{u.id} is a tank carrying riders")
    if distance(start, target) not in REACH:
        out.append(f"{hex_label(state, target)} is not two or three hexes away")
        return out
    if not line_of_sight(game_map(state), start, target, smoke=smoke_hexes(state)).clear:
        out.append(f"no line of sight to {hex_label(state, target)}")
    if tuple(path) not in {ln[1:] for ln in line(start, target)}:
        out.append("the path does not follow the line of sight to the target")
    return out


def assault(state: st.GameState, ids: list[str], path: tuple[Hex, ...], dice: Any):
    """Charge along the line of sight into the target hex (17.5, D-EXT-1)."""
    why = problems(state, ids, path)
    if why:
        raise IllegalCommand(f"assault: {'; '.join(why)} (17.5, D-EXT-1)", rule=RULE)
    check_path(state, ids, path, "assault", charge=True)
    a = state.activation
    charging = {uid: path[-1] for uid in [*ids, *passenger_ids(state, ids)]}
    state = replace(state, activation=replace(
        a, extended_assault={**a.extended_assault, **charging}))
    side = state.units[ids[0]].side
    ev = Event("extended_assault", side=side, units=tuple(ids), data={
        "from": hex_label(state, state.units[ids[0]].hex),
        "target": hex_label(state, path[-1]),
        "path": [hex_label(state, h) for h in path],
        "reason": "tank-led AFVs assault along their line of sight; enemy units may "
                  "opportunity-fire at each hex before the assault hex (17.5)",
    })
    state, events = start_move(state, ids, path, dice, "assault")
    return state, [ev, *events]


def may_opfire(state: st.GameState, firer: st.UnitState, mover_id: str) -> bool:
    """False for a unit being extended-assaulted whose hex already holds units of the charging
    side (17.5): they are busy with the enemy among them."""
    a = state.activation
    target = a.extended_assault.get(mover_id) if a is not None else None
    if target is None or firer.hex != target:
        return True
    mover = state.units[mover_id]
    return not any(x.side == mover.side for x in state.units_at(target))


def may_unload(state: st.GameState, passenger_id: str) -> bool:
    """Passengers of an APC that made an extended assault stay aboard this activation (17.5)."""
    a = state.activation
    return a is None or passenger_id not in a.extended_assault


def options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    """Every extended assault the activated AFVs may make now (17.5, D-EXT-1)."""
    a = state.activation
    if OPTION not in state.options or a is None or state.opfire is not None or not tank_led(state):
        return []
    cat = catalogue_for(state)
    by_hex: dict[Hex, list[str]] = {}
    for uid in sorted(a.units):
        u = state.units[uid]
        if (u.on_map and u.carried_by is None and cat[u.type_id].is_afv
                and u.status == st.GOOD and may_move(state, uid)):
            by_hex.setdefault(u.hex, []).append(uid)
    out = []
    for h, movers in sorted(by_hex.items()):
        side = state.units[movers[0]].side
        targets = sorted(t for t in known_enemies(state, side)[0] if distance(h, t) in REACH)
        groups = [[x] for x in movers] + ([movers] if len(movers) > 1 else [])
        for t in targets:
            for path in sorted(set(ln[1:] for ln in line(h, t))):
                for ids in groups:
                    if problems(state, ids, path):
                        continue
                    try:
                        check_path(state, ids, path, "assault", charge=True)
                    except IllegalCommand:
                        continue
                    out.append({"type": "assault", "units": ids, "target": hex_label(state, t),
                                "path": [hex_label(state, x) for x in path]})
    return out


def assault_along(state: st.GameState, seat: st.SeatState, cmd: Any, dice: Any):
    """The `assault` command with a path: an Extended Assault (17.5)."""
    target = hex_arg(state, cmd.get("target"), "target", "assault")
    path = tuple(hex_arg(state, label, "path", "assault") for label in cmd.get("path"))
    if path[-1] != target:
        raise IllegalCommand("assault: the path must end in the target (17.5)", rule="17.5")
    return assault(state, list(cmd.get("units")), path, dice)


def unload_problem(state: st.GameState, passenger_id: str) -> tuple[str, str] | None:
    if may_unload(state, passenger_id):
        return None
    return f"{passenger_id} rode an Extended Assault and unloads in a later activation", RULE


PLUGIN = Plugin(
    "extended_assault",
    variants={("assault", "path"): assault_along},
    offers={"assault": options},
    may_opportunity_fire=may_opfire,
    unload_problem=unload_problem,
)
