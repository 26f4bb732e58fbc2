"""What an activated unit does: move, fire, bombard, assault, recover, load, unload (3.1).

Each handler checks the turn-level rules (the unit is in the activation; it moves or fires,
not both) and hands the rule itself to the module that owns it: `movement` (costs, D3, D7,
entry), `transport`, `combat.*` (fire, opportunity fire, assault, recovery). No rule is
decided twice: this module only sequences them.

Within an activation a unit may move in several `move` commands while it has MPs left
(a truck moves, unloads, moves on); once it fires, recovers, or its move ends (assault,
engineer crossing, D7 minimum move, disrupted one-hex move), it is done.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from ...common.errors import IllegalCommand
from ...common.hexgrid import Hex, neighbors
from ..combat import assault as assault_mod
from ..combat.anti_tank import resolve_anti_tank
from ..combat.bombardment import resolve_bombardment
from ..combat.direct_fire import resolve_direct_fire
from ..combat.fire import ANTI_TANK, BOMBARDMENT, DIRECT, FireDeclaration, attack_limit
from ..combat.morale import resolve_recovery
from ..double_blind import collision
from ..optional.consolidation import consolidate, consolidate_options
from . import movement, transport
from . import state as st
from .attacks import fire_attack
from .commands import Command, Event, as_event
from .dig_in import dig_in, dig_in_options
from .registry import catalogue_for, game_map, hex_label, parse_hex
from .stacking import stacking_problem

ZERO = Fraction(0)


# -- shared checks -------------------------------------------------------------------------


def _hex(state: st.GameState, label: str, field: str, verb: str) -> Hex:
    try:
        return parse_hex(state, label)
    except ValueError as exc:
        raise IllegalCommand(f"{verb}: {field}: {exc}", rule="5.0") from None


def in_activation(state: st.GameState, uid: str, verb: str) -> st.UnitState:
    a = state.activation
    u = state.units.get(uid)
    if u is None or a is None or uid not in a.units:
        raise IllegalCommand(f"{verb}: {uid!r} is not in this activation (3.1)", rule="3.1")
    if u.eliminated or u.exited:
        raise IllegalCommand(f"{verb}: {uid} is no longer in play (7.6)", rule="7.6")
    return u


def spent(state: st.GameState, uid: str) -> Fraction:
    return Fraction(state.activation.mp_spent.get(uid, 0))


def has_moved(state: st.GameState, uid: str) -> bool:
    return spent(state, uid) > 0


def may_move(state: st.GameState, uid: str) -> bool:
    """Not done, and has not fired or tried to recover (moved so far, or fresh) (3.1)."""
    a = state.activation
    return uid not in a.done and (uid not in a.acted or has_moved(state, uid))


def may_fire(state: st.GameState, u: st.UnitState, kind: str, cat: Any) -> bool:
    """Has not moved; has not acted, or is an efficient AFV with an attack left (3.1, 11.2)."""
    a = state.activation
    if u.id in a.done or has_moved(state, u.id):
        return False
    if u.id not in a.acted:
        return True
    return 0 < u.attacks_made < attack_limit(cat, u, kind, False)


def note(state: st.GameState, acted=(), done=(), spent_now=None) -> st.GameState:
    """Record in the activation who acted, who is done, and the MPs spent."""
    a = state.activation
    a = replace(
        a,
        acted=a.acted | frozenset(acted),
        done=a.done | frozenset(done),
        mp_spent=dict(spent_now) if spent_now is not None else a.mp_spent,
    )
    return replace(state, activation=a)


_KNOWN: list = [None, None, None]  # the last (state, side, answer): legal asks many times


def known_enemies(state: st.GameState, side: str) -> tuple[frozenset[Hex], tuple[str, ...]]:
    """Enemy counters the side can see in open play (hidden ones excluded, 17.8)."""
    if _KNOWN[0] is state and _KNOWN[1] == side:
        return _KNOWN[2]
    from ..double_blind import knowledge

    if knowledge.in_force(state):  # double-blind etc.: only what the side is in contact with
        answer = knowledge.known_enemies(state, side)
        _KNOWN[:] = [state, side, answer]
        return answer
    ids = tuple(sorted(u.id for u in state.units_on_map() if u.side != side and not u.hidden))
    answer = (frozenset(state.units[i].hex for i in ids), ids)
    _KNOWN[:] = [state, side, answer]
    return answer


def _events(raw) -> list[Event]:
    return [as_event(e) for e in raw]


# -- movement (5.0, 16.5, 12.1, 13.0) --------------------------------------------------------


def _check_step(state, ids, cur, nxt, spent_now, first, verb):
    """One hex of a move for the movers together: (new MP spent, move ends here) (5.1)."""
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
        cls = movement.movement_class(u, catalogue=cat)
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
            s = movement.edge_entry_cost(m, cls, nxt)
        else:
            if nxt not in neighbors(cur):
                raise IllegalCommand(
                    f"{verb}: {hex_label(state, nxt)} is not adjacent to "
                    f"{hex_label(state, cur)} (5.1)",
                    rule="5.1",
                )
            s = movement.step(m, state, uid, cur, nxt, catalogue=cat, known_enemy_hexes=enemy_hexes)
        if not s.allowed:
            raise IllegalCommand(
                f"{verb}: {uid} may not enter {hex_label(state, nxt)}: {s.reason} ({s.rule})",
                rule=s.rule,
            )
        if (
            cur is not None
            and a.leaderless
            and uid not in a.entered
            and movement.moves_closer_to_threat(
                state, uid, cur, nxt, catalogue=cat, known_enemy_ids=enemy_ids
            )
        ):
            raise IllegalCommand(
                f"{verb}: {uid} was activated without a leader and may not move "
                "closer to an enemy unit that could harm it (3.1, D3)",
                rule="D3",
            )
        allowance = movement.movement_allowance(u, catalogue=cat, state=state)
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
    movers = [*ids, *movement.passenger_ids(state, ids)]
    problem = stacking_problem(state, nxt, movers, catalogue=cat)
    if problem:
        raise IllegalCommand(f"{verb}: {problem}", rule="4.1")
    return {**spent_now, **costs}, ends


def _move_with_riders(state: st.GameState, ids, h: Hex) -> st.GameState:
    """movement.move_units, plus the passengers of a reinforcement entering the map (5.6):
    they are off the map with their carrier, which `move_units` does not look for."""
    state = movement.move_units(state, ids, h)
    riders = {
        u.id: replace(u, hex=h, last_moved_segment=state.segment)
        for u in state.units.values()
        if u.carried_by in ids and u.hex != h and not u.eliminated
    }
    return state.with_units(riders) if riders else state


def move(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """Move a unit, or the units of one hex together, hex by hex along a path (5.0, 4.5)."""
    ids = [cmd.get("unit")] if cmd.get("unit") else list(cmd.get("units"))
    path = tuple(_hex(state, label, "path", "move") for label in cmd.get("path"))
    if cmd.get("assault_on_collision"):  # 18.7: remembered through op-fire pauses
        a = state.activation
        state = replace(
            state, activation=replace(a, collision_assault=a.collision_assault | frozenset(ids))
        )
    return start_move(state, ids, path, dice, "move")


def assault(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """Move units of one hex together into an adjacent enemy hex to assault it (12.1)."""
    target = _hex(state, cmd.get("target"), "target", "assault")
    ids = list(cmd.get("units"))
    side = state.units[ids[0]].side if ids[0] in state.units else None
    if target not in known_enemies(state, side)[0]:
        raise IllegalCommand(
            f"assault: no enemy unit you can see in {cmd.get('target')} (12.1)", rule="12.1"
        )
    if cmd.get("path"):  # optional Extended Assault (17.5, extended_assault.py)
        from ..optional.extended_assault import assault as extended

        path = tuple(_hex(state, label, "path", "assault") for label in cmd.get("path"))
        if path[-1] != target:
            raise IllegalCommand("assault: the path must end in the target (17.5)", rule="17.5")
        return extended(state, ids, path, dice)
    return start_move(state, ids, (target,), dice, "assault")


def start_move(state: st.GameState, ids: list[str], path: tuple[Hex, ...], dice: Any, verb: str):
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
            sim, ids, cur, h, spent_now, i == 0 and not any(has_moved(state, x) for x in ids), verb
        )
        sim = _move_with_riders(sim, ids, h)
        cur = h
    return spent_now, ends


def exit_edges(state: st.GameState, side: str) -> frozenset[str]:
    """The map edges the scenario lets a side's units leave by (16.5, D-VICTORY-2)."""
    from .registry import scenario_for

    try:
        victory = getattr(scenario_for(state), "victory", None)
    except KeyError:
        return frozenset()
    return frozenset(e.edge for e in getattr(victory, "exits", ()) if e.side == side)


