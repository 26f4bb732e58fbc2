"""Elite for Panzer Leader: a small search over the Veteran's best commands.

Where the Veteran is unsure (its best few commands, one per plan, score close together),
Elite plays each candidate forward with the real engine on the world its side knows
(leader_imagined.py), several times with different dice: the rest of its turn, the
enemy's whole turn, and its own next fire, every seat choosing as the Veteran. It then
counts what the scenario counts (23.4: two points an objective held, one a unit lost or
killed; at the game's end, who won) and, a little, how near its units stand to the
objectives. Panzer Leader's turns are few and its games short, so a sample reaches the
enemy's reply and the fire that answers it: what the Veteran only estimates (the fire a
hex will draw, what an assault opens up) is played out.

Every candidate meets the same worlds and dice (paired samples), and Elite leaves the
Veteran's choice only for one that did better by a clear margin over the dice's noise
(sampling.py). The work is bounded by the commands played, not by the clock, so the same
Decision always gives the same command, however busy the machine.
"""

from __future__ import annotations

from games.rules.common.dice import SeededDice
from games.rules.common.errors import RulesError
from games.rules.panzer_leader.engine import apply, who_may_act
from games.rules.panzer_leader.legal import legal_commands
from games.rules.panzer_leader.preview import preview
from games.rules.panzer_leader.state import ENDED, GameState
from games.rules.panzer_leader.victory import score as victory_score
from games.rules.panzer_leader.views import view_for

from . import leader_veteran
from .leader_imagined import ME, THEM, imagine
from .public import PublicScenario
from .sampling import distinct_best, surest
from .seat import Decision, is_attack

NAME = "elite"
CANDIDATES = 3
MARGIN = 0.3  # victory points: candidates scored this close to the Veteran's best are searched
MIN_SAMPLES, MAX_SAMPLES = 2, 6
BUDGET = 8_000  # legal commands weighed over all samples: the search's cost, machine-free
CONFIDENCE = 1.0  # standard errors by which a candidate must beat the Veteran's choice
MIN_GAIN = 0.1  # victory points
MAX_STEPS = 120  # commands played out in one sample
# What a sample costs, about: the commands weighed grow with the square of the counters in
# play (more units, each with more moves). Measured: 609 at Hollenbach (21), 4,740 at River
# Assault (53).
WORK_PER_COUNTER_SQUARED = 1.5
WIN = 3.0  # a game won, over the points it was won by
NEARNESS = 0.3  # the Veteran's pull of the objectives, in victory points
# Commands whose odds a seat of the imagined world is shown, as the harness shows a player.
_ATTACKS = ("fire", "assault", "overrun", "opportunity_fire", "air_strike")
# Where Elite searches: its own phases' moves and attacks (a window's answer, an order for
# next turn's artillery and the like are the Veteran's).
_SEARCHED = ("move", "fire", "assault", "overrun", "end_phase", "land", "unload", "load")


def choose(d: Decision, facts: PublicScenario) -> dict:
    ranked = leader_veteran.ranked(d, facts)
    if len(ranked) < 2 or ranked[0][1].get("type") not in _SEARCHED:
        return ranked[0][1]
    candidates = [c for c in distinct_best(ranked, MARGIN, CANDIDATES)
                  if c.get("type") in _SEARCHED]
    if len(candidates) < 2:
        return ranked[0][1]
    counters = sum(1 for u in d.view.get("units", ()) if not u.get("eliminated"))
    if WORK_PER_COUNTER_SQUARED * counters ** 2 * len(candidates) * MIN_SAMPLES > 1.5 * BUDGET:
        # A big battle (River Assault's 53 counters): too few samples would fit.
        return ranked[0][1]
    side = d.side
    outcomes: list[list[float]] = [[] for _ in candidates]
    work = 0
    for s in range(MAX_SAMPLES):
        world = imagine(d.view, side, facts, f"{d.seed}:{s}")
        if world is None:
            return ranked[0][1]
        for i, cmd in enumerate(candidates):
            dice = SeededDice(f"{d.seed}:elite:{s}")
            try:
                after, _ = apply(world, ME, cmd, dice)
            except RulesError:
                outcomes[i].append(-99.0)
                continue
            after, cost = play_out(after, side, dice, f"{d.seed}:{i}:{s}", facts)
            work += cost
            if s == 0 and work * len(candidates) * MIN_SAMPLES > BUDGET * (1 + i):
                # Too big a battle to sample enough within the budget: the Veteran decides.
                return ranked[0][1]
            outcomes[i].append(evaluate(after, side, facts))
        # A round costs about what the last one did: stop before the budget would be passed.
        if s + 1 >= MIN_SAMPLES and work * (s + 2) / (s + 1) > BUDGET:
            break
    return candidates[surest(outcomes, CONFIDENCE, MIN_GAIN)]


def seat_decision(world: GameState, seat: str, seed: str) -> Decision:
    """What a seat of the imagined world would be given: its view, legal commands, odds."""
    view = view_for(world, ("seat", seat))
    legal = legal_commands(world, seat)
    shown = []
    for c in (c for cs in legal.values() for c in cs if c.get("type") in _ATTACKS):
        try:
            p = {"command": c, **preview(world, seat, c)}
        except RulesError:
            continue
        if is_attack(p):
            shown.append(p)
    return Decision(view, legal, shown, seed)


def play_out(world: GameState, side: str, dice: SeededDice, seed: str,
             facts: PublicScenario) -> tuple[GameState, int]:
    """Play on, every seat as the Veteran, until our side has had the enemy's turn and fired
    again (or the game is over); also the legal commands weighed on the way (the cost)."""
    enemy_moved = False
    cost = 0
    for n in range(MAX_STEPS):
        if world.phase == ENDED:
            break
        if world.active != side:
            enemy_moved = True
        elif enemy_moved and world.phase != "combat":
            break
        seat = who_may_act(world)[0]
        d = seat_decision(world, seat, f"{seed}:{n}")
        cost += len(d.commands())
        try:
            world, _ = apply(world, seat, leader_veteran.choose(d, facts), dice)
        except RulesError:
            break
    return world, cost


def evaluate(world: GameState, side: str, facts: PublicScenario) -> float:
    """How good the world is for `side`, in victory points as the scenario counts them
    (23.4), a win worth `WIN` more at the end, plus a little for how much more strongly our
    units stand towards the objectives than the enemy's (by the Veteran's pull)."""
    attacker = facts.threshold_side
    sign = 1.0 if side == attacker else -1.0
    value = sign * victory_score(world)
    if world.phase == ENDED:
        winner = (world.result or {}).get("winner")
        return value + (WIN if winner == side else -WIN if winner else 0.0)
    return value + NEARNESS * (_nearness(world, ME, facts) - _nearness(world, THEM, facts))


def _nearness(world: GameState, seat: str, facts: PublicScenario) -> float:
    """How strongly a seat's units stand towards the objectives, by the Veteran's pull (an
    attacker a move from an objective is a threat the points do not show yet)."""
    b = leader_veteran.board(Decision(view_for(world, ("seat", seat)), {}), facts)
    return sum(b.pull(p, p.hex) for p in b.mine() if p.hex is not None)
