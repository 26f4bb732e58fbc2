"""Collisions: a move into a hex holding enemy counters the mover's side does not know of
(double-blind 18.7; hidden units 17.8).

D-DB-COLLIDE: whenever the engine lets a unit enter a hex whose enemy occupants its side is
not in contact with (D-MOVE-3 offers such hexes as empty), the move collides:

- The movers bounce back: they stay in the hex they came from and their move ends.
- Both sides learn of each other there: hidden counters in the hex are revealed (17.8) and,
  in double-blind, the movers and the counters they met are revealed to the other side for
  the rest of the action segment (knowledge.py reads the "collision" event).
- Movers that are all leaders, meeting enemy combat units, each roll for survival (6.71,
  D-COMBAT-671's roll): on success they are displaced to the hex they came from, that is
  they stay there; otherwise they are eliminated.
- Counters met that are all leaders make the lone-leader survival roll against the mover's
  combat units (6.71, combat.leaders.lone_leader_survival).

- A move sent with `assault_on_collision` by units moving with a leader (at least one of
  them a good-order unit with a direct fire value) assaults instead, when the hex holds
  enemy combat units: the movers enter and the assaulting units fire first in that round
  (D-DB-COLLIDE). Only the units moving together join (the variant also lets units that
  activated in the leader's hex and have not moved join: not offered).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..combat import board
from ..combat.assault import AssaultSituation, assault_fire, assault_situation
from ..combat.counters import current_morale
from ..combat.leaders import eliminate_leader, lone_leader_survival, lone_leaders_overrun
from ..combat.losses import ASSAULT, apply_result
from ..core import hooks, move_step
from ..core import state as st
from ..core.commands import Event, as_event
from ..core.registry import catalogue_for, counter_type, game_map, hex_label
from . import knowledge


def unknown_enemies(state: st.GameState, side: str, h) -> list[st.UnitState]:
    """Enemy counters in the hex that `side` does not know are there (17.8, 18.0)."""
    here = [u for u in state.units_at(h) if u.side != side]
    if not here:
        return []
    if not knowledge.in_force(state):
        return [u for u in here if u.hidden]
    _, seen = knowledge.known_enemies(state, side)
    if any(u.id in seen for u in here):
        return []  # the side knows the hex is held: entering it is an assault (12.1)
    return here


def collide(state: st.GameState, movers: tuple[str, ...], h, dice: Any):
    """Resolve a collision in hex h; the movers have not entered it (18.7)."""
    m, cat = game_map(state), catalogue_for(state)
    side = state.units[movers[0]].side
    met = [u for u in state.units_at(h) if u.side != side]
    state = state.with_units({u.id: replace(u, hidden=False) for u in met if u.hidden})
    if may_assault(state, movers, met):
        return _assault_first(state, movers, h, met, dice)
    events: list[Event] = [
        Event(
            "collision",
            side=side,
            units=tuple(movers),
            data={
                "hex": hex_label(state, h),
                "revealed": sorted(u.id for u in met),
                "reason": "moved into a hex held by enemy units it did not know of: bounces back "
                "and stops (18.7)",
            },
        )
    ]
    is_leader = {x: counter_type(state, state.units[x].type_id).is_leader for x in movers}
    met_combat = any(counter_type(state, u.type_id).is_combat_unit for u in met)
    if all(is_leader.values()) and met_combat:
        for x in movers:
            led = state.units[x]
            morale = current_morale(state, cat, led)
            roll = dice.roll(2, f"leader survival {x}")
            total = sum(roll)
            ok = total <= morale
            events.append(
                Event(
                    "leader_survival",
                    side=side,
                    units=(x,),
                    data={
                        "hex": hex_label(state, h),
                        "dice": total,
                        "morale": morale,
                        "survived": ok,
                        "reason": f"2d6 {total} {'<=' if ok else '>'} morale {morale}: "
                        + (
                            "displaced to the hex it came from (18.7, 6.71)"
                            if ok
                            else "eliminated (18.7, 6.71)"
                        ),
                    },
                )
            )
            if not ok:
                state = eliminate_leader(state, led)
    elif (
        met
        and all(counter_type(state, u.type_id).is_leader for u in met)
        and any(counter_type(state, state.units[x].type_id).is_combat_unit for x in movers)
    ):
        for u in met:
            state, evs = lone_leader_survival(m, state, u.id, dice, cat)
            events += [as_event(e) for e in evs]
    return state, events


def hides(state: st.GameState) -> bool:
    return knowledge.in_force(state)


def opportunity_window(state: st.GameState, uid: str) -> bool:
    """Whether entering a hex may open an opportunity-fire window for this mover (13.0).

    D-DB-OPFIRE: under hidden information the window opens whenever the other side is in
    contact with the mover, whether or not it has a unit able to fire: opening it only when
    one can would tell the mover's side that an unseen enemy is in range. Never for a mover
    the other side does not know of.
    """
    return seen_by_enemy(state, uid)


def seen_by_enemy(state: st.GameState, uid: str) -> bool:
    """Whether the other side knows of a moving counter, so may fire at it (13.0, 18.0):
    no opportunity-fire window opens for a mover it cannot know of."""
    if not knowledge.in_force(state):
        return True
    u = state.units[uid]
    return uid in knowledge.contact(state)[state.enemy_of(u.side)]


def assault_offered(state: st.GameState, side: str) -> bool:
    """Whether the side's open activation has a leader in it, so that its moves may be sent
    with `assault_on_collision` (18.7): the board offers the choice only then."""
    a = state.activation
    if a is None or a.side != side:
        return False
    present = [x for x in (a.leader, *a.units) if x is not None and x in state.units]
    return any(counter_type(state, state.units[x].type_id).is_leader for x in present)


def may_assault(state: st.GameState, movers, met) -> bool:
    """A leader-led collision may become an assault, if the player asked (18.7)."""
    a = state.activation
    if a is None or not set(movers) <= a.collision_assault:
        return False
    types = {x: counter_type(state, state.units[x].type_id) for x in movers}
    if not any(t.is_leader for t in types.values()):
        return False
    fighters = [x for x, t in types.items() if not t.is_leader
                and state.units[x].status == st.GOOD and t.face(state.units[x].steps).direct_fire]  # type: ignore[union-attr]
    return bool(fighters) and any(counter_type(state, u.type_id).is_combat_unit for u in met)


def joiners(state: st.GameState, movers, frm) -> tuple[str, ...]:
    """18.7: "Other units which activated in the hex with the leader may join the assault, if
    they have not already moved": the activation's units still in the hex the movers came
    from that have neither moved nor acted, in good order and not carried. The player chose
    the assault before knowing of the collision (`assault_on_collision`), so they join with
    it (D-DB-COLLIDE-ASSAULT)."""
    a = state.activation
    return tuple(
        uid for uid in sorted(a.units)
        if uid not in movers and uid not in a.acted and not a.mp_spent.get(uid)
        and (u := state.units[uid]).hex == frm and u.on_map and u.carried_by is None
        and u.status == st.GOOD
    )


def _assault_first(state: st.GameState, movers, h, met, dice: Any):
    """The movers enter and assault; they fire first in this round (18.7)."""
    m, cat = game_map(state), catalogue_for(state)
    side = state.units[movers[0]].side
    frm = state.units[movers[0]].hex
    defender = met[0].side
    movers = (*movers, *joiners(state, movers, frm))
    state = move_step.move_units(state, list(movers), h)
    for hook in hooks.each("assault_round"):  # e.g. drumfire of a firer assaulted lifts (17.2)
        state = hook(state, h)
    a = state.activation
    state = replace(state, activation=replace(a, acted=a.acted | set(movers),
                                              done=a.done | set(movers)))
    sit = AssaultSituation(hex=h, attacker=side, first_round=True, entered_from=frozenset({frm}))
    events: list = [Event("collision", side=side, units=tuple(movers), data={
        "hex": hex_label(state, h), "revealed": sorted(u.id for u in met),
        "reason": "a leader-led move collided and assaults: the assaulting units fire first "
                  "(18.7)"})]
    for shooter, target in ((side, defender), (defender, side)):
        fire = assault_situation(m, state, cat, sit, shooter)
        code, evs = assault_fire(m, sit, fire, dice)
        events += [as_event(e) for e in evs]
        if code:
            state, evs, _ = apply_result(m, state, h, code, dice, cat, table=ASSAULT,
                                         sides=[target], cause=f"assault {code}")
            events += [as_event(e) for e in evs]
        if len({u.side for u in state.units_at(h)}) < 2:
            break
    for s_ in (side, defender):
        state, evs = lone_leaders_overrun(m, state, h, s_, dice, cat)
        events += [as_event(e) for e in evs]
    marker = board.ASSAULT_MARKER + side
    if len({u.side for u in state.units_at(h)}) >= 2:
        state = board.with_markers(state, h, add=[marker])
    return state, events
