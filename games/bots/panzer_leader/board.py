"""A Panzer Leader seat's picture of the battle, read from its view and the game's public
facts: counters by side and hex, which objectives each side holds, how far (in movement
points over the map's terrain) each hex is from them, the units that must enter or land
this phase, and the expected effect of an attack from the preview's Combat Results Table
chances.

Victory is objectives held at the end (the last side to enter or pass through a hex holds
it), so the pull of a hex is what a unit there does for the objectives: an attacker's unit
goes for the objectives the enemy holds, spreading over them rather than piling on one; a
defender's unit on an objective stays, since leaving it lets the first enemy through take it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from games.rules.common.hexgrid import Hex, distance
from games.rules.panzer_leader.combat.crt import chances, drm, odds_index

from ..common.public import PublicScenario
from .paths import move_class, objective_costs

# A result's worth to the attacker, per target (X eliminated, DD/D dispersed, 7.0).
RESULT_VALUE = {"X": 1.0, "DD": 0.6, "D": 0.35, "-": 0.0}
# A result's cost to the side that suffers it (a dispersed unit is only out for a turn).
LOSS_VALUE = {"X": 1.0, "DD": 0.25, "D": 0.1, "-": 0.0}
COVER = {"woods": 2, "town": 2, "forest": 2, "village": 2, "hill": 1, "slope": 1}
ATTACKS = ("fire", "opportunity_fire", "assault", "overrun")
NO_CONTROL = ("truck", "wagon")  # kinds that never hold a hex (23.4)
# What an objective is worth to a unit going for it: taking one the enemy holds is worth
# more than standing on one of ours, and a defender keeps what it holds.
TAKE, KEEP_ATTACKER, KEEP_DEFENDER = 3.0, 1.5, 2.5
CROWD = 1.5  # each friend already on an objective divides its worth by 1 + CROWD
STAND = 0.5  # the bonus for standing on the objective (passing through is not holding)
LONG_RANGE = 10
SLOWNESS = 0.5  # how much each turn of movement still to go takes off an objective's pull
# An attacker that heeds the enemy's guns as much as a defender never attacks at all (and
# a battle the attacker never fights is nobody's win): it takes the risk at this fraction.
ATTACKER_CARE = 0.35  # guns that reach this far fire at the objectives rather than walk there


@dataclass(frozen=True, slots=True)
class Piece:
    id: str
    side: str
    type_id: str | None
    hex: Hex | None
    dispersed: bool
    moved: bool
    fired: bool
    entry_turn: int = 0
    afloat: bool = False
    carried_by: str | None = None
    in_fort: bool = False


def command_key(cmd: dict) -> str:
    return json.dumps(cmd, sort_keys=True)


def effect(preview: dict | None) -> float | None:
    """Expected worth of an attack per target from its preview's chances (None: unknown)."""
    attack = (preview or {}).get("attack") or {}
    got = attack.get("chances")
    if not got:
        return None
    total = 0.0
    for code, p in got.items():
        total += float(Fraction(str(p))) * RESULT_VALUE.get(code, 0.0)
    return total


def _int(x: Any, default: int = 0) -> int:
    try:
        return int(x)
    except (TypeError, ValueError):
        return default


