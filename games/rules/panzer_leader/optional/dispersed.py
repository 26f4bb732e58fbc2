"""Two switchable readings of fire on dispersed defenders, both off by default: PL-D3's -1 on
the die when every defender is already dispersed, and PL-D4's DD on an already dispersed
unit eliminating it (combat/attack_sheet.py applies what these say)."""

from __future__ import annotations

from ..combat import crt
from ..core.hooks import Plugin
from ..core.state import DISPERSED, GameState, Unit


def defence_drm(state: GameState, targets: list[Unit]) -> tuple[int, list[str]]:
    """PL-D3: the -1 for an already dispersed defender, only when switched on."""
    if "dispersed_drm" in state.options and targets and all(t.status == DISPERSED for t in targets):
        return crt.drm("dispersed_defender"), ["defender dispersed -1 (PL-D3)"]
    return 0, []


def result_on(state: GameState, unit: Unit, result: str) -> str:
    """PL-D4: DD on a unit already dispersed eliminates it, only when switched on."""
    if result == "DD" and unit.status == DISPERSED and "dd_escalates" in state.options:
        return "X"
    return result


PLUGIN = Plugin("dispersed", defence_drm=defence_drm, result_on=result_on)
