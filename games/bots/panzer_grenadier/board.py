"""A bot's picture of the battle, read from its seat's view and the game's public facts.

`Board.from_view(view, side, facts)` parses the counters the view shows (own ones in full, enemy ones as
the view gives them), the victory hexes' holders as the view marks them, and answers the
questions every strategy asks: where the enemy can shoot, how good a hex's cover is, how far
the objectives are. Enemy counters the view shows only as markers count as infantry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.rules.common.hexgrid import Hex, distance, within
from games.rules.panzer_grenadier.core.los import has_los
from games.rules.panzer_grenadier.core.move_step import terrain_step

from ..common.public import Objective, PublicScenario
from ..common.routes import StepCost, least_costs

# Weight of a counter's steps when material is counted (AFV steps count double, 8.0 losses).
AFV_STEP, STEP, LEADER = 2.0, 1.0, 1.5
STATUS_PENALTY = {"good": 0.0, "disrupted": 0.3, "demoralized": 0.6}
_MISSING = object()
PULL_REACH = 30  # hexes over which an objective's pull fades to nothing
# A marker-only enemy (double-blind) is feared like a rifle platoon.
UNKNOWN_FIRE = (6, 4)


@dataclass(frozen=True, slots=True)
class Counter:
    id: str
    side: str
    own: bool
    type_id: str | None
    hex: Hex | None
    steps: int
    status: str
    moved_fired: bool
    dug_in: bool
    carried: bool
    leader: bool


@dataclass
class Board:
    me: str  # my side
    scen: PublicScenario
    counters: list[Counter]
    held: dict[Hex, str | None]  # victory hex -> holder as the view marks it
    turn: int
    last_turn: int
    _los: dict[tuple[Hex, Hex], bool] = field(default_factory=dict)
    _memo: dict[tuple, object] = field(default_factory=dict)

    def _cached(self, key: tuple, build):
        hit = self._memo.get(key, _MISSING)
        if hit is _MISSING:
            hit = self._memo[key] = build()
        return hit

    @classmethod
    def from_view(cls, view: dict[str, Any], side: str, scen: PublicScenario) -> Board:
        counters = []
        for u in view.get("units", []):
            h = scen.hex(u.get("hex"))
            if u.get("eliminated") or u.get("exited"):
                continue
            counters.append(
                Counter(
                    id=u["id"],
                    side=u.get("side", ""),
                    own=bool(u.get("own")),
                    type_id=u.get("type"),
                    hex=h,
                    steps=int(u.get("steps") or 1),
                    status=u.get("status") or "good",
                    moved_fired=bool(u.get("moved_fired")),
                    dug_in=bool(u.get("dug_in")),
                    carried=bool(u.get("carried_by")),
                    leader=bool(u.get("leader")),
                )
            )
        held: dict[Hex, str | None] = {o.hex: None for o in scen.objectives}
        for m in view.get("markers", []):
            h = scen.hex(m.get("hex"))
            for mk in m.get("markers", []):
                if h in held and mk.startswith("control:"):
                    held[h] = mk.split(":", 1)[1]
        return cls(side, scen, counters, held, int(view.get("turn") or 1),
                   int(view.get("last_turn") or 1))

    # -- counters ------------------------------------------------------------------------

    def own(self) -> list[Counter]:
        return self._cached(("own",), lambda: [
            c for c in self.counters if c.own and c.hex is not None])

    def enemies(self) -> list[Counter]:
        return self._cached(("enemies",), lambda: [
            c for c in self.counters if c.side != self.me and c.hex is not None])

    def by_id(self, uid: str) -> Counter | None:
        index = self._cached(("ids",), lambda: {c.id: c for c in self.counters})
        return index.get(uid)

    def at(self, h: Hex) -> list[Counter]:
        return [c for c in self.counters if c.hex == h]

    def ctype(self, c: Counter) -> Any:
        return self.scen.unit_type(c.type_id)

    def is_combat(self, c: Counter) -> bool:
        t = self.ctype(c)
        return bool(t is not None and t.is_combat_unit) if c.type_id else not c.leader

    def fire_reach(self, c: Counter) -> tuple[int, int]:
        """(direct-fire strength, range) of a counter, or what an unknown one might have."""
        return self._cached(("reach", c.id), lambda: self._fire_reach(c))

    def _fire_reach(self, c: Counter) -> tuple[int, int]:
        if c.leader:
            return (0, 0)
        t = self.ctype(c)
        if t is None:
            return UNKNOWN_FIRE if not c.type_id else (0, 0)
        face = t.face(c.steps)
        best = (0, 0)
        for fv in (face.direct_fire, face.anti_tank):
            if fv is not None and fv.strength > best[0]:
                best = (fv.strength, fv.range)
        return best

    def worth(self, c: Counter) -> float:
        """What losing the counter costs its side (the scenarios' loss points)."""
        if c.leader:
            return LEADER
        t = self.ctype(c)
        per = AFV_STEP if t is not None and t.is_afv else STEP
        return per * c.steps

    def loss_value(self, c: Counter) -> float:
        """Victory points the enemy scores if this counter is lost (the scenario's loss
        table), or its worth where the scenario has none."""
        table = self.scen.losses.get(c.side)
        if not table:
            return self.worth(c)
        if c.leader:
            return float(table["leader"])
        t = self.ctype(c)
        if t is not None and getattr(t, "is_afv", False) and not (
                getattr(t, "is_transport", False) and not getattr(t, "is_combat_unit", True)):
            per = table["afv_step"]
        elif t is not None and getattr(t, "is_transport", False):
            per = table["transport_step"]
        else:
            per = table["step"]
        return float(per * c.steps)

    def at_risk(self, c: Counter) -> float:
        """What a counter under fire stands to lose its side: half what it can still do, half
        the points its loss gives the enemy (an attacker whose infantry losses score nothing,
        as at Melnitsa, may spend them)."""
        return 0.5 * self.worth(c) + 0.5 * self.loss_value(c)

    def strength(self, c: Counter) -> float:
        """The counter's worth less what its status takes from it (14.0)."""
        return self.worth(c) - STATUS_PENALTY.get(c.status, 0.0)

    # -- terrain and fields of fire ------------------------------------------------------

    def los(self, a: Hex, b: Hex) -> bool:
        """Line of sight over the map's terrain. It depends on the map alone, so one table per
        map serves every Board and every decision (a bot asks the same pairs again and again)."""
        table = self._los
        if not table:
            table = self._los = self.scen.map.cached(("bot-los",), dict)
        key = (a, b) if a <= b else (b, a)
        hit = table.get(key)
        if hit is None:
            try:
                hit = bool(has_los(self.scen.map, a, b))
            except ValueError:
                hit = False
            table[key] = hit
        return hit

    def cover(self, h: Hex) -> int:
        """How much the hex shields its occupants (minus the column shift against them)."""
        m = self.scen.map
        shift = m.terrain(h).direct_fire_shift + (-1 if m.is_hill(h) else 0)
        return -shift

    def guns(self) -> list[tuple[int, int, int, int, Hex]]:
        """Every enemy that can shoot: (q, r, strength, range, hex), demoralized ones left out."""
        def build():
            out = []
            for e in self.enemies():
                strength, rng = self.fire_reach(e)
                if strength > 0 and e.status != "demoralized":
                    out.append((e.hex.q, e.hex.r, strength, rng, e.hex))
            return out
        return self._cached(("guns",), build)

    def exposure(self, h: Hex) -> float:
        """The enemy fire strength that can reach the hex along clear lines of sight."""
        total = 0.0
        q, r = h.q, h.r
        for eq, er, strength, rng, eh in self.guns():
            dq, dr = q - eq, r - er
            d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
            if d > rng or (d > 1 and not self.los(eh, h)):
                continue
            total += strength * (0.5 if d * 2 > rng else 1.0)
        return total

    def nearer_to_harm(self, c: Counter, h: Hex) -> bool:
        """Whether the hex brings the counter nearer to an enemy that could fire at it there
        (within its range): where a leaderless activation may not go (3.1, D3). Judged on
        the destination; the engine checks every step of the path."""
        if c.hex is None:
            return False
        for _, _, _, rng, eh in self.guns():
            d = distance(h, eh)
            if d <= rng and d < distance(c.hex, eh):
                return True
        return False

    def has_tank_leader(self, h: Hex | None) -> bool:
        """A tank leader of ours in the hex: he leads its AFV group (6.8)."""
        return any(o.leader and o.hex == h and getattr(self.ctype(o), "kind", "") == "tank"
                   and o.status != "demoralized" for o in self.own())

    def targets_from(self, h: Hex, rng: int) -> list[Counter]:
        """Enemy counters within range of the hex with a clear line of sight."""
        return self._cached(("targets", h, rng), lambda: [
            e for e in self.enemies()
            if distance(h, e.hex) <= rng and (distance(h, e.hex) <= 1 or self.los(h, e.hex))
        ])

    # -- objectives ----------------------------------------------------------------------

    def scores_for_me(self, o: Objective) -> bool:
        return not o.sides or self.me in o.sides

    def movement_class(self, c: Counter) -> str:
        t = self.ctype(c)
        return getattr(t, "movement_class", "foot") if t is not None else "foot"

    def reach(self, c: Counter) -> list[Hex]:
        """The hexes the counter could move to in one activation over empty ground, those
        holding enemy counters left out (entering them is an assault)."""
        def build():
            t = self.ctype(c)
            if c.leader or t is None:
                ma = getattr(t, "movement", 5) if t is not None else 4
            else:
                ma = getattr(t.face(c.steps), "movement", 4)
            if not ma or c.hex is None:
                return []
            held = {e.hex for e in self.enemies()}
            return [h for h in reach_within(self.scen.map, self.movement_class(c), c.hex, float(ma))
                    if h not in held]
        return self._cached(("move-reach", c.id), build)

    def way(self, h: Hex, goals: tuple[Hex, ...], movement_class: str = "foot") -> float:
        """How far the hex is from the nearest goal over the ground (routes.py), in movement
        points (route_costs below); where the ground offers no way, twice the straight distance."""
        d = route_costs(self.scen.map, movement_class, goals).get(h)
        if d is None:
            return 2.0 * min(distance(h, g) for g in goals)
        return d

    def objective_pull(self, h: Hex, movement_class: str = "foot") -> float:
        """How much a combat unit in the hex helps take or hold the victory hexes."""
        return self._cached(("pull", h, movement_class),
                            lambda: self._objective_pull(h, movement_class))

    def _objective_pull(self, h: Hex, movement_class: str) -> float:
        # The objectives still to take pull linearly with the way there, so a unit far away
        # still feels every hex it gains, and with all their points, so it feels them as
        # much as before it had a choice; but towards the one that matters most from here,
        # not towards the middle of them all (a sum of pulls from objectives on every side
        # peaks between them, where a unit would stop). Our own ones only want a garrison
        # (judge.py keeps it to one unit).
        pull = 0.0
        stake = 0
        best = 0.0
        for o in self.scen.objectives:
            if not self.scores_for_me(o):
                continue
            d = distance(h, o.hex)
            mine = self.held.get(o.hex) == self.me
            if d == 0:
                pull += o.points * 2.0
            elif mine:
                pull += o.points * 0.2 / (1 + d)
            else:
                stake += o.points
                near = max(0.0, 1 - self.way(h, (o.hex,), movement_class) / PULL_REACH)
                best = max(best, near * o.points)
        if best:
            top = max(o.points for o in self.scen.objectives)
            pull += stake * 1.2 * best / top
        return pull

    def points_at(self, h: Hex) -> int:
        return sum(o.points for o in self.scen.objectives if o.hex == h and self.scores_for_me(o))

    def exit_pull(self, h: Hex, movement_class: str = "foot") -> float:
        """For a side that scores by leaving the map: nearness to its exit edge, over the
        ground."""
        edge = self.scen.exits.get(self.me)
        if not edge:
            return 0.0
        m = self.scen.map
        hexes = m.cached(("bot-edge", edge), lambda: tuple(m.edge_hexes(edge)))
        if not hexes:
            return 0.0
        d = self.way(h, hexes, movement_class)
        return 3.0 * max(0.0, 1 - d / PULL_REACH)

    def near(self, h: Hex, radius: int) -> frozenset[Hex]:
        return within(h, radius)


def _terrain_step(m, movement_class: str) -> StepCost:
    """What entering b from a costs the class, each step worked out once per map: every
    objective's route table and every reach search of a game walks the same steps (the
    Terrain Effects Chart was most of a route table's work, asked again for each goal)."""
    known: dict[tuple[Hex, Hex], float | None] = m.cached(("bot-steps", movement_class), dict)

    def cost(a: Hex, b: Hex) -> float | None:
        hit = known.get((a, b), _MISSING)
        if hit is _MISSING:
            step = terrain_step(m, movement_class, a, b)
            hit = known[(a, b)] = None if step.cost is None else float(step.cost)
        return hit  # type: ignore[return-value]
    return cost


def route_costs(m, movement_class: str, goals: tuple[Hex, ...]) -> dict[Hex, float]:
    """Every hex from which a unit of the class can reach one of the goals, with the least
    movement points it takes (a goal itself costs 0). Hexes that cannot reach a goal at all
    are missing."""
    def build() -> dict[Hex, float]:
        step = _terrain_step(m, movement_class)
        on_map = sorted(g for g in set(goals) if m.contains(g))
        # Searched backwards from the goals: a step from b back to a costs entering b from a.
        return least_costs(on_map, m.neighbors, lambda b, a: step(a, b))
    # Asked once per hex and objective while a decision is scored: the callers' tuple of
    # goals is the key as given, and only a first call sorts it out.
    return m.cached(("bot-routes", movement_class, goals), build)


def reach_within(m, movement_class: str, start: Hex, budget: float) -> dict[Hex, float]:
    """The hexes a unit of the class could walk to from `start` with `budget` movement
    points over empty ground, with what each costs (start itself costs 0). It tells a bot
    what one activation can gain, where straight hexes would promise the far bank of a river."""
    return m.cached(("bot-reach", movement_class, start, budget),
                    lambda: least_costs((start,), m.neighbors, _terrain_step(m, movement_class),
                                        budget))
