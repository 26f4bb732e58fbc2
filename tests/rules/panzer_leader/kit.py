"""Small Panzer Leader worlds for tests: an inline board, units placed by label, dice."""

from __future__ import annotations

import itertools

from games.rules.common.dice import ScriptedDice
from games.rules.panzer_leader import engine
from games.rules.panzer_leader.core.scenario import (
    game_map,
    opening_state,
    register,
    scenario_from_dict,
)
from games.rules.panzer_leader.core.state import Unit

_ids = itertools.count(1)


def world(terrain: list[str], elevation: list[str] | None = None, units=(), *, roads=(),
          railways=(), mines=(), blocks=(), options=None, phase="combat", active="allied", loaded=(),
          objectives=(), wrecks=None):
    """A state on one inline board: `units` are (id, type, side, "c,r") with 0-based cells."""
    rows = len(terrain)
    elevation = elevation or ["0" * len(terrain[0])] * rows
    drawing = {"id": "T", "terrain": terrain, "elevation": elevation,
               "roads": [list(r) for r in roads], "railways": [list(r) for r in railways]}
    sid = f"test-{next(_ids)}"
    raw = {
        "id": sid, "title": sid, "turns": 5,
        "sides": [{"id": "allied"}, {"id": "german"}],
        "map": [{"board": "T", "drawing": drawing}],
        "forces": [], "mines": [{"hex": lab(c), "owner": o} for c, o in mines],
        "blocks": [lab(c) for c in blocks],
        "victory": {"attacker": "allied", "objectives": list(objectives),
                    "levels": {"decisive": 9, "tactical": 6, "marginal": 2}},
    }
    sit = scenario_from_dict(raw)
    register(sit)
    state = opening_state(sit, options=options)
    for uid, type_id, side, cell in units:
        state.units[uid] = Unit(id=uid, type_id=type_id, side=side, hex=lab(cell))
    for carrier, passenger in loaded:
        state.units[passenger].carried_by = carrier
    state.phase = phase
    state.active_side = active
    if wrecks:
        state.wrecks = {lab(c): n for c, n in wrecks.items()}
    return state


def lab(cell: str) -> str:
    c, r = (int(x) for x in cell.split(","))
    return f"T-{chr(65 + c)}-{r + 1}"


def hexof(state, cell: str):
    return game_map(state).hex(lab(cell))


def do(state, seat, command, *dice):
    """Apply with scripted dice; returns (state, events)."""
    return engine.apply(state, seat, command, ScriptedDice.of(*dice))


def clear(cols: int = 12, rows: int = 8) -> list[str]:
    return ["." * cols] * rows
