"""Moving activated units: a move hex by hex, an assault into an adjacent enemy hex, leaving
the map, and what entering a hex sets off (5.0, 12.1, 13.0, 16.5).

A move is checked whole before anything changes (`check_path`), then carried out hex by hex
(`walk`): after each hex the other side may answer with opportunity fire (13.0), optional
rules take their turn (`hooks.on_entering`: drumfire, a critical shortfall, mire), and a
move that ends in an enemy hex is an assault (12.1, D14).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from ...common.errors import IllegalCommand
from ...common.hexgrid import Hex, neighbors
from ..combat import assault as assault_mod
from ..combat.opportunity_fire import opportunity_fire_candidates
from ..double_blind import collision
from . import hooks, move_step, offered_moves
from . import state as st
from .acting import as_events, has_moved, hex_arg, in_activation, known_enemies, may_move, note
from .commands import Command, Event
from .registry import catalogue_for, game_map, hex_label, scenario_for
from .stacking import stacking_problem


def _check_step(state, ids, cur, nxt, spent_now, first, verb, goes_on=False):
    """One hex of a move for the movers together: (new MP spent, move ends here) (5.1).
    `goes_on`: the path leaves the hex again, so a river hex holding friendly engineers is
    entered the normal way where that is allowed (an engineer crossing would end the move
    there, 5.7; the move search offers both, and the path says which was meant)."""
    m, cat = game_map(state), catalogue_for(state)
    a = state.activation
    side = state.units[ids[0]].side
    enemy_hexes, enemy_ids = known_enemies(state, side)
    if not m.contains(nxt):
        raise IllegalCommand(f"{verb}: {hex_label(state, nxt)} is off the map (5.1)", rule="5.1")
    costs = {}
    ends = False
    for uid in ids:
        u = state.units[uid]
        if u.status == st.DEMORALIZED:
            raise IllegalCommand(
                f"{verb}: {uid} is demoralized: it may only try to recover or flee (14.3)",
                rule="14.3",
            )
        if u.status == st.DISRUPTED and not first:
            raise IllegalCommand(
                f"{verb}: {uid} is disrupted and moves one hex (14.2)", rule="14.2"
            )
        cls = move_step.movement_class(u, catalogue=cat)
        if cur is None:
            if u.entry_edge not in m.edge(nxt):
                raise IllegalCommand(
                    f"{verb}: {uid} enters on the {u.entry_edge} edge, and "
                    f"{hex_label(state, nxt)} is not on it (16.5)",
                    rule="16.5",
                )
            if nxt in enemy_hexes:
                raise IllegalCommand(
                    f"{verb}: enemy units hold {hex_label(state, nxt)} (D20)", rule="D20"
                )
            s = move_step.edge_entry_cost(m, cls, nxt)
        else:
            if nxt not in neighbors(cur):
                raise IllegalCommand(
                    f"{verb}: {hex_label(state, nxt)} is not adjacent to "
                    f"{hex_label(state, cur)} (5.1)",
                    rule="5.1",
                )
            s = move_step.step(m, state, uid, cur, nxt, catalogue=cat, known_enemy_hexes=enemy_hexes,
                               engineer_crossing=False if goes_on else None)
            if goes_on and not s.allowed:
                s = move_step.step(m, state, uid, cur, nxt, catalogue=cat,
                                   known_enemy_hexes=enemy_hexes)
        if not s.allowed:
            raise IllegalCommand(
                f"{verb}: {uid} may not enter {hex_label(state, nxt)}: {s.reason} ({s.rule})",
                rule=s.rule,
            )
        if (
            cur is not None
            and a.leaderless
            and uid not in a.entered
            and move_step.moves_closer_to_threat(
                state, uid, cur, nxt, catalogue=cat, known_enemy_ids=enemy_ids
            )
        ):
            raise IllegalCommand(
                f"{verb}: {uid} was activated without a leader and may not move "
                "closer to an enemy unit that could harm it (3.1, D3)",
                rule="D3",
            )
        allowance = move_step.movement_allowance(u, catalogue=cat, state=state)
        total = Fraction(spent_now.get(uid, 0)) + s.cost
        if total > allowance:
            fresh = first and all(Fraction(spent_now.get(i, 0)) == 0 for i in ids)
            if not fresh or allowance <= 0:
                raise IllegalCommand(
                    f"{verb}: {uid} needs {s.cost} MP to enter {hex_label(state, nxt)} and has "
                    f"{allowance - Fraction(spent_now.get(uid, 0))} left (5.1)",
                    rule="5.1",
                )
            total, ends = allowance, True  # D7: one hex for all its MPs
        costs[uid] = total
        if getattr(s, "assault", False) or getattr(s, "engineer_crossing", False):
            ends = True
        if u.status == st.DISRUPTED:
            ends = True
    movers = [*ids, *move_step.passenger_ids(state, ids)]
    problem = stacking_problem(state, nxt, movers, catalogue=cat)
    if problem:
        raise IllegalCommand(f"{verb}: {problem}", rule="4.1")
    return {**spent_now, **costs}, ends


def _move_with_riders(state: st.GameState, ids, h: Hex) -> st.GameState:
    """move_step.move_units, plus the passengers of a reinforcement entering the map (5.6):
    they are off the map with their carrier, which `move_units` does not look for."""
    state = move_step.move_units(state, ids, h)
    riders = {
        u.id: replace(u, hex=h, last_moved_segment=state.segment)
        for u in state.units.values()
        if u.carried_by in ids and u.hex != h and not u.eliminated
    }
    return state.with_units(riders) if riders else state


def move(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """Move a unit, or the units of one hex together, hex by hex along a path (5.0, 4.5)."""
    ids = [cmd.get("unit")] if cmd.get("unit") else list(cmd.get("units"))
    path = tuple(hex_arg(state, label, "path", "move") for label in cmd.get("path"))
    offered = offered_moves.was_offered(state, seat.id, ids, cmd.get("path"))
    if cmd.get("assault_on_collision"):  # 18.7: remembered through op-fire pauses
        a = state.activation
        state = replace(
            state, activation=replace(a, collision_assault=a.collision_assault | frozenset(ids))
        )
    return start_move(state, ids, path, dice, "move", offered=offered)


def assault(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """Move units of one hex together into an adjacent enemy hex to assault it (12.1)."""
    target = hex_arg(state, cmd.get("target"), "target", "assault")
    ids = list(cmd.get("units"))
    side = state.units[ids[0]].side if ids[0] in state.units else None
    if target not in known_enemies(state, side)[0]:
        raise IllegalCommand(
            f"assault: no enemy unit you can see in {cmd.get('target')} (12.1)", rule="12.1"
        )
    charge = hooks.variant("assault", cmd)
    if charge is not None:  # an assault along a path: Extended Assault (17.5)
        return charge(state, seat, cmd, dice)
    if cmd.get("path"):
        raise IllegalCommand(
            "assault: only Extended Assault (17.5) charges along a path", rule="17.5"
        )
    here = state.units[ids[0]].hex if ids[0] in state.units else None
    if here is not None and target not in neighbors(here):
        raise IllegalCommand(
            f"assault: {hex_label(state, target)} is not adjacent to {hex_label(state, here)}; "
            "an assault moves into an adjacent hex (12.1)", rule="12.1"
        )
    offered = offered_moves.was_offered(state, seat.id, ids, [cmd.get("target")])
    return start_move(state, ids, (target,), dice, "assault", offered=offered)


def start_move(
    state: st.GameState, ids: list[str], path: tuple[Hex, ...], dice: Any, verb: str,
    offered: bool = False,
):
    """Check a move (its path too, unless it is one of the moves just `offered` for this
    state, whose path the move search checked: offered_moves.py) and carry it out."""
    units = [in_activation(state, uid, verb) for uid in ids]
    for u in units:
        if not may_move(state, u.id):
            raise IllegalCommand(
                f"{verb}: {u.id} has fired, tried to recover or ended its move "
                "in this activation (3.1)",
                rule="3.1",
            )
        if u.carried_by is not None:
            raise IllegalCommand(
                f"{verb}: {u.id} is carried by {u.carried_by} and moves with it (5.6)", rule="5.6"
            )
    if len({u.hex for u in units}) != 1:
        raise IllegalCommand(f"{verb}: units move together only from one hex (4.5)", rule="4.5")
    # Check the whole path first, so a refused move changes nothing.
    if units[0].hex is None:
        a = state.activation
        state = replace(state, activation=replace(a, entered=a.entered | frozenset(ids)))
    if not offered:
        check_path(state, ids, path, verb)
    return walk(state, tuple(ids), path, dice, [])


def check_path(
    state: st.GameState, ids: list[str], path: tuple[Hex, ...], verb: str, charge: bool = False
):
    """Check a whole path before moving, so a refused move changes nothing: the MPs each
    mover will have spent and whether the move ends in the last hex (5.1). `charge`: an
    Extended Assault (17.5), which may enter the enemy hex from farther away."""
    sim = state
    spent_now = dict(state.activation.mp_spent)
    cur = state.units[ids[0]].hex
    ends = False
    enemy_hexes = known_enemies(state, state.units[ids[0]].side)[0]
    charging = charge or all(x in state.activation.extended_assault for x in ids)  # 17.5
    moved = any(has_moved(state, x) for x in ids)
    for i, h in enumerate(path):
        if ends:
            raise IllegalCommand(
                f"{verb}: the move ends in {hex_label(state, cur)} (5.1, 12.1, D7)", rule="5.1"
            )
        if h in enemy_hexes and (i > 0 or moved) and not charging and cur is not None:
            raise IllegalCommand(
                f"{verb}: an assault enters an enemy hex next to where the units began their "
                "move, before spending any MP; only Extended Assault (17.5) charges from "
                "farther (12.1, D-ASSAULT-MOVE)",
                rule="12.1",
            )
        spent_now, ends = _check_step(
            sim, ids, cur, h, spent_now, i == 0 and not any(has_moved(state, x) for x in ids), verb,
            goes_on=i < len(path) - 1,
        )
        sim = _move_with_riders(sim, ids, h)
        cur = h
    return spent_now, ends


def exit_edges(state: st.GameState, side: str) -> frozenset[str]:
    """The map edges the scenario lets a side's units leave by (16.5, D-VICTORY-2)."""
    try:
        victory = getattr(scenario_for(state), "victory", None)
    except KeyError:
        return frozenset()
    return frozenset(e.edge for e in getattr(victory, "exits", ()) if e.side == side)


