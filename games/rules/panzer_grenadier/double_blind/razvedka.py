"""Razvedka: Soviet reconnaissance reports in a double-blind game (18.10, scenario rule).

D-DB-RAZVEDKA: a scenario's `razvedka` special rule names the side that scouts. When the
initiative of turn 1 has been rolled ("before turn 1"), the referee rolls 1d6 for every hex
holding enemy units that the side observes none of (a hex holding only leaders is not rolled
for: "Leaders are never revealed by Razvedka", and a report there would place them); on 4
or more the side learns the
generic types of the units there (never leaders), and their number only if one of its OPs
has line of sight to the hex. The reports stay in the side's view for that turn.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..core import state as st
from ..core.commands import Event
from ..core.los import line_of_sight
from ..core.registry import counter_type, game_map, hex_label, scenario_for
from . import knowledge, observation

SUCCESS = 4  # 1d6 at or above


def scouting_side(state: st.GameState) -> str | None:
    """The side the scenario's razvedka rule names, in a double-blind game."""
    if not observation.is_on(state):
        return None
    try:
        rules = scenario_for(state).rules("razvedka")
    except (KeyError, AttributeError):
        return None
    return rules[0].side if rules else None


def after_initiative(before: st.GameState, after: st.GameState, dice: Any):
    """Roll razvedka once the initiative of turn 1 is rolled (D-DB-RAZVEDKA)."""
    side = scouting_side(after)
    if side is None or before.phase != st.INITIATIVE or after.phase == st.INITIATIVE:
        return after, []
    if after.turn != 1:
        return after, []
    return roll(after, side, dice)


def roll(state: st.GameState, side: str, dice: Any):
    """One razvedka roll per occupied hex the side cannot observe (18.10)."""
    m = game_map(state)
    seen = knowledge.contact(state)[side]
    obs = knowledge.observation_of(state)
    ops = obs.ops[side] if obs is not None else {}
    hexes: dict = {}
    for u in state.units_on_map():
        if u.side != side:
            hexes.setdefault(u.hex, []).append(u)
    reports, events = [], []
    for h in sorted(hexes):
        units = hexes[h]
        if any(u.id in seen for u in units):
            continue
        if all(counter_type(state, u.type_id).is_leader for u in units):
            continue  # leaders alone: nothing razvedka may report (18.10)
        (r,) = dice.roll(1, "razvedka")  # no hex in the purpose: dice lists travel too
        ok = r >= SUCCESS
        data: dict = {"hex": hex_label(state, h), "roll": r, "success": ok}
        if ok:
            real = [u for u in units if not counter_type(state, u.type_id).is_leader]
            types = tuple(sorted({knowledge.generic_type(state, u) for u in real}))
            count = None
            smoke = frozenset(x for x, mk in state.markers.items() if "smoke" in mk)  # D18
            if any(line_of_sight(m, o, h, smoke=smoke).clear for o in ops if o != h):
                count = len(real)
            reports.append(st.Report(hex=h, types=types, count=count, turn=state.turn))
            data.update(types=list(types), count=count)
        # Naming the counters keeps the line from the scout and the public (D-DB-LOG): which
        # hexes were rolled for would place every unseen counter; reports reach the scout in
        # its view. The owner reads them all.
        events.append(Event("razvedka", side=side, units=tuple(u.id for u in units), data=data))
    intel = state.intel.get(side, st.Intel())
    intel = replace(intel, reports=intel.reports + tuple(reports))
    return replace(state, intel={**state.intel, side: intel}), events


def reports_view(state: st.GameState, side: str) -> list[dict]:
    """The side's razvedka reports of this turn, for its view."""
    intel = state.intel.get(side)
    if intel is None:
        return []
    return [
        {"hex": hex_label(state, r.hex), "types": list(r.types), "count": r.count,
         "turn": r.turn}
        for r in intel.reports if r.turn == state.turn
    ]
