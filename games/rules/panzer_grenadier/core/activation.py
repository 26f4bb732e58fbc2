"""Activations: who may be activated together, by which seat, and Moved/Fired (3.1-3.3, 6.0).

An action segment activates one unit, one stack, a leader with everything he reaches (his
hex and the adjacent hexes, chaining through lower-ranking leaders), or an AFV group (D5).
Each activated counter is marked Moved/Fired when the activation ends (3.1).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ...common.errors import IllegalCommand
from ...common.hexgrid import Hex, neighbors
from . import hooks
from . import state as st
from .commands import Event
from .registry import counter_type, hex_label

# -- seats (D21) -----------------------------------------------------------------------------


def seat(state: st.GameState, seat_id: str) -> st.SeatState | None:
    for s in state.seats:
        if s.id == seat_id:
            return s
    return None


seat_of_unit = st.seat_of_unit  # one definition, in state.py (logistics needs it too)


def commands_unit(state: st.GameState, seat_id: str, unit: st.UnitState) -> bool:
    return seat_of_unit(state, unit) == seat_id


# -- who may be activated ------------------------------------------------------------------


def is_leader(state: st.GameState, unit: st.UnitState) -> bool:
    return counter_type(state, unit.type_id).is_leader


def is_available(state: st.GameState, unit: st.UnitState) -> bool:
    """May this counter be activated now: unmarked, present, not riding (3.1, 16.5)."""
    if unit.eliminated or unit.exited or unit.moved_fired or unit.carried_by is not None:
        return False
    if unit.hex is not None:
        return True
    # A reinforcement may enter from its turn on (16.5).
    return unit.entry_turn is not None and unit.entry_turn <= state.turn


def passengers(state: st.GameState, carrier_ids: Iterable[str]) -> set[str]:
    """Counters riding the given carriers (they are activated with them, 5.6)."""
    ids = set(carrier_ids)
    return {u.id for u in state.units.values() if u.carried_by in ids and not u.eliminated}


def leader_group(state: st.GameState, leader: st.UnitState, seat_id: str) -> frozenset[str]:
    """Everything a leader activates: his hex and the adjacent ones, chaining through
    lower-ranking leaders from their own hexes (3.1, 3.2, 6.0).

    Only the seat's own unmarked counters join (D21). A demoralized subordinate leader is
    activated but extends nothing (D-ACT-2).
    """
    group = {leader.id}
    frontier = [leader]
    while frontier:
        ldr = frontier.pop()
        rank = counter_type(state, ldr.type_id).rank_order  # type: ignore[union-attr]
        for h in (ldr.hex, *neighbors(ldr.hex)):
            for u in state.units_at(h):
                if u.side != leader.side or u.id in group or not is_available(state, u):
                    continue
                if not commands_unit(state, seat_id, u):
                    continue
                t = counter_type(state, u.type_id)
                if t.is_leader:
                    if t.rank_order >= rank:  # type: ignore[union-attr]
                        continue  # the chain runs only downward in rank (3.2)
                    group.add(u.id)
                    if u.status != st.DEMORALIZED:
                        frontier.append(u)
                else:
                    group.add(u.id)
    return frozenset(group)


def afv_group(state: st.GameState, afv: st.UnitState, seat_id: str) -> frozenset[str]:
    """An AFV group (3.3, D5): the AFV and every unmarked friendly AFV of the seat in its hex
    and the adjacent hexes; no chaining."""
    group = {afv.id}
    for h in (afv.hex, *neighbors(afv.hex)):
        for u in state.units_at(h):
            if (
                u.side != afv.side
                or u.id in group
                or not is_available(state, u)
                or not commands_unit(state, seat_id, u)
            ):
                continue
            if counter_type(state, u.type_id).is_afv:
                group.add(u.id)
    return frozenset(group)


def has_tank_leader(state: st.GameState, hex_: Hex, side: str) -> bool:
    """A tank leader stacked in the hex (6.8): his AFV group is not leaderless (D5)."""
    for u in state.units_at(hex_):
        if u.side == side and u.status != st.DEMORALIZED:
            t = counter_type(state, u.type_id)
            if t.is_leader and getattr(t, "kind", "") == "tank":
                return True
    return False


def stack_group(state: st.GameState, hex_: Hex, side: str, seat_id: str) -> frozenset[str]:
    """A stack activation: every unmarked counter of the seat in one hex (3.1)."""
    return frozenset(
        u.id
        for u in state.units_at(hex_)
        if u.side == side and is_available(state, u) and commands_unit(state, seat_id, u)
    )


def activated(state: st.GameState, units: frozenset[str]) -> list[str]:
    """Every counter an activation of `units` opens, their passengers with them (5.6): what
    an `activate` command lists in its `units`, and what `begin` activates."""
    return sorted(units | passengers(state, units))


def activation_choices(state: st.GameState, seat_id: str) -> list[dict]:
    """Every `activate` command the seat may send now (3.1-3.3), as complete objects, each
    listing the counters it activates (`units`), so the player sees them before choosing."""
    me = seat(state, seat_id)
    if me is None:
        return []
    out: list[dict] = []
    stacks: dict[Hex, int] = {}
    for uid in sorted(state.units):
        u = state.units[uid]
        if u.side != me.side or not is_available(state, u) or not commands_unit(state, seat_id, u):
            continue
        out.append({"type": "activate", "kind": "unit", "unit": uid,
                    "units": activated(state, frozenset({uid}))})
        if u.hex is None:
            continue
        stacks[u.hex] = stacks.get(u.hex, 0) + 1
        t = counter_type(state, u.type_id)
        if t.is_leader and u.status != st.DEMORALIZED:
            led = leader_group(state, u, seat_id)
            if len(led) > 1:
                out.append({"type": "activate", "kind": "leader", "unit": uid,
                            "units": activated(state, led)})
        elif t.is_afv:
            group = afv_group(state, u, seat_id)
            if len(group) > 1:
                out.append({"type": "activate", "kind": "afv_group", "unit": uid,
                            "units": activated(state, group)})
    for h, n in sorted(stacks.items()):
        if n > 1:
            out.append({"type": "activate", "kind": "stack", "hex": hex_label(state, h),
                        "units": activated(state, stack_group(state, h, me.side, seat_id))})
    # More ways to activate from the optional rules (Formation Activation, 17.7).
    return out + [c for hook in hooks.each("activation_choices") for c in hook(state, seat_id)]


def side_can_act(state: st.GameState, side_id: str | None) -> bool:
    """Whether any of the side's counters may still be activated this turn (3.0)."""
    if side_id is None:
        return False
    return any(
        u.side == side_id and is_available(state, u) and seat_of_unit(state, u) is not None
        for u in state.units.values()
    )


