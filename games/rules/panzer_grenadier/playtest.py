"""Play every bundled scenario to the end with random legal commands, checking invariants.

    python -m games.rules.playtest --games N --seed S [--scenario ID] [--max-steps K]

Each game: real SeededDice, a random.Random choosing among all seats that may act and then
among their legal commands (a group first, weighted by GROUP_WEIGHTS, then a command in it). After every step: stacking, steps, statuses, Moved/Fired,
every audience's view serializes to JSON. At the end: the export replays through the
verifier (every roll, every state hash). The last line reads
`playtest: games=N steps=T errors=0 invariant_failures=0 replay_mismatches=0`.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time
import traceback
from collections.abc import Iterable

from ..common.dice import SeededDice
from ..randomplay import Tally
from .core import state as st
from .core.registry import counter_type
from .core.scenario import bundled_scenarios, initial_state
from .core.serialize import state_hash
from .core.stacking import COMBAT_UNIT_LIMIT, TRANSPORT_LIMIT, stacking_class
from .double_blind import knowledge
from .engine import apply, who_may_act
from .legal import legal_commands
from .verify import VerifyError, export_game, verify
from .views import view_for

DEFAULT_MAX_STEPS = 20000
# How likely each group of legal commands is to be picked (then a command in it, uniformly):
# combat and recovery are favoured when offered, so random games exercise the combat rules.
# Passing is as likely as activating, which keeps 200 games of every scenario in minutes;
# `--thorough` makes it rarer (more activations a turn, so units meet and fight more).
THOROUGH_PASS_WEIGHT = 0.3
GROUP_WEIGHTS = {
    "fire": 6.0,
    "assault": 6.0,
    "bombard": 6.0,
    "recover": 6.0,
    "opportunity_fire": 3.0,
    "exit": 4.0,
    "load": 2.0,
    "unload": 2.0,
}
# Optional rules the turn engine implements: every other game plays with them on, so random
# play covers them too (the scenario's own defaults stay on).
EXTRA_OPTIONS = frozenset(
    {"excess_initiative", "fog_of_war", "logistics", "drumfire", "hidden_units",
     "formation_activation", "consolidation", "efficient_move_fire", "mire", "extended_assault"}
)

# Every third game a seat resigns after this many steps, so replays check the command too.
RESIGN_AT = 120



def invariant_problems(state: st.GameState, previous: st.GameState | None = None) -> list[str]:
    """Everything wrong with a state: stacking (4.1), steps (7.6), statuses (14.0), Moved/Fired."""
    out: list[str] = []
    counts: dict[tuple, list[int]] = {}
    for u in state.units.values():
        t = counter_type(state, u.type_id)
        if u.status not in st.STATUSES:
            out.append(f"{u.id}: unknown status {u.status!r}")
        if u.eliminated:
            if u.hex is not None and u.steps > 0:
                out.append(f"{u.id}: eliminated but still on the map with {u.steps} steps")
            continue
        if not 1 <= u.steps <= t.steps:
            out.append(f"{u.id}: {u.steps} steps (the counter has {t.steps})")
        if u.carried_by is not None:
            carrier = state.units.get(u.carried_by)
            if carrier is None or carrier.eliminated or carrier.hex != u.hex:
                out.append(f"{u.id}: carried by {u.carried_by}, which is not with it")
        if u.on_map:
            kind = stacking_class(t)
            if kind is not None:
                c = counts.setdefault((u.hex, u.side), [0, 0])
                c[0 if kind == "combat" else 1] += 1
    for (h, side), (combat, transport) in counts.items():
        if combat > COMBAT_UNIT_LIMIT or transport > TRANSPORT_LIMIT:
            out.append(f"{side} overstacked at {h!r}: {combat} combat, {transport} transport")
    if state.phase == st.ACTION and not state.turn_segments and state.activation is None:
        marked = [u.id for u in state.units.values() if u.moved_fired]
        if marked:
            out.append(f"turn {state.turn} starts with Moved/Fired markers on {marked[:5]}")
    if state.activation is not None:
        a = state.activation
        for uid in a.units:
            # Firers are marked as they fire (D15, combat.fire.mark_fired); nobody else is.
            if state.units[uid].moved_fired and uid not in a.acted:
                out.append(f"{uid}: marked Moved/Fired in the activation without acting")
        if not a.acted <= a.units:
            out.append("activation: units acted that were not activated")
    if state.phase == st.ENDED and state.result is None:
        out.append("the game ended without a result")
    if state.opfire is not None and state.activation is None:
        out.append("an opportunity-fire window is open outside an activation")
    return out


def audiences(state: st.GameState) -> Iterable[tuple]:
    for s in state.sides:
        yield ("side", s.id)
    for seat in state.seats:
        yield ("seat", seat.id)
    yield ("spectator", "public")


def play_one(
    scenario,
    game_seed: str,
    tally: Tally,
    max_steps: int,
    check_views_every: int = 10,
    options: Iterable[str] | None = None,
    pass_weight: float = 1.0,
    resign_at: int | None = None,
) -> None:
    """Play one game of a scenario to the end with random legal commands (one seat resigns
    after `resign_at` steps, if given)."""
    rng = random.Random(game_seed)
    seed = hashlib.sha256(game_seed.encode()).hexdigest()
    dice = SeededDice(seed)
    state = initial_state(scenario, options=options)
    # Hidden information needs the per-game secret handles are made from (knowledge.start).
    state = knowledge.start(state, hashlib.sha256(f"secret:{seed}".encode()).hexdigest())
    initial = state
    steps = []
    tally.games += 1
    where = f"{scenario.id} seed {game_seed}"
    n = 0
    while state.phase != st.ENDED:
        if n >= max_steps:
            tally.errors += 1
            tally.unfinished += 1
            tally.messages.append(f"{where}: not over after {max_steps} steps (turn {state.turn})")
            return
        choices = []
        for seat in who_may_act(state):
            legal = legal_commands(state, seat)
            if legal:
                choices.append((seat, legal))
        if not choices:
            tally.errors += 1
            tally.messages.append(f"{where}: step {n + 1}: no seat has a legal command")
            return
        seat, legal = rng.choice(choices)
        groups = sorted(legal)
        weights = [pass_weight if g == "pass" else GROUP_WEIGHTS.get(g, 1.0) for g in groups]
        group = rng.choices(groups, weights=weights)[0]
        command = rng.choice(legal[group])
        if resign_at is not None and n == resign_at:  # any seat, in or out of turn (D-RESIGN-1)
            seat, command = rng.choice([s.id for s in state.seats]), {"type": "resign"}
        before = len(dice.rolls)
        try:
            step = apply(state, seat, command, dice)
        except Exception as exc:  # noqa: BLE001 - every failure is counted and reported
            tally.errors += 1
            tally.messages.append(
                f"{where}: step {n + 1}: {seat} {json.dumps(command)}: {type(exc).__name__}: {exc}"
            )
            if len(tally.messages) < 5:
                tally.messages.append(traceback.format_exc(limit=6))
            return
        n += 1
        tally.steps += 1
        dice_used = list(dice.rolls[before:])
        problems = invariant_problems(step.state, state)
        # Views: the acting seat's and the public one after every step; every audience's
        # every `check_views_every` steps and at the end (a third of the run time otherwise).
        if n % check_views_every == 0 or step.state.phase == st.ENDED:
            checked = list(audiences(step.state))
        else:
            checked = [("seat", seat), ("spectator", "public")]
        for aud in checked:
            try:
                json.dumps(view_for(step.state, aud), allow_nan=False)
            except Exception as exc:  # noqa: BLE001
                problems.append(f"view {aud}: {type(exc).__name__}: {exc}")
        if problems:
            tally.invariant_failures += 1
            tally.messages.append(f"{where}: step {n} {json.dumps(command)}: {problems[:3]}")
            return
        steps.append(
            {
                "seat": seat,
                "command": command,
                "dice": dice_used,
                "state_hash": state_hash(step.state),
            }
        )
        state = step.state
    doc = json.loads(json.dumps(export_game(initial, seed, steps, state)))
    try:
        verify(doc)
    except VerifyError as exc:
        tally.replay_mismatches += 1
        tally.messages.append(f"{where}: replay: {exc}")


def run(
    games: int,
    seed: str,
    scenario_ids: list[str] | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    out=sys.stdout,
    thorough: bool = False,
) -> Tally:
    bundled = bundled_scenarios()
    ids = scenario_ids or sorted(bundled)
    tally = Tally()
    for sid in ids:
        t0 = time.perf_counter()
        steps0 = tally.steps
        for g in range(games):
            scen = bundled[sid]
            options = scen.default_options | EXTRA_OPTIONS if g % 2 else None
            play_one(
                scen,
                f"{seed}:{sid}:{g}",
                tally,
                max_steps,
                options=options,
                pass_weight=THOROUGH_PASS_WEIGHT if thorough else 1.0,
                resign_at=RESIGN_AT if g % 3 == 2 else None,  # every third game resigns
            )
        print(
            f"{sid}: {games} games, {tally.steps - steps0} steps, {time.perf_counter() - t0:.1f}s",
            file=out,
        )
    for m in tally.messages[:20]:
        print(m, file=out)
    print(tally.line(), file=out)
    return tally
