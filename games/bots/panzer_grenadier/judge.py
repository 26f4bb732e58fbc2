"""How much each legal command is worth to a seat, from its view alone (the heuristics of the
Veteran level, which Elite's search also uses to play out what it samples).

Every score is in one currency, roughly "enemy steps lost": fire is its expected effect from
the preview's probabilities, a move is what the unit gains in objectives, cover and command
less the enemy fire it walks into, an activation is the best its counters could do.
"""

from __future__ import annotations

import json
from typing import Any

from games.rules.common.hexgrid import distance

from ..common.stance import STEADY, Stance
from . import odds as od
from .board import Board, Counter

# Weights of a hex's qualities for a combat unit moving there.
W_OBJECTIVE = 1.0
W_EXIT = 2.5  # a side that scores by leaving the map must want to leave
W_COVER = 0.12  # per column shift of cover, when enemy guns can reach the hex
W_EXPOSURE = 0.008  # per point of enemy fire strength reaching the hex, per step of worth
W_TARGETS = 0.2  # having something to shoot at next activation
W_COMMAND = 0.1  # a friendly leader in or next to the hex (6.0)
FIRE_FLOOR = 0.04  # a shot that does this little is not worth giving up the unit's turn for
OPFIRE_FLOOR = 0.25  # opportunity fire gives up the unit's next activation (13.0)
ASSAULT_FLOOR = 0.15
PASS_VALUE = 0.05
FEAR_FLOOR = 0.25  # an attacker's regard for fire on its last turn, against 1 on its first


def command_key(cmd: dict) -> str:
    return json.dumps(cmd, sort_keys=True)


def preview_index(previews: list[dict] | None) -> dict[str, Any]:
    """Command (as a canonical string) -> its odds, from the engine's preview entries."""
    return {command_key(p["command"]): p.get("odds") for p in previews or () if "command" in p}


