"""Assault: who may assault, each side's value and shifts, one round of fire (12.1-12.5; D14).

D14 (timing): units moving into an enemy hex that holds no friendly units fight a round at
once (`first_round=True`). A hex that still holds both sides after a round stays an assault
hex (marker "assault:<attacker>"): units moving into it join, and one further round
(`first_round=False`) is fought at the end of every later action segment of either side in
which that side activated a unit or leader in the hex or moved one into it. First-round-only
effects (entrenchment -2, defenders fire first, major river, hill) apply to round 1 only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...common.dice import Dice
from ...common.errors import IllegalCommand
from ...common.hexgrid import Hex
from ..core import hooks
from ..core.state import DEMORALIZED, DISRUPTED, GOOD, GameState, UnitState
from ..core.terrain import CHART
from . import board, situation
from .counters import ctype, current_morale, fire_value, round_value, trait
from .events import Event, Shift, event
from .leaders import lone_leaders_overrun
from .losses import ASSAULT, apply_result
from .situation import AttackSituation

LEADER_FOR = {"tank": "afv", "cavalry": "cavalry"}


@dataclass(frozen=True, slots=True)
class AssaultSituation:
    """What a round's shifts depend on besides the counters (12.4)."""

    hex: Hex
    attacker: str
    first_round: bool = True
    entered_from: frozenset[Hex] = frozenset()  # the hexes the attackers came from (hill +1)
    charging: bool = False  # charging cavalry (15.31)


def assault_problems(
    game_map: Any, state: GameState, movers: Iterable[str], h: Hex, catalogue: Any
) -> list[str]:
    """Why these units may not assault the hex (12.1, 12.5): only good-order units, and leaders
    of their type, start an assault; the hex must hold enemy units."""
    movers = list(movers)
    problems = []
    if not movers:
        return ["no assaulting unit"]
    side = state.units[movers[0]].side
    if not any(u.side != side for u in state.units_at(h)):
        problems.append(f"no enemy unit in {board.label(game_map, h)}: nothing to assault")
    kinds = set()
    for uid in movers:
        u = state.units[uid]
        t = ctype(catalogue, u)
        if u.side != side:
            problems.append(f"{uid} is not on the assaulting side")
        if u.status != GOOD:
            problems.append(f"{uid} is {u.status}: only good-order units may assault (12.5, 14.2)")
        if not t.is_leader:
            kinds.add("afv" if t.is_afv else "cavalry" if t.kind == "cavalry" else "infantry")
    for uid in movers:
        t = ctype(catalogue, state.units[uid])
        if t.is_leader and LEADER_FOR.get(t.kind, "infantry") not in kinds:
            problems.append(
                f"{uid} ({t.kind} leader) may assault only with units of his type (12.5)"
            )
    return problems


def must_resolve_now(state: GameState, side: str, h: Hex, movers: Iterable[str] = ()) -> bool:
    """An assault is resolved at once when the hex entered held no friendly units (12.2, D14)."""
    moving = set(movers)
    return not any(u.side == side and u.id not in moving for u in state.units_at(h))


def participants(state: GameState, catalogue: Any, h: Hex, side: str) -> list[UnitState]:
    """A side's counters in the hex that fight: all but passengers of a transport (5.6)."""
    return [
        u
        for u in state.units_at(h)
        if u.side == side and not board.is_passenger(state, u, catalogue)
    ]


def _dismounted_infantry(state: GameState, catalogue: Any, units: list[UnitState]) -> bool:
    return any(
        trait(catalogue, u, "is_personnel")
        and ctype(catalogue, u).kind != "hmg"
        and u.carried_by is None
        for u in units
    )