class LeaderBoard:
    def __init__(self, view: dict[str, Any], side: str, facts: PublicScenario,
                 previews: list[dict] | None, inside_holds: bool = True):
        self.me = side
        self.facts = facts
        self.turn = _int(view.get("turn"), 1)
        self.turns = _int(view.get("turns"), self.turn)
        self.phase = view.get("phase") or ""
        pieces: list[Piece] = []
        for u in view.get("units", []):
            if u.get("eliminated") or u.get("exited"):
                continue
            pieces.append(Piece(
                u["id"], u.get("side", ""), u.get("type"), facts.hex(u.get("hex")),
                u.get("status") not in (None, "ok"), bool(u.get("moved")),
                bool(u.get("fired") or u.get("opfired")), _int(u.get("entry_turn")),
                bool(u.get("afloat")), u.get("carried_by"), bool(u.get("in_fort"))))
        self.pieces: tuple[Piece, ...] = tuple(pieces)  # read once: kept() relies on it
        self.by_id = {p.id: p for p in self.pieces}
        self.control = view.get("control") or {}
        self.naval = view.get("naval") or {}
        self.odds = {command_key(p["command"]): p for p in previews or () if "command" in p}
        self.attacker = facts.threshold_side
        self.at: dict[Hex, list[Piece]] = {}
        for p in self.pieces:
            if p.hex is not None:
                self.at.setdefault(p.hex, []).append(p)
        self.objective_at = {o.hex: i for i, o in enumerate(facts.objectives)}
        self._danger: dict[tuple, float] = {}
        # Whether units inside a fort count as holding its hex. They do not keep the enemy
        # out (RB IX.C.10: enemies may move on top and so take the hex; only friends on top
        # bar them); the Veteran knows it, the Recruit counts any unit in the hex.
        self.inside_holds = inside_holds
        self._threat: dict[Hex, float] = {}
        # The board never changes once read: what is asked of it again is kept (kept()).
        self._mine = [p for p in self.pieces if p.side == self.me and p.hex is not None]
        self._enemies = [p for p in self.pieces if p.side != self.me and p.hex is not None]
        self._riders: dict[str, list[Piece]] = {}
        for p in self.pieces:
            if p.carried_by is not None:
                self._riders.setdefault(p.carried_by, []).append(p)
        self._kept: dict[tuple, float] = {}
        self._worth: dict[tuple[Hex, str | None], float] = {}
        self._worths: dict[str | None, tuple[float, ...]] = {}

    # -- who is where ----------------------------------------------------------------------
    def mine(self) -> list[Piece]:
        return list(self._mine)

    def enemies(self) -> list[Piece]:
        return list(self._enemies)

    def printed(self, p: Piece | None) -> dict:
        return (self.facts.unit_type(p.type_id) or {}) if p is not None else {}

    def attack_range(self, p: Piece) -> int:
        return _int(str(self.printed(p).get("range", "0")).split("/")[0].rstrip("*"))

    def movement(self, p: Piece) -> float:
        """The printed movement allowance (0 for a gun that never moves itself)."""
        return float(self.printed(p).get("movement") or 0)

    def controls(self, p: Piece) -> bool:
        """Whether the unit holds a hex it stands on (trucks and wagons never do)."""
        return self.printed(p).get("kind") not in NO_CONTROL

    def is_gun(self, p: Piece) -> bool:
        """Artillery and mortars, which do their work from afar (a tank's long gun does not
        make it one)."""
        printed = self.printed(p)
        return self.attack_range(p) >= LONG_RANGE and (
            printed.get("weapon") in ("(H)", "M") or not printed.get("vehicle"))

    def passengers(self, p: Piece) -> list[Piece]:
        return list(self._riders.get(p.id, ()))

    def naval_points(self, side: str, turn: int) -> int:
        """Naval support points the situation grants `side` for `turn` (19.4; public: the
        grant is printed in the situation)."""
        return sum(int(g.get("points") or 0) for g in self.naval.get("grants") or ()
                   if g.get("side") == side
                   and int(g.get("first", 1)) <= turn <= int(g.get("last", 99)))

    def is_attacker(self) -> bool:
        return self.attacker == self.me

    def due(self, p: Piece) -> bool:
        """A unit of ours that is lost unless it enters (or lands) in this phase."""
        if p.side != self.me or p.entry_turn != self.turn or p.carried_by:
            return False
        return p.hex is None or p.afloat

    def held_by_me(self, o_hex: Hex) -> bool:
        return self.control.get(self.facts.label(o_hex)) == self.me

    def holders(self, o_hex: Hex, but: str | None = None) -> int:
        """Our units standing on the hex that hold it (the moving unit `but` left out)."""
        return sum(1 for q in self.at.get(o_hex, ()) if q.side == self.me and q.id != but
                   and self.controls(q) and (self.inside_holds or not q.in_fort))

    # -- the objectives --------------------------------------------------------------------
    def worth(self, o_hex: Hex, but: str | None = None) -> float:
        """What going for the objective is worth to one more unit of ours."""
        key = (o_hex, but)
        if key not in self._worth:
            if self.held_by_me(o_hex):
                base = KEEP_ATTACKER if self.is_attacker() else KEEP_DEFENDER
            else:
                base = TAKE
            self._worth[key] = base / (1 + CROWD * self.holders(o_hex, but))
        return self._worth[key]

    def worths(self, but: str | None = None) -> tuple[float, ...]:
        """`worth` of each objective, in the facts' order (asked for every hex weighed)."""
        if but not in self._worths:
            self._worths[but] = tuple(self.worth(o.hex, but) for o in self.facts.objectives)
        return self._worths[but]

    def pull(self, p: Piece, h: Hex | None) -> float:
        """How much unit p standing in hex h helps take or hold the objectives: the best
        objective's worth, less by how many turns of movement away it is."""
        return self.kept("pull", p, h, self._pull_of)

    def kept(self, what: Hashable, p: Piece, h: Hex | None,
             answer: Callable[[Piece, Hex | None], float]) -> float:
        """`answer(p, h)` for a counter of this board, worked out once (a unit's own hex is
        asked for each of its moves, and an Elite's play-outs rank every legal command at
        every step); a counter from elsewhere is answered afresh."""
        if self.by_id.get(p.id) is not p:
            return answer(p, h)
        key = (what, p.id, h)
        if key not in self._kept:
            self._kept[key] = answer(p, h)
        return self._kept[key]

    def _pull_of(self, p: Piece, h: Hex | None) -> float:
        if h is None or not self.facts.objectives:
            return 0.0
        carried = self.passengers(p)
        if not self.controls(p) and not carried:
            return 0.0
        mover = carried[0] if carried and not self.controls(p) else p
        move = move_class(self.printed(p))
        ma = max(1.0, self.movement(p))
        best = 0.0
        for worth, cost in zip(self.worths(p.id), objective_costs(self.facts, move, h),
                               strict=True):
            value = worth / (1 + SLOWNESS * cost / ma)
            if cost == 0 and mover is p:
                value += STAND * worth
            best = max(best, value)
        if self.is_gun(p):
            best *= 0.4
        return best

    def cover(self, h: Hex | None) -> int:
        if h is None:
            return 0
        terrain = getattr(self.facts.map, "terrain_of", {}).get(h, "clear")
        return COVER.get(terrain, 0)

    def danger(self, p: Piece, h: Hex | None) -> float:
        """The chance, roughly, that unit p standing in hex h is lost to the fire the enemy
        units in view could bring on it next (their printed strengths within range, by the
        Combat Results Table, half of it as the line of sight is not known here), times
        what the unit is worth (a truck counts for little: it scores nothing lost)."""
        if h is None:
            return 0.0
        worth = 1.0 if self.controls(p) else (1.0 if self.passengers(p) else 0.2)
        key = (h, p.type_id)
        if key not in self._danger:
            att = self.threat(h)
            defence = float(self.printed(p).get("defense") or 1)
            if att <= 0:
                self._danger[key] = 0.0
            else:
                col = odds_index(Fraction(att).limit_denominator(100),
                                 Fraction(defence).limit_denominator(100))
                odds = chances(col, 1 if self.cover(h) >= 2 else 0) if col >= 0 else {}
                self._danger[key] = 0.5 * sum(float(q) * LOSS_VALUE.get(code, 0.0)
                                              for code, q in odds.items())
        return worth * self._danger[key]

    def threat(self, h: Hex | None) -> float:
        """Enemy attack strength whose printed range reaches the hex."""
        if h is None:
            return 0.0
        if h not in self._threat:
            total = 0.0
            for e in self.enemies():
                if e.dispersed:
                    continue
                if distance(e.hex, h) <= max(1, self.attack_range(e)):
                    total += float(self.printed(e).get("attack") or 0)
            self._threat[h] = total
        return self._threat[h]

    # -- what a command is worth -----------------------------------------------------------
    def attack_value(self, cmd: dict) -> float:
        """The expected worth of an attack command (0.2 a target when the odds are unknown;
        an overrun, which has no preview, by the Combat Results Table on printed values)."""
        e = effect(self.odds.get(command_key(cmd)))
        if e is None and cmd.get("type") == "overrun":
            e = self.overrun_effect(cmd)
        targets = cmd.get("targets") or ([cmd["target"]] if cmd.get("target") else [])
        hit = [self.by_id.get(t) for t in targets] if isinstance(targets, list) else []
        if cmd.get("type") in ("assault", "overrun"):
            h = self.facts.hex(cmd.get("target"))
            hit = [q for q in self.at.get(h, ()) if q.side != self.me]
        worth = sum(self.target_worth(q) for q in hit) if hit else 1.0
        return (0.2 if e is None else e) * worth

    def target_worth(self, q: Piece | None) -> float:
        """What knocking out an enemy unit is worth: a point for any unit that scores (a
        truck only for its riders), more for the guns that hit hardest and farthest."""
        if q is None:
            return 1.0
        printed = self.printed(q)
        if not self.controls(q):
            return 0.3 + sum(self.target_worth(r) for r in self.passengers(q))
        punch = float(printed.get("attack") or 0)
        return 0.7 + 0.3 * min(1.0, punch / 12) + (0.5 if self.is_gun(q) and punch >= 12
                                                    else 0.0)

    def overrun_effect(self, cmd: dict) -> float:
        h = self.facts.hex(cmd.get("target"))
        att = sum(float(self.printed(self.by_id.get(u)).get("attack") or 0)
                  for u in cmd.get("units") or ())
        defenders = [q for q in self.at.get(h, ()) if q.side != self.me]
        if not defenders or att <= 0:
            return 0.0
        defence = max(float(self.printed(q).get("defense") or 1) for q in defenders)
        col = odds_index(Fraction(att).limit_denominator(), Fraction(defence).limit_denominator())
        odds = chances(col, drm("overrun"))
        return sum(float(p) * RESULT_VALUE.get(code, 0.0) for code, p in odds.items())

    def move_gain(self, cmd: dict, care: float = 0.0) -> float:
        """What a move (or landing) does for the objectives, plus cover, less the enemy
        strength that can reach the new hex (`care`: how much the chance of losing the unit
        there weighs); entering or landing when due is worth most."""
        p = self.by_id.get(cmd.get("unit", ""))
        dest = self.facts.hex(cmd.get("to"))
        if p is None or dest is None:
            return -0.5
        here = p.hex
        gain = self.pull(p, dest) - (self.pull(p, here) if not p.afloat else 0.0)
        if self.due(p):
            gain += 2.0
        danger = self.threat(dest) - self.threat(here)
        shelter = 0.08 if self.is_attacker() else 0.15
        risk = self.danger(p, dest) - (self.danger(p, here) if not p.afloat else 0.0)
        if self.is_attacker():
            care *= ATTACKER_CARE
        return (gain + shelter * (self.cover(dest) - self.cover(here)) - 0.004 * danger
                - care * risk)