def exit_map(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """Move along a path to an edge hex and leave the map through an exit edge (16.5)."""
    m, cat = game_map(state), catalogue_for(state)
    ids = [cmd.get("unit")] if cmd.get("unit") else list(cmd.get("units"))
    path = tuple(hex_arg(state, label, "path", "exit") for label in (cmd.get("path") or ()))
    units = [in_activation(state, uid, "exit") for uid in ids]
    for u in units:
        if not may_move(state, u.id) or u.carried_by is not None or u.hex is None:
            raise IllegalCommand(f"exit: {u.id} may not move now (3.1, 5.6)", rule="3.1")
    if len({u.hex for u in units}) != 1:
        raise IllegalCommand("exit: units move together only from one hex (4.5)", rule="4.5")
    edges = exit_edges(state, units[0].side)
    if not edges:
        raise IllegalCommand("exit: the scenario gives your side no exit edge (16.5)", rule="16.5")
    spent_now, ends = check_path(state, ids, path, "exit")
    last = path[-1] if path else units[0].hex
    if ends:
        raise IllegalCommand(
            f"exit: the move ends in {hex_label(state, last)} (5.1, 16.5)", rule="16.5"
        )
    if not (m.edge(last) & edges):
        raise IllegalCommand(
            f"exit: {hex_label(state, last)} is not on an exit edge "
            f"({', '.join(sorted(edges))}) (16.5)",
            rule="16.5",
        )
    for u in units:
        s = move_step.edge_exit_cost(m, move_step.movement_class(u, catalogue=cat), last)
        left = move_step.movement_allowance(u, catalogue=cat, state=state) - Fraction(
            spent_now.get(u.id, 0)
        )
        if s.cost is None or s.cost > left:
            raise IllegalCommand(
                f"exit: {u.id} lacks the MPs to leave the map from "
                f"{hex_label(state, last)} (16.5, D20)",
                rule="16.5",
            )
    return walk(state, tuple(ids), path, dice, [], exit_after=True)


def _leave_map(state: st.GameState, movers: tuple[str, ...]):
    """The movers and what they carry leave the map: exited, no longer on it (16.5)."""
    ids = [x for x in movers if state.units[x].on_map]
    if not ids:
        return state, []
    gone = [*ids, *move_step.passenger_ids(state, ids)]
    frm = hex_label(state, state.units[ids[0]].hex)
    state = state.with_units({x: replace(state.units[x], hex=None, exited=True) for x in gone})
    state = note(state, acted=ids, done=ids)
    return state, [
        Event("exited", side=state.units[ids[0]].side, units=tuple(gone), data={"from": frm})
    ]


def walk(
    state: st.GameState,
    movers: tuple[str, ...],
    path: tuple[Hex, ...],
    dice: Any,
    events: list[Event],
    exit_after: bool = False,
):
    """Carry out a checked move hex by hex, opening an opportunity-fire window after each hex
    entered if the other side has a unit that may fire (13.0)."""
    m, cat = game_map(state), catalogue_for(state)
    frm = None
    while path and movers:
        h, path = path[0], path[1:]
        side = state.units[movers[0]].side
        # Enemy counters the side did not know of (hidden 17.8, unobserved 18.7): collision.
        if collision.unknown_enemies(state, side, h):
            state, more = collision.collide(state, movers, h, dice)
            events += more
            state = note(state, done=movers)
            break
        frm = state.units[movers[0]].hex
        first = not any(has_moved(state, x) for x in movers)
        try:
            spent_now, ends = _check_step(
                state, list(movers), frm, h, dict(state.activation.mp_spent), first, "move",
                goes_on=bool(path),
            )
        except IllegalCommand as exc:
            # Something changed under the move (a step lost to opportunity fire): it stops.
            events.append(Event("stopped", side=side, units=movers, data={"reason": exc.message}))
            state = note(state, done=movers)
            break
        state = _move_with_riders(state, movers, h)
        cat_ = catalogue_for(state)
        spent_all = [
            x
            for x in movers
            if spent_now[x]
            >= move_step.movement_allowance(state.units[x], catalogue=cat_, state=state)
        ]
        state = note(state, acted=movers, done=movers if ends else spent_all, spent_now=spent_now)
        events.append(
            Event(
                "moved",
                side=side,
                units=movers,
                data={
                    "from": hex_label(state, frm),
                    "to": hex_label(state, h),
                    "mp_spent": {u: str(spent_now[u]) for u in movers},
                },
            )
        )
        state, more, stopped = _on_entering(state, movers, dice, first, frm)
        events += more
        if stopped:
            state = note(state, done=stopped)
            movers = tuple(x for x in movers if x not in stopped and state.units[x].on_map)
            if not movers:
                return state, events
        targets = [
            x
            for x in movers
            if collision.opportunity_window(state, x)
            and (collision.hides(state) or opportunity_fire_candidates(m, state, x, cat))
        ]
        if targets:
            window = st.OpFireWindow(
                side=state.enemy_of(side),
                mover=targets[0],
                hex=h,
                movers=movers,
                path_left=path,
                exit_after=exit_after,
            )
            return replace(state, opfire=window), events
    if movers and exit_after:
        state, more = _leave_map(state, movers)
        events += more
    elif movers:
        state, more = arrive(state, movers, dice, frm)
        events += more
    return state, events


def _on_entering(
    state: st.GameState, movers: tuple[str, ...], dice: Any, first: bool, frm: Hex | None = None
):
    """What entering a hex sets off besides opportunity fire: a hidden mover is revealed
    (17.8), then the optional rules' `on_entering` hooks (drumfire 17.2, a critical shortfall
    17.10, mire). Returns the state, events and the movers that must stop."""
    events: list[Event] = []
    stopped: list[str] = []
    shown = {x: replace(state.units[x], hidden=False) for x in movers if state.units[x].hidden}
    if shown:
        state = state.with_units(shown)
        events.append(
            Event(
                "revealed",
                side=state.units[movers[0]].side,
                units=tuple(shown),
                data={"reason": "a hidden unit that moves is revealed (17.8)"},
            )
        )
    for hook in hooks.each("on_entering"):
        state, more, stops = hook(state, movers, tuple(stopped), dice, first, frm)
        events += more
        stopped += stops
    return state, events, stopped


def arrive(state: st.GameState, movers: tuple[str, ...], dice: Any, frm: Hex | None = None):
    """At the end of a move: moving into an enemy hex is an assault (12.1, D14); `frm`, the
    hex the movers entered it from, decides the defender's hill shift (12.4)."""
    m, cat = game_map(state), catalogue_for(state)
    here = [x for x in movers if state.units[x].on_map]
    if not here:
        return state, []
    h = state.units[here[0]].hex
    side = state.units[here[0]].side
    if not any(u.side != side for u in state.units_at(h)):
        return state, []
    if not assault_mod.must_resolve_now(state, side, h, here):
        return state, []  # joining an assault going on: it continues at the segment's end
    came = frozenset({frm}) if frm is not None else frozenset()
    sit = assault_mod.AssaultSituation(hex=h, attacker=side, first_round=True, entered_from=came)
    state, evs = assault_mod.resolve_assault_round(m, state, sit, dice, cat)
    return state, as_events(evs)


def continuing_assaults(state: st.GameState, dice: Any):
    """After an activation: one more round in each assault hex where the active side
    activated a unit or moved one in (D14)."""
    m, cat = game_map(state), catalogue_for(state)
    a = state.activation
    events: list[Event] = []
    for h, attacker in assault_mod.assault_hexes(state):
        involved = any(state.units[u].hex == h and state.units[u].on_map for u in a.units)
        sides = {u.side for u in state.units_at(h)}
        if not involved or len(sides) < 2 or attacker not in sides:
            continue
        sit = assault_mod.AssaultSituation(hex=h, attacker=attacker, first_round=False)
        state, evs = assault_mod.resolve_assault_round(m, state, sit, dice, cat)
        events += as_events(evs)
    return state, events