def exit_map(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """Move along a path to an edge hex and leave the map through an exit edge (16.5)."""
    m, cat = game_map(state), catalogue_for(state)
    ids = [cmd.get("unit")] if cmd.get("unit") else list(cmd.get("units"))
    path = tuple(_hex(state, label, "path", "exit") for label in (cmd.get("path") or ()))
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
        s = movement.edge_exit_cost(m, movement.movement_class(u, catalogue=cat), last)
        left = movement.movement_allowance(u, catalogue=cat, state=state) - Fraction(
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
    gone = [*ids, *movement.passenger_ids(state, ids)]
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
    from ..combat.opportunity_fire import opportunity_fire_candidates

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
                state, list(movers), frm, h, dict(state.activation.mp_spent), first, "move"
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
            >= movement.movement_allowance(state.units[x], catalogue=cat_, state=state)
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
    (17.8), drumfire attacks each mover (17.2), a critical shortfall may leave a vehicle out
    of fuel (17.10). Returns the state, events and the movers that must stop."""
    m, cat = game_map(state), catalogue_for(state)
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
    if "drumfire" in state.options:
        from ..optional.drumfire import resolve_drumfire_entry

        for x in movers:
            if state.units[x].on_map:
                state, evs, stops = resolve_drumfire_entry(m, state, x, dice, cat)
                events += _events(evs)
                if stops:
                    stopped.append(x)
    if st.supply_level(state, state.units[movers[0]]) == "critical" and first:
        state, more, dry = out_of_fuel(state, movers, dice)
        events += more
        stopped += dry
    if "mire" in state.options:  # vehicles roll for mire (17 Part II, mire.py)
        from ..optional.mire import on_entering as mire_entry

        state, more, stuck = mire_entry(state, [x for x in movers if x not in stopped], frm, dice)
        events += more
        stopped += stuck
    return state, events, stopped


def out_of_fuel(state: st.GameState, movers: tuple[str, ...], dice: Any):
    """Critical logistics shortfall (17.10): each motorized or mechanized unit rolls 1d6 as it
    enters its first hex of an activation; on 1-2 it is out of fuel and removed there, not
    as a victory loss, its passengers set down (D-LOG-1)."""
    cat = catalogue_for(state)
    events: list[Event] = []
    dry: list[str] = []
    for x in movers:
        u = state.units[x]
        if not u.on_map or movement.movement_class(u, catalogue=cat) == "foot":
            continue
        die = dice.roll(1, f"fuel {x}")[0]
        if die <= 2:
            gone = {x: replace(u, eliminated=True, hex=None)}
            for p in movement.passenger_ids(state, [x]):
                gone[p] = replace(state.units[p], carried_by=None)
            state = state.with_units(gone)
            dry.append(x)
            events.append(
                Event(
                    "eliminated",
                    side=u.side,
                    units=(x,),
                    data={
                        "out_of_supply": True,
                        "roll": die,
                        "reason": "out of fuel under a critical shortfall (17.10)",
                    },
                )
            )
        else:
            events.append(Event("fuel_roll", side=u.side, units=(x,), data={"roll": die}))
    return state, events, dry


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
    return state, _events(evs)


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
        events += _events(evs)
    return state, events


# -- opportunity fire (13.0) ----------------------------------------------------------------


def opportunity_fire(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """The inactive side fires at a mover in the hex it entered, or declines (13.0, 13.21)."""
    from ..combat.opportunity_fire import opportunity_fire_candidates, resolve_opportunity_fire
    from .activation import commands_unit

    m, cat = game_map(state), catalogue_for(state)
    w = state.opfire
    events: list[Event] = []
    movers = w.movers
    if cmd.type == "decline":
        events.append(Event("opportunity_fire_declined", data={"side": w.side}))
    else:
        target = cmd.get("target")
        if target not in movers or state.units[target].hex != w.hex:
            raise IllegalCommand(
                f"opportunity_fire: {target!r} is not a unit moving into "
                f"{hex_label(state, w.hex)} (13.0)",
                rule="13.0",
            )
        for uid in cmd.get("firers"):
            u = state.units.get(uid)
            if u is None or u.side != seat.side or not commands_unit(state, seat.id, u):
                raise IllegalCommand(
                    f"opportunity_fire: you command no unit {uid!r} (D21)", rule="D21"
                )
        decl = fire_attack(state, cmd).decl
        shown = {
            x: replace(state.units[x], hidden=False)
            for x in decl.firers
            if x in state.units and state.units[x].hidden
        }
        state = state.with_units(shown) if shown else state  # firing reveals (17.8)
        out = resolve_opportunity_fire(m, state, decl, target, dice, cat, already_fired=w.fired)
        state = out.state
        events += _events(out.events)
        w = replace(w, fired=frozenset(out.already_fired))
        if out.stops:
            movers = tuple(x for x in movers if x != target)
            state = note(replace(state, opfire=None), done=[target])
            if state.units[target].on_map and not w.path_left and not w.exit_after:
                st2, more = arrive(state, (target,), dice)
                state, events = st2, events + more
        movers = tuple(x for x in movers if state.units[x].on_map and state.units[x].hex == w.hex)
        still = [
            x
            for x in movers
            if opportunity_fire_candidates(m, state, x, cat, already_fired=w.fired)
        ]
        if still:
            return replace(state, opfire=replace(w, movers=movers, mover=still[0])), events
    state = replace(state, opfire=None)
    if not movers:
        return state, events
    return walk(state, movers, w.path_left, dice, events, exit_after=w.exit_after)


def opportunity_fire_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    """Single-unit opportunity attacks the seat may make now, one per firer, target and kind."""
    from ..combat.opportunity_fire import opportunity_fire_candidates
    from .activation import commands_unit

    m, cat = game_map(state), catalogue_for(state)
    w = state.opfire
    out = []
    for target in w.movers:
        if not state.units[target].on_map:
            continue
        for c in opportunity_fire_candidates(m, state, target, cat, already_fired=w.fired):
            if not commands_unit(state, seat.id, state.units[c["unit"]]):
                continue
            for kind in c["kinds"]:
                out.append(
                    {
                        "type": "opportunity_fire",
                        "firers": [c["unit"]],
                        "target": target,
                        "fire_type": kind,
                    }
                )
    return out


# -- fire (9, 10, 11) -------------------------------------------------------------------------


def fire(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """Direct fire or anti-tank fire by activated units (10.0, 11.0)."""
    if cmd.get("move_and_fire"):  # optional Efficient Move & Fire (17.3, efficient.py)
        from ..optional.efficient import fire as move_and_fire

        return move_and_fire(state, seat, cmd, dice)
    _hex(state, cmd.get("target"), "target", "fire")
    return _resolve_fire(state, fire_attack(state, cmd).decl, dice, "fire")


def bombard(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """Bombardment by activated units, spotted by themselves or a leader (9.0, D12)."""
    if cmd.get("increments"):  # off-board artillery (9.2, offboard.py)
        if cmd.get("smoke"):
            raise IllegalCommand("bombard: off-board increments fire no smoke (D18)", rule="D18")
        from . import offboard

        state, evs = offboard.fire(state, seat, cmd, dice)
        return state, _events(evs)
    if cmd.get("smoke"):  # a smoke mission instead of an attack (D18, smoke.py)
        from .smoke import fire_smoke

        return fire_smoke(state, seat, cmd, dice)
    _hex(state, cmd.get("target"), "target", "bombard")
    return _resolve_fire(state, fire_attack(state, cmd).decl, dice, "bombard")


def _resolve_fire(state: st.GameState, decl: FireDeclaration, dice: Any, verb: str):
    m, cat = game_map(state), catalogue_for(state)
    for uid in decl.firers:
        u = in_activation(state, uid, verb)
        if not may_fire(state, u, decl.kind, cat):
            raise IllegalCommand(
                f"{verb}: {uid} has already moved or fired in this activation; "
                "a unit moves or fires, not both (3.1)",
                rule="3.1",
            )
    if decl.leader is not None:
        in_activation(state, decl.leader, verb)
    shown = {x: replace(state.units[x], hidden=False) for x in decl.firers if state.units[x].hidden}
    if shown:  # a hidden unit that fires is revealed (17.8)
        state = state.with_units(shown)
    resolve = {
        DIRECT: resolve_direct_fire,
        ANTI_TANK: resolve_anti_tank,
        BOMBARDMENT: resolve_bombardment,
    }[decl.kind]
    state, evs = resolve(m, state, decl, dice, cat)
    done = [
        uid
        for uid in decl.firers
        if state.units[uid].attacks_made >= attack_limit(cat, state.units[uid], decl.kind, False)
        or not state.units[uid].on_map
    ]
    state = note(state, acted=decl.firers, done=done)
    return state, _events(evs)


def _fire_targets(state: st.GameState, u: st.UnitState, rng: int) -> list[Hex]:
    side = u.side
    hexes, _ = known_enemies(state, side)
    return sorted(h for h in hexes if _dist(u.hex, h) <= rng)


def _dist(a: Hex, b: Hex) -> int:
    from ...common.hexgrid import distance

    return distance(a, b)


def _single_fire_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    """Single-unit direct and anti-tank attacks of the activated units (10.0, 11.0)."""
    from ..combat.anti_tank import validate_anti_tank
    from ..combat.direct_fire import validate_fire

    m, cat = game_map(state), catalogue_for(state)
    out = []
    for uid in sorted(state.activation.units):
        u = state.units[uid]
        if not u.on_map or u.carried_by is not None or u.status == st.DEMORALIZED:
            continue
        t = cat[u.type_id]
        if t.is_leader:
            continue
        face = t.face(u.steps)
        if face.direct_fire and may_fire(state, u, DIRECT, cat):
            for h in _fire_targets(state, u, face.direct_fire.range):
                decl = FireDeclaration(firers=(uid,), target_hex=h)
                if not validate_fire(m, state, decl, cat):
                    out.append(
                        {
                            "type": "fire",
                            "firers": [uid],
                            "target": hex_label(state, h),
                            "fire_type": "direct",
                        }
                    )
        if face.anti_tank and may_fire(state, u, ANTI_TANK, cat):
            for h in _fire_targets(state, u, (face.anti_tank.range * 3) // 2):
                for e in state.units_at(h):
                    if e.side == u.side or e.hidden or cat[e.type_id].is_leader:
                        continue
                    if cat[e.type_id].face(e.steps).armor is None:
                        continue
                    decl = FireDeclaration(
                        firers=(uid,), target_hex=h, kind=ANTI_TANK, target_unit=e.id
                    )
                    if not validate_anti_tank(m, state, decl, cat):
                        out.append(
                            {
                                "type": "fire",
                                "firers": [uid],
                                "target": hex_label(state, h),
                                "fire_type": "anti_tank",
                                "target_unit": e.id,
                            }
                        )
    return out


def fire_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    """Direct and anti-tank attacks the board offers (10.0, 11.0, D-LEGAL-1): each unit alone;
    the units of one hex that may all hit a target, together; and each of these direct fire
    attacks with an activated undemoralized leader in the firers' hex adding his modifier.
    Other combinations (firers from adjacent hexes under a leader, HMG spray) are accepted by
    `fire` when the rules allow them but are not listed: there are too many to enumerate."""
    from ..combat.direct_fire import validate_fire

    m, cat = game_map(state), catalogue_for(state)
    singles = _single_fire_options(state, seat)
    out = list(singles)
    direct = [c for c in singles if c["fire_type"] == "direct"]
    by_target: dict[tuple, list[str]] = {}
    for c in direct:
        firer = state.units[c["firers"][0]]
        by_target.setdefault((c["target"], firer.hex), []).append(firer.id)
    combos = [[c["firers"], c["target"]] for c in direct]
    for (target, _h), firers in sorted(by_target.items()):
        if len(firers) > 1:
            decl = FireDeclaration(firers=tuple(firers), target_hex=parse_hex(state, target))
            if not validate_fire(m, state, decl, cat):
                out.append(
                    {
                        "type": "fire",
                        "firers": list(firers),
                        "target": target,
                        "fire_type": "direct",
                    }
                )
                combos.append([list(firers), target])
    a = state.activation
    leaders = [
        x
        for x in sorted(a.units)
        if cat[state.units[x].type_id].is_leader
        and state.units[x].on_map
        and state.units[x].status != st.DEMORALIZED
        and state.units[x].carried_by is None
    ]
    for firers, target in combos:
        here = state.units[firers[0]].hex
        for ldr in leaders:
            if state.units[ldr].hex != here:
                continue
            decl = FireDeclaration(
                firers=tuple(firers), target_hex=parse_hex(state, target), leader=ldr
            )
            if not validate_fire(m, state, decl, cat):
                out.append(
                    {
                        "type": "fire",
                        "firers": list(firers),
                        "target": target,
                        "fire_type": "direct",
                        "leader": ldr,
                    }
                )
    return out


def bombard_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    """Single-unit bombardments, self-spotted or spotted by an activated leader (9.0, D12)."""
    from ..combat.bombardment import validate_bombardment

    m, cat = game_map(state), catalogue_for(state)
    a = state.activation
    spotters = [None] + sorted(
        x for x in a.units if cat[state.units[x].type_id].is_leader and state.units[x].on_map
    )
    out = []
    for uid in sorted(a.units):
        u = state.units[uid]
        t = cat[u.type_id]
        if t.is_leader or not u.on_map or u.carried_by is not None:
            continue
        face = t.face(u.steps)
        if not face.bombardment or not may_fire(state, u, BOMBARDMENT, cat):
            continue
        for h in _fire_targets(state, u, face.bombardment.range):
            for sp in spotters:
                decl = FireDeclaration(firers=(uid,), target_hex=h, kind=BOMBARDMENT, spotter=sp)
                if not validate_bombardment(m, state, decl, cat):
                    cmd = {"type": "bombard", "firers": [uid], "target": hex_label(state, h)}
                    if sp:
                        cmd["spotter"] = sp
                    out.append(cmd)
                    break
        out += _blind_bombard_options(state, u, face.bombardment.range, spotters[1:])
    return out


def _move_and_fire_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    from ..optional.efficient import fire_options as move_and_fire_options  # 17.3

    return move_and_fire_options(state, seat)


def _bombard_and_smoke_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    """Bombardments, a smoke mission at each of their targets (D18, D-SMOKE-1), and the
    off-board increments' bombardments (9.2, D-OFFBOARD-1)."""
    from . import offboard

    out = bombard_options(state, seat)
    targets = sorted(known_enemies(state, seat.side)[0])
    return out + [{**c, "smoke": True} for c in out] + offboard.options(state, seat, targets)


def _blind_bombard_options(
    state: st.GameState, u: st.UnitState, rng: int, spotters: list[str]
) -> list[dict]:
    """Double-blind: bombardments of hexes with no known enemy, at half strength, each with
    the first activated leader who has a line of sight to the hex (18.8, D-DB-BLIND-LEGAL).

    The hexes offered depend on the leaders' line of sight and the firer's range only, never
    on what stands in them, so the list reveals nothing.
    """
    from ..combat.bombardment import validate_bombardment
    from ..double_blind.observation import is_on

    if not spotters or not is_on(state):
        return []
    m, cat = game_map(state), catalogue_for(state)
    known, _ = known_enemies(state, u.side)
    in_range = [h for h in sorted(m.hexes) if _dist(u.hex, h) <= rng and h not in known]
    chosen: dict[Hex, str] = {}
    for sp in spotters:
        leader = state.units[sp]
        if leader.status == st.DEMORALIZED:
            continue
        for h in in_range:
            if h in chosen:
                continue
            decl = FireDeclaration(firers=(u.id,), target_hex=h, kind=BOMBARDMENT, spotter=sp)
            if not validate_bombardment(m, state, decl, cat):
                chosen[h] = sp
    return [
        {"type": "bombard", "firers": [u.id], "target": hex_label(state, h), "spotter": sp}
        for h, sp in sorted(chosen.items())
    ]


# -- recovery (14.4) ----------------------------------------------------------------------------


def recover(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """A disrupted or demoralized unit tries to recover, helped by an activated leader (14.4)."""
    m, cat = game_map(state), catalogue_for(state)
    uid, leader = cmd.get("unit"), cmd.get("leader")
    for x in (uid, leader):
        if x is None:
            continue
        in_activation(state, x, "recover")
        if x in state.activation.acted:
            raise IllegalCommand(
                f"recover: {x} has already acted in this activation; units "
                "trying to recover and the leader helping do nothing else "
                "(14.4)",
                rule="14.4",
            )
    state, evs = resolve_recovery(m, state, uid, dice, cat, leader=leader)
    helpers = [x for x in (uid, leader) if x is not None]
    return note(state, acted=helpers, done=helpers), _events(evs)


def recover_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    from ..combat.morale import recovery_problems

    cat = catalogue_for(state)
    a = state.activation
    fresh = [x for x in sorted(a.units) if x not in a.acted and state.units[x].on_map]
    leaders = [x for x in fresh if cat[state.units[x].type_id].is_leader]
    out = []
    for uid in fresh:
        if state.units[uid].status == st.GOOD:
            continue
        for ldr in [None, *leaders]:
            if ldr == uid or recovery_problems(state, uid, cat, ldr):
                continue
            cmd = {"type": "recover", "unit": uid}
            if ldr:
                cmd["leader"] = ldr
            out.append(cmd)
    return out


# -- transport (5.6) ------------------------------------------------------------------------------


def load(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """Load an activated unit onto an activated transport in its hex (5.6)."""
    cat = catalogue_for(state)
    p = in_activation(state, cmd.get("unit"), "load")
    c = in_activation(state, cmd.get("transport"), "load")
    if p.id in state.activation.acted:
        raise IllegalCommand(f"load: {p.id} has already acted in this activation (3.1)", rule="3.1")
    if not (p.on_map and c.on_map):
        raise IllegalCommand("load: both units must be on the map (5.6, 16.5)", rule="5.6")
    if c.id in state.activation.done:
        raise IllegalCommand(f"load: {c.id} has finished for this activation (3.1)", rule="3.1")
    tr = transport.load(state, p.id, c.id, catalogue=cat, mp_spent=state.activation.mp_spent)
    state = note(tr.state, acted=[p.id, c.id], done=[p.id, *tr.done], spent_now=tr.mp_spent)
    return state, [
        Event("loaded", side=p.side, units=(p.id, c.id), data={"hex": hex_label(state, c.hex)})
    ]


def unload(state: st.GameState, seat: st.SeatState, cmd: Command, dice: Any):
    """Unload a passenger into its transport's hex; the passenger stops there (5.6)."""
    cat = catalogue_for(state)
    p = in_activation(state, cmd.get("unit"), "unload")
    if p.carried_by is None or p.carried_by not in state.activation.units:
        raise IllegalCommand(
            f"unload: {p.id} is not carried by a transport in this activation (5.6)", rule="5.6"
        )
    c = state.units[p.carried_by]
    from ..optional.extended_assault import may_unload

    if not may_unload(state, p.id):
        raise IllegalCommand(
            f"unload: {p.id} rode an Extended Assault and unloads in a later activation (17.5)",
            rule="17.5",
        )
    if c.id in state.activation.done:
        raise IllegalCommand(f"unload: {c.id} has finished for this activation (3.1)", rule="3.1")
    if not c.on_map:
        raise IllegalCommand(f"unload: {c.id} is not on the map yet (5.6, 16.5)", rule="5.6")
    tr = transport.unload(state, p.id, catalogue=cat, mp_spent=state.activation.mp_spent)
    state = note(tr.state, acted=[p.id, c.id], done=[p.id, *tr.done], spent_now=tr.mp_spent)
    return state, [
        Event("unloaded", side=p.side, units=(p.id, c.id), data={"hex": hex_label(state, c.hex)})
    ]


def load_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    cat = catalogue_for(state)
    a = state.activation
    out = []
    for pid in sorted(a.units):
        p = state.units[pid]
        if pid in a.acted or not p.on_map or p.carried_by is not None:
            continue
        for cid in sorted(a.units):
            c = state.units[cid]
            if (
                cid == pid
                or cid in a.done
                or c.hex != p.hex
                or c.carried_by is not None
                or not c.on_map
            ):
                continue
            if transport.carry_problem(state, pid, cid, catalogue=cat) is not None:
                continue
            try:
                transport.load(state, pid, cid, catalogue=cat, mp_spent=a.mp_spent)
            except IllegalCommand:
                continue
            out.append({"type": "load", "unit": pid, "transport": cid})
    return out


def unload_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    cat = catalogue_for(state)
    a = state.activation
    out = []
    for pid in sorted(a.units):
        p = state.units[pid]
        if p.carried_by is None or p.carried_by not in a.units or p.carried_by in a.done:
            continue
        if pid in a.extended_assault:  # 17.5: unloads in a later activation
            continue
        if not state.units[p.carried_by].on_map:
            continue
        try:
            transport.unload(state, pid, catalogue=cat, mp_spent=a.mp_spent)
        except IllegalCommand:
            continue
        out.append({"type": "unload", "unit": pid})
    return out


# -- what the board may offer: moves ------------------------------------------------------------


_MOVES: list = [None, None, None]  # the last (state, seat, moves): assault_options reuses it


def move_options(state: st.GameState, seat: st.SeatState) -> list[dict]:
    """One move per unit (and per hex of movers together) and destination, with the path the
    movement rules find (5.0); destinations holding enemies are assaults (12.1)."""
    if _MOVES[0] is state and _MOVES[1] == seat.id:
        return list(_MOVES[2])
    out = _move_options(state, seat)
    _MOVES[:] = [state, seat.id, out]
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
        for h in sorted(reach):
            r = reach[h]
            path = r.path if u.hex is None else r.path[1:]
            cmd: dict = {"type": "move"}
            if len(ids) == 1:
                cmd["unit"] = ids[0]
            else:
                cmd["units"] = list(ids)
            cmd["path"] = [hex_label(state, x) for x in path]
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
    if "extended_assault" in state.options:  # 17.5
        from ..optional.extended_assault import options as extended_options

        out += extended_options(state, seat)
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
        reach = 2 * min(movement.movement_allowance(state.units[x], catalogue=cat) for x in ids)
        here = state.units[ids[0]].hex
        if not any(_dist(here, h) <= reach for h in edge_hexes):
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
            path = [hex_label(state, x) for x in options[h].path[1:]]
            cmd: dict = {"type": "exit"}
            if len(ids) == 1:
                cmd["unit"] = ids[0]
            else:
                cmd["units"] = list(ids)
            if path:
                cmd["path"] = path
            try:  # the same checks the command will meet (D3 binds leaderless exits too)
                exit_map(state, seat, parse_command_for_check(cmd), _NoDice())
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


def _air():
    from ..optional import air_support  # aircraft (15.1)

    return air_support


def parse_command_for_check(raw: dict) -> Command:
    from .commands import parse_command

    return parse_command(raw)


ACTIONS = {
    "move": move,
    "exit": exit_map,
    "fire": fire,
    "bombard": bombard,
    "assault": assault,
    "recover": recover,
    "load": load,
    "unload": unload,
    "dig_in": dig_in,
    "air_strike": lambda s, me, c, d: _air().strike(s, me, c, d),  # 15.1
    "air_attack": lambda s, me, c, d: _air().attack(s, me, c, d),  # 18.9, D-AIR-4
    "consolidate": consolidate,
}

OPTIONS = {
    "move": move_options,
    "exit": exit_options,
    "fire": lambda s, me: fire_options(s, me) + _move_and_fire_options(s, me),
    "bombard": _bombard_and_smoke_options,
    "assault": assault_options,
    "recover": recover_options,
    "load": load_options,
    "unload": unload_options,
    "dig_in": dig_in_options,
    "air_strike": lambda s, me: _air().strike_options(s, me),  # 15.1
    "air_attack": lambda s, me: _air().attack_options(s, me),  # 18.9, D-AIR-4
    "consolidate": consolidate_options,
}

_ = ZERO
