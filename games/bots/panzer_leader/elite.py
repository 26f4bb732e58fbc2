"""Elite for Panzer Leader: a small search over the Veteran's best plans.

The Veteran scores every legal command by rules of thumb (veteran.py) and plays the
best. Elite takes its three best plans (one command per plan) and what it would do bold (a
unit lost weighing half as much, stance.py), and where there is more than one, plays each
forward with the real engine on the world its side knows (imagined.py), several
times with different dice: the plan, the rest of its turn as the Veteran (bold after a bold
plan), the enemy's whole turn as the Veteran would play it, and its own next fire. It then
counts what the scenario counts (23.4: two points an objective held, one a unit lost or
killed; at the game's end, who won) and, a little, how near each side's units stand to the
objectives, and plays the plan that did better on average. Panzer Leader's turns are few
and its games short, so a sample reaches the enemy's reply and the fire that answers it:
what the Veteran only estimates (the fire a hex will draw, what a push onto an objective
opens up) is played out.

Every plan meets the same worlds and dice (paired samples). The work is bounded by the
commands weighed, not by the clock, so the same Decision always gives the same command,
however busy the machine. A command weighed costs more the more counters the battle has (the
Veteran reads every enemy gun for each move), and a big battle has more decisions, so the
budget shrinks with the situation's printed forces (`budget`): a decision at Bastogne (109
counters) may weigh 30/109 of the commands one at Hollenbach may. Where not even two samples
of two plans could fit, the Veteran's plan is played before any search is begun (a search
the budget then cut after its first sample cost more than the Veteran's decision, for the
Veteran's command).
"""

from __future__ import annotations

from games.rules.common.dice import SeededDice
from games.rules.common.errors import RulesError
from games.rules.panzer_leader.core.state import ENDED, GameState
from games.rules.panzer_leader.core.victory import score as victory_score
from games.rules.panzer_leader.engine import apply, who_may_act
from games.rules.panzer_leader.legal import legal_commands
from games.rules.panzer_leader.preview import preview
from games.rules.panzer_leader.views import view_for

from ..common.public import PublicScenario
from ..common.sampling import candidates, weigh
from ..common.seat import Decision, is_attack
from ..common.stance import STEADY, Stance
from . import veteran
from .danger import Danger
from .imagined import ME, THEM, imagine

NAME = "elite"
MAX_SAMPLES = 6
BUDGET = 16_000  # legal commands weighed over all samples: the search's cost, machine-free
# The battle size BUDGET is set for (the learning situations have 19 to 33 counters); a
# bigger one's budget shrinks in proportion (`budget`).
FULL_BUDGET_COUNTERS = 30
MAX_STEPS = 160  # commands played out in one sample
# A sample weighs at most a quarter of the budget, so two samples of two plans fit in it.
# Where a turn is so big that a sample would weigh more (River Assault's first turns: 6,500
# commands, 2.5 s), every plan's samples stop short of this much work, judged as far into
# the battle.
SAMPLE_SHARE = 4
RIVALS = 3  # the Veteran's best plans weighed, besides the bold one
WIN = 3.0  # a game won, over the points it was won by
NEARNESS = 0.3  # the Veteran's pull of the objectives, in victory points
# Commands whose odds a seat of the imagined world is shown, as the harness shows a player.
_ATTACKS = ("fire", "assault", "overrun", "opportunity_fire", "air_strike")
# Where Elite searches: its own phases' moves and attacks (a window's answer, an order for
# next turn's artillery and the like are the Veteran's).
_SEARCHED = ("move", "fire", "assault", "overrun", "end_phase", "land", "unload", "load")


def plans(d: Decision, facts: PublicScenario) -> list[tuple[Stance, dict]]:
    """What the search weighs now: the Veteran's best plans and the bold one, its own first."""
    danger = Danger(veteran.board(d, facts))  # one reading for both stances
    return candidates(lambda stance: veteran.ranked(d, facts, stance, danger), RIVALS)


def budget(facts: PublicScenario) -> int:
    """The commands one decision's search may weigh in this situation: `BUDGET` up to
    `FULL_BUDGET_COUNTERS` printed counters, less in proportion beyond (its decisions are
    more, and each command weighed costs more)."""
    counters = sum(n for forces in facts.forces.values() for n in forces.values())
    return BUDGET * min(counters, FULL_BUDGET_COUNTERS) // max(1, counters)


def affordable(d: Decision, work: int) -> bool:
    """Whether two samples of two plans could fit in `work`: each sample weighs at least
    one decision about as big as this one (the same phase, a unit fewer)."""
    return 2 * 2 * len(d.commands()) <= work


def choose(d: Decision, facts: PublicScenario) -> dict:
    work = budget(facts)
    if not affordable(d, work):
        return veteran.choose(d, facts)
    weighed = plans(d, facts)
    steady = weighed[0][1]
    if len(weighed) < 2 or steady.get("type") not in _SEARCHED:
        return steady
    side = d.side
    share = work // SAMPLE_SHARE

    def play(world: GameState, i: int, s: int) -> tuple[float, int]:
        stance, cmd = weighed[i]
        dice = SeededDice(f"{d.seed}:elite:{s}")  # every plan meets the same dice
        try:
            after, _ = apply(world, ME, cmd, dice)
        except RulesError:
            return -99.0, 0
        after, cost = play_out(after, side, dice, f"{d.seed}:{i}:{s}", facts, stance, share)
        return evaluate(after, side, facts), cost

    best = weigh(len(weighed), lambda s: imagine(d.view, side, facts, f"{d.seed}:{s}"),
                 play, work, MAX_SAMPLES)
    return weighed[best][1]


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
             facts: PublicScenario, stance: Stance = STEADY,
             share: int = BUDGET // SAMPLE_SHARE) -> tuple[GameState, int]:
    """Play on, our seat in `stance` and the enemy's as the Veteran, until our side has had
    the enemy's turn and fired again (or the game is over, or the next decision, as big as
    the last, would take the work past `share`); also the legal commands weighed on the
    way (the cost). The first decision is always played."""
    enemy_moved = False
    cost = last = 0
    for n in range(MAX_STEPS):
        if world.phase == ENDED or (cost and cost + last > share):
            break
        if world.active_side != side:
            enemy_moved = True
        elif enemy_moved and world.phase != "combat":
            break
        seat = who_may_act(world)[0]
        d = seat_decision(world, seat, f"{seed}:{n}")
        last = len(d.commands())
        cost += last
        try:
            cmd = veteran.ranked(d, facts, stance if seat == ME else STEADY)[0][1]
            world, _ = apply(world, seat, cmd, dice)
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
    b = veteran.board(Decision(view_for(world, ("seat", seat)), {}), facts)
    return sum(b.pull(p, p.hex) for p in b.mine() if p.hex is not None)
