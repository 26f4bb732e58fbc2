"""Logistics, the optional rule (17.10): a shortfall, then a critical one, after Fog of War.

A natural 3 or 4 on a Fog of War roll puts the player who rolled (the side, outside team
games) in shortfall, or a shortfall of an earlier turn into a critical one (D-LOG-3); the
side's initiative rating drops by one at once. In shortfall, motorized and mechanized units
move two MP less (D-LOG-2); under a critical shortfall firing, and the first hex a vehicle
enters, may exhaust fuel or ammunition. The -1 column / -1 DRM of a shortfall and the halving
of other units' fire under a critical shortfall are applied where fire values and shifts are
built (`board.supply_level`).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from ...common.dice import Dice
from ..combat import board
from ..combat.counters import ctype
from ..combat.events import Event, event
from ..core import move_step
from ..core import state as st
from ..core.commands import Event as TurnEvent
from ..core.hooks import Plugin
from ..core.registry import catalogue_for
from ..core.sequence import current_initiative
from ..core.state import GameState, supply_level


def runs_dry_on_firing(catalogue: Any, unit: Any) -> bool:
    """Mechanized and motorized units and weapons units roll when they fire (17.10)."""
    t = ctype(catalogue, unit)
    return t.movement_class in ("motorized", "mechanized") or bool(getattr(t, "is_weapon", False))


def after_firing(
    game_map: Any, state: GameState, firers: tuple[str, ...], dice: Dice, catalogue: Any
) -> tuple[GameState, list[Event]]:
    """Under a critical shortfall each firer that runs on fuel or shells rolls 1d6 after its
    attack; on 1-2 it is removed from play (17.10). D-COMBAT-SUPPLY: it is marked eliminated
    but not counted in the side's `units_eliminated` (not a loss for victory); the initiative
    reduction may count it from the event."""
    events: list[Event] = []
    for uid in firers:
        u = state.units.get(uid)
        if u is None or not u.on_map or board.supply_level(state, u) != "critical":
            continue
        if not runs_dry_on_firing(catalogue, u):
            continue
        roll = dice.roll(1, f"logistics {uid}")
        events.append(event("roll", purpose=f"logistics {uid}", dice=list(roll), total=roll[0]))
        if roll[0] <= 2:
            where = board.label(game_map, u.hex)
            state = state.with_unit(replace(u, eliminated=True, hex=None, carried_by=None))
            events.append(
                event(
                    "eliminated",
                    unit=uid,
                    hex=where,
                    out_of_supply=True,
                    reason="critical logistics shortfall: out of fuel or ammunition (17.10)",
                )
            )
    return state, events


def _after_firing(state, game_map, firers, dice, catalogue):
    return after_firing(game_map, state, firers, dice, catalogue)


def out_of_fuel(state: st.GameState, movers: tuple[str, ...], dice: Any):
    """Critical logistics shortfall (17.10): each motorized or mechanized unit rolls 1d6 as it
    enters its first hex of an activation; on 1-2 it is out of fuel and removed there, not
    as a victory loss, its passengers set down (D-LOG-1)."""
    cat = catalogue_for(state)
    events: list[TurnEvent] = []
    dry: list[str] = []
    for x in movers:
        u = state.units[x]
        if not u.on_map or move_step.movement_class(u, catalogue=cat) == "foot":
            continue
        die = dice.roll(1, f"fuel {x}")[0]
        if die <= 2:
            gone = {x: replace(u, eliminated=True, hex=None)}
            for p in move_step.passenger_ids(state, [x]):
                gone[p] = replace(state.units[p], carried_by=None)
            state = state.with_units(gone)
            dry.append(x)
            events.append(
                TurnEvent(
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
            events.append(TurnEvent("fuel_roll", side=u.side, units=(x,), data={"roll": die}))
    return state, events, dry


def _on_entering(state, movers, stopped, dice, first, frm):
    """A critical shortfall may leave a vehicle out of fuel in the first hex it enters."""
    if first and supply_level(state, state.units[movers[0]]) == "critical":
        return out_of_fuel(state, movers, dice)
    return state, [], []


def fog_of_war_rolled(
    state: GameState, side: str, seat: str | None, natural: int
) -> tuple[GameState, list[TurnEvent]]:
    """A natural 3 or 4 on a Fog of War roll: shortfall, or critical if the shortfall is of an
    earlier turn (17.10). It falls on the player who rolled in team games, else on the side,
    and its initiative cut applies at once ("immediately reduced by one", D-LOG-3)."""
    if "logistics" not in state.options or natural not in (3, 4):
        return state, []
    events = []
    key = st.supply_key(state, side, seat)
    who = {"side": side} if key == side else {"side": side, "seat": key}
    level = state.supply.get(key)
    if level is None:
        state = replace(
            state,
            supply={**state.supply, key: "shortfall"},
            supply_turn={**state.supply_turn, key: state.turn},
        )
        sd = state.side(side)
        state = state.with_side(replace(sd, initiative=current_initiative(state, sd)))
        events.append(TurnEvent("supply_shortfall", data=who))
    elif level == "shortfall" and state.supply_turn.get(key, state.turn) < state.turn:
        state = replace(state, supply={**state.supply, key: "critical"})
        events.append(TurnEvent("supply_critical", data=who))
    return state, events


def initiative_cut(state: GameState, side_id: str) -> int:
    """One off the initiative rating of a side in shortfall, once, whoever of its players
    rolled (17.10, D-LOG-3)."""
    return 1 if st.side_in_shortfall(state, side_id) else 0


def allowance(state: GameState, unit: st.UnitState, counter_type: Any, ma: Fraction) -> Fraction:
    """Two MP less for a motorized or mechanized unit whose player is in shortfall (17.10,
    D-LOG-2)."""
    if supply_level(state, unit) in ("shortfall", "critical") and counter_type.movement_class in (
        "motorized",
        "mechanized",
    ):
        return max(Fraction(0), ma - 2)
    return ma


PLUGIN = Plugin(
    "logistics",
    on_entering=_on_entering,
    after_firing=_after_firing,
    fog_of_war_rolled=fog_of_war_rolled,
    initiative_cut=initiative_cut,
    allowance=allowance,
)
