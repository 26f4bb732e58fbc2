"""Fire declarations and what every fire type shares: who may fire, range, sight, combined
fire and the fire value (7.2, 7.3, 9.3, 10.1, 11.3, 13.0)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from ...common.hexgrid import Hex, distance
from ..core import hooks
from ..core.state import DEMORALIZED, GameState, UnitState
from . import board
from .counters import ctype, fire_multiplier, fire_value, is_full_strength, round_value

DIRECT, ANTI_TANK, BOMBARDMENT = "direct", "anti_tank", "bombardment"
KINDS = (DIRECT, ANTI_TANK, BOMBARDMENT)


@dataclass(frozen=True, slots=True)
class OffBoardIncrement:
    """One off-board artillery increment from the scenario's special rules (9.2)."""

    id: str
    strength: int


@dataclass(frozen=True, slots=True)
class FireDeclaration:
    """One attack as declared: who fires, at what, how (9, 10, 11, 13).

    - `firers`: on-board units (all of one side). Anti-tank fire: exactly one.
    - `leader`: a leader adding his combat modifier and joining adjacent hexes (10.1, D4).
    - `target_unit`: the armored unit attacked by anti-tank fire (11.1).
    - `spotter`: the leader spotting for bombardment (9.1, D12); `increments`: off-board
      artillery (9.2) firing in this attack (never combined with on-board units).
    - `factors`: HMG spray fire, the factors each HMG puts into this attack (10.1).
    - `move_and_fire`: an efficient AFV's move/fire or fire/move activation (17.3).
    - `drumfire_alone`: a bombardment whose drumfire its player resolves separately (17.2).
    """

    firers: tuple[str, ...]
    target_hex: Hex
    kind: str = DIRECT
    leader: str | None = None
    opportunity: bool = False
    target_unit: str | None = None
    spotter: str | None = None
    increments: tuple[OffBoardIncrement, ...] = ()
    factors: Mapping[str, int] = field(default_factory=dict)
    move_and_fire: bool = False
    drumfire_alone: bool = False

    def to_json(self, game_map: Any = None) -> dict[str, Any]:
        return {
            "firers": list(self.firers),
            "target_hex": board.label(game_map, self.target_hex),
            "kind": self.kind,
            "leader": self.leader,
            "opportunity": self.opportunity,
            "target_unit": self.target_unit,
            "spotter": self.spotter,
            "increments": [{"id": i.id, "strength": i.strength} for i in self.increments],
            "factors": dict(self.factors),
            "move_and_fire": self.move_and_fire,
            "drumfire_alone": self.drumfire_alone,
        }


def firing_unit(state: GameState, decl: FireDeclaration) -> UnitState | None:
    """The first firing unit, else the spotter: whose side (and player) fires."""
    for uid in decl.firers:
        if uid in state.units:
            return state.units[uid]
    if decl.spotter and decl.spotter in state.units:
        return state.units[decl.spotter]
    return None


def firing_side(state: GameState, decl: FireDeclaration, sides: Any = None) -> str | None:
    """The side that fires: its firing unit's, or for off-board increments alone their
    spotting leader's (9.2)."""
    u = firing_unit(state, decl)
    if u is None and decl.spotter is not None:
        u = state.units.get(decl.spotter)
    return u.side if u is not None else None


def attack_limit(catalogue: Any, unit: UnitState, kind: str, opportunity: bool) -> int:
    """Full-strength German and Soviet Guards AFVs make two anti-tank attacks (AT chart, 11.2);
    one in opportunity fire (D15)."""
    t = ctype(catalogue, unit)
    if (
        kind == ANTI_TANK
        and not opportunity
        and t.efficient
        and t.is_afv
        and is_full_strength(catalogue, unit)
    ):
        return 2
    return 1


def in_range(catalogue: Any, unit: UnitState, kind: str, target: Hex) -> tuple[bool, bool]:
    """(in range, at extended range): anti-tank values above 1 reach 150 % of their range at
    half value (11.3; D13 rounds the range down)."""
    fv = fire_value(catalogue, unit, kind)
    if fv is None or unit.hex is None:
        return False, False
    d = distance(unit.hex, target)
    if d <= fv.range:
        return True, False
    if kind == ANTI_TANK and fv.strength > 1 and d <= (fv.range * 3) // 2:
        return True, True
    return False, False


