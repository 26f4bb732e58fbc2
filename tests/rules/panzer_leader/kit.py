"""Small Panzer Leader worlds for tests: an inline board, units placed by label, dice."""

from __future__ import annotations

import itertools

from games.rules.common.dice import ScriptedDice
from games.rules.panzer_leader import engine
from games.rules.panzer_leader.core.entering import Reading
from games.rules.panzer_leader.core.movement import quick_time_reach, reach, reach_costs
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


def movers(state):
    """Units that may be planned a move: on the map and not carried, or waiting to enter."""
    return [u for u in sorted(state.units.values(), key=lambda u: u.id)
            if u.on_map and u.carried_by is None or u.hex is None and u.entry]


def assert_shared_reading_changes_nothing(state):
    """Every mover of the acting side planned in id order over one Reading, as the legal
    moves plan them, reaches what it reaches planned alone; and the costs the legal moves
    ask for (reach_costs, no paths spelled out) are reach's."""
    shared = Reading(state)
    for u in movers(state):
        if u.side != state.active_side:
            continue
        for road_ok in (True, False):
            alone = reach(state, u, road_ok=road_ok)
            assert reach(state, u, road_ok=road_ok, reading=shared) == alone, \
                (state.scenario_id, u.id, road_ok)
            assert reach_costs(state, u, road_ok=road_ok, reading=shared) == \
                {lab: cost for lab, (cost, _) in alone.items()}, (state.scenario_id, u.id)
        if u.hex is not None:
            assert quick_time_reach(state, u, shared) == quick_time_reach(state, u), u.id


def random_command(rng, legal: dict, move_on: float) -> dict:
    """A random legal command of a random kind; with chance `move_on` one that moves the game
    on (ending the phase or declining a window), so a random game reaches later phases."""
    done = [k for k in ("end_phase", "decline") if k in legal]
    kinds = sorted(k for k in legal if k not in done) or done
    if done and rng.random() < move_on:
        kinds = done
    return rng.choice(legal[rng.choice(kinds)])
