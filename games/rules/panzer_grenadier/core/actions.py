"""The actions of an activated unit, by command type, and the legal commands the board may
offer for each (3.1).

The core's own actions are listed here; an optional rule adds its commands and offers
through `hooks` (installed by `rulebook.py`), so this module imports no optional rule.
Each action lives with its rules: `moving` (move, assault, exit), `firing` (fire,
bombard), `recovery`, `carrying` (load, unload), `dig_in`.
"""

from __future__ import annotations

from typing import Any

from . import carrying, dig_in, firing, hooks, move_offers, moving, recovery
from . import state as st

# Command type -> (the action, what the board may offer of it).
CORE = {
    "move": (moving.move, move_offers.move_options),
    "exit": (moving.exit_map, move_offers.exit_options),
    "fire": (firing.fire, firing.fire_options),
    "spray_fire": (firing.spray, firing.spray_options),
    "bombard": (firing.bombard, firing.bombard_and_smoke_options),
    "assault": (moving.assault, move_offers.assault_options),
    "recover": (recovery.recover, recovery.recover_options),
    "load": (carrying.load, carrying.load_options),
    "unload": (carrying.unload, carrying.unload_options),
    "dig_in": (dig_in.dig_in, dig_in.dig_in_options),
}


def is_action(kind: str) -> bool:
    """A command an activated unit sends (the core's or an optional rule's)."""
    return kind in CORE or kind in hooks.COMMANDS


def action(kind: str) -> Any:
    """The handler of an action: (state, seat, cmd, dice) -> (state, events)."""
    return CORE[kind][0] if kind in CORE else hooks.COMMANDS[kind]


def offers(state: st.GameState, seat: st.SeatState) -> dict[str, list[dict]]:
    """Every action the seat's activation may take now, by command type."""
    out = {kind: offer(state, seat) for kind, (_, offer) in CORE.items()}
    for kind in [*CORE, *(k for k in hooks.OFFERS if k not in CORE)]:
        more = hooks.offers(kind, state, seat)
        if more:
            out[kind] = out.get(kind, []) + more
    return out
