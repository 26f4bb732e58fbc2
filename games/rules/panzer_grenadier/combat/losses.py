"""Apply a direct fire, bombardment or assault result to the units in a hex (10.2, 9.4, 12.4).

Order (D9, D-COMBAT-ORDER): step losses by category, then one casualty roll per leader of the
side hit, then morale checks (units in id order, leaders last, so a leader helps with the
status he had when the result came in).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...common.dice import Dice
from ...common.hexgrid import Hex
from ..core import tables
from ..core.state import GameState, UnitState
from . import board
from .counters import armor, ctype, current_morale, status_rank, trait
from .events import Event, event
from .leaders import leader_casualty
from .morale import morale_check
from .steps import step_loss

DIRECT, BOMBARDMENT, ASSAULT = "direct", "bombardment", "assault"


def hit_units(
    state: GameState,
    catalogue: Any,
    h: Hex,
    sides: Iterable[str],
    only: Iterable[str] | None = None,
) -> list[UnitState]:
    """The counters a result falls on: every unit and leader of `sides` in the hex, except
    passengers of a transport, who share its fate instead (5.6). `only` narrows it to given
    ids (a mover under opportunity fire or drumfire)."""
    wanted = set(sides)
    chosen = None if only is None else set(only)
    return [
        u
        for u in state.units_at(h)
        if u.side in wanted
        and (chosen is None or u.id in chosen)
        and not board.is_passenger(state, u, catalogue)
    ]


def _default_key(u: UnitState) -> tuple:
    # D-COMBAT-LOSS-ORDER: spread losses (a full unit flips before a reduced one dies), then id.
    return (-u.steps, u.id)


def _best_morale_key(state: GameState, catalogue: Any) -> Any:
    # 12.4: best current morale first; ties: better status, more steps, id.
    return lambda u: (-current_morale(state, catalogue, u), status_rank(u), -u.steps, u.id)


def choose_loss(
    state: GameState,
    catalogue: Any,
    pool: Sequence[UnitState],
    *,
    first: bool,
    need: str | None,
    table: str,
    preference: Sequence[str] = (),
) -> UnitState | None:
    """Which unit takes the next step loss of a category (D-COMBAT-LOSS-ORDER).

    `need` forces an open-top AFV (direct fire / bombardment #MC with 2+ steps) or any AFV
    (assault #M2 with 2+ steps) while one is present. In assault the first loss goes to the
    best morale. Otherwise the owner's `preference` order is used, then `_default_key`.
    """
    alive = [state.units[u.id] for u in pool if state.units[u.id].on_map]
    if not alive:
        return None
    if need == "open_top":
        forced = [u for u in alive if ctype(catalogue, u).is_afv and ctype(catalogue, u).open_top]
        if forced:
            alive = forced
    elif need == "afv":
        forced = [u for u in alive if ctype(catalogue, u).is_afv]
        if forced:
            alive = forced
    if table == ASSAULT and first:
        return min(alive, key=_best_morale_key(state, catalogue))
    rank = {uid: i for i, uid in enumerate(preference)}
    return min(alive, key=lambda u: (rank.get(u.id, len(rank)), *_default_key(u)))


def loss_categories(
    state: GameState, catalogue: Any, units: Sequence[UnitState], table: str
) -> tuple[list[UnitState], list[UnitState]]:
    """(a) combat units (closed-top AFVs exempt on direct fire and bombardment, D24) and
    (b) wagons, trucks, prime movers and unarmed APCs (10.2, 12.4)."""
    a: list[UnitState] = []
    b: list[UnitState] = []
    for u in units:
        t = ctype(catalogue, u)
        if t.is_leader:
            continue
        exempt = table != ASSAULT and t.is_closed_top_afv
        if t.is_combat_unit:
            if not exempt:
                a.append(u)
        elif t.is_transport and not exempt:
            b.append(u)
    return a, b


def apply_result(
    game_map: Any,
    state: GameState,
    h: Hex,
    code: str,
    dice: Dice,
    catalogue: Any,
    *,
    table: str,
    sides: Iterable[str],
    only: Iterable[str] | None = None,
    preference: Sequence[str] = (),
    cause: str = "",
) -> tuple[GameState, list[Event], dict[str, int]]:
    """Apply one table result to a hex; returns the state, events and steps lost by side.

    Direct fire and bombardment (D24): M/M# check every counter without an armor value; #MC
    takes # steps from category a (not closed-top AFVs; one from an open-top AFV first on 2MC
    and 3MC) and # from category b, then closed-top AFVs check as M and all others as M2.
    Assault: M/M# check every counter; #M2 takes # steps from each category (best morale
    first, one from an AFV on 2M2+), then every survivor checks M2.
    """
    result = tables.parse_result(code)
    sides = tuple(sides)
    units = hit_units(state, catalogue, h, sides, only)
    events: list[Event] = []
    lost: dict[str, int] = {}
    assault_hex = table == ASSAULT
    if result.kind == "none":
        return state, events, lost
    if result.kind == "M":
        checkers = units if table == ASSAULT else [u for u in units if armor(catalogue, u) is None]
        state, evs = _checks(
            game_map,
            state,
            checkers,
            lambda u: result.morale_mod or 0,
            dice,
            catalogue,
            cause=code,
            assault_hex=assault_hex,
        )
        return state, events + evs, lost
    a, b = loss_categories(state, catalogue, units, table)
    for cat_name, pool in (("a", a), ("b", b)):
        taken: list[UnitState] = []
        for i in range(result.steps):
            need = None
            if cat_name == "a" and result.steps >= 2:
                if table != ASSAULT and i == 0:
                    need = "open_top"
                elif table == ASSAULT and i == 1 and not ctype(catalogue, taken[0]).is_afv:
                    need = "afv"
            u = choose_loss(
                state,
                catalogue,
                pool,
                first=(i == 0),
                need=need,
                table=table,
                preference=preference,
            )
            if u is None:
                break
            taken.append(u)
            state, evs = step_loss(
                game_map,
                state,
                u.id,
                catalogue,
                reason=f"{code}: category {cat_name} step loss {i + 1} of {result.steps}",
            )
            for e in evs:
                if e.type == "step_loss" and e["unit"] == u.id:
                    e = event("step_loss", **{**e.data, "category": cat_name})
                events.append(e)
            lost[u.side] = lost.get(u.side, 0) + sum(1 for e in evs if e.type == "step_loss")
    survivors = [state.units[u.id] for u in units if state.units[u.id].on_map]
    for side in sides:
        for led in [u for u in survivors if u.side == side and ctype(catalogue, u).is_leader]:
            state, evs = leader_casualty(
                game_map, state, led.id, lost.get(side, 0), dice, catalogue, cause=code
            )
            events += evs
    survivors = [state.units[u.id] for u in survivors if state.units[u.id].on_map]

    def mod(u: UnitState) -> int:
        if table != ASSAULT and trait(catalogue, u, "is_closed_top_afv"):
            return 0
        return 2

    state, evs = _checks(
        game_map, state, survivors, mod, dice, catalogue, cause=code, assault_hex=assault_hex
    )
    return state, events + evs, lost


def _checks(
    game_map: Any,
    state: GameState,
    units: Sequence[UnitState],
    mod: Any,
    dice: Dice,
    catalogue: Any,
    *,
    cause: str,
    assault_hex: bool,
) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    order = sorted(units, key=lambda u: (ctype(catalogue, u).is_leader, u.id))
    for u in order:
        if not state.units[u.id].on_map:
            continue
        state, evs, _ = morale_check(
            game_map, state, u.id, mod(u), dice, catalogue, cause=cause, assault_hex=assault_hex
        )
        events += evs
    return state, events
