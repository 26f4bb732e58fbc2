"""What the enemy could do next to a unit of ours standing in a hex, as the Veteran reckons
it for Panzer Leader: the chance of losing the unit there.

Three threats from the enemy units in view that are not dispersed (a dispersed unit
neither fires nor moves until its own segment is over), and the enemy navy's:

- fire: each firer's printed attack within its range and with a line of sight over the
  boards' terrain, weighed by the Weapons Effectiveness Chart as the rules weigh it (9.2):
  an infantry weapon cannot hurt armour, nor anything in a town; armour piercing is halved
  against soft targets and doubled against armour at half range or less; mortars are halved
  against armour. Woods and towns add one to the die, and a unit there is fired on from
  afar only when spotted (12.2): an enemy stands beside it (the enemy fires before it
  moves). Half the sum counts: the enemy splits its fire.
- close assault: enemy infantry a move away may assault next to it, where an infantry
  weapon hurts armour too.
- overrun: enemy armour that can drive up to a clear hex attacks the whole stack on it at
  one column better and two off the die (14), so a stack in the open before enemy tanks is
  the costliest place on the board.
- naval support fire (19.4): the points the situation grants the enemy this turn or next,
  at any range, on units in the open (woods and towns hide them from the sea).

Only printed values and the map's terrain go in, and the counters the view shows.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache

from games.rules.common.hexgrid import Hex, distance, nudged_line
from games.rules.panzer_leader.combat.crt import chances, drm, odds_index

from .board import LOSS_VALUE, LeaderBoard, Piece

OPEN = ("clear", "beach")  # where armour may overrun (14; PL-D8)
COVERED = ("woods", "town")  # hide a unit from the sea (19.4) and from unspotted fire (12.2)
OVERRUN_KINDS = ("tank", "assault_gun", "tank_destroyer", "armored_car")
FIRE_SHARE = 0.5  # of the enemy's fire that reaches one unit (it splits its fire)
ASSAULT_SHARE = 0.5  # enemy infantry that would rather assault than fire
OVERRUN_SHARE = 0.6  # enemy armour that would go in rather than fire
TRANSIT_SHARE = 0.3  # of the enemy's fire that waits for a mover crossing open ground


def weapon_factor(printed: dict, armored: bool, dist: int) -> float:
    """The Weapons Effectiveness Chart and range (9.2, 9.3): how much of the firer's printed
    attack reaches a target at this distance (0: none)."""
    reach = _printed_range(str(printed.get("range", "0")))
    if reach is None:
        return 0.0
    rng, star = reach
    if dist <= max(1, rng):
        factor = 1.0
    elif star and dist <= 2 * rng:
        factor = 0.5
    else:
        return 0.0
    w = printed.get("weapon")
    if not armored:
        return factor * (0.5 if w == "A" else 1.0)
    if w == "I":
        return 0.0
    if w == "A":
        return factor * (2.0 if dist <= rng // 2 else 1.0)
    if w in ("H", "HI"):
        return factor * (1.0 if dist <= 6 else 0.5)
    return factor * 0.5


@lru_cache(maxsize=256)
def _printed_range(text: str) -> tuple[int, bool] | None:
    """A printed range ("8", "20*", "4/2") as its hexes and whether it doubles at half
    strength (the star); None where none is printed (read for every firer and hex)."""
    try:
        return int(text.split("/")[0].rstrip("*")), text.endswith("*")
    except ValueError:
        return None


def reach_of(printed: dict) -> int:
    """The farthest a firer's weapon reaches at all (a starred range, at half strength, to
    twice its printed range, 9.3); 0 where no range is printed."""
    printed_range = _printed_range(str(printed.get("range", "0")))
    if printed_range is None:
        return 0
    rng, star = printed_range
    return max(1, rng, 2 * rng if star else 0)


def can_overrun(printed: dict) -> bool:
    return bool(printed.get("armored")) and printed.get("kind") in OVERRUN_KINDS \
        and printed.get("weapon") in ("A", "H")


@lru_cache(maxsize=65_536)
def _loss(att: float, defence: float, modifier: int, shift: int = 0) -> float:
    """The expected loss (a unit lost counts 1) at att:defence on the Combat Results Table
    (a pure function of its numbers, asked thousands of times a decision: kept)."""
    if att <= 0:
        return 0.0
    col = odds_index(Fraction(att).limit_denominator(100),
                     Fraction(max(1.0, defence)).limit_denominator(100)) + shift
    if col < 0:
        return 0.0
    return sum(float(q) * LOSS_VALUE.get(code, 0.0) for code, q in chances(col, modifier).items())


class Danger:
    """The enemy's reach over the board for one decision (threats cached by hex)."""

    def __init__(self, b: LeaderBoard):
        self.b = b
        self.terrain = getattr(b.facts.map, "terrain_of", {})
        self.foes = [(e, b.printed(e)) for e in b.enemies() if not e.dispersed]
        self._fire: dict[tuple[Hex, bool], float] = {}
        self._assault: dict[Hex, float] = {}
        self._overrun: dict[Hex, float] = {}
        self._offense: dict[tuple, float] = {}
        self._ours_beside: dict[Hex, bool] = {}
        # Naval support fire (19.4): the enemy's grant, at any range, at units in the open
        # seen from the sea, halved against armour; it may be opportunity fire (QA N1). At
        # Seeufer 60 points a turn kill a German machine gun left in the open on the bluff.
        self.navy = max((b.naval_points(e.side, t) for e in b.enemies()
                         for t in (b.turn, b.turn + 1)), default=0)
        self.targets = [(e, b.printed(e)) for e in b.enemies()
                        if e.carried_by is None and b.printed(e)]

    def spotter_beside(self, pieces: Iterable[Piece], h: Hex) -> bool:
        """Whether one of `pieces` that may spot stands beside (or on) hex h (12.2; 12.3:
        trucks, wagons and passengers never spot, nor a dispersed unit)."""
        return any(distance(q.hex, h) <= 1 and not q.dispersed and self.b.controls(q)
                   and q.carried_by is None for q in pieces)

    def our_spotter(self, h: Hex) -> bool:
        """Whether a unit of ours that may spot stands beside hex h (one answer a hex)."""
        if h not in self._ours_beside:
            self._ours_beside[h] = self.spotter_beside(self.b.mine(), h)
        return self._ours_beside[h]

    def armored(self, p: Piece, h: Hex) -> bool:
        return bool(self.b.printed(p).get("armored")) or self.terrain.get(h) == "town"

    def fire(self, h: Hex, armored: bool) -> float:
        """The enemy's direct fire that may fall on a unit in hex h: firers in range that
        see the hex, none from afar into woods or a town nobody of theirs stands beside, and
        the navy's."""
        key = (h, armored)
        if key not in self._fire:
            spotted = self.terrain.get(h, "clear") not in COVERED or self.spotted(h)
            total = 0.0
            for e, pr in self.foes:
                dist = distance(e.hex, h)
                reach = weapon_factor(pr, armored, dist)  # out of range first: sight is dear
                if reach and (spotted or dist <= 1) and self.b.facts.map.sees(e.hex, h):
                    total += float(pr.get("attack") or 0) * reach
            self._fire[key] = total + self.naval(h, armored)
        return self._fire[key]

    def spotted(self, h: Hex) -> bool:
        """Whether an enemy spotter stands beside (or on) hex h."""
        return self.spotter_beside((e for e, _ in self.foes), h)

    def naval(self, h: Hex, armored: bool) -> float:
        """The enemy navy's points that may fall on hex h: none in woods or a town, which
        hide a unit from the sea, half against armour (19.4)."""
        if not self.navy or self.terrain.get(h, "clear") in COVERED:
            return 0.0
        return self.navy * (0.5 if armored else 1.0)

    def assault(self, h: Hex) -> float:
        if h not in self._assault:
            self._assault[h] = sum(
                float(pr.get("attack") or 0) for e, pr in self.foes
                if self.foot(pr) and distance(e.hex, h) <= 2)
        return self._assault[h]

    def overrun(self, h: Hex) -> float:
        if h not in self._overrun:
            total = 0.0
            if self.terrain.get(h, "clear") in OPEN:
                for e, pr in self.foes:
                    if can_overrun(pr) and distance(e.hex, h) <= float(pr.get("movement") or 0) - 1:
                        total += float(pr.get("attack") or 0)
            self._overrun[h] = total
        return self._overrun[h]

    def loss(self, p: Piece, h: Hex | None, stack: list[Piece] | None = None) -> float:
        """The chance, roughly, that unit p is lost (or dispersed, at their costs) if it ends
        its move in hex h beside `stack` (our other units there)."""
        if h is None:
            return 0.0
        beside = ("loss", *(q.id for q in stack or ()))
        return self.b.kept(beside, p, h, lambda p, h: self._loss_of(p, h, stack))

    def _loss_of(self, p: Piece, h: Hex, stack: list[Piece] | None) -> float:
        printed = self.b.printed(p)
        defence = self.defence(p)
        terrain = self.terrain.get(h, "clear")
        cover = drm(terrain) if terrain in ("woods", "town") else 0
        fire = FIRE_SHARE * _loss(self.fire(h, self.armored(p, h)), defence, cover)
        assault = ASSAULT_SHARE * _loss(self.assault(h), defence, cover) \
            if printed.get("vehicle") else 0.0
        over = 0.0
        if self.overrun(h) > 0:
            together = defence + sum(float(self.b.printed(q).get("defense") or 1)
                                     for q in stack or ())
            over = OVERRUN_SHARE * _loss(self.overrun(h), together, drm("overrun"), shift=1)
            # the stack's other units go with it
            over *= 1 + len(stack or ())
        keep = (1 - min(1.0, fire)) * (1 - min(1.0, assault)) * (1 - min(1.0, over))
        return 1 - keep

    def defence(self, p: Piece) -> float:
        """Printed defence; a truck or wagon with a passenger defends at 1 (6.6)."""
        printed = self.b.printed(p)
        if not self.b.controls(p) and self.b.passengers(p):
            return 1.0
        return float(printed.get("defense") or 1)

    def transit(self, p: Piece, here: Hex | None, there: Hex | None) -> float:
        """The chance of losing unit p to opportunity fire on its way from here (None: from
        off the map) to there: the worst open hex it enters, the last one included (woods
        and towns hide a mover not yet spotted, 21.2), under the fire that reaches it."""
        if there is None or here == there:
            return 0.0
        path = nudged_line(here, there)[1:] if here is not None else (there,)
        armored = bool(self.b.printed(p).get("armored"))
        worst = max((self.fire(h, armored) for h in path
                     if self.terrain.get(h, "clear") in OPEN), default=0.0)
        return TRANSIT_SHARE * _loss(worst, self.defence(p), 0)

    def offense(self, p: Piece, h: Hex | None) -> float:
        """What unit p could do from hex h in our next combat phase: the best single shot's
        expected loss to an enemy unit in view (the Weapons Effectiveness Chart, the target's
        cover, what the target is worth), or for infantry beside it what it adds to a close
        assault by the infantry of ours already beside the same hex (every unit beside a hex
        may join one assault on it, 15.2: four rifles that go in together take a village
        house that one at a time never dent)."""
        if h is None:
            return 0.0
        printed = self.b.printed(p)
        attack = float(printed.get("attack") or 0)
        if attack <= 0:
            return 0.0
        key = (p.id, h)
        if key not in self._offense:
            best = 0.0
            farthest = max(1, reach_of(printed))
            for e, pr in self.targets:
                dist = distance(h, e.hex)
                if dist > farthest:  # out of its reach, and too far to assault
                    continue
                terrain = self.terrain.get(e.hex, "clear")
                cover = drm(terrain) if terrain in ("woods", "town") else 0
                defence = float(pr.get("defense") or 1)
                value = 0.0
                armored = bool(pr.get("armored")) or terrain == "town"
                reach = weapon_factor(printed, armored, dist)  # out of range first: sight is dear
                if reach and (dist <= 1 or self.b.facts.map.sees(h, e.hex) and (
                        terrain not in COVERED or self.our_spotter(e.hex))):
                    # in sight, and out of cover or with one of ours beside it (12.2)
                    value = _loss(attack * reach, defence, cover)
                if dist <= 1 and self.foot(printed):
                    joined = self.assault_party(e.hex, but=p.id)
                    cover += drm("close_assault")
                    value = max(value, _loss(attack + joined, defence, cover)
                                - _loss(joined, defence, cover))
                if value > 0:
                    best = max(best, value * self.b.target_worth(e))
            self._offense[key] = best
        return self._offense[key]

    @staticmethod
    def foot(printed: dict) -> bool:
        """Infantry and engineers on foot: the units that close assault."""
        return not printed.get("vehicle") and printed.get("kind") in ("infantry", "engineer")

    def assault_party(self, h: Hex, but: str) -> float:
        """The attack of our undispersed foot units already beside hex h (unit `but` left
        out), who may go in with a newcomer."""
        return sum(float(self.b.printed(q).get("attack") or 0) for q in self.b.mine()
                   if q.id != but and not q.dispersed and q.carried_by is None
                   and distance(q.hex, h) <= 1 and self.foot(self.b.printed(q)))
