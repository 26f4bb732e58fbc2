"""Panzer Leader's random player for the one random-play loop (`games.rules.randomplay`).

A player that seeks the fight: command groups weighted toward overruns (Panzerblitz Assault
drop-offs first), engineering, bridges and attacks, and moves that close on the enemy more
often than not, so that random games reach the rules a wandering player never would. With
`thorough`, every situation is also played with all the experimental rules switched on. The
`exercised:` line counts the events those rules make.
"""

from __future__ import annotations

import random

from ..common.hexgrid import distance
from ..randomplay import RandomPlayer
from .core.scenario import game_map
from .core.units import utype
from .optional.options import EXPERIMENTAL

WEIGHTS = {"overrun": 60.0, "lay_bridge": 40.0, "engineer": 30.0, "land": 20.0,
           "assault": 10.0, "resolve_indirect": 8.0, "fire": 6.0, "air_strike": 5.0,
           "opportunity_fire": 4.0, "anti_aircraft": 4.0, "unload": 4.0, "move": 4.0,
           "order_indirect": 3.0, "smoke": 3.0, "unload_cargo": 3.0, "assign_vehicle": 3.0,
           "load": 2.0, "fly": 2.0, "decline": 2.0, "end_phase": 1.0}
EXERCISED = ("overrun", "jumped_off", "bridge_demolished", "block_made", "block_removed",
             "minefield_cleared", "bridge_laid", "landed", "revealed", "anti_aircraft",
             "smoke", "minefield_laid", "bridge_built", "exited", "engineering")


def choose(rng: random.Random, state, legal: dict[str, list[dict]]) -> dict:
    """A command: a group by weight, then within it a drop-off overrun before a plain one,
    and a move toward the enemy six times in ten."""
    legal = _stay_by(state, legal)
    groups = sorted(legal)
    group = rng.choices(groups, weights=[WEIGHTS.get(g, 2.0) for g in groups])[0]
    cmds = legal[group]
    if group == "overrun":
        drops = [c for c in cmds if c.get("drop")]
        return rng.choice(drops or cmds)
    if group == "move":  # a unit first, then where it goes
        unit = rng.choice(sorted({c["unit"] for c in cmds}))
        cmds = [c for c in cmds if c["unit"] == unit]
        layer = [c for c in cmds if _into_stream(state, c)]
        if layer and state.units[unit].bridge_aboard:
            return rng.choice(layer)  # a bridgelayer makes for the stream (18.7)
        u = state.units[unit]
        rider = state.passenger_of(u) is not None and utype(u).carries == "infantry"
        if rider or rng.random() < (0.8 if utype(u).overrun != "none" else 0.6):
            near = _closing(state, cmds)  # armour, above all with riders, closes
            return rng.choice([c for c in near if c.get("road") is False] or near)
    if group == "engineer":
        return rng.choice(_keen(state, cmds))
    if group == "opportunity_fire":  # at the mover, not at the rider it carries, if it can
        movers = [c for c in cmds if state.units[c["target"]].carried_by is None]
        return rng.choice(movers or cmds)
    return rng.choice(cmds)


def _stay_by(state, legal: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """Engineers at a task keep at it (no fire, move or assault for them), an engineer's
    designated vehicle on the map stays by it (18.3; QA E2), riders stay on armour."""
    busy = {u for t in state.tasks for u in t["units"]}
    kept = {u.vehicle for u in state.units.values() if u.vehicle and u.on_map} | busy
    out = {}
    for group, cmds in legal.items():
        if group in ("move", "fire", "assault", "opportunity_fire"):
            cmds = [c for c in cmds if not _involves(state, c, kept)]
        if group == "unload":  # riders on armour stay up for a Panzerblitz Assault (21.4)
            cmds = [c for c in cmds if utype(state.units[c["carrier"]]).carries != "infantry"]
        if cmds:
            out[group] = cmds
    return out


def _involves(state, c: dict, kept: set[str]) -> bool:
    ids = [c["unit"]] if "unit" in c else c.get("units", [])
    return any(u in kept and state.units[u].hex is not None for u in ids)


ENGINEERING = ("demolish", "make_block", "build_bridge", "emplace_mine", "place_bridge",
               "remove_block", "clear_mine")


def _keen(state, cmds: list[dict]) -> list[dict]:
    """Engineering commands, a task under way first, then bridges and blocks before mines."""
    going = [c for c in cmds if any(t["kind"] == c["task"] and t["hex"] == c["hex"]
                                    and c["units"][0] in t["units"] for t in state.tasks)]
    if going:
        return going
    for kind in ENGINEERING:
        first = [c for c in cmds if c["task"] == kind]
        if first:
            return first
    return cmds


def _into_stream(state, c: dict) -> bool:
    m = game_map(state)
    to = c["to"] if "to" in c else c["path"][-1]
    return m.terrain(m.hex(to)) == "stream" and to not in state.temp_bridges


def _closing(state, moves: list[dict]) -> list[dict]:
    """The moves that end nearest an enemy unit."""
    m = game_map(state)
    score: dict[int, list[dict]] = {}
    for c in moves:
        side = state.units[c["unit"]].side
        foes = [m.hex(u.hex) for u in state.units.values() if u.side != side and u.on_map]
        if not foes:
            return moves
        to = m.hex(c["to"] if "to" in c else c["path"][-1])
        score.setdefault(min(distance(to, f) for f in foes), []).append(c)
    return score[min(score)]


def player(rs, thorough: bool = False) -> RandomPlayer:
    """The fight-seeking player; with `thorough` each game is played again with every
    experimental rule on (Bell's rules only with the 1940 ones, 24)."""
    def option_sets(scenario_id: str, game: int) -> list[list[str] | None]:
        if not thorough:
            return [None]
        every = set(rs.scenarios()[scenario_id].default_options) | EXPERIMENTAL
        if "pl1940" not in every:
            every.discard("pl1940_bell")
        return [None, sorted(every)]

    return RandomPlayer(choose=choose, option_sets=option_sets, exercised=EXERCISED)