def side_value(state: GameState, catalogue: Any, units: list[UnitState]) -> tuple[int, list[dict]]:
    """A side's assault value: direct fire values summed; disrupted half, demoralized a
    quarter; HMG and AA half without friendly dismounted infantry (12.4, D13)."""
    total = Fraction(0)
    parts = []
    infantry = _dismounted_infantry(state, catalogue, units)
    for u in units:
        t = ctype(catalogue, u)
        if t.is_leader:
            continue
        fv = fire_value(catalogue, u, "direct")
        if fv is None or fv.strength <= 0:
            continue
        mult, why = Fraction(1), []
        if u.status == DISRUPTED:
            mult /= 2
            why.append("disrupted: half (14.2)")
        elif u.status == DEMORALIZED:
            mult /= 4
            why.append("demoralized: a quarter (14.3)")
        if t.kind in ("hmg", "aa_gun") and not infantry:
            mult /= 2
            why.append("HMG/AA without friendly dismounted infantry: half (12.4)")
        total += fv.strength * mult
        parts.append(
            {"unit": u.id, "printed": fv.strength, "value": str(fv.strength * mult), "why": why}
        )
    return round_value(total), parts


def assault_shifts(
    game_map: Any, state: GameState, catalogue: Any, sit: AssaultSituation, firing: str
) -> list[Shift]:
    """Every shift of the Assault chart for one side's fire, each with its reason (12.4).

    D-COMBAT-ASSAULT-SIDES: terrain and entrenchment shifts protect the defenders only; the
    major river -2 hurts the attacker only; engineers +1 helps the attacker only; the hill +1
    helps the defender only; every "side includes" or "enemy units are" line applies to
    whichever side fires, and "all attacking combat units have higher morale than all
    defenders" is read as the firing side's against the enemy's.
    """
    h = sit.hex
    attacking = firing == sit.attacker
    mine = participants(state, catalogue, h, firing)
    enemy = [
        u
        for u in state.units_at(h)
        if u.side != firing and not board.is_passenger(state, u, catalogue)
    ]
    my_units = [u for u in mine if not ctype(catalogue, u).is_leader]
    their_units = [u for u in enemy if not ctype(catalogue, u).is_leader]
    t = board.terrain(game_map, h)
    shifts: list[Shift] = []
    if attacking:
        entrenched = board.has_entrenchment(state, h) and sit.first_round
        if board.is_town(game_map, h) or entrenched:
            why = (
                "defenders occupy a town"
                if board.is_town(game_map, h)
                else "defenders occupy an entrenchment (first fire)"
            )
            shifts.append(Shift(-2, why, "12.4"))
        elif t.assault_shift:
            shifts.append(Shift(t.assault_shift, f"defenders occupy {t.name.lower()}", "12.4"))
        if (
            sit.first_round
            and board.is_major_river(game_map, h)
            and not any(ctype(catalogue, u).kind == "engineer" for u in their_units)
        ):
            shifts.append(
                Shift(
                    CHART.major_river_attacker_first_round_shift,
                    "attacker in a major river on the first round, no defending engineers",
                    "12.4",
                )
            )
    if my_units and their_units:
        worst_mine = min(current_morale(state, catalogue, u) for u in my_units)
        best_theirs = max(current_morale(state, catalogue, u) for u in their_units)
        if worst_mine > best_theirs:
            shifts.append(
                Shift(+1, "all our combat units have higher morale than all the enemy's", "12.4")
            )
    good = [u for u in my_units if u.status != DEMORALIZED]
    closed = [u for u in good if ctype(catalogue, u).is_closed_top_afv]
    inf = [
        u for u in good if ctype(catalogue, u).is_personnel and ctype(catalogue, u).kind != "hmg"
    ]
    efficient = [u for u in good if ctype(catalogue, u).is_afv and ctype(catalogue, u).efficient]
    if (closed and inf) or efficient:
        why = (
            "side includes undemoralized closed-top AFVs and infantry"
            if closed and inf
            else "side includes German or Soviet Guards AFVs"
        )
        shifts.append(Shift(+1, why, "12.4"))
    if (
        not attacking
        and sit.first_round
        and board.is_hill(game_map, h)
        and sit.entered_from
        and all(
            board.elevation(game_map, h) > board.elevation(game_map, e) for e in sit.entered_from
        )
    ):
        shifts.append(
            Shift(+1, "defender on a hill, higher than every hex the attackers came from", "12.4")
        )
    if (
        attacking
        and any(ctype(catalogue, u).kind == "engineer" for u in good)
        and (board.is_town(game_map, h) or board.has_entrenchment(state, h))
    ):
        shifts.append(
            Shift(+1, "side includes engineers assaulting a town or entrenchment", "12.4")
        )
    if (
        (board.is_town(game_map, h) or board.is_woods(game_map, h))
        and any(ctype(catalogue, u).is_afv for u in their_units)
        and not _dismounted_infantry(state, catalogue, their_units)
    ):
        shifts.append(
            Shift(+1, "enemy AFVs in town or woods without supporting dismounted infantry", "12.4")
        )
    if any(
        ctype(catalogue, u).is_leader
        and ctype(catalogue, u).kind == "infantry"
        and u.status != DEMORALIZED
        for u in mine
    ):
        shifts.append(Shift(+1, "side includes a friendly undemoralized infantry leader", "12.4"))
    if any(
        board.is_rider(state, u, catalogue) and trait(catalogue, u, "is_personnel")
        for u in their_units
    ):
        shifts.append(Shift(+1, "assault against an infantry unit riding an AFV", "12.4"))
    if their_units and all(u.status == DEMORALIZED for u in their_units):
        shifts.append(Shift(+1, "all the enemy units are demoralized", "12.4"))
    if any(getattr(u, "mired", 0) for u in their_units):
        shifts.append(Shift(+1, "assault against a mired unit", "17 Part II"))
    if attacking and sit.charging and sit.first_round:
        shifts.append(Shift(+1, "charging cavalry assaulting", "12.4, 15.31"))
    return shifts


