"""Veteran for Panzer Leader: greedy, one command at a time, every legal command scored in
one currency (victory points: an objective is two, a unit lost or killed is one, 23.4).

- Fire (direct, opportunity, air, assault, overrun) by the Combat Results Table chances of
  its preview, times what the targets are worth, more against a hex the enemy holds among
  the objectives. A joint shot is charged for the shots its firers give up elsewhere (each
  fires once a phase), so a firer with a good shot of its own is not spent adding little.
- Moves by what they do for the objectives: the Board's pull (steep near an objective) plus
  a steady march that gains as much for each turn saved far off as near; plus what the
  unit could hit from there next combat phase (the Weapons Effectiveness Chart, the
  target's cover); less the chance of losing it there (danger.py: the fire that
  reaches the hex by the chart, close assault by infantry a move away, overrun in the open)
  and on the way (opportunity fire over open ground). A defender weighs a unit lost at
  more than a point; an attacker starts as careful and takes more risk as its turns run
  out. A carrier's loss weighs its riders' too, and a loaded truck's ground counts only
  if its riders arrive.
- A shot is charged for what its firers give up (a unit that fires may not move): their
  best shots elsewhere, and a step onto an objective nobody holds.
- Units inside a fort do not hold its hex (the enemy may drive on top), so a defender
  sends a unit to stand on top.
- Units that must come on (enter or land) this phase come on first; passengers get off
  beside the objectives. A phase ends when nothing scores above zero.

Panzer Leader's Elite (elite.py) searches among this Veteran's best commands.
"""

from __future__ import annotations

from games.rules.common.hexgrid import distance

from ..common.public import PublicScenario
from ..common.seat import Decision
from ..common.stance import STEADY, Stance
from .board import LeaderBoard, command_key
from .danger import Danger
from .paths import move_class, objective_costs, path_cost

NAME = "veteran"
FIRE_FLOOR = 0.15
OPFIRE_FLOOR = 0.25
CLOSE_FLOOR = 0.2  # assault and overrun put the attacker at risk too
MOVE_FLOOR = 0.04
OBJECTIVE_BONUS = 0.3  # clearing an objective hex of the enemy is worth more than a kill
UNLOAD_NEAR = 3  # hexes from an objective where riders get off to take it on foot
MARCH = 0.5  # an objective's worth spread evenly over the turns of the game to reach it
SHELTER = 0.03  # a tie-breaker: the danger already counts what cover adds to the die
# The attacker takes more risk as its turns run out (its care runs from FIRST to LAST).
CARE_FIRST, CARE_LAST = 0.6, 0.3
DEFENDER_CARE = 1.2
FORGONE = 0.7  # how much of a firer's best shot elsewhere a joint shot must make up
OFFENSE = 0.5  # worth of the best shot a unit will have from where it stops


def objective_bonus(b: LeaderBoard, hex_label: str | None) -> float:
    h = b.facts.hex(hex_label)
    if h is None or h not in b.objective_at or b.held_by_me(h):
        return 0.0
    return OBJECTIVE_BONUS


def target_hex(b: LeaderBoard, cmd: dict) -> str | None:
    if cmd.get("type") in ("assault", "overrun"):
        return cmd.get("target")
    targets = cmd.get("targets") or ([cmd["target"]] if cmd.get("target") else [])
    p = b.by_id.get(targets[0]) if targets else None
    return b.facts.label(p.hex) if p is not None and p.hex is not None else None


def unload_score(b: LeaderBoard, cmd: dict) -> float:
    """Riders get off near an objective (or beside the enemy), not in the rear."""
    carrier = b.by_id.get(cmd.get("carrier", ""))
    if carrier is None or carrier.hex is None:
        return -0.1
    near = min((distance(carrier.hex, o.hex) for o in b.facts.objectives
                if not b.held_by_me(o.hex)), default=99)
    close = any(distance(carrier.hex, e.hex) <= 1 for e in b.enemies())
    return 0.3 if near <= UNLOAD_NEAR or close else -0.05


