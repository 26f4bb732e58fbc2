"""The moves the board may offer an activation: each unit and each hex's movers together,
to every hex they can reach (with its path), assaults and exits (5.0, 12.1, 16.5).
"""

from __future__ import annotations

from ...common.errors import IllegalCommand
from ...common.hexgrid import distance, hex_order
from . import move_step, movement, offered_moves
from . import state as st
from .acting import has_moved, known_enemies, may_move
from .commands import parse_command
from .moving import exit_edges, exit_map
from .registry import catalogue_for, game_map, hex_labels, parse_hex


def move_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    """One move per unit (and per hex of movers together) and destination, with the path the
    movement rules find (5.0); destinations holding enemies are assaults (12.1)."""
    known = offered_moves.recalled(state, seat.id)
    if known is not None:  # assault_options asks again; `moving` checks a command against it
        return list(known)
    out = _move_options(state, seat)
    offered_moves.remember(state, seat.id, out)
    return list(out)


def reach_of(state: st.GameState, ids: tuple[str, ...]) -> dict:
    """Where the activated unit or stack `ids` can go now, with what its side knows (5.1, 16.5):
    from the map edge for a reinforcement, else from its hex with the MPs it has left."""
    m, cat = game_map(state), catalogue_for(state)
    u = state.units[ids[0]]
    a = state.activation
    enemy_hexes, enemy_ids = known_enemies(state, u.side)
    if u.hex is None:
        return movement.entry_reach(
            m, state, list(ids), edge=u.entry_edge, catalogue=cat, known_enemy_hexes=enemy_hexes
        )
    return movement.reachable(
        m,
        state,
        list(ids),
        catalogue=cat,
        known_enemy_hexes=enemy_hexes,
        mp_spent=a.mp_spent,
        leaderless_threats=enemy_ids if a.leaderless else None,
    )


def _move_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    a = state.activation
    movable = [
        state.units[x]
        for x in sorted(a.units)
        if may_move(state, x)
        and state.units[x].carried_by is None
        and not state.units[x].eliminated
        and state.units[x].status != st.DEMORALIZED
        and (state.units[x].hex is not None or state.units[x].entry_edge)
    ]
    groups: list[tuple[str, ...]] = [(u.id,) for u in movable]
    by_hex: dict = {}
    for u in movable:
        if u.hex is not None:
            by_hex.setdefault(u.hex, []).append(u.id)
    groups += [tuple(ids) for _, ids in sorted(by_hex.items()) if len(ids) > 1]
    out = []
    for ids in groups:
        u = state.units[ids[0]]
        if u.hex is None and any(has_moved(state, x) for x in ids):
            continue
        try:
            reach = reach_of(state, ids)
        except IllegalCommand:
            continue
        for h in sorted(reach, key=hex_order):
            r = reach[h]
            path = r.path if u.hex is None else r.path[1:]
            cmd: dict = {"type": "move"}
            if len(ids) == 1:
                cmd["unit"] = ids[0]
            else:
                cmd["units"] = list(ids)
            cmd["path"] = hex_labels(state, path)
            out.append(cmd)
    return out


def assault_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    """Assaults into adjacent enemy hexes by one unit or the movers of a hex together (12.1)."""
    out = []
    for cmd in move_options(state, seat):
        if len(cmd["path"]) != 1:
            continue
        ids = [cmd["unit"]] if "unit" in cmd else cmd["units"]
        side = state.units[ids[0]].side
        h = parse_hex(state, cmd["path"][0])
        if h in known_enemies(state, side)[0] and state.units[ids[0]].hex is not None:
            out.append({"type": "assault", "units": ids, "target": cmd["path"][0]})
    return out


def exit_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    """Leaving the map through the side's exit edge, by one unit or a hex's movers (16.5)."""
    m, cat = game_map(state), catalogue_for(state)
    a = state.activation
    movable = [
        state.units[x]
        for x in sorted(a.units)
        if may_move(state, x)
        and state.units[x].carried_by is None
        and state.units[x].on_map
        and state.units[x].status != st.DEMORALIZED
    ]
    if not movable:
        return []
    edges = exit_edges(state, movable[0].side)
    if not edges:
        return []
    groups: list[tuple[str, ...]] = [(u.id,) for u in movable]
    by_hex: dict = {}
    for u in movable:
        by_hex.setdefault(u.hex, []).append(u.id)
    groups += [tuple(ids) for _, ids in sorted(by_hex.items()) if len(ids) > 1]
    out = []
    edge_hexes = [h for e in sorted(edges) for h in m.edge_hexes(e)]
    for ids in groups:
        # Cheap bound first: no road costs less than 1/2 MP a hex.
        reach = 2 * min(move_step.movement_allowance(state.units[x], catalogue=cat) for x in ids)
        here = state.units[ids[0]].hex
        if not any(distance(here, h) <= reach for h in edge_hexes):
            continue
        enemy_hexes, _ = known_enemies(state, state.units[ids[0]].side)
        try:
            options = movement.exit_options(
                m,
                state,
                list(ids),
                edges=edges,
                catalogue=cat,
                known_enemy_hexes=enemy_hexes,
                mp_spent=a.mp_spent,
            )
        except IllegalCommand:
            continue
        for h in sorted(options):
            path = hex_labels(state, options[h].path[1:])
            cmd: dict = {"type": "exit"}
            if len(ids) == 1:
                cmd["unit"] = ids[0]
            else:
                cmd["units"] = list(ids)
            if path:
                cmd["path"] = path
            try:  # the same checks the command will meet (D3 binds leaderless exits too)
                exit_map(state, seat, parse_command(cmd), _NoDice())
            except IllegalCommand:
                continue
            except _WouldRoll:
                pass
            out.append(cmd)
    return out


class _WouldRoll(Exception):
    """Raised by _NoDice: the check got as far as rolling, so the command is legal."""


class _NoDice:
    rolls: list = []

    def roll(self, n: int, purpose: str):
        raise _WouldRoll(purpose)