def defenders_fire_first(state: GameState, catalogue: Any, sit: AssaultSituation) -> bool:
    """Entrenched or dug-in defenders fire first, on the first round (12.4, D14)."""
    if not sit.first_round:
        return False
    defenders = [u for u in state.units_at(sit.hex) if u.side != sit.attacker]
    return board.has_entrenchment(state, sit.hex) or any(u.dug_in for u in defenders)


def assault_situation(
    game_map: Any, state: GameState, catalogue: Any, sit: AssaultSituation, side: str
) -> AttackSituation:
    """One side's fire in an assault round before its die: value, shifts, column (12.4)."""
    units = participants(state, catalogue, sit.hex, side)
    value, parts = side_value(state, catalogue, units)
    shifts = assault_shifts(game_map, state, catalogue, sit, side)
    return AttackSituation("assault", situation.ASSAULT, side, value, tuple(parts), tuple(shifts))


def assault_fire(
    game_map: Any, sit: AssaultSituation, fire: AttackSituation, dice: Dice
) -> tuple[str | None, list[Event]]:
    """Roll one side's assault fire (12.4): its events and result (None without a value)."""
    side = fire.side
    events: list[Event] = [
        event(
            "fire",
            kind="assault",
            side=side,
            target_hex=board.label(game_map, sit.hex),
            value=fire.value,
            value_parts=list(fire.value_parts),
            firers=[p["unit"] for p in fire.value_parts],
        )
    ]
    if fire.value <= 0:
        events.append(
            event("result", kind="assault", side=side, code="-", reason="no fire value in the hex")
        )
        return None, events
    events += fire.shift_events(side=side)
    col = fire.column_event()
    events.append(event("column", **{**col.data, "side": side}))
    roll = dice.roll(1, f"assault {side}")
    code = fire.result(roll[0])
    # The event names the side by its id, as the fire and result events do; the board writes
    # the side's name ("Roll for the German assault fire: 4"). The dice's own purpose
    # (above) stays as replays and exports record it.
    events.append(event("roll", purpose="assault fire", side=side, dice=list(roll), total=roll[0]))
    events.append(
        event("result", kind="assault", side=side, code=code, column=col["column"], dice=roll[0])
    )
    return code, events


