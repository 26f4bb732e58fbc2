"""Previews: what a command would cost, risk or why it is refused, from the same code that
resolves it (the attack builders, the path planner)."""

from __future__ import annotations

from ..common.errors import RulesError
from .assault import assault_attack
from .direct_fire import direct_attack
from .indirect import hex_attacks
from .los import why_blocked
from .movement import plan, utype
from .overrun import overrun_attack
from .scenario import board_of
from .state import GameState


def preview(state: GameState, seat: str, command: dict) -> dict:
    """{"ok": True, ...details} or {"ok": False, "why_not": message, "rule": ...}."""
    side = state.seat_side(seat)
    t = command.get("type")
    try:
        if t == "fire":
            a = direct_attack(state, side, command["units"], command["targets"])
            return {"ok": True, "attack": a.to_json()}
        if t == "overrun":
            a, exits = overrun_attack(state, side, command["units"], command["target"])
            return {"ok": True, "attack": a.to_json(), "exits": exits}
        if t == "assault":
            a = assault_attack(state, side, command["units"], command["target"])
            out = {"ok": a.possible, "attack": a.to_json()}
            if not a.possible:
                out["why_not"] = "odds worse than 1-4: no close assault (QA CAT12)"
            return out
        if t == "move":
            u = state.units[command["unit"]]
            path = plan(state, u, command["to"], command.get("mode", "normal"))
            return {"ok": True, "path": path, "allowance": utype(u).movement,
                    "spent_before": u.mp_spent}
    except RulesError as exc:
        return {"ok": False, "why_not": exc.message, "rule": exc.rule}
    except KeyError as exc:
        return {"ok": False, "why_not": f"missing {exc}"}
    return {"ok": False, "why_not": f"no preview for {t!r}"}


def indirect_preview(state: GameState, label: str, strength) -> list[dict]:
    """Each counter's share of indirect fire into a hex (13.4)."""
    return [a.to_json() for a in hex_attacks(state, label, strength)]


def line_of_sight(state: GameState, a: str, b: str) -> dict:
    m = board_of(state)
    why = why_blocked(m, m.hex(a), m.hex(b))
    return {"from": a, "to": b, "clear": why is None, "why_not": why}
