"""Elite: a small search over the Veteran's best plans.

The Veteran scores every legal command by rules of thumb (judge.py) and plays the best.
Elite takes its best plans (`rivals` of them, one command per plan: two paths to one hex
are one) and what it would do bold (the enemy's fields of fire minded half as much,
stance.py), and where there is more than one, plays each forward with the real engine on
the world its side knows (imagined.py: the counters its view shows, unseen ones drawn from
the enemy's order of battle), several times with different dice: the plan, the rest of its
activation, then the enemy's next two activations and its own between them as the Veteran
would play them. It judges where each leaves it in victory points as the scenario counts
them, and plays the plan that did better on average: what the Veteran only estimates by
rules of thumb (the fire a move draws, what an assault opens up) is played out.

Every plan meets the same imagined worlds and dice (paired samples). The search is a
bounded amount of work (commands weighed, not seconds), with dice drawn from the bot's seed,
so the same Decision always gives the same command, however busy the machine.
"""

from __future__ import annotations

from games.rules.common.dice import SeededDice
from games.rules.common.errors import RulesError
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.engine import apply, who_may_act
from games.rules.panzer_grenadier.legal import legal_commands
from games.rules.panzer_grenadier.preview import previews

from ..common.public import PublicScenario
from ..common.sampling import candidates, weigh
from ..common.seat import ATTACKS, Decision, is_attack, previewed_units
from ..common.stance import STEADY, Stance
from . import veteran
from .board import Board
from .imagined import ME, imagine
from .judge import Judge

NAME = "elite"
# Eight samples over 24,000 commands, where four over 12,000 were: on seeds no earlier run
# had chosen (tuneC), 67 of 120 Kessel games against 63 and 23.5 of 40 at Melnitsa against
# 17; over 280 Kessel games on three seed sets 0.57 against 0.52. On the 360 Kessel games
# played since (tuneD-F) it scored 0.51, no better than four had: kept, not as a proven gain
# (docs/bots.md, "Strength"). Weighing three plans (`RIVALS`), Elite's p95 is 1.9 s of CPU at
# Kessel and 2.4 s at Melnitsa; a Melnitsa game costs about 600 s of it, not 40.
MAX_SAMPLES = 8
BUDGET = 24_000  # legal commands weighed over all samples: the search's cost, machine-free
# Activations played after ours before judging. Four did no better at Kessel for twice the
# work (tuneA: 65 of 120, against 70.5 with eight samples; both together 61.5 of 113).
REPLIES = 2
MAX_STEPS = 80  # commands played out in one sample
# The Veteran's best plans weighed, besides the bold one, as Panzer Leader's Elite does: three
# judged with position at 0.1 (below) won 27.5 of 40 Kessel games on fresh seeds (tuneH) and
# 31 of 40 at Melnitsa on the full run's seeds, where its first plan alone won 24
# (docs/bots.md, "Strength"). A battle of `BIG_BATTLE` counters or more weighs its first only:
# at the Sosna Line (301) a searched decision already costs 3 s of CPU on average, and the
# target for Elite's p95 is 3 s.
RIVALS = 3
BIG_BATTLE = 150  # counters in the printed order of battle: Kessel 42, Melnitsa 83, Sosna 301


def rivals(facts: PublicScenario) -> int:
    """How many of the Veteran's best plans the search weighs in this scenario: fewer where
    the battle is so big that playing each out would cost more than a decision may."""
    counters = sum(n for kinds in facts.forces.values() for n in kinds.values())
    return RIVALS if counters < BIG_BATTLE else 1


# How much material and position weigh beside victory points where a play-out stops. Read
# against Veteran-against-Veteran games (bench/elite_judge.py --seed fitB: 40 each at Kessel
# and Melnitsa), position at 0.07 to 0.1 foretells the winner best (area under the curve
# 0.81, against 0.80 for the points alone and 0.68 at 0.3). With one plan weighed the weight
# made no difference Elite could show (0.54 of 120 Kessel games either way, tuneG); with
# three, judged at 0.3 they won 7 of 19 fresh Kessel games where judged at 0.1 they won 14.
W_MATERIAL = 0.2
W_POSITION = 0.1


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


def judged_parts(state: st.GameState, side: str, facts: PublicScenario
                 ) -> tuple[float, float, float]:
    """What `evaluate` weighs, for `side`: victory points as the scenario counts them (where
    one side must reach a score, only that side's points matter to both), material (the
    strength of our counters less the enemy's) and position (what our counters gain by
    where they stand, as the Judge sees it)."""
    b = Board.from_view(plain_view(state, side, facts), side, facts)
    judge = Judge(b)
    vp = victory_points(state, b, facts)
    target = facts.threshold_side
    if target in vp:
        points = vp[target] if side == target else -vp[target]
    else:
        points = vp.get(side, 0.0) - sum(v for s, v in vp.items() if s != side)
    material = position = 0.0
    for c in b.counters:
        if c.hex is None:
            continue
        if c.side == side:
            material += b.strength(c)
            position += judge.hex_value(c, c.hex)
        else:
            material -= b.strength(c)
    return points, material, position


def evaluate(state: st.GameState, side: str, facts: PublicScenario) -> float:
    """How good the state is for `side`, in victory points, plus a little for material and
    position (`W_MATERIAL`, `W_POSITION`)."""
    points, material, position = judged_parts(state, side, facts)
    return points + W_MATERIAL * material + W_POSITION * position


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


def play_out(state: st.GameState, dice: SeededDice, seed: str, facts: PublicScenario,
             stance: Stance = STEADY) -> tuple[st.GameState, int]:
    """Play on until our activation and `REPLIES` more are over, our seat in `stance` and
    the enemy's as the Veteran; also the legal commands weighed on the way (the cost)."""
    activations = 0
    was_open = True
    cost = 0
    for n in range(MAX_STEPS):
        if state.phase != st.ACTION:
            break
        is_open = state.activation is not None or state.opfire is not None
        if was_open and not is_open:
            activations += 1
            if activations > REPLIES:
                break
        was_open = is_open
        seat = who_may_act(state)[0]
        d = seat_decision(state, seat, f"{seed}:{n}", facts)
        cost += len(d.commands())
        judge = Judge(Board.from_view(d.view, d.side, facts), d.previews,
                      stance if seat == ME else STEADY)
        try:
            state = apply(state, seat, veteran.ranked(d, facts, judge)[0][1], dice).state
        except RulesError:
            break
    return state, cost


def plans(d: Decision, facts: PublicScenario) -> list[tuple[Stance, dict]]:
    """What the search weighs now: the Veteran's best plans and the bold one, its own first."""
    b = Board.from_view(d.view, d.side, facts)
    return candidates(lambda stance: veteran.ranked(d, facts, Judge(b, d.previews, stance)),
                      rivals(facts))


def choose(d: Decision, facts: PublicScenario) -> dict:
    weighed = plans(d, facts)
    if len(weighed) < 2:
        return weighed[0][1]
    side = d.side

    def play(world: st.GameState, i: int, s: int) -> tuple[float, int]:
        stance, cmd = weighed[i]
        dice = SeededDice(f"{d.seed}:elite:{s}")  # every plan meets the same dice
        try:
            after = apply(world, ME, cmd, dice).state
        except RulesError:
            return -99.0, 0
        after, cost = play_out(after, dice, f"{d.seed}:{i}:{s}", facts, stance)
        return evaluate(after, side, facts), cost

    best = weigh(len(weighed), lambda s: imagine(d.view, side, facts, f"{d.seed}:{s}"),
                 play, BUDGET, MAX_SAMPLES)
    return weighed[best][1]