def resolve_assault_round(
    game_map: Any, state: GameState, sit: AssaultSituation, dice: Dice, catalogue: Any
) -> tuple[GameState, list[Event]]:
    """Fight one round of assault in a hex (12.4).

    Simultaneous: both sides' values and shifts are taken from the state before the round,
    the attacker rolls, then the defender, then the attacker's result is applied to the
    defenders and the defender's to the attackers. Entrenched or dug-in defenders fire first
    on round 1: their result is applied before the attackers' value is worked out.
    """
    h = sit.hex
    sides = sorted({u.side for u in state.units_at(h)})
    if sit.attacker not in sides or len(sides) < 2:
        raise IllegalCommand(
            f"no assault in {board.label(game_map, h)}: both sides must be in the hex", rule="12.2"
        )
    defender = next(s for s in sides if s != sit.attacker)
    for hook in hooks.each("assault_round"):  # e.g. drumfire of a firer assaulted lifts (17.2)
        state = hook(state, h)
    if all(ctype(catalogue, u).is_leader for u in state.units_at(h) if u.side == defender):
        # Only leaders in the hex entered: no assault, a survival roll each (6.71).
        return lone_leaders_overrun(game_map, state, h, sit.attacker, dice, catalogue)
    first = defenders_fire_first(state, catalogue, sit)
    events: list[Event] = [
        event(
            "assault_round",
            hex=board.label(game_map, h),
            attacker=sit.attacker,
            defender=defender,
            first_round=sit.first_round,
            order="defender first" if first else "simultaneous",
            reason=(
                "entrenched or dug-in defenders fire first (12.4)"
                if first
                else "assault fire is simultaneous (12.4)"
            ),
        )
    ]
    if first:
        d = assault_situation(game_map, state, catalogue, sit, defender)
        code_d, evs = assault_fire(game_map, sit, d, dice)
        events += evs
        if code_d:
            state, evs, _ = apply_result(
                game_map,
                state,
                h,
                code_d,
                dice,
                catalogue,
                table=ASSAULT,
                sides=[sit.attacker],
                cause=f"assault {code_d}",
            )
            events += evs
        a = assault_situation(game_map, state, catalogue, sit, sit.attacker)
        code_a, evs = assault_fire(game_map, sit, a, dice)
        events += evs
        if code_a:
            state, evs, _ = apply_result(
                game_map,
                state,
                h,
                code_a,
                dice,
                catalogue,
                table=ASSAULT,
                sides=[defender],
                cause=f"assault {code_a}",
            )
            events += evs
    else:
        a = assault_situation(game_map, state, catalogue, sit, sit.attacker)
        d = assault_situation(game_map, state, catalogue, sit, defender)
        code_a, evs_a = assault_fire(game_map, sit, a, dice)
        code_d, evs_d = assault_fire(game_map, sit, d, dice)
        events += evs_a + evs_d
        for code, hit in ((code_a, defender), (code_d, sit.attacker)):
            if code:
                state, evs, _ = apply_result(
                    game_map,
                    state,
                    h,
                    code,
                    dice,
                    catalogue,
                    table=ASSAULT,
                    sides=[hit],
                    cause=f"assault {code}",
                )
                events += evs
    for side in (sit.attacker, defender):
        state, evs = lone_leaders_overrun(game_map, state, h, side, dice, catalogue)
        events += evs
    still = {u.side for u in state.units_at(h)}
    marker = board.ASSAULT_MARKER + sit.attacker
    if len(still) >= 2:
        state = board.with_markers(state, h, add=[marker])
    else:
        state = board.with_markers(state, h, remove=[marker])
    events.append(
        event(
            "assault_round",
            hex=board.label(game_map, h),
            attacker=sit.attacker,
            defender=defender,
            first_round=sit.first_round,
            order="end",
            continues=len(still) >= 2,
            holder=(sorted(still)[0] if len(still) == 1 else None),
            reason=(
                "both sides remain: the assault continues (D14)"
                if len(still) >= 2
                else "one side holds the hex: the assault is over"
            ),
        )
    )
    return state, events


def assault_hexes(state: GameState) -> list[tuple[Hex, str]]:
    """Every hex where an assault goes on, with its attacker (D14)."""
    out = []
    for h, marks in sorted(state.markers.items()):
        for m in marks:
            if m.startswith(board.ASSAULT_MARKER):
                out.append((h, m[len(board.ASSAULT_MARKER) :]))
    return out