def march(b: LeaderBoard, p, h) -> float:
    """A steady pull towards the objectives that matter, even from far off: the best
    objective's worth times the share of the game's turns a unit would not need to reach it
    (the Board's pull falls off steeply with distance, so a far unit gained nothing by
    walking)."""
    return b.kept("march", p, h, lambda p, h: _march(b, p, h))


def _march(b: LeaderBoard, p, h) -> float:
    if h is None or not b.facts.objectives or not b.controls(p) and not b.passengers(p):
        return 0.0
    move = move_class(b.printed(p))
    ma = max(1.0, b.movement(p))
    span = max(2.0, float(b.turns))
    best = 0.0
    for worth, cost in zip(b.worths(p.id), objective_costs(b.facts, move, h), strict=True):
        best = max(best, worth * max(0.0, 1 - cost / ma / span))
    return MARCH * best * (0.4 if b.is_gun(p) else 1.0)


def care(b: LeaderBoard, stance: Stance = STEADY) -> float:
    """How much a unit lost weighs against ground gained (a unit lost is a point)."""
    if not b.is_attacker():
        return DEFENDER_CARE * stance.care
    left = max(0.0, min(1.0, (b.turns - b.turn) / max(1, b.turns - 1)))
    return (CARE_LAST + (CARE_FIRST - CARE_LAST) * left) * stance.care


def unit_worth(b: LeaderBoard, p) -> float:
    """What losing the unit costs: a point for one that counts, and its riders'."""
    # Riders go down with their carrier: a halftrack lost at Hollenbach with a rifle platoon
    # aboard costs two points, not one.
    return (1.0 if b.controls(p) else 0.1) + sum(1.0 for _ in b.passengers(p))


def move_value(b: LeaderBoard, danger: Danger, cmd: dict, stance: Stance = STEADY) -> float:
    """A move (or landing): ground gained towards the objectives (near and far), cover,
    coming on when due, less the chance of losing the unit where it stops."""
    p = b.by_id.get(cmd.get("unit", ""))
    dest = b.facts.hex(cmd.get("to"))
    if p is None or dest is None:
        return -0.5
    here = None if p.afloat else p.hex
    there = [q for q in b.at.get(dest, ()) if q.side == b.me and q.id != p.id]
    beside = [q for q in b.at.get(here, ()) if q.side == b.me and q.id != p.id] if here else []
    lost_there = danger.loss(p, dest, there)
    lost_here = danger.loss(p, here, beside) if here else 0.0
    on_way = danger.transit(p, here, dest)
    ahead = b.pull(p, dest) + march(b, p, dest)
    behind = b.pull(p, here) + march(b, p, here)
    if soft_carrier(b, p):
        # A loaded truck defends at 1 (6.6): one shot takes the riders with it, and riders
        # shot on the way take no objective. Their ground counts only if they arrive (at
        # Semois the trucks drove to the ford under the French rifles and lost three rifle
        # platoons on turn 1).
        ahead *= (1 - lost_there) * (1 - on_way)
        behind *= 1 - lost_here
    gain = ahead - behind
    if b.due(p):
        gain += 2.0
    gain += SHELTER * (b.cover(dest) - b.cover(here))
    gain += OFFENSE * (danger.offense(p, dest) - danger.offense(p, here))
    risk = lost_there - lost_here + on_way
    return gain - care(b, stance) * unit_worth(b, p) * risk


def soft_carrier(b: LeaderBoard, p) -> bool:
    """An unarmoured vehicle with riders aboard."""
    return bool(b.passengers(p)) and not b.printed(p).get("armored")


