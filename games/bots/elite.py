"""Elite: a small search. Where the Veteran is unsure (its best few commands score close
together), Elite plays each candidate forward with the real engine on the world its side
knows (imagined.py: the counters its view shows, unseen ones drawn from the enemy's order of
battle), several times with different dice: the rest of its activation, then the enemy's
reply, every seat choosing as the Veteran. It searches which activation to take and, inside
its own activation, whether to storm a hex (the Veteran's assault odds alone rarely tell
when storming pays).

Every candidate meets the same imagined worlds and dice, and Elite leaves the Veteran's
choice only for one that did better by a clear margin over the dice's noise.

The search is a fixed number of samples with dice drawn from the bot's seed, so the same
Decision always gives the same command, however busy the machine.
"""

from __future__ import annotations

from games.rules.common.dice import SeededDice
from games.rules.common.errors import RulesError
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.engine import apply, who_may_act
from games.rules.panzer_grenadier.legal import legal_commands
from games.rules.panzer_grenadier.preview import previews

from . import veteran
from .board import Board
from .imagined import ME, imagine
from .judge import Judge
from .public import PublicScenario
from .sampling import distinct_best, gist, surest
from .seat import ATTACKS, Decision, is_attack, previewed_units

NAME = "elite"
CANDIDATES = 4
SAMPLES = 4
CONFIDENCE = 1.0  # standard errors by which a candidate must beat the Veteran's choice
MIN_GAIN = 0.1  # victory points: a smaller edge is no reason to overrule the Veteran
REPLIES = 1  # enemy activations played after ours before judging
MARGIN = 0.25  # candidates scored this close to the Veteran's best are searched
MAX_STEPS = 60  # commands played out in one sample


def victory_points(state: st.GameState, b: Board, facts: PublicScenario) -> dict[str, float]:
    """Each side's victory points as the world stands, less what its losses so far are worth:
    objectives held, steps exited, and the enemy's counters still alive counted against."""
    points = {s.id: 0.0 for s in state.sides}
    for o in facts.objectives:
        holder = b.held.get(o.hex)
        if holder in points and (not o.sides or holder in o.sides):
            points[holder] += o.points
    for side in facts.exits:
        if side in points:
            points[side] += sum(u.steps for u in state.units.values()
                                if u.side == side and u.exited)
    for c in b.counters:
        if c.hex is not None:
            for side in points:
                if side != c.side:
                    points[side] -= b.loss_value(c)
    return points


def evaluate(state: st.GameState, side: str, facts: PublicScenario) -> float:
    """How good the state is for `side`, in victory points as the scenario counts them (where
    one side must reach a score, only that side's points matter to both), plus a little for
    material and position as the Judge sees them."""
    b = Board.from_view(plain_view(state, side, facts), side, facts)
    judge = Judge(b)
    vp = victory_points(state, b, facts)
    target = facts.threshold_side
    if target in vp:
        value = vp[target] if side == target else -vp[target]
    else:
        value = vp.get(side, 0.0) - sum(v for s, v in vp.items() if s != side)
    for c in b.counters:
        if c.hex is None:
            continue
        if c.side == side:
            value += 0.2 * b.strength(c) + 0.3 * judge.hex_value(c, c.hex)
        else:
            value -= 0.2 * b.strength(c)
    return value


def plain_view(state: st.GameState, side: str, facts: PublicScenario) -> dict:
    """The imagined world as a view of `side`: every counter in full (nothing in it is hidden
    from anyone: it holds only what the real view showed), built far faster than `view_for`."""
    units = []
    for u in state.units.values():
        t = facts.unit_type(u.type_id)
        units.append({
            "id": u.id, "side": u.side, "own": u.side == side, "type": u.type_id,
            "leader": bool(getattr(t, "is_leader", False)),
            "hex": facts.label(u.hex) if u.hex is not None else None, "steps": u.steps,
            "status": u.status, "moved_fired": u.moved_fired, "dug_in": u.dug_in,
            "carried_by": u.carried_by, "eliminated": u.eliminated, "exited": u.exited,
        })
    markers = [{"hex": facts.label(h), "markers": sorted(m)} for h, m in state.markers.items()]
    return {"scenario": state.scenario_id, "turn": state.turn, "last_turn": state.last_turn,
            "phase": state.phase, "segment": state.segment, "units": units, "markers": markers}


def seat_decision(state: st.GameState, seat: str, seed: str, facts: PublicScenario
                  ) -> Decision:
    """What a seat of the imagined world would be given (its view, legal commands, odds)."""
    side = next(x.side for x in state.seats if x.id == seat)
    view = plain_view(state, side, facts)
    legal = legal_commands(state, seat)
    attackers, assaulters = previewed_units(legal, view["units"])
    pv = [p for u in attackers for p in previews(state, seat, u, kinds=ATTACKS)]
    pv += [p for u in assaulters for p in previews(state, seat, u, kinds=("move",))
           if is_attack(p)]
    return Decision(view, legal, pv, seed)


def _play_out(state: st.GameState, dice: SeededDice, seed: str, facts: PublicScenario
              ) -> st.GameState:
    """Play on until our activation and `REPLIES` enemy activations are over, every seat
    choosing as the Veteran."""
    activations = 0
    was_open = True
    for n in range(MAX_STEPS):
        if state.phase != st.ACTION:
            return state
        is_open = state.activation is not None or state.opfire is not None
        if was_open and not is_open:
            activations += 1
            if activations > REPLIES:
                return state
        was_open = is_open
        seat = who_may_act(state)[0]
        d = seat_decision(state, seat, f"{seed}:{n}", facts)
        try:
            state = apply(state, seat, veteran.choose(d, facts), dice).state
        except RulesError:
            return state
    return state


def choose(d: Decision, facts: PublicScenario) -> dict:
    side = d.side
    judge = Judge(Board.from_view(d.view, side, facts), d.previews)
    ranked = veteran.ranked(d, facts, judge)
    # The best assault is always weighed: its outcome turns on the dice far more than the
    # Veteran's odds-based score can tell (a hex stormed is a hex held at the end).
    storm = next((c for _, c in ranked if judge.is_assault(c)), None)
    if len(ranked) == 1 or ("activate" not in d.legal and storm is None):
        # Inside an activation Elite searches only where it may storm a hex: searching every
        # move and shot cost ten times the time and gained nothing measurable (README).
        return ranked[0][1]
    # Search where the Veteran is unsure: among its best candidates scored within MARGIN of
    # the best. Where one command clearly stands out, its heuristic is trusted.
    candidates = distinct_best(ranked, MARGIN, CANDIDATES)
    if storm is not None and gist(storm) not in {gist(c) for c in candidates}:
        candidates.append(storm)
    if len(candidates) == 1:
        return candidates[0]
    # Every candidate meets the same imagined worlds and the same dice, so each sample gives
    # a paired comparison with the Veteran's own choice (candidate 0).
    outcomes = [[0.0] * SAMPLES for _ in candidates]
    for s in range(SAMPLES):
        world = imagine(d.view, side, facts, f"{d.seed}:{s}")
        if world is None:
            return ranked[0][1]
        for i, cmd in enumerate(candidates):
            dice = SeededDice(f"{d.seed}:elite:{s}")
            try:
                after = apply(world, ME, cmd, dice).state
            except RulesError:
                outcomes[i][s] = -99.0
                continue
            after = _play_out(after, dice, f"{d.seed}:{i}:{s}", facts)
            outcomes[i][s] = evaluate(after, side, facts)
    return candidates[surest(outcomes, CONFIDENCE, MIN_GAIN)]

