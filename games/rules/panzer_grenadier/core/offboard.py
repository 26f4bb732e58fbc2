"""Off-board artillery (9.2): the scenario's increments fired through `bombard`.

A scenario's `offboard_artillery` special rule gives a side increments (id, strength, turns).
D-OFFBOARD-1: during one of the side's activations, `bombard` with `increments` (never
with on-board `firers`, 9.3) fires them at a hex, spotted by an undemoralized leader of the
activation (D12); each increment fires once a turn in its turns; several increments may
combine (the drumfire text, 17.2); the bombardment is resolved like any other (9.4), so it
is recorded for drumfire and places drumfire on the turn after (17.2).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...common.errors import IllegalCommand
from ..combat.bombardment import resolve_bombardment, spotter_problems, validate_bombardment
from ..combat.fire import BOMBARDMENT, FireDeclaration, OffBoardIncrement
from ..double_blind import knowledge
from ..double_blind.observation import is_on
from . import state as st
from .los import sight_row
from .registry import catalogue_for, game_map, hex_label, parse_hex, scenario_for


def increments_left(state: st.GameState, side: str) -> list[Any]:
    """The side's increments that may still fire this turn (9.2, D-OFFBOARD-1)."""
    try:
        rules = getattr(scenario_for(state), "special_rules", ()) or ()
    except KeyError:
        return []
    out = []
    for r in rules:
        if r.rule != "offboard_artillery" or r.side != side:
            continue
        for inc in r.increments:
            last = inc.to_turn if inc.to_turn is not None else state.last_turn
            fired = f"{inc.id}@{state.turn}" in state.increments_fired
            if inc.from_turn <= state.turn <= last and not fired:
                out.append(inc)
    return out


def declaration(state: st.GameState, side: str, cmd: Any) -> FireDeclaration:
    """The bombardment a `bombard` with `increments` declares; IllegalCommand if it names an
    increment the side has not got this turn."""
    left = {i.id: i for i in increments_left(state, side)}
    wanted = list(cmd.get("increments"))
    missing = [x for x in wanted if x not in left]
    if missing:
        raise IllegalCommand(
            f"bombard: no off-board increment {missing[0]!r} left to fire this turn (9.2)",
            rule="9.2",
        )
    try:
        target = parse_hex(state, cmd.get("target"))
    except ValueError as exc:
        raise IllegalCommand(f"bombard: {exc} (9.2)", rule="9.2") from None
    return FireDeclaration(
        firers=(),
        target_hex=target,
        kind=BOMBARDMENT,
        spotter=cmd.get("spotter"),
        increments=tuple(OffBoardIncrement(x, left[x].strength) for x in wanted),
        drumfire_alone=bool(cmd.get("drumfire_separately")),
    )


def fire(state: st.GameState, seat: st.SeatState, cmd: Any, dice: Any):
    """Fire off-board increments at a hex, spotted by an activated leader (9.2, D12)."""
    a = state.activation
    spotter = cmd.get("spotter")
    if spotter is None or spotter not in a.units:
        raise IllegalCommand(
            "bombard: off-board artillery needs a spotting leader of this activation (9.2, D12)",
            rule="9.2",
        )
    decl = declaration(state, seat.side, cmd)  # as attacks.fire_attack reads it for the preview
    state, events = resolve_bombardment(
        game_map(state), state, decl, dice, catalogue_for(state), side=seat.side
    )
    fired = {f"{i.id}@{state.turn}" for i in decl.increments}
    return replace(state, increments_fired=state.increments_fired | fired), events


def options(state: st.GameState, seat: st.SeatState, targets: list[Any]) -> list[dict]:
    """One bombardment per increment left, activated spotting leader and target hex (the
    first leader who may spot it), like the single-unit bombardments (D-LEGAL-1)."""
    left = increments_left(state, seat.side)
    if not left:
        return []
    m, cat = game_map(state), catalogue_for(state)
    a = state.activation
    leaders = sorted(
        x for x in a.units
        if cat[state.units[x].type_id].is_leader and state.units[x].on_map
        and state.units[x].status != st.DEMORALIZED
    )
    spotters = _spotters(state, left, targets, leaders)
    out = []
    for inc in left:
        for h in targets:
            for sp in spotters[h]:
                decl = FireDeclaration(
                    firers=(), target_hex=h, kind=BOMBARDMENT, spotter=sp,
                    increments=(OffBoardIncrement(inc.id, inc.strength),),
                )
                if not validate_bombardment(m, state, decl, cat):
                    out.append({"type": "bombard", "increments": [inc.id],
                                "target": hex_label(state, h), "spotter": sp})
                    break
    return out + _all_together(state, left, targets, spotters) + _blind(state, left, leaders)


def _spotters(state: st.GameState, left: list, targets: list[Any], leaders: list[str]) -> dict:
    """For each target, the leaders (in order) who may spot it for off-board increments:
    who spots does not depend on which increments fire (9.1, D12), so it is asked once per
    leader and target, not again for each increment. A leader left out is one with whom
    every declaration at that target would be refused."""
    m, cat = game_map(state), catalogue_for(state)
    first = (OffBoardIncrement(left[0].id, left[0].strength),)
    return {
        h: [
            sp for sp in leaders
            if not spotter_problems(m, state, FireDeclaration(
                firers=(), target_hex=h, kind=BOMBARDMENT, spotter=sp, increments=first,
            ), cat)
        ]
        for h in targets
    }  # fmt: skip


def _blind(state: st.GameState, left: list, leaders: list[str]) -> list[dict]:
    """Double-blind (18.8): each increment at each hex with no known enemy that one of the
    activated leaders has a line of sight to, at half strength, with the first such leader.
    The hexes depend on sight and on what the side knows only (D-DB-BLIND-LEGAL)."""
    if not is_on(state) or not leaders:
        return []
    m, cat = game_map(state), catalogue_for(state)
    known, _ = knowledge.known_enemies(state, state.units[leaders[0]].side)
    unknown = [h for h in m.in_order() if h not in known]
    chosen: dict[Any, str] = {}
    for sp in leaders:
        # A blind bombardment's spotter must have a line of sight to the hex (18.8): the
        # hexes out of the leader's sight even with no smoke are refused, so they are left
        # out before the whole check, which traces the line again, with the smoke.
        in_sight = sight_row(m, state.units[sp].hex)
        for h in unknown:
            if h in chosen or h not in in_sight:
                continue
            decl = FireDeclaration(firers=(), target_hex=h, kind=BOMBARDMENT, spotter=sp,
                                   increments=(OffBoardIncrement(left[0].id, left[0].strength),))
            if not validate_bombardment(m, state, decl, cat):
                chosen[h] = sp
    return [{"type": "bombard", "increments": [inc.id], "target": hex_label(state, h),
             "spotter": sp} for inc in left for h, sp in sorted(chosen.items())]


def _all_together(state: st.GameState, left: list, targets: list[Any], spotters: dict):
    """Every increment left, together, at each target (9.3: off-board increments combine),
    with the first leader who may spot it."""
    if len(left) < 2:
        return []
    m, cat = game_map(state), catalogue_for(state)
    out = []
    for h in targets:
        for sp in spotters[h]:
            decl = FireDeclaration(
                firers=(), target_hex=h, kind=BOMBARDMENT, spotter=sp,
                increments=tuple(OffBoardIncrement(i.id, i.strength) for i in left),
            )
            if not validate_bombardment(m, state, decl, cat):
                out.append({"type": "bombard", "increments": [i.id for i in left],
                            "target": hex_label(state, h), "spotter": sp})
                break
    return out