def seats_that_may_activate(state: st.GameState, side_id: str) -> list[str]:
    """Seats of the side with at least one counter they may activate (D21)."""
    return [
        s.id
        for s in state.seats
        if s.side == side_id
        and any(
            u.side == side_id and is_available(state, u) and commands_unit(state, s.id, u)
            for u in state.units.values()
        )
    ]


# -- starting and ending an activation --------------------------------------------------------


def begin(
    state: st.GameState,
    seat_id: str,
    kind: str,
    units: frozenset[str],
    leader: str | None,
    leaderless: bool,
    listed: tuple[str, ...] | None = None,
) -> tuple[st.GameState, list[Event]]:
    """Open an activation of the given counters (and their passengers). A command that
    listed the counters it activates (`units`, as offered) is refused if they are not
    exactly these: the player activates what he was shown, or nothing (3.1)."""
    side = state.active_side
    everyone = frozenset(activated(state, units))
    check_listed(everyone, listed)
    act = st.Activation(
        side=side, seat=seat_id, kind=kind, units=everyone, leader=leader, leaderless=leaderless
    )
    ev = Event(
        "activated",
        side=side,
        units=tuple(sorted(everyone)),
        data={"kind": kind, "seat": seat_id, "leader": leader},
    )
    return st_replace(state, activation=act), [ev]


def check_listed(everyone: frozenset[str], listed: Iterable[str] | None) -> None:
    """Refuse an activation whose `units` (what the player was shown) are not exactly the
    counters it opens, `everyone` (as `activated` lists them); no `units`: nothing to check
    (3.1). A formation activation checks before its roll (17.7), so a refusal rolls nothing."""
    if listed is not None and frozenset(listed) != everyone:
        raise IllegalCommand(
            f"activate: it would activate {', '.join(sorted(everyone))}, not the units listed "
            f"({', '.join(sorted(listed))}) (3.1)", rule="3.1")


def finish(state: st.GameState) -> tuple[st.GameState, list[Event]]:
    """End the activation: mark every activated counter still in play Moved/Fired (3.1)."""
    act = state.activation
    assert act is not None
    marked = {}
    for uid in act.units:
        u = state.units[uid]
        if u.eliminated:
            continue
        marked[uid] = replace(u, moved_fired=True, attacks_made=0)
    state = replace(state.with_units(marked), activation=None)
    return state, [Event("activation_ended", side=act.side, units=tuple(sorted(marked)))]


def st_replace(state: st.GameState, **changes) -> st.GameState:
    return replace(state, **changes)
