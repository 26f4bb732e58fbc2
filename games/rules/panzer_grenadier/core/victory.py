"""Score a game from its scenario's victory conditions: hexes held, units exited, losses.

D-VICTORY-1 (hex control): a victory hex is held by the last side to have had a combat unit
in it alone; until any side has, by the scenario's starting holder (`holder`, possibly
nobody). Leaders and unarmed transports alone do not take a hex; a hex where both sides
have combat units (an assault hex) keeps its previous holder. Control is remembered on the
state as a `control:<side>` marker on the hex (set at set-up by `initial_state`, updated by
`record_control` after every move), so scoring needs only the current state.

D-VICTORY-2 (exits): a scenario gives each side at most one exit edge, so every unit of that
side marked `exited` left through it (the movement rules let units leave only there).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...common.hexgrid import Hex
from .scenario import Scenario
from .state import GameState

CONTROL = "control:"


def _combat_sides(scenario: Scenario, state: GameState) -> dict[Hex, set[str]]:
    """For each victory hex, the sides with a combat unit on it now."""
    objectives = {o.hex for o in scenario.victory.hexes}
    cat = scenario.catalogue
    present: dict[Hex, set[str]] = {}
    for u in state.units_on_map():
        if u.hex in objectives and cat[u.type_id].is_combat_unit and u.steps > 0:
            present.setdefault(u.hex, set()).add(u.side)
    return present


def holder(scenario: Scenario, state: GameState, h: Hex) -> str | None:
    """Who holds a victory hex now (D-VICTORY-1)."""
    present = _combat_sides(scenario, state).get(h, set())
    if len(present) == 1:
        return next(iter(present))
    for m in state.markers_at(h):
        if m.startswith(CONTROL):
            return m[len(CONTROL) :]
    for o in scenario.victory.hexes:
        if o.hex == h:
            return o.holder
    return None


def record_control(scenario: Scenario, state: GameState) -> GameState:
    """Mark victory hexes occupied by one side's combat units as held by it (D-VICTORY-1).

    Call after every move (and at the end of an assault); returns the same state when
    nothing changes.
    """
    changed: dict[Hex, frozenset[str]] = {}
    for h, sides in _combat_sides(scenario, state).items():
        if len(sides) != 1:
            continue
        side = next(iter(sides))
        old = state.markers_at(h)
        mark = f"{CONTROL}{side}"
        if mark not in old:
            changed[h] = frozenset(m for m in old if not m.startswith(CONTROL)) | {mark}
    if not changed:
        return state
    return replace(state, markers={**state.markers, **changed})


def victory_points(scenario: Scenario, state: GameState) -> dict[str, int]:
    """Each side's victory points now: hexes held, steps exited, enemy losses."""
    points = {s.id: 0 for s in scenario.sides}
    v = scenario.victory
    for o in v.hexes:
        side = holder(scenario, state, o.hex)
        if side is not None and (not o.sides or side in o.sides):
            points[side] += o.points
    for e in v.exits:
        exited = sum(u.steps for u in state.units.values() if u.side == e.side and u.exited)
        points[e.side] += exited * e.points_per_step
    cat = scenario.catalogue
    start = {p.id: p.steps for p in scenario.units}
    for lo in v.losses:
        enemy = [s.id for s in scenario.sides if s.id != lo.side]
        lost = 0
        for u in state.units.values():
            if u.side != lo.side or u.exited:
                continue
            t = cat[u.type_id]
            if t.is_leader:
                lost += lo.per_leader if u.eliminated or u.steps <= 0 else 0
                continue
            steps = start.get(u.id, t.steps) - (0 if u.eliminated else max(u.steps, 0))
            if steps <= 0:
                continue
            if t.is_afv and not (t.is_transport and not t.is_combat_unit):
                lost += steps * lo.per_afv_step
            elif t.is_transport:
                lost += steps * lo.per_transport_step
            else:
                lost += steps * lo.per_step
        for side in enemy:
            points[side] += lost
    return points


def game_result(scenario: Scenario, state: GameState) -> dict[str, Any]:
    """Who wins by the scenario's decision rule, with the points and a reason to show.

    A scenario without victory conditions (a bare test scenario, or none) is a draw.
    """
    if getattr(scenario, "victory", None) is None or not getattr(scenario, "sides", None):
        return {
            "winner": None,
            "points": {s.id: 0 for s in state.sides},
            "reason": "the scenario has no victory conditions",
        }
    points = victory_points(scenario, state)
    d = scenario.victory.decision
    names = {s.id: s.name for s in scenario.sides}
    summary = ", ".join(f"{names[s]} {p}" for s, p in points.items())
    winner: str | None
    if d.method == "threshold":
        scorer = d.side
        assert scorer is not None and d.at_least is not None
        other = next(s.id for s in scenario.sides if s.id != scorer)
        got = points[scorer]
        if got >= d.at_least:
            winner, why = scorer, f"{names[scorer]} scored {got}, needing {d.at_least}"
        elif d.draw_at_least is not None and got >= d.draw_at_least:
            winner, why = (
                None,
                f"{names[scorer]} scored {got}: a draw ({d.draw_at_least}-{d.at_least - 1})",
            )
        else:
            winner, why = (
                other,
                f"{names[scorer]} scored {got}, short of {d.draw_at_least or d.at_least}",
            )
    else:
        ranked = sorted(points.items(), key=lambda kv: -kv[1])
        lead = ranked[0][1] - (ranked[1][1] if len(ranked) > 1 else 0)
        need = d.at_least if d.method == "margin" else 1
        assert need is not None
        if lead >= need:
            winner = ranked[0][0]
            why = f"{names[winner]} leads by {lead}" + (
                f" (needs {need})" if d.method == "margin" else ""
            )
        else:
            winner, why = (
                None,
                f"a draw: the lead is {lead}"
                + (f", needing {need}" if d.method == "margin" else ""),
            )
    return {"winner": winner, "points": points, "reason": f"{why} ({summary})"}
