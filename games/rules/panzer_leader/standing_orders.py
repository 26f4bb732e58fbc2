"""Standing orders: a side's pre-set answers to opportunity-fire windows (21.2).

The same plain data as Panzer Grenadier's (see that ruleset's standing_orders.py), less
formations, which Panzer Leader has none of:

    {"units": {"kind": "all"} | {"kind": "hex", "hex": "T-E-7"} | {"kind": "type", "type":
               "tank"},
     "at": {"kind": "any"} | {"kind": "afv"} | {"kind": "hexes", "hexes": [...]}
           | {"kind": "within", "range": 3},
     "min_chance": 0..100, "answer": "fire" | "never" | "ask"}

When a window opens for the side, the first order whose `units` name a unit offered a shot
at a target its `at` accepts decides: `fire` sends the single-unit shot with the best chance
of any result, if it reaches `min_chance` (else the next order is read); `never` passes,
and the units offered are not asked again about those movers this phase (PL-E3); `ask`
leaves the window to the player. Chances are the preview's, on the side's knowledge: a shot
the preview cannot give odds for reaches no `min_chance`. Anti-aircraft windows are left to
the player.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..common.hexgrid import distance
from ..common.standing_orders import (
    ANSWERS,
    TARGET_FILTERS,
    check_answer,
    check_at,
    check_chance,
)
from .core.scenario import game_map
from .core.state import GameState
from .core.units import utype
from .legal import legal_commands
from .preview import preview

UNIT_FILTERS = ("all", "hex", "type")


def check_standing_order(state: GameState, side: str, raw: Any) -> dict:
    """The order in its normal form, or ValueError saying what is wrong with it (21.2)."""
    if not isinstance(raw, dict):
        raise ValueError("a standing order is an object with units, at, min_chance and answer")
    answer = check_answer(raw)
    units = raw.get("units", {"kind": "all"})
    kind = units.get("kind") if isinstance(units, dict) else None
    if kind not in UNIT_FILTERS:
        raise ValueError(f"units.kind must be one of {', '.join(UNIT_FILTERS)}")
    if kind == "hex":
        units = {"kind": kind, "hex": _label(state, units.get("hex"), "units.hex")}
    elif kind == "type":
        kinds = _kinds(state, side)
        if units.get("type") not in kinds:
            raise ValueError(f"units.type must be one of {', '.join(kinds)}")
        units = {"kind": kind, "type": units["type"]}
    else:
        units = {"kind": "all"}
    chance = check_chance(raw)
    return {"units": units, "at": check_at(raw.get("at", {"kind": "any"}), lambda h, where: _label(state, h, where)),
            "min_chance": chance, "answer": answer}


def _label(state: GameState, raw: Any, where: str) -> str:
    if not isinstance(raw, str):
        raise ValueError(f"{where} must be a hex label")
    m = game_map(state)
    for label in (raw.strip(), raw.strip().upper()):
        try:
            m.hex(label)
            return label
        except (KeyError, ValueError):
            continue
    raise ValueError(f"{where}: {raw!r} is not a hex of this map")


def _kinds(state: GameState, side: str) -> list[str]:
    return sorted({utype(u).kind for u in state.units.values() if u.side == side})


def standing_order_choices(state: GameState, side: str) -> dict:
    """What a standing order of the side may name, for the board's form (21.2)."""
    return {"window": "opportunity fire (21.2)", "answers": list(ANSWERS),
            "units": [{"kind": "all"}, {"kind": "hex"}]
            + [{"kind": "type", "type": k} for k in _kinds(state, side)],
            "at": [{"kind": k} for k in TARGET_FILTERS], "chance": True}


def standing_order_answer(state: GameState, seat: str, orders: list[dict]) -> dict | None:
    """The command the side's standing orders give the seat in the open window, or None to
    leave it to the player (21.2, PL-E3)."""
    p = state.pending
    if not p or p["kind"] == "aa" or not orders:
        return None
    offered = legal_commands(state, seat)
    shots = [c for c in offered.get("opportunity_fire", []) if len(c["units"]) == 1]
    if not shots:
        return None
    for order in orders:
        matching = [c for c in shots if _names_firer(state, order, c)
                    and _accepts_target(state, order, c)]
        if not matching:
            continue
        if order["answer"] == "never":
            return {"type": "decline"}
        if order["answer"] == "ask":
            return None
        chances = [_chance(state, seat, c) for c in matching]
        best = max(range(len(matching)), key=chances.__getitem__)  # the first of the best
        if chances[best] * 100 >= order["min_chance"]:
            return matching[best]
    return None


def _names_firer(state: GameState, order: dict, cmd: dict) -> bool:
    u, f = state.units[cmd["units"][0]], order["units"]
    if f["kind"] == "hex":
        return u.hex == f["hex"]
    if f["kind"] == "type":
        return utype(u).kind == f["type"]
    return True


def _accepts_target(state: GameState, order: dict, cmd: dict) -> bool:
    target, f = state.units[cmd["target"]], order["at"]
    if f["kind"] == "afv":
        return utype(target).armored and utype(target).vehicle
    if f["kind"] == "hexes":
        return target.hex in f["hexes"]
    if f["kind"] == "within":
        m = game_map(state)
        firer = state.units[cmd["units"][0]]
        return distance(m.hex(firer.hex), m.hex(target.hex)) <= f["range"]
    return True


def _chance(state: GameState, seat: str, cmd: dict) -> float:
    """The chance of any result the preview shows the side for this shot (0 when unknown)."""
    shown = preview(state, seat, cmd)
    chances = shown.get("attack", {}).get("chances") if shown.get("ok") else None
    if not chances:
        return 0.0
    return float(1 - Fraction(chances.get("-", "0")))
