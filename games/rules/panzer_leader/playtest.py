"""Random play of every Panzer Leader situation to the end, through the ruleset interface.

Like `games.rules.randomplay` (the same tally, the same checks after every step: the
ruleset's invariants, every audience's view as JSON, and the export replayed through the
verifier at the end), with a player that seeks the fight: command groups weighted toward
overruns (Panzerblitz Assault drop-offs first), engineering, bridges and attacks, and moves
that close on the enemy more often than not, so that random games reach the rules a
wandering player never would. Each game is armed with a secret derived from its seed, so a
replay is exact. With `thorough`, every situation is also played with all the experimental
rules switched on. The last line counts what was exercised.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time
import traceback
from collections import Counter

from ..common.dice import SeededDice
from ..common.hexgrid import distance
from ..randomplay import RESIGN_EVERY, Tally, audiences
from ..replay import VerifyError
from .core.scenario import board_of
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
    m = board_of(state)
    to = c["to"] if "to" in c else c["path"][-1]
    return m.terrain(m.hex(to)) == "stream" and to not in state.temp_bridges


def _closing(state, moves: list[dict]) -> list[dict]:
    """The moves that end nearest an enemy unit."""
    m = board_of(state)
    score: dict[int, list[dict]] = {}
    for c in moves:
        side = state.units[c["unit"]].side
        foes = [m.hex(u.hex) for u in state.units.values() if u.side != side and u.on_map]
        if not foes:
            return moves
        to = m.hex(c["to"] if "to" in c else c["path"][-1])
        score.setdefault(min(distance(to, f) for f in foes), []).append(c)
    return score[min(score)]


def play_one(rs, scenario_id: str, game_seed: str, tally: Tally, seen: Counter,
             max_steps: int, options=None, resign_at: int | None = None) -> None:
    rng = random.Random(game_seed)
    seed = hashlib.sha256(game_seed.encode()).hexdigest()
    dice = SeededDice(seed)
    state = rs.opening_state(scenario_id, options)
    state = rs.arm(state, [], hashlib.sha256(f"secret:{game_seed}".encode()).hexdigest())
    initial, steps, n = state, [], 0
    where = f"{scenario_id} seed {game_seed}" + (" (experimental rules)" if options else "")
    tally.games += 1
    while rs.result(state) is None:
        if n >= max_steps:
            tally.errors += 1
            tally.messages.append(f"{where}: not over after {max_steps} steps")
            return
        choices = [(s, lg) for s in rs.who_may_act(state) if (lg := rs.legal_commands(state, s))]
        if not choices:
            tally.errors += 1
            tally.messages.append(f"{where}: step {n + 1}: no seat has a legal command")
            return
        seat, legal = rng.choice(choices)
        command = {"type": "resign"} if n == resign_at else choose(rng, state, legal)
        before = len(dice.rolls)
        try:
            step = rs.apply(state, seat, command, dice)
        except Exception as exc:  # noqa: BLE001 - every failure is counted and reported
            tally.errors += 1
            tally.messages.append(f"{where}: step {n + 1}: {seat} {json.dumps(command)}: "
                                  f"{type(exc).__name__}: {exc}")
            tally.messages.append(traceback.format_exc(limit=8))
            return
        n += 1
        tally.steps += 1
        seen.update(e["type"] for e in step.events if e["type"] in EXERCISED)
        problems = list(rs.invariant_problems(step.state))
        for aud in audiences(step.state) if n % 10 == 0 or rs.result(step.state) else []:
            try:
                json.dumps(rs.view_for(step.state, aud), allow_nan=False)
            except Exception as exc:  # noqa: BLE001
                problems.append(f"view {aud}: {type(exc).__name__}: {exc}")
        if problems:
            tally.invariant_failures += 1
            tally.messages.append(f"{where}: step {n} {json.dumps(command)}: {problems[:3]}")
            return
        steps.append({"seat": seat, "command": command, "dice": list(dice.rolls[before:]),
                      "state_hash": rs.state_hash(step.state)})
        state = step.state
    doc = json.loads(json.dumps(rs.export(initial, seed, steps, state)))
    try:
        rs.verify(doc)
    except VerifyError as exc:
        tally.replay_mismatches += 1
        tally.messages.append(f"{where}: replay: {exc}")


def run(rs, games: int, seed: str, scenario_ids: list[str] | None = None,
        max_steps: int = 20000, thorough: bool = False, out=None) -> Tally:
    """Play `games` random games of each situation (all when none named)."""
    out = out or sys.stdout
    ids = scenario_ids or sorted(rs.scenarios())
    tally, seen = Tally(), Counter[str]()
    for sid in ids:
        t0 = time.perf_counter()
        steps0 = tally.steps
        sets: list[list[str] | None] = [None]
        if thorough:
            every = set(rs.scenarios()[sid].default_options) | EXPERIMENTAL
            if "pl1940" not in every:
                every.discard("pl1940_bell")  # Bell's rules are for 1940 only (24)
            sets.append(sorted(every))
        for options in sets:
            for g in range(games):
                play_one(rs, sid, f"{seed}:{sid}:{g}", tally, seen, max_steps, options,
                         resign_at=150 if g % RESIGN_EVERY == RESIGN_EVERY - 1 else None)
        print(f"{sid}: {games * len(sets)} games, {tally.steps - steps0} steps, "
              f"{time.perf_counter() - t0:.1f}s", file=out)
    for msg in tally.messages[:20]:
        print(msg, file=out)
    print("exercised: " + " ".join(f"{k}={seen[k]}" for k in EXERCISED), file=out)
    print(tally.line(), file=out)
    return tally