def firer_problems(
    game_map: Any, state: GameState, decl: FireDeclaration, catalogue: Any
) -> list[str]:
    """Problems with each firing unit: side, status, marker, fire type, range, sight."""
    problems: list[str] = []
    side = firing_side(state, decl)
    activation = state.activation
    for uid in decl.firers:
        u = state.units.get(uid)
        if u is None or not u.on_map:
            problems.append(f"{uid} is not on the map")
            continue
        t = ctype(catalogue, u)
        if t.is_leader:
            problems.append(f"{uid} is a leader: leaders add modifiers, they do not fire (6.0)")
            continue
        if u.side != side:
            problems.append(f"{uid} is not on the firing side")
        if u.carried_by is not None:
            problems.append(f"{uid} is carried and cannot fire (5.6)")
        fv = fire_value(catalogue, u, decl.kind)
        if fv is None or fv.strength <= 0:
            problems.append(f"{uid} has no {decl.kind.replace('_', '-')} fire value (7.3)")
            continue
        if u.status == DEMORALIZED:
            problems.append(f"{uid} is demoralized and may not fire (14.3)")
        limit = attack_limit(catalogue, u, decl.kind, decl.opportunity)
        if decl.opportunity:
            if u.moved_fired or (activation is not None and uid in activation.units):
                problems.append(
                    f"{uid} has activated this turn and cannot opportunity-fire (13.0, D15)"
                )
        elif decl.move_and_fire:
            # Efficient move & fire (17.3) is an optional rule: its plug-in judges the firer.
            check = hooks.FIRE_CHECKS.get("move_and_fire")
            if check is None:
                problems.append("efficient move & fire is an optional rule not in use (17.3)")
            else:
                problems += check(state, decl, u, catalogue)
        elif u.moved_fired and not (0 < u.attacks_made < limit):
            # A second anti-tank attack of an efficient AFV is the one exception (11.2).
            problems.append(f"{uid} has a Moved/Fired marker (3.1, 7.2)")
        ok, _ext = in_range(catalogue, u, decl.kind, decl.target_hex)
        if decl.kind == BOMBARDMENT:
            if not ok:
                problems.append(
                    f"{board.label(game_map, decl.target_hex)} is beyond {uid}'s range {fv.range} (7.3)"
                )
        elif not ok:
            problems.append(
                f"{board.label(game_map, decl.target_hex)} is beyond {uid}'s range {fv.range} (7.3, 11.3)"
            )
        if decl.kind != BOMBARDMENT:
            seen = board.spot(game_map, state, u, decl.target_hex)
            if not seen:
                problems.append(f"{uid} cannot spot {board.label(game_map, decl.target_hex)}: "
                                f"{seen.reason} ({board.spot_rule(seen)})")
    return problems


def leader_problems(
    game_map: Any, state: GameState, decl: FireDeclaration, catalogue: Any
) -> list[str]:
    """A leader adding his combat modifier must be an undemoralized friendly leader (10.1);
    D4: in a normal attack he must be part of the activation (no need to be "activated to
    fire"); in opportunity fire he must not have activated this turn (13.0, D8)."""
    if decl.leader is None:
        return []
    led = state.units.get(decl.leader)
    if led is None or not led.on_map or not ctype(catalogue, led).is_leader:
        return [f"{decl.leader} is not a leader on the map"]
    problems = []
    if led.side != firing_side(state, decl):
        problems.append(f"{decl.leader} is not a friendly leader")
    if led.status == DEMORALIZED:
        problems.append(f"{decl.leader} is demoralized: no combat modifier (10.1)")
    if decl.kind == ANTI_TANK:
        problems.append("a leader's combat modifier adds to direct fire only (10.1)")
    act = state.activation
    if decl.opportunity:
        if led.moved_fired or (act is not None and led.id in act.units):
            problems.append(f"{decl.leader} has activated this turn (13.0, D8)")
    elif act is not None and led.id not in act.units:
        problems.append(f"{decl.leader} is not part of this activation (D4)")
    return problems