class Judge:
    # A leaderless activation may not step closer to an enemy that could harm it (3.1, D3):
    # the Veteran counts on leaders to advance; a Recruit overlooks it (recruit.py).
    minds_command = True

    def __init__(self, board: Board, previews: list[dict] | None = None,
                 stance: Stance = STEADY):
        self.b = board
        self.odds = preview_index(previews)
        self._hex_value: dict[tuple, float] = {}
        self._exposure: dict[Any, float] = {}
        self.enemies = board.enemies()
        self.leaders = [c.hex for c in board.own() if c.leader]
        self._potential: dict[str, float] = {}
        self._led: dict[str, tuple[bool, list, list]] = {}
        self.fear = self._fear() * stance.care  # a bold stance minds the danger less

    def _fear(self) -> float:
        """How much the enemy's fields of fire weigh on a move. A side that must reach a score
        to win cannot sit at the edge of the defenders' range: it minds their fire less as
        its turns run out (a defender keeps minding it in full)."""
        b = self.b
        if b.scen.threshold_side != b.me:
            return 1.0
        left = max(0, b.last_turn - b.turn) / max(1, b.last_turn)
        return FEAR_FLOOR + (1 - FEAR_FLOOR) * left

    # -- hexes -----------------------------------------------------------------------------

    def exposure(self, h) -> float:
        e = self._exposure.get(h)
        if e is None:
            e = self._exposure[h] = self.b.exposure(h)
        return e

    def hex_value(self, c: Counter, h) -> float:
        """What the counter gains by standing in hex h (objectives, cover, command, danger)."""
        key = (c.id, h)
        v = self._hex_value.get(key)
        if v is not None:
            return v
        b = self.b
        exp = self.exposure(h)
        mc = b.movement_class(c)
        if c.leader:
            # A leader is worth most where he leads units no other leader does (6.0; a tank
            # leader, the AFVs in his hex, 6.8), out of harm's way, and towards the objectives
            # still to take: a leader holds no hex, so one the side holds is no place to stay.
            v = (0.3 * min(self.leads_from(c, h), 4) - W_EXPOSURE * self.fear * exp * 0.5
                 + 0.05 * b.cover(h) + 0.5 * (b.objective_pull(h, mc) + b.exit_pull(h, mc)))
            if b.held.get(h) == b.me:
                v -= b.points_at(h)
        elif not b.is_combat(c):
            v = -W_EXPOSURE * self.fear * exp * b.at_risk(c) + 0.3 * b.exit_pull(h, mc)
        else:
            worth = b.at_risk(c)
            v = W_OBJECTIVE * b.objective_pull(h, mc) + W_EXIT * b.exit_pull(h, mc)
            if h in b.held and self._garrisoned(c, h):
                v -= W_OBJECTIVE * 1.5 * b.points_at(h)  # one garrison is enough
            if exp > 0:
                v += W_COVER * b.cover(h) - (W_EXPOSURE * self.fear * exp * worth
                                             / (1 + max(0, b.cover(h))))
            strength, rng = b.fire_reach(c)
            if strength and b.targets_from(h, rng):
                v += W_TARGETS
            if any(distance(lh, h) <= 1 for lh in self.leaders if lh is not None):
                v += W_COMMAND
        self._hex_value[key] = v
        return v

    def leads_from(self, leader: Counter, h) -> int:
        """How many of our units the leader would lead from hex h that no other leader of
        ours leads where he stands."""
        tank, others, followers = self._followers(leader)
        if tank:
            return 0 if h in others else sum(1 for fh in followers if fh == h)
        return sum(1 for fh in followers if distance(fh, h) <= 1)

    def _followers(self, leader: Counter) -> tuple[bool, list, list]:
        """Whether the leader is a tank leader, where our other leaders stand, and where the
        units stand that he may lead and no other leader leads: for a tank leader the AFVs
        (6.8), else every combat unit no other leader stands beside (asked for every hex
        the leader might go to, so worked out once)."""
        if leader.id not in self._led:
            b = self.b
            tank = getattr(b.ctype(leader), "kind", "") == "tank"
            others = [o.hex for o in b.own() if o.leader and o.id != leader.id]
            followers = [
                o.hex for o in b.own() if not o.leader and b.is_combat(o) and (
                    getattr(b.ctype(o), "is_afv", False) if tank
                    else not any(distance(o.hex, x) <= 1 for x in others))]
            self._led[leader.id] = (tank, others, followers)
        return self._led[leader.id]

    def _garrisoned(self, c: Counter, h) -> bool:
        b = self.b
        return any(o.id != c.id and o.hex == h and b.is_combat(o) for o in b.own())

    # -- commands --------------------------------------------------------------------------

    def fire_score(self, cmd: dict) -> float:
        """Expected steps the shot takes off the enemy, weighted by what they are worth."""
        b = self.b
        e = od.fire_effect(self.odds.get(command_key(cmd)))
        if cmd["type"] == "opportunity_fire" or cmd.get("fire_type") == "anti_tank":
            tgt = b.by_id(cmd.get("target_unit") or cmd.get("target") or "")
            targets = [tgt] if tgt is not None else []
        else:
            h = b.scen.hex(cmd.get("target"))
            targets = [t for t in b.at(h) if t.side != b.me] if h is not None else []
        if e is None:  # hidden information: odds are not shown; guess from the firers
            strength = sum(b.fire_reach(x)[0] for x in map(b.by_id, cmd.get("firers", [])) if x)
            e = min(0.8, 0.04 * strength)
        if not targets:
            return e * 0.5
        per_step = sum(b.worth(t) / max(1, t.steps) for t in targets)
        on_objective = any(t.hex in b.held for t in targets)
        return e * per_step * (1.3 if on_objective else 1.0)

    def move_gain(self, cmd: dict) -> tuple[float, Counter | None, list]:
        """What a move gains in hex value, with its mover and path (-1 and no mover for a
        move the judge cannot read)."""
        b = self.b
        c = b.by_id(cmd.get("unit", ""))
        path = [b.scen.hex(x) for x in cmd.get("path", [])]
        if c is None or not path or path[-1] is None or path[0] is None:
            return -1.0, None, path
        # A reinforcement entering the map (16.5) starts from its entry hex.
        here = self.hex_value(c, c.hex if c.hex is not None else path[0])
        return self.hex_value(c, path[-1]) - here + (0.3 if c.hex is None else 0.0), c, path

    def is_assault(self, cmd: dict) -> bool:
        """An assault command, or a move into the enemy's hex (12.1: its preview has odds)."""
        return cmd.get("type") == "assault" or (
            cmd.get("type") == "move" and command_key(cmd) in self.odds)

    def move_score(self, cmd: dict) -> float:
        if self.is_assault(cmd):
            return self.assault_score(cmd)
        gain, c, path = self.move_gain(cmd)
        if c is None:
            return gain
        # Opportunity fire on the way (13.0): the worst hex crossed, a little.
        passing = max((self.exposure(h) for h in path[:-1] if h is not None), default=0.0)
        return gain - 0.02 * self.fear * passing * self.b.at_risk(c) - 0.01 * len(path)

    def assault_score(self, cmd: dict) -> float:
        """The assault round's expected effect on the enemy less its effect on us, the latter
        weighed as fire on the way is: by what the assaulting counters risk, and by the fear
        of a side that must reach a score before its turns run out."""
        b = self.b
        movers = [c for c in map(b.by_id, cmd.get("units") or [cmd.get("unit", "")]) if c]
        worth = sum(b.worth(c) for c in movers)
        ours = self.fear * (sum(b.at_risk(c) for c in movers) / worth if worth else 1.0)
        bal = od.assault_balance(self.odds.get(command_key(cmd)), b.me, ours)
        if bal is None:
            return 0.1
        h = b.scen.hex(cmd.get("target") or (cmd.get("path") or [None])[-1])
        bonus = 0.5 * b.objective_pull(h) / 4 if h is not None else 0.0
        return bal + bonus - ASSAULT_FLOOR

    def unit_potential(self, c: Counter, leaderless: bool = False) -> float:
        """The best one counter could do if activated now (fire, move or rally); activated
        without a leader, it gains ground only where no enemy that could harm it comes
        nearer (3.1, D3)."""
        key = (c.id, leaderless and self.minds_command)
        hit = self._potential.get(key)
        if hit is None:
            hit = self._potential[key] = self._unit_potential(c, key[1])
        return hit

    def _unit_potential(self, c: Counter, leaderless: bool) -> float:
        b = self.b
        if c.moved_fired:
            return 0.0
        if c.hex is None:  # a reinforcement due to enter (16.5): entering is worth a move
            return 0.6
        if c.status == "demoralized":
            return 0.5
        best = 0.0
        strength, rng = b.fire_reach(c)
        if strength and c.status == "good":
            for t in b.targets_from(c.hex, rng):
                shot = max(0.0, 0.05 * strength - 0.08 * b.cover(t.hex)) * b.worth(t) / max(
                    1, t.steps)
                best = max(best, min(shot, 1.5))
        here = self.hex_value(c, c.hex)
        reach = b.reach(c)
        if leaderless:
            reach = [h for h in reach if not b.nearer_to_harm(c, h)]
        gain = max((self.hex_value(c, h) - here for h in reach), default=0.0)
        best = max(best, 0.8 * gain)
        if c.status == "disrupted":
            best = max(best, 0.35)
        return best

    def activation_score(self, cmd: dict) -> float:
        b = self.b
        kind = cmd.get("kind")
        if kind == "stack":
            h = b.scen.hex(cmd.get("hex"))
            group = [c for c in b.own() if c.hex == h]
            leaderless = not any(o.leader and not o.moved_fired for o in group)
        else:
            c = b.by_id(cmd.get("unit", ""))
            if c is None:
                return 0.0
            if kind in ("leader", "formation", "afv_group"):
                group = [
                    o for o in b.own()
                    if o.hex is not None and distance(o.hex, c.hex) <= 1
                    and (kind != "afv_group" or getattr(b.ctype(o), "is_afv", False))
                ]
            else:
                group = [c]
            # A leader's or a formation's activation is led; an AFV group by a tank leader
            # in its hex (6.8); a lone unit that is no leader is not (3.1).
            leaderless = (kind == "unit" and not c.leader) or (
                kind == "afv_group" and not b.has_tank_leader(c.hex))
        values = sorted((self.unit_potential(o, leaderless) for o in group if not o.moved_fired),
                        reverse=True)
        # Later counters of a big group rarely all get to act well.
        return sum(v * (0.85 ** i) for i, v in enumerate(values))

    def score(self, cmd: dict) -> float:
        t = cmd.get("type")
        b = self.b
        if t in ("fire", "bombard", "air_strike"):
            return self.fire_score(cmd) - FIRE_FLOOR
        if t == "opportunity_fire":
            return self.fire_score(cmd) - OPFIRE_FLOOR
        if t == "move":
            return self.move_score(cmd)
        if t == "exit":
            c = b.by_id(cmd.get("unit", ""))
            return 1.5 * (c.steps if c else 1) if b.me in b.scen.exits else -1.0
        if t == "assault":
            return self.assault_score(cmd)
        if t == "recover":
            c = b.by_id(cmd.get("unit", ""))
            return 0.9 if c is not None and c.status == "demoralized" else 0.6
        if t == "dig_in":
            c = b.by_id(cmd.get("unit", ""))
            return 0.08 + (0.1 if c and self.exposure(c.hex) > 0 else 0.0)
        if t == "activate":
            return self.activation_score(cmd)
        if t == "deploy":  # set-up (D-SETUP-1): the hex it would most like to stand in
            c = b.by_id(cmd.get("unit", ""))
            h = b.scen.hex(cmd.get("hex"))
            return self.hex_value(c, h) if c is not None and h is not None else 0.0
        if t == "undeploy":
            return -5.0  # a placement once made stands: placing is already the best it sees
        if t == "setup_done":
            return 0.0  # offered only once nothing is left to place
        if t == "pass":
            return PASS_VALUE
        if t in ("end_activation", "decline", "roll_initiative"):
            return 0.0
        if t in ("load", "unload", "consolidate"):
            return -0.05
        return -0.2  # bank/double segments and anything new: only when nothing else is legal
