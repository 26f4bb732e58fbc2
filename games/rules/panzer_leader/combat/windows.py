"""Opportunity-fire windows (21.2): an enemy action pauses while the other side may fire.

A window is `state.pending`: the kind of action that paused (a move, a load or an unload, a
failed stream roll, a landing, an overrun before it goes in or after), the units that may be
shot, each with the mover whose MP count for it (the mover itself; the passenger it unloads
or a rider on German armour, with its carrier; riders dropped off for a Panzerblitz Assault,
with their tank), who may fire, and what happens next (`cont`, which engine.py reads, so this
module needs no movement or overrun code). The other side fires (`opportunity_fire`, again
while able firers remain) or passes (`decline`); then the action goes on.
"""

from __future__ import annotations

from ...common.errors import IllegalCommand
from ..core import hooks, spotting
from ..core.scenario import game_map
from ..core.state import GameState, Unit
from ..core.units import utype
from . import naval
from .attack_sheet import resolve
from .opfire import eligible, opportunity_attack, quarter_met


def exposed(state: GameState, carrier: Unit) -> list[Unit]:
    """The carrier, and a rider on German armour outside a town, which may be shot on its
    own (RB XV.B.8; QA OF7; not in a town, QA T8)."""
    m = game_map(state)
    rider = state.passenger_of(carrier)
    town = carrier.hex is not None and m.terrain(m.hex(carrier.hex)) == "town"
    if rider is not None and utype(carrier).carries == "infantry" and not town:
        return [carrier, rider]
    return [carrier]


def open_window(state: GameState, kind: str, mover: Unit, targets: list[Unit], cont: dict,
                exclude: frozenset[str] = frozenset(),
                runs_of: dict[str, str] | None = None) -> bool:
    """Pause for opportunity fire if any enemy may fire now; True if a window opened."""
    if not hooks.any_says("opportunity_fire", state) or not mover.on_map:  # 21.2
        return False
    runs_of = dict(runs_of or {})
    targets = [t for t in targets if t.on_map]
    for t in targets:
        runs_of.setdefault(t.id, mover.id)
    window = {"kind": kind, "mover": mover.id, "targets": [t.id for t in targets],
              "runs_of": runs_of, "exclude": sorted(exclude), "cont": cont}
    window["eligible"] = eligible(state, _pairs(state, window), exclude)
    if not window["eligible"]:
        return False
    state.pending = window
    return True


def _pairs(state: GameState, window: dict) -> list[tuple[Unit, Unit]]:
    return [(state.units[t], state.units[window["runs_of"][t]]) for t in window["targets"]
            if state.units[t].on_map]


def fire(state: GameState, firers: list[str], target_id: str | None, navy: int, dice,
         events: list) -> dict | None:
    """One opportunity attack in the open window; the window once it has closed."""
    p = state.pending
    target_id = target_id or p["mover"]
    if target_id not in p["targets"] or not state.units[target_id].on_map:
        raise IllegalCommand(f"opportunity_fire: {target_id!r} is not a target in this window "
                             "(21.2)", rule="21.2")
    target = state.units[target_id]
    side = state.enemy(target.side)
    named = list(firers) + ([naval.firer_id(side)] if navy else [])
    if not named or not set(named) <= set(p["eligible"]):
        raise IllegalCommand("opportunity_fire: only units offered this window may fire (21.2)",
                             rule="21.2")
    mover = state.units[p["runs_of"][target_id]]
    if any(not quarter_met(state, f, mover) for f in named):
        raise IllegalCommand("opportunity_fire: a quarter of the mover's MA must be spent in "
                             "each firer's sight (QA OF1)", rule="21.2")
    attack = opportunity_attack(state, list(firers), target, navy)
    for f in firers:
        state.units[f].opfired = True  # a marker, not inversion (RB XV.B.3)
        spotting.mark_fired(state, state.units[f])
    if navy:
        naval.spend(state, side, state.turn, navy)
    state.attacks_made[side] = state.attacks_made.get(side, 0) + 1
    resolve(state, attack, dice, events, f"opportunity fire at {target_id}")
    left = [f for f in p["eligible"] if f not in named]
    p["eligible"] = [f for f in eligible(state, _pairs(state, p), frozenset(p["exclude"]))
                     if f in left]
    if not p["eligible"]:
        return close(state)
    return None


def decline(state: GameState) -> dict:
    """The other side passes: the units offered are not asked again about these movers this
    phase (PL-E3); returns the closed window."""
    p = state.pending
    for mover in sorted(set(p["runs_of"].values())):
        passed = state.of_declined.setdefault(mover, [])
        passed.extend(f for f in p["eligible"] if f not in passed)
    return close(state)


def close(state: GameState) -> dict:
    p = state.pending
    state.pending = None
    return p
