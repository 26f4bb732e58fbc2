"""What the board asks of Panzer Leader, answered from the same code that resolves commands
(preview.py): what each legal command of a unit would do, why a unit may not act against a
hex, and the line of sight between two hexes.
"""

from __future__ import annotations

import re

from ..common.errors import RulesError
from . import engine, preview
from .core import deployment, hidden
from .core.state import SETUP, GameState
from .legal import legal_commands

# A command names its hex in one of these fields (move "to", fire "targets", the rest "target").
_HEX_FIELDS = ("to", "target", "targets", "hex")


def _names(command: dict, unit: str) -> bool:
    return command.get("unit") == unit or unit in (command.get("units") or ())


def _aims_at(command: dict, label: str) -> bool:
    for field in _HEX_FIELDS:
        v = command.get(field)
        if v == label or (isinstance(v, list) and label in v):
            return True
    return False


def previews(state: GameState, seat: str, unit: str) -> list[dict]:
    """Each legal command naming the unit with what it would do (path and MPs, odds, why not)."""
    out = []
    for group in legal_commands(state, seat).values():
        for command in group:
            if _names(command, unit):
                out.append({"command": command, **preview.preview(state, seat, command)})
    return out


def composed_preview(state: GameState, seat: str, command: dict) -> dict:
    """The odds of a command the board composed (several firers, a chosen target)."""
    if not isinstance(command, dict) or not isinstance(command.get("type"), str):
        raise ValueError("a command is an object with a string `type`")
    return preview.preview(state, seat, command)


def why_not(state: GameState, seat: str, units: list[str], label: str) -> dict:
    """For the units and a hex: whether each of move, fire, overrun and close assault may be
    done there now, and if not why, with the rule (the engine's own refusal); the same shape
    as every ruleset's answer: {"hex", "actions": [{"action", "ok", "reasons"}]}."""
    board = preview.game_map(state)
    board.hex(label)  # ValueError for a hex not on the map
    side = state.seat_side(seat)
    if state.phase == SETUP:  # the one thing a unit may do before turn 1 (PL-E1)
        return {"hex": label, "actions": [_deploy(state, seat, side, units, label)]}
    legal = [c for g in legal_commands(state, seat).values() for c in g]
    names = hidden.names(state, side, side) if side else {}
    enemies = [names.get(u.id, u.id)  # a face-down counter by its handle (19.3)
               for u in state.units_at(label, state.enemy(side))] if side else []
    probes: dict[str, dict] = {
        "move": {"type": "move", "unit": units[0] if units else None, "to": label},
        "fire": {"type": "fire", "units": list(units), "targets": enemies},
        "overrun": {"type": "overrun", "units": list(units), "target": label},
        "assault": {"type": "assault", "units": list(units), "target": label},
    }
    actions = []
    for action, probe in probes.items():
        offered = [c for c in legal if c["type"] == action
                   and any(_names(c, u) for u in units) and _aims_at(c, label)]
        if offered or (action == "fire" and any(
                c["type"] == "fire" and set(c.get("targets", ())) & set(enemies)
                and any(_names(c, u) for u in units) for c in legal)):
            actions.append({"action": action, "ok": True, "reasons": []})
            continue
        actions.append({"action": action, "ok": False,
                        "reasons": _reasons(state, seat, action, probe, enemies)})
    return {"hex": label, "actions": actions}


def _deploy(state: GameState, seat: str, side: str | None, units: list[str], label: str
            ) -> dict:
    """Whether the picked unit may be placed in the hex now, and why not, asked of the state
    as the seat's side knows it: another side's set-up in progress is not in it (PL-E1)."""
    seen = deployment.as_seen_by(state, side)
    probe = {"type": "deploy", "unit": units[0] if units else "", "hex": label}
    try:
        deployment.apply(seen, seat, side or "", "deploy", probe)
    except RulesError as exc:
        return {"action": "deploy", "ok": False,
                "reasons": [said("setup/not_here", exc.message, exc.rule)]}
    return {"action": "deploy", "ok": True, "reasons": []}


def _reasons(state: GameState, seat: str, action: str, probe: dict, enemies: list[str]) -> list[dict]:
    """The refusal the command would get: first the engine's own (its code, message and rule),
    asked with dice that stop it at the first roll; then, when the engine stops at whose turn
    or phase it is, what would still stop the units in their own (the preview's refusal)."""
    if not probe.get("unit") and not probe.get("units"):
        return [{"code": "unit/none", "message": "choose a unit first", "rule": "3"}]
    if action in ("fire", "overrun", "assault") and not enemies:
        return [{"code": "no_enemy", "message": "no enemy unit in that hex", "rule": "8.1"}]
    out = []
    try:
        engine.apply(state, seat, probe, _StopAtRoll())
    except RulesError as exc:
        out.append(said(exc.code, exc.message, exc.rule))
    except _WouldRoll:
        pass
    answer = preview.preview(state, seat, probe)
    if not answer.get("ok"):
        later = said(answer.get("code", "command/illegal"), answer.get("why_not", "not allowed"),
                     answer.get("rule", ""))
        if all(r["message"] != later["message"] for r in out):
            out.append(later)
    return out or [{"code": "not_now", "rule": "3", "message": f"not in this phase "
                    f"({state.phase.replace('_', ' ')}, turn {state.turn})"}]


# "move: " (the command's name) before an engine message, and its "(rule)" at the end: the
# why-not gives the rule once, in its own field.
_VERB = re.compile(r"^[a-z_]+: ")
_RULE = re.compile(r"\s*\(([^()]*\d[^()]*)\)\s*$")


def said(code: str, message: str, rule: str | None) -> dict:
    """A refusal as a reason a player reads: no command-name prefix, the rule said once."""
    text = _VERB.sub("", message, count=1)
    found = _RULE.search(text)
    if found:
        text = text[: found.start()]
        rule = rule or found.group(1)
    return {"code": code, "message": text, "rule": rule or ""}


class _WouldRoll(Exception):
    """Raised by _StopAtRoll: the engine accepted the command as far as its first roll."""


class _StopAtRoll:
    def roll(self, n: int, purpose: str):
        raise _WouldRoll(purpose)


def sight_line(state: GameState, frm: str, to: str) -> dict:
    return preview.line_of_sight(state, frm, to)
