"""Artillery field of fire, an experimental rule (22.2; QA AP2, FF1).

Non-mortar artillery with MA 0 faces one hexside and fires only into the 120° sector in
front of its three front hexsides: the hexes that lie between the two rows running straight
out of the flanking hexsides (those rows included), and its own hex. AA guns obey it, even
against aircraft (QA AP2, FF1). A gun that did not fire may turn to face another hexside in
its movement phase; one of 88 mm or more (not the 25-pdr) needs a carrier of its side that
began the movement phase in its hex, one carrier a gun.
"""

from __future__ import annotations

from ...common.errors import IllegalCommand, InvalidCommand
from ...common.hexgrid import DIRECTION_NAMES
from ..core.commands import own
from ..core.facing import in_sector
from ..core.hooks import Plugin
from ..core.scenario import game_map
from ..core.state import GameState, Unit
from ..core.units import utype


def applies(state: GameState, unit: Unit) -> bool:
    return "field_of_fire" in state.options and utype(unit).field_of_fire


def blocks(state: GameState, unit: Unit, target_label: str) -> str | None:
    """Why this gun may not fire into a hex under 22.2, or None."""
    if not applies(state, unit) or unit.facing is None:
        return None
    m = game_map(state)
    if in_sector(m.hex(unit.hex), unit.facing, m.hex(target_label)):
        return None
    return (f"{target_label} is outside the field of fire of {unit.id}, facing "
            f"{DIRECTION_NAMES[unit.facing]} (22.2)")


def why_not_face(state: GameState, unit: Unit, facing: int) -> str | None:
    """Why the gun may not turn to face that hexside now, or None (22.2)."""
    if not applies(state, unit):
        return f"{unit.id} has no field of fire to turn"
    if state.phase != "move_foot" or state.active_side != unit.side or not unit.on_map:
        return "only in your movement phase"
    if not 0 <= facing < 6:
        return "a facing is a hexside 0-5 (N, NE, SE, S, SW, NW)"
    if unit.fired or unit.opfired or unit.status != "ok" or unit.carried_by or unit.moved:
        return f"{unit.id} fired, is dispersed, carried or done"
    t = utype(unit)
    if t.caliber >= 88 and t.id != "gb_25pdr" and not _carrier(state, unit):
        return f"{unit.id} is 88 mm or more and needs a carrier that began the phase in its hex"
    return None


def _carrier(state: GameState, unit: Unit) -> Unit | None:
    return next((u for u in state.units_at(unit.hex, unit.side)
                 if utype(u).carries and u.start_hex == unit.hex and not u.turned_gun), None)


def face(state: GameState, unit: Unit, facing: int, events: list) -> None:
    """Turn a gun to face another hexside in its movement phase (22.2)."""
    why = why_not_face(state, unit, facing)
    if why:
        raise IllegalCommand(f"face: {why} (22.2)", rule="22.2")
    t = utype(unit)
    if t.caliber >= 88 and t.id != "gb_25pdr":
        _carrier(state, unit).turned_gun = True
    unit.facing = facing
    unit.moved = True
    events.append({"type": "faced", "units": [unit.id], "side": unit.side, "hex": unit.hex,
                   "facing": DIRECTION_NAMES[facing]})


def face_command(state: GameState, side: str, c: dict, dice, events: list) -> None:
    """The `face` command: {"unit", "facing": hexside 0-5} (22.2)."""
    facing = c.get("facing")
    if not isinstance(facing, int) or isinstance(facing, bool):
        raise InvalidCommand("`facing` is a hexside 0-5")
    face(state, own(state, side, c.get("unit"), "face", "22.2"), facing, events)


def face_offers(state: GameState, side: str) -> list[dict] | None:
    """Every other hexside each of the side's guns may turn to now (None: rule not in play)."""
    if "field_of_fire" not in state.options:
        return None
    guns = sorted((u for u in state.units.values() if u.side == side and u.facing is not None),
                  key=lambda u: u.id)
    return [{"type": "face", "unit": u.id, "facing": f} for u in guns for f in range(6)
            if f != u.facing and why_not_face(state, u, f) is None]


PLUGIN = Plugin("field_of_fire", fire_blocked=blocks,
                commands={"face": ("movement", face_command)}, move_offers={"face": face_offers})
