"""What a legal command would cost or risk, for the board to show before it is sent (5.0, 9.4,
10.2, 11.1, 12.4).

The board decides no rule: for a move it shows the MP cost the movement rules find, for an
attack the column, every shift with its reason and the chance of each result, all computed
here from the same functions `apply` uses. `previews(state, seat, unit)` answers for every
legal command of the seat that names one unit (the unit the player selected).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from . import actions, knowledge
from . import state as st
from .combat.assault import AssaultSituation
from .combat.fire import ANTI_TANK, BOMBARDMENT, DIRECT, FireDeclaration
from .combat.odds import assault_odds, fire_odds
from .legal import legal_commands
from .registry import catalogue_for, game_map, hex_label, parse_hex

PREVIEWED = ("move", "exit", "fire", "bombard", "assault", "opportunity_fire")


def _names(cmd: dict) -> tuple[str, ...]:
    """The own units a command moves or fires with."""
    for key in ("unit", "units", "firers"):
        value = cmd.get(key)
        if isinstance(value, str):
            return (value,)
        if isinstance(value, list):
            return tuple(value)
    return ()


def _fraction(value: Fraction) -> str:
    return str(Fraction(value))


def _move_costs(state: st.GameState, seat: st.SeatState, ids: tuple[str, ...]) -> dict:
    """Destination label -> (cost, ends_move, minimum_move), as move_options searched (5.1)."""
    reach = actions.reach_of(state, ids)
    return {hex_label(state, h): r for h, r in reach.items()}


def _fire_preview(state: st.GameState, cmd: dict) -> dict:
    m, cat = game_map(state), catalogue_for(state)
    if cmd["type"] == "opportunity_fire":
        target_unit = state.units[cmd["target"]]
        kind = ANTI_TANK if cmd.get("fire_type") == "anti_tank" else DIRECT
        decl = FireDeclaration(
            firers=tuple(cmd["firers"]),
            target_hex=target_unit.hex,
            kind=kind,
            leader=cmd.get("leader"),
            target_unit=target_unit.id if kind == ANTI_TANK else None,
        )
        return fire_odds(m, state, decl, cat, only=[target_unit.id] if kind == DIRECT else None)
    target = parse_hex(state, cmd["target"])
    if cmd["type"] == "bombard":
        decl = FireDeclaration(
            firers=tuple(cmd["firers"]),
            target_hex=target,
            kind=BOMBARDMENT,
            spotter=cmd.get("spotter"),
        )
    else:
        kind = ANTI_TANK if cmd.get("fire_type") == "anti_tank" else DIRECT
        decl = FireDeclaration(
            firers=tuple(cmd["firers"]),
            target_hex=target,
            kind=kind,
            leader=cmd.get("leader"),
            target_unit=cmd.get("target_unit"),
        )
    return fire_odds(m, state, decl, cat)


def _assault_preview(state: st.GameState, cmd: dict) -> dict:
    m, cat = game_map(state), catalogue_for(state)
    target = parse_hex(state, cmd["target"])
    side = state.units[cmd["units"][0]].side
    frm = frozenset(state.units[x].hex for x in cmd["units"])
    sit = AssaultSituation(hex=target, attacker=side, entered_from=frm)
    return assault_odds(m, state, sit, cat, movers=cmd["units"])


def _hides_enemies(state: st.GameState, cmd: dict, side: str) -> bool:
    """Whether the target hex holds an enemy counter the side may not see (17.8): odds
    computed with it would tell the player it is there."""
    if cmd["type"] == "opportunity_fire":
        return False  # the target is the mover, seen moving
    h = parse_hex(state, cmd["target"])
    return any(u.hidden and u.side != side for u in state.units_at(h))


def previews(state: st.GameState, seat_id: str, unit: str) -> list[dict]:
    """For each legal command of the seat naming `unit`: the command and what it would cost
    (`cost`, MP as a fraction string, for a move or exit) or risk (`odds`, for an attack).

    Under hidden information (17.8, 18.0) the odds of an attack would be computed from
    counters the side may not know, so attacks carry `odds: null` there; costs stay.
    """
    groups = legal_commands(state, seat_id)
    if not groups:
        return []
    seat = next(s for s in state.seats if s.id == seat_id)
    hiding = knowledge.in_force(state)
    out: list[dict] = []
    reach_by_group: dict[tuple[str, ...], dict] = {}
    for ctype in PREVIEWED:
        for cmd in groups.get(ctype, ()):
            ids = _names(cmd)
            if unit not in ids:
                continue
            entry: dict[str, Any] = {"command": cmd}
            if ctype in ("move", "exit"):
                if ids not in reach_by_group:
                    reach_by_group[ids] = _move_costs(state, seat, ids)
                path = cmd.get("path") or []
                dest = path[-1] if path else None
                r = reach_by_group[ids].get(dest) if dest else None
                if r is not None:
                    entry["cost"] = _fraction(r.cost)
                    entry["ends_move"] = bool(r.ends_move)
                    entry["minimum_move"] = bool(r.minimum_move)
            elif hiding or _hides_enemies(state, cmd, state.units[unit].side):
                entry["odds"] = None
            elif ctype == "assault":
                entry["odds"] = _assault_preview(state, cmd)
            else:
                entry["odds"] = _fire_preview(state, cmd)
            out.append(entry)
    return out