def combination_problems(
    game_map: Any, state: GameState, decl: FireDeclaration, catalogue: Any
) -> list[str]:
    """Combined fire (10.1, 9.3): one hex; or the leader's hex and up to his combat modifier
    adjacent hexes; or, formation-activated, two adjacent hexes without a leader (17.7)."""
    hexes = {state.units[u].hex for u in decl.firers if u in state.units and state.units[u].on_map}
    if len(hexes) <= 1:
        return []
    if decl.kind == ANTI_TANK:
        return ["anti-tank fire is made by one unit at a time (11.1)"]
    if decl.kind == BOMBARDMENT:
        hs = sorted(hexes)  # type: ignore[type-var]
        if all(distance(a, b) <= 1 for a in hs for b in hs):  # type: ignore[arg-type]
            return []
        return ["on-board artillery combines only from the same or adjacent hexes (9.3)"]
    if decl.leader is not None and decl.leader in state.units:
        led = state.units[decl.leader]
        mod = ctype(catalogue, led).combat_modifier
        others = hexes - {led.hex}
        if any(h is None or led.hex is None or distance(h, led.hex) != 1 for h in others):
            return [f"firers must be in {decl.leader}'s hex or adjacent to it (10.1)"]
        if len(others) > mod:
            return [
                f"{decl.leader} (combat modifier {mod}) may join only {mod} adjacent hex(es) (10.1)"
            ]
        return []
    found = hooks.first("combined_fire", state, hexes)  # formation activation (17.7)
    if found is not None:
        return found
    return ["units in different hexes combine only through a leader (10.1)"]


def target_problems(
    game_map: Any, state: GameState, decl: FireDeclaration, catalogue: Any
) -> list[str]:
    side = firing_side(state, decl)
    if not board.on_map(game_map, decl.target_hex):
        return [f"{decl.target_hex!r} is not on the map"]
    here = state.units_at(decl.target_hex)
    if decl.kind != BOMBARDMENT:
        if not any(u.side != side for u in here):
            return [f"no enemy unit in {board.label(game_map, decl.target_hex)} (10.1)"]
        if any(u.side == side for u in here):
            return [
                "direct and anti-tank fire may not target a hex holding friendly units (D-COMBAT-ASSAULT-HEX)"
            ]
    return []


def combined_value(
    state: GameState, decl: FireDeclaration, catalogue: Any
) -> tuple[int, list[dict[str, Any]]]:
    """The fire value of an attack and how it is built (10.1, 14.2, D13).

    Each firer's strength (or its spray factors), halved when disrupted; anti-tank at
    extended range halved; the leader's combat modifier added once, in full, to a unit in his
    hex (D4); fractions kept until the total, then dropped, minimum 1 (D13).
    """
    total = Fraction(0)
    parts: list[dict[str, Any]] = []
    for uid in decl.firers:
        u = state.units[uid]
        fv = fire_value(catalogue, u, decl.kind)
        assert fv is not None
        base = decl.factors.get(uid, fv.strength)
        mult, why = fire_multiplier(state, catalogue, u)
        if decl.kind == ANTI_TANK and in_range(catalogue, u, decl.kind, decl.target_hex)[1]:
            mult /= 2
            why.append("beyond printed range (up to 150 %): half value (11.3)")
        value = base * mult
        total += value
        parts.append(
            {"unit": uid, "printed": fv.strength, "used": base, "value": str(value), "why": why}
        )
    for inc in decl.increments:
        total += inc.strength
        parts.append(
            {
                "unit": inc.id,
                "printed": inc.strength,
                "used": inc.strength,
                "value": str(inc.strength),
                "why": ["off-board increment (9.2)"],
            }
        )
    if decl.leader is not None and decl.kind == DIRECT:
        led = state.units[decl.leader]
        mod = ctype(catalogue, led).combat_modifier
        boosted = sorted(uid for uid in decl.firers if state.units[uid].hex == led.hex)
        if mod and boosted:
            total += mod
            parts.append(
                {
                    "unit": decl.leader,
                    "printed": mod,
                    "used": mod,
                    "value": str(mod),
                    "why": [f"leader combat modifier added to {boosted[0]} (10.1)"],
                }
            )
    return round_value(total), parts


def mark_fired(state: GameState, decl: FireDeclaration) -> GameState:
    """Firers get Moved/Fired and count the attack (3.1, 11.2; opportunity fire too, D15)."""
    return state.with_units(
        {
            uid: replace(
                state.units[uid], moved_fired=True, attacks_made=state.units[uid].attacks_made + 1
            )
            for uid in decl.firers
            if state.units[uid].on_map
        }
    )


def farthest(state: GameState, decl: FireDeclaration) -> int:
    return max(distance(state.units[u].hex, decl.target_hex) for u in decl.firers)  # type: ignore[arg-type]
