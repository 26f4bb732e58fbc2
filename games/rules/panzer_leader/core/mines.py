"""Minefields (17.1): hidden until found, stop whoever enters, attack at 2-1 without terrain.

A minefield is known to its owner from the start and to everyone once a unit enters it
(`found`). Views show only the minefields the audience knows (views.py).
"""

from __future__ import annotations

from fractions import Fraction

from ..combat import attack_sheet
from ..combat.attack_sheet import Attack
from .state import GameState, Unit
from .units import utype

MINE_ODDS = (Fraction(2), Fraction(1))  # every unit on it, separately, at 2-1 (RB IX.A.3)


def found(state: GameState, label: str, events: list[dict]) -> None:
    """A unit entered the hex: everybody now knows the minefield (17.1)."""
    mine = state.mines[label]
    if sorted(mine["known"]) != sorted(state.sides):
        mine["known"] = sorted(state.sides)
        events.append({"type": "minefield_found", "hex": label})


def entered(state: GameState, unit: Unit, events: list[dict]) -> bool:
    """A unit enters a hex: if a minefield is there it stops and will be attacked; True if so."""
    if unit.hex not in state.mines:
        return False
    found(state, unit.hex, events)
    if state.mines[unit.hex].get("emplacing"):
        return True  # an inverted minefield being laid attacks nobody (QA EM5)
    if utype(unit).flail:
        unit.mine = f"flail:{unit.hex}"  # mines never hurt a flail; it clears them (18.7)
    elif unit.mine not in (f"survived:{unit.hex}", "clearing"):
        unit.mine = "pending"
    return True


def attacks(state: GameState) -> list[Attack]:
    """The mine attacks of the active side's combat phase: every enemy-of-the-phasing-side unit
    that entered a minefield since (17.1; RB IX.A.3, QA MN1: no terrain modifier)."""
    out = []
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if u.on_map and u.side != state.active_side and u.mine == "pending" and u.hex in state.mines:
            out.append(Attack(kind="mine", hex=u.hex, targets=[u.id], attack=MINE_ODDS[0],
                              defense=MINE_ODDS[1]))
    return out


def resolve(state: GameState, dice, events: list[dict]) -> None:
    """Resolve the mine attacks; survivors not dispersed are never attacked by it again
    (QA MN2, MN3); a unit dispersed by it stays and is attacked again (RB IX.A.4)."""
    for attack in attacks(state):
        u = state.units[attack.targets[0]]
        res = attack_sheet.resolve(state, attack, dice, events, f"minefield {u.hex}")
        if res == "-" and u.on_map:
            u.mine = f"survived:{u.hex}"
