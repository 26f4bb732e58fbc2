"""Opportunity fire: who may fire at a moving unit as it enters a hex, and the attack (13.0).

D15: a unit that opportunity-fires is marked Moved/Fired, so it fires once per turn and does
not activate later; D8: a leader adds his combat modifier to any number of opportunity
attacks (one per attack) and is not marked. 13.21: each enemy unit attacks a given mover at
most once in a given hex; the caller keeps the set of units that already fired at this mover
in this hex (the lead's `OpFireWindow.fired`) and passes it as `already_fired`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from ...common.dice import Dice
from ...common.errors import IllegalCommand
from ..core import hooks
from ..core.state import DEMORALIZED, GOOD, GameState
from . import board
from .anti_tank import resolve_anti_tank
from .counters import armor, ctype, fire_value
from .direct_fire import resolve_direct_fire
from .events import Event, event
from .fire import ANTI_TANK, DIRECT, FireDeclaration, in_range


@dataclass(frozen=True, slots=True)
class OpportunityFireOutcome:
    """What an opportunity attack did: the new state, its events, whether the mover must stop,
    and the units that have now fired at this mover in this hex."""

    state: GameState
    events: tuple[Event, ...]
    stops: bool
    already_fired: frozenset[str]


def opportunity_fire_candidates(
    game_map: Any,
    state: GameState,
    mover_id: str,
    catalogue: Any,
    *,
    already_fired: Iterable[str] = (),
) -> list[dict[str, Any]]:
    """Unactivated enemy units that may fire at the mover in the hex it has just entered (13.0):
    no Moved/Fired marker, not in the current activation, not demoralized or carried, the hex
    in range and sight; with the fire kinds each may use ("direct", and "anti_tank" against
    an armored mover)."""
    mover = state.units[mover_id]
    h = mover.hex
    if h is None:
        return []
    done = set(already_fired)
    act = state.activation
    armored = armor(catalogue, mover) is not None
    # The sides with a counter in the mover's hex, by one pass over the counters: a mover's
    # every step asks this of a state nothing else indexes by hex (`units_at` would).
    sides_here = {x.side for x in state.units_on_map() if x.hex == h}
    out = []
    for u in sorted(state.units_on_map(), key=lambda u: u.id):
        if u.side == mover.side or u.id in done or ctype(catalogue, u).is_leader:
            continue
        if u.moved_fired or u.status == DEMORALIZED or u.carried_by is not None:
            continue
        if act is not None and u.id in act.units:
            continue
        if u.side in sides_here:
            continue
        if not hooks.all_agree("may_opportunity_fire", state, u, mover_id):
            continue  # e.g. extended-assaulted units with enemies among them (17.5)
        kinds = []
        for kind in (DIRECT, ANTI_TANK):
            if kind == ANTI_TANK and not armored:
                continue
            fv = fire_value(catalogue, u, kind)
            if fv is None or fv.strength <= 0 or not in_range(catalogue, u, kind, h)[0]:
                continue
            kinds.append(kind)
        if kinds and board.can_see(game_map, state, u, h):
            out.append({"unit": u.id, "hex": board.label(game_map, u.hex), "kinds": kinds})
    return out


def opportunity_targets(state: GameState, mover_id: str) -> tuple[str, ...]:
    """Whom opportunity direct fire at a mover attacks: the mover and what it carries
    (D-COMBAT-OPFIRE-TARGET)."""
    return (mover_id, *(p.id for p in board.passengers_of(state, mover_id)))


def resolve_opportunity_fire(
    game_map: Any,
    state: GameState,
    decl: FireDeclaration,
    mover_id: str,
    dice: Dice,
    catalogue: Any,
    *,
    already_fired: Iterable[str] = (),
) -> OpportunityFireOutcome:
    """Resolve one opportunity attack at a moving unit in the hex it entered (13.0).

    Direct fire gets +1 column, anti-tank -1; the attack falls on the mover (and what it
    carries) only, though every combat unit in the hex counts for the stacking shift
    (D-COMBAT-OPFIRE-TARGET). A mover that ends disrupted, demoralized or eliminated stops.
    """
    mover = state.units[mover_id]
    done = frozenset(already_fired)
    again = sorted(set(decl.firers) & done)
    if again:
        raise IllegalCommand(
            f"{', '.join(again)} already fired at {mover_id} in this hex (13.21)", rule="13.21"
        )
    if decl.kind == "bombardment":
        raise IllegalCommand("opportunity fire is direct or anti-tank fire (13.0)", rule="13.0")
    if mover.hex != decl.target_hex:
        raise IllegalCommand(
            f"{mover_id} is not in {board.label(game_map, decl.target_hex)}", rule="13.0"
        )
    decl = replace(decl, opportunity=True)
    if decl.kind == ANTI_TANK:
        decl = replace(decl, target_unit=decl.target_unit or mover_id)
        if decl.target_unit != mover_id:
            raise IllegalCommand(
                "opportunity anti-tank fire attacks the moving unit (13.0)", rule="13.0"
            )
        state, events = resolve_anti_tank(game_map, state, decl, dice, catalogue)
    else:
        state, events = resolve_direct_fire(
            game_map, state, decl, dice, catalogue, only=list(opportunity_targets(state, mover_id))
        )
    after = state.units[mover_id]
    stops = not after.on_map or after.status != GOOD
    events = list(events)
    if stops:
        why = (
            "eliminated"
            if not after.on_map
            else f"{after.status}: a moving unit disrupted or worse stops (13.0)"
        )
        events.append(
            event("stop", unit=mover_id, hex=board.label(game_map, decl.target_hex), reason=why)
        )
    return OpportunityFireOutcome(state, tuple(events), stops, done | set(decl.firers))
