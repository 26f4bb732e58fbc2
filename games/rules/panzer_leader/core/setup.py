"""The set-up rules of a situation (23.2; QA G8-G10), checked on our situation files.

A situation places its units itself, or lists them in set-up areas its players place them
in (PL-E1: deployment.py refuses there what is refused here). The units a situation places
honour the set-up rules in its data, checked here:

- the side that sets up last (the situation's `setup_last`, else the attacker) places its
  units out of the line of sight of every enemy unit that could spot them, or unspotted in
  woods or towns (no enemy adjacent), unless the situation is an invasion (QA G10: only the
  invasion situations are exceptions);
- no unit sets up in a hex it could not enter in play (QA G8): vehicles not in streams,
  swamps or across woods edges they could never cross, nothing on the sea unless afloat, and
  only infantry-type units under bridges;
- units afloat lie one to a sea hex, each beside a beach (19.2);
- no unit sets up in an interior half hex where two boards join (2.2; sea hexes apart).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .board import TERRAIN_NAMES
from .entering import terrain_cost
from .scenario import Scenario, bridge_for, game_map, opening_state
from .sight import in_cover, sees
from .spotting import spotters
from .state import GameState, Unit
from .units import utype


def last_side(sit: Scenario) -> str:
    return sit.raw.get("setup_last", sit.raw["victory"]["attacker"])


class Breach(NamedTuple):
    """One breach of the set-up rules: the unit (None for the hex's own), its hex, why (in
    words, citing its rule) and whether it is a unit of the last side in the enemy's sight."""

    unit: Unit | None
    hex: str
    why: str
    seen: bool = False


def _by_id(u: Unit) -> str:
    return u.id


def breaches(sit: Scenario, name: Callable[[Unit], str] = _by_id) -> list[Breach]:
    """Every breach of 23.2 and QA G8 in a situation's set-up; `name` says how an enemy
    unit in sight is named (by its id unless told)."""
    state = opening_state(sit)
    out = [Breach(u, u.hex, why) for u in _placed(state) if (why := unenterable(state, u))]
    seas = [u.hex for u in _placed(state) if u.afloat]
    out += [Breach(None, h, "two units afloat in one hex (19.2)") for h in sorted(set(seas))
            if seas.count(h) > 1]
    m = game_map(state)
    out += [Breach(None, h, "afloat out of reach of a beach (19.2)") for h in sorted(set(seas))
            if not any(m.terrain(n) == "beach" for n in m.neighbors(m.hex(h)))]
    if sit.raw.get("invasion"):
        return out
    side = last_side(sit)
    for u in _placed(state):
        if u.side == side and not u.afloat and (why := seen_at_setup(state, u, name)):
            out.append(Breach(u, u.hex, f"{why} (23.2)", seen=True))
    return out


def problems(sit: Scenario) -> list[str]:
    """Every breach of 23.2 and QA G8 in a situation's set-up, in words."""
    return [f"{b.unit.id} at {b.hex}: {b.why}" if b.unit else f"{b.hex}: {b.why}"
            for b in breaches(sit)]


def _placed(state: GameState) -> list[Unit]:
    return [u for u in sorted(state.units.values(), key=lambda u: u.id)
            if u.on_map and u.carried_by is None]


def seen_at_setup(state: GameState, u: Unit, name: Callable[[Unit], str] = _by_id
                  ) -> str | None:
    """Why the unit is visible to the enemy at set-up, or None; `name` names the enemy unit
    that sees it. Only its hex and side are read: a unit not yet in the state may be asked
    about a hex (deployment.py)."""
    m = game_map(state)
    h = m.hex(u.hex)
    eyes = [e for e in spotters(state, state.enemy(u.side)) if not e.afloat]
    if in_cover(state, h):
        near = [e for e in eyes if m.hex(e.hex) in m.neighbors(h)]
        return f"in cover but spotted by the adjacent {name(near[0])}" if near else None
    seeing = [e for e in eyes if sees(state, m.hex(e.hex), h)]
    return f"in the open in sight of {name(seeing[0])}" if seeing else None


def unenterable(state: GameState, u: Unit) -> str | None:
    """Why the unit could never have entered its set-up hex in play (QA G8), or None."""
    m = game_map(state)
    h = m.hex(u.hex)
    t = utype(u)
    if m.terrain(h) == "sea":
        return None if u.afloat else "on the sea without being afloat (4.10)"
    if m.interior_half(h):
        return "in an interior half hex, where no unit sets up (2.2)"
    if u.afloat:
        return "afloat off the sea"
    if u.under_bridge:
        ok = t.infantry and not t.vehicle and m.is_bridge(h)
        return None if ok else "only infantry-type units set up under a bridge (QA B2)"
    bridge = bridge_for(state, h, t)
    if m.terrain(h) == "stream" and not bridge:
        return None if not t.vehicle else "a vehicle in a stream (2.4)"
    if terrain_cost(state, t, h) is None:
        return f"{t.move_class} units never enter {TERRAIN_NAMES[m.terrain(h)].lower()} (PL-D5)"
    if t.vehicle and not t.cavalry:
        ways = [n for n in m.neighbors(h) if "cliff" not in m.symbols(n, h)
                and ("green" not in m.symbols(n, h) or m.is_road(n, h))
                and terrain_cost(state, t, n) is not None]
        if not ways:
            return "no way in for a vehicle (4.9; QA G8)"
    return None