def score(b: LeaderBoard, cmd: dict, danger: Danger | None = None,
          stance: Stance = STEADY) -> float:
    t = cmd.get("type")
    if t == "fire":
        return b.attack_value(cmd) + objective_bonus(b, target_hex(b, cmd)) / 2 - FIRE_FLOOR
    if t == "opportunity_fire":
        return b.attack_value(cmd) - OPFIRE_FLOOR
    if t in ("assault", "overrun"):
        return b.attack_value(cmd) + objective_bonus(b, target_hex(b, cmd)) - CLOSE_FLOOR
    if t in ("move", "land"):
        return move_value(b, danger or Danger(b), cmd, stance) - MOVE_FLOOR
    if t == "air_strike":
        return b.attack_value(cmd) - FIRE_FLOOR
    if t == "resolve_indirect":
        return 0.5
    if t == "order_indirect":
        h = b.facts.hex(cmd.get("hex"))
        return 0.3 * sum(1 for e in b.enemies() if e.hex == h) - 0.05
    if t in ("end_phase", "decline"):
        return 0.0
    if t == "unload":
        return unload_score(b, cmd)
    return -0.1


def forgone(b: LeaderBoard, shots: list[dict]) -> dict[str, float]:
    """Each shot's cost in what its firers give up: a firer fires once a phase, so joining
    a stack's fire on one target is worth it only for more than that firer would do alone
    at another (the best of its single shots elsewhere); and a firer may not move after,
    so it gives up any step onto an objective nobody holds (open_ground)."""
    alone: dict[str, list[tuple[str, float]]] = {}
    for c in shots:
        if len(c.get("units") or ()) == 1:
            alone.setdefault(c["units"][0], []).append(
                (target_hex(b, c) or "", max(0.0, b.attack_value(c) - FIRE_FLOOR)))
    out = {}
    for c in shots:
        here = target_hex(b, c) or ""
        out[command_key(c)] = FORGONE * sum(
            max((v for t, v in alone.get(f, ()) if t != here), default=0.0)
            + open_ground(b, f) for f in c.get("units") or ())
    return out


def open_ground(b: LeaderBoard, unit_id: str) -> float:
    """What the firer gives up by firing (a unit that fires may not move that turn): the
    step onto an objective within its move that no unit of ours holds and no enemy stands
    on. At Seeufer the German machine gun beside the bunker fired at the beach instead of
    climbing on top, and the next DD tank drove on and took it."""
    p = b.by_id.get(unit_id)
    if p is None or p.hex is None or not b.controls(p):
        return 0.0
    move, ma = move_class(b.printed(p)), b.movement(p)
    best = 0.0
    for i, o in enumerate(b.facts.objectives):
        if o.hex == p.hex or b.holders(o.hex) or any(
                q.side != b.me and not q.in_fort for q in b.at.get(o.hex, ())):
            continue
        if path_cost(b.facts, move, p.hex, i) <= ma:
            best = max(best, b.pull(p, o.hex) - b.pull(p, p.hex))
    return best


def board(d: Decision, facts: PublicScenario) -> LeaderBoard:
    """The Veteran's reading of the view. Units inside a fort do not hold its hex: the
    enemy may drive on top and take it unless a friend stands on top (RB IX.C.10). At
    Seeufer the American DD tanks drove onto the bunker the German rifles held from inside,
    two points the Germans never got back."""
    return LeaderBoard(d.view, d.side, facts, d.previews, inside_holds=False)


def ranked(d: Decision, facts: PublicScenario, stance: Stance = STEADY,
           danger: Danger | None = None) -> list[tuple[float, dict]]:
    """Every legal command with its score, best first (ties broken by the seeded die).
    `danger`: the reading of this decision's board to use (one serves every stance)."""
    danger = danger or Danger(board(d, facts))
    b = danger.b
    rng = d.rng()
    cost = forgone(b, d.legal.get("fire", []))
    scored = [(score(b, c, danger, stance) - cost.get(command_key(c), 0.0)
               if c.get("type") == "fire" else score(b, c, danger, stance))
              + rng.random() * 1e-6 for c in d.commands()]
    return sorted(zip(scored, d.commands(), strict=True), key=lambda sc: -sc[0])


def choose(d: Decision, facts: PublicScenario) -> dict:
    return ranked(d, facts)[0][1]
