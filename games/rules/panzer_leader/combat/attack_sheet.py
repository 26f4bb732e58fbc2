"""What every attack shares: the odds sheet (8.1-8.3) and applying a CRT result (8.5).

`Attack` is built once and used twice: by the preview (odds, chances, "provisional") and by
the resolution, so what a player is shown is what is rolled.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..core import hidden, hooks
from ..core.scenario import game_map
from ..core.stacking import WRECK_CAP, has_room
from ..core.state import DISPERSED, GameState, Unit
from ..core.units import utype
from . import crt


@dataclass
class Attack:
    """One attack, fully worked out before the die is rolled."""

    kind: str  # direct, opportunity, indirect, overrun, assault, mine, air
    hex: str
    targets: list[str]
    attack: Fraction
    defense: Fraction
    lines: list[dict] = field(default_factory=list)  # one per firer: strength and why
    shift: int = 0  # column shifts toward the attacker (8.2)
    drm: int = 0
    drm_reasons: list[str] = field(default_factory=list)
    alone_passenger: bool = False
    # attacks made with the same strength and their own rolls: a fortification shared with
    # units of the other side (QA DF1, F7), Bell's 1940 split close assault (QA P6)
    extra: list[Attack] = field(default_factory=list)

    @property
    def raw_index(self) -> int:
        return crt.odds_index(self.attack, self.defense)

    @property
    def index(self) -> int:
        """The column after shifts; shifts above 4-1 are lost (PL-D25)."""
        return crt.clamp(self.raw_index + self.shift)

    @property
    def possible(self) -> bool:
        """Odds of 1-4 or better after shifts (8.3)."""
        return self.index >= 0

    def to_json(self) -> dict:
        return {
            "kind": self.kind,
            "hex": self.hex,
            "targets": list(self.targets),
            "attack": str(self.attack),
            "defense": str(self.defense),
            "odds": crt.column_name(self.raw_index) if self.attack > 0 else "0",
            "column": crt.column_name(self.index) if self.possible else None,
            "shift": self.shift,
            "drm": self.drm,
            "drm_reasons": list(self.drm_reasons),
            "lines": list(self.lines),
            "chances": {k: str(v) for k, v in crt.chances(self.index, self.drm).items()}
            if self.possible else {"-": "1"},
            "extra": [a.to_json() for a in self.extra],
        }


def defense_of(state: GameState, target: Unit, alone_passenger: bool = False) -> int:
    """A target counter's defence (6.6): truck or wagon with passenger 1; a passenger riding
    German armour attacked on its own 1; otherwise the printed defence."""
    if alone_passenger:
        return 1
    t = utype(target)
    if target.afloat and not t.dd:
        return 8  # afloat in its landing craft (19.3)
    if t.kind in ("truck", "wagon") and state.passenger_of(target) is not None:
        return 1
    if t.kind == "carrier" and state.passenger_of(target) is not None:
        return 2  # a Bren carrier with its passenger (QA T9)
    return t.defense


def is_armored_target(state: GameState, target: Unit, alone_passenger: bool = False) -> bool:
    """Armoured for the WEC (1.3): armoured vehicles, and anything in a town hex."""
    m = game_map(state)
    if m.terrain(m.hex(target.hex)) == "town":
        return True
    if alone_passenger:
        return False
    return utype(target).armored or target.afloat


def terrain_drm(state: GameState, label: str) -> tuple[int, list[str]]:
    """Woods and town add one to the die for fire and close assault (2.4), never for mines."""
    terrain = game_map(state).terrain(game_map(state).hex(label))
    if terrain in ("woods", "town"):
        return crt.drm(terrain), [f"{terrain} +{crt.drm(terrain)}"]
    return 0, []


def option_drm(state: GameState, targets: list[Unit]) -> tuple[int, list[str]]:
    """The die modifiers the optional rules in play give for these defenders (`defence_drm`
    hook: PL-D3's -1 for an already dispersed defender)."""
    drm = 0
    reasons: list[str] = []
    for fn in hooks.each("defence_drm"):
        more, why = fn(state, targets)
        drm, reasons = drm + more, reasons + why
    return drm, reasons


def resolve(state: GameState, attack: Attack, dice, events: list[dict], purpose: str) -> str:
    """Roll for an attack and apply its result, then each extra attack with its own roll;
    returns the main attack's result (8.4, 8.5; QA DF1, F7)."""
    hidden.reveal(state, [t for a in (attack, *attack.extra) for t in a.targets], events)
    res = _resolve_one(state, attack, dice, events, purpose)
    for more in attack.extra:
        _resolve_one(state, more, dice, events, purpose)
    return res


def _resolve_one(state: GameState, attack: Attack, dice, events: list[dict], purpose: str) -> str:
    if not attack.possible:
        events.append(_event(attack, None, None, "-"))
        return "-"
    (die,) = dice.roll(1, purpose)
    res = crt.result(attack.index, die + attack.drm)
    events.append(_event(attack, die, die + attack.drm, res))
    apply_result(state, attack.targets, res, events, alone_passenger=attack.alone_passenger)
    return res


def _event(attack: Attack, die, modified, res) -> dict:
    return {"type": "attack", "kind": attack.kind, "hex": attack.hex,
            "units": list(attack.targets), "attack": str(attack.attack),
            "defense": str(attack.defense),
            "column": crt.column_name(attack.index) if attack.possible else None,
            "die": die, "modified": modified, "result": res}


def apply_result(state: GameState, unit_ids: list[str], res: str, events: list[dict],
                 alone_passenger: bool = False) -> None:
    """X eliminates, D and DD disperse (8.5, PL-D4); passengers share their carrier's fate
    (6.6), except a passenger on German armour attacked alone (QA T3)."""
    if res == "-":
        return
    for uid in unit_ids:
        if uid.startswith("fort:"):
            _hit_fort(state, uid[5:], res, events)
            continue
        if uid.startswith("bridge:"):
            if res == "X":  # only X destroys a temporary bridge (RB X.C.4-8)
                destroy_bridge(state, uid[7:], events)
            continue
        u = state.units[uid]
        if not u.on_map:
            continue
        res_here = res
        for fn in hooks.each("result_on"):  # PL-D4's switchable alternative (off by default)
            res_here = fn(state, u, res_here)
        if alone_passenger:
            _hit_passenger(state, u, res_here, events)
            continue
        passenger = state.passenger_of(u)
        if res_here == "X":
            eliminate(state, u, events)
            if passenger is not None:
                eliminate(state, passenger, events)
            continue
        disperse(u, events)
        if passenger is not None:
            disperse(passenger, events)
            if utype(u).carries == "infantry":  # German armour: it jumps off if room (QA T3)
                if has_room(state, u.hex):
                    passenger.carried_by = None
                    events.append({"type": "unloaded", "units": [passenger.id], "hex": u.hex,
                                   "why": "dispersed on armour (QA T3)"})


def _hit_passenger(state: GameState, p: Unit, res: str, events: list[dict]) -> None:
    carrier = state.units[p.carried_by] if p.carried_by else None
    if res == "X":
        eliminate(state, p, events)
        return
    disperse(p, events)
    if carrier is None:
        return
    if has_room(state, p.hex):
        p.carried_by = None
        events.append({"type": "unloaded", "units": [p.id], "hex": p.hex,
                       "why": "dispersed passenger jumps off (QA T3)"})
    else:
        disperse(carrier, events)  # no room to unload: both dispersed (QA T3)


def disperse(u: Unit, events: list[dict]) -> None:
    if u.status != DISPERSED:
        u.status = DISPERSED
        events.append({"type": "dispersed", "units": [u.id], "side": u.side})


def eliminate(state: GameState, u: Unit, events: list[dict]) -> None:
    """X: the unit is gone; an armoured unit leaves a wreck, three at most (16)."""
    u.eliminated = True
    u.carried_by = None
    events.append({"type": "eliminated", "units": [u.id], "side": u.side, "hex": u.hex})
    if utype(u).armored and utype(u).vehicle:
        state.wrecks[u.hex] = min(WRECK_CAP, state.wrecks.get(u.hex, 0) + 1)


def destroy_bridge(state: GameState, label: str, events: list[dict]) -> None:
    """A temporary bridge is gone: vehicles on it die with it, leaving no wreck; units on
    foot are now in the stream (RB X.C.8)."""
    del state.temp_bridges[label]
    for u in state.units_at(label):
        if utype(u).vehicle and not u.under_bridge:
            for v in [u, *([state.passenger_of(u)] if state.passenger_of(u) else [])]:
                v.eliminated = True
                v.carried_by = None
                events.append({"type": "eliminated", "units": [v.id], "side": v.side,
                               "hex": label, "why": "the bridge went down (RB X.C.8)"})
    events.append({"type": "bridge_destroyed", "hex": label})


def _hit_fort(state: GameState, label: str, res: str, events: list[dict]) -> None:
    """X destroys the fortification and everyone inside, leaving one wreck; units on top
    survive (RB IX.C.5; QA F1). D disperses the occupants (RB IX.C.12)."""
    inside = state.inside(label)
    if res == "X":
        for u in inside:
            u.in_fort = False
            u.eliminated = True
            u.carried_by = None
            events.append({"type": "eliminated", "units": [u.id], "side": u.side, "hex": label})
        del state.forts[label]
        state.wrecks[label] = min(WRECK_CAP, state.wrecks.get(label, 0) + 1)
        events.append({"type": "fort_destroyed", "hex": label})
        return
    for u in inside:
        disperse(u, events)
