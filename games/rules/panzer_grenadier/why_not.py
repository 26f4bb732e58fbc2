"""Why not: for a seat's selected unit (or the units of one hex) and a hex, whether each of
move, fire, assault and bombard may be done there now, and if not why, with the rule
(3.1, 5.1, 7.3, 8.1-8.4, 9.1, 10.1, 12.1, 12.5, 13.0, 14.3, 17.5, 18.8).

Only what the seat's side may know goes in: every enemy counter the side is not in contact
with (hidden 17.8, unobserved 18.0) is taken off the map before any rule is asked
(`knowledge.seen_by`), so a hex holding an unseen enemy gets, byte for byte, the answer an empty hex
gets. The checks are the engine's own (may_move, may_fire, reach_of, validate_fire,
validate_bombardment, assault_problems, can_spot), asked in the order a player reads them;
a problem the engine's validators find that no named check explains is passed on with the
rule its text cites.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ..common.errors import IllegalCommand
from ..common.faces import type_label
from ..common.hexgrid import Hex, distance
from .combat import board
from .combat.anti_tank import validate_anti_tank
from .combat.assault import assault_problems
from .combat.bombardment import validate_bombardment
from .combat.counters import armor, ctype, fire_value
from .combat.direct_fire import validate_fire
from .combat.fire import ANTI_TANK, BOMBARDMENT, DIRECT, FireDeclaration, in_range
from .combat.opportunity_fire import opportunity_fire_candidates
from .core import deployment
from .core import state as st
from .core.acting import known_enemies, may_fire, may_move
from .core.activation import commands_unit, is_available, leader_group
from .core.commands import Command
from .core.move_offers import reach_of
from .core.move_step import passenger_ids, threats_to
from .core.moving import check_path
from .core.registry import catalogue_for, game_map, hex_label, parse_hex
from .core.stacking import stacking_problem
from .double_blind import knowledge, redaction
from .double_blind.observation import is_on as double_blind
from .presentation import counter_faces_or_none, in_words

ACTIONS = ("move", "fire", "assault", "bombard")
_RULE = re.compile(r"\(([^()]*\d[^()]*)\)\s*$")


def reason(code: str, message: str, rule: str) -> dict[str, str]:
    return {"code": code, "message": message, "rule": rule}


def _from_text(code: str, text: str) -> dict[str, str]:
    """An engine validator's problem as a reason: the rule is the text's last "(x.y)"."""
    found = _RULE.search(text)
    message = text[: found.start()].rstrip() if found else text
    return reason(code, message, found.group(1) if found else "")


def _name(state: st.GameState, uid: str) -> str:
    """The counter's name as the board prints it ("2nd Grenadier platoon", "Leutnant Becker"),
    never an id or a catalogue entry with its ratings."""
    named = (counter_faces_or_none(state.scenario_id) or {}).get(uid)
    if named:
        return named["name"]
    return type_label(catalogue_for(state)[state.units[uid].type_id].name)


def _names(state: st.GameState, ids: list[str]) -> str:
    return ", ".join(dict.fromkeys(_name(state, x) for x in ids))


def _own(state: st.GameState, seat: st.SeatState, ids: list[str]) -> list[dict]:
    """Reasons the selection is not the seat's to order at all."""
    out = []
    for uid in ids:
        u = state.units.get(uid)
        if u is None or u.side != seat.side or not commands_unit(state, seat.id, u):
            return [reason("unit/not_yours", "select units you command", "D21")]
        if not u.on_map:
            return [reason("unit/not_on_map", f"{_name(state, uid)} is not on the map", "7.6")]
        if u.carried_by is not None:
            out.append(
                reason("unit/carried", f"{_name(state, uid)} is carried and moves with its "
                       "carrier", "5.6")
            )
    if len({state.units[x].hex for x in ids}) > 1:
        out.append(reason("unit/not_one_hex", "units act together only from one hex", "4.5"))
    return out


def _turn(state: st.GameState, seat: st.SeatState, ids: list[str]) -> list[dict]:
    """Reasons it is not the selection's time to act (3.1, 13.0)."""
    if state.phase == st.ENDED:
        return [reason("game/over", "the game is over", "3.0")]
    if state.phase != st.ACTION:
        return [reason("turn/not_action_phase", "units act in the action phase", "3.0")]
    if state.opfire is not None:
        if state.opfire.side != seat.side:
            return [reason("turn/opportunity_fire", "the other side is deciding on "
                           "opportunity fire", "13.0")]
        return []
    a = state.activation
    if a is None or a.seat != seat.id:
        if a is None and state.active_side == seat.side:
            return [reason("turn/not_activated", f"activate {_names(state, ids)} first", "3.1")]
        return [reason("turn/not_yours", "it is the other side's activation", "3.1")]
    outside = [x for x in ids if x not in a.units]
    if outside:
        return [reason("unit/not_activated",
                       f"{_names(state, outside)} is not part of this activation", "3.1")]
    return []


def _marked(state: st.GameState, ids: list[str]) -> list[dict]:
    a = state.activation
    done = [x for x in ids if state.units[x].moved_fired and (a is None or x not in a.units)]
    if done:
        return [reason("unit/moved_fired", f"{_names(state, done)} has already moved or "
                       "fired this turn", "3.1")]
    return []


def _move(state: st.GameState, seat: st.SeatState, ids: list[str], h: Hex, blocked) -> dict:
    out = list(blocked)
    units = [state.units[x] for x in ids]
    if units[0].hex == h:
        out.append(reason("move/same_hex", "the units are already there", "5.1"))
    demoralized = [u.id for u in units if u.status == st.DEMORALIZED]
    if demoralized:
        out.append(reason("unit/demoralized", f"{_names(state, demoralized)} is demoralized "
                          "and may only flee", "14.3"))
    active = _active(state, seat, ids)
    if state.opfire is not None:
        if state.opfire.side == seat.side:
            out.append(reason("turn/opportunity_fire", "a move is paused for opportunity "
                              "fire", "13.0"))
    elif state.activation is not None and state.activation is active.activation:
        spent = [x for x in ids if not may_move(state, x)]
        if spent:
            out.append(reason("unit/acted", f"{_names(state, spent)} has fired or ended its "
                              "move in this activation: a unit moves or fires", "3.1"))
    if not demoralized and all(r["code"] != "unit/acted" for r in out) and units[0].hex != h:
        out += _reach(active, ids, h)
    return {"action": "move", "ok": not out, "reasons": out}


def _active(state: st.GameState, seat: st.SeatState, ids: list[str]) -> st.GameState:
    """The state as if the units were activated now, if they are not (3.1): what they could
    do once activated is what the player asks about."""
    a = state.activation
    if a is not None and all(x in a.units for x in ids):
        return state
    fresh = st.Activation(side=seat.side, seat=seat.id, kind="unit", units=frozenset(ids))
    return replace(state, activation=fresh, opfire=None)


def _reach(state: st.GameState, ids: list[str], h: Hex) -> list[dict]:
    try:
        reach = reach_of(state, tuple(ids))
    except IllegalCommand as exc:
        return [reason("move/refused", exc.message, exc.rule or "5.1")]
    if h in reach:
        return []
    leaderless = _leaderless(state, ids, h)
    if leaderless:
        return leaderless
    crowded = stacking_problem(state, h, [*ids, *passenger_ids(state, ids)],
                               catalogue=catalogue_for(state))
    if crowded:
        return [_from_text("move/stacking", crowded)]
    return [reason("move/out_of_reach", "the hex is beyond the movement points left, or the "
                   "way is prohibited", "5.1")]


def _leaderless(state: st.GameState, ids: list[str], h: Hex) -> list[dict]:
    """Why a leaderless activation may not go to `h` that a led one could (3.1, D3): the
    engine's own refusal of the path a led activation would take, with the enemy units that
    could harm the movers and the leaders who could activate them (or nothing, when the
    restriction is not what stops the move)."""
    a = state.activation
    if a is None or not a.leaderless or state.units[ids[0]].hex is None:
        return []
    led = replace(state, activation=replace(a, leaderless=False))
    try:
        path = reach_of(led, tuple(ids)).get(h)
    except IllegalCommand:
        return []
    if path is None:
        return []
    try:
        check_path(state, ids, tuple(path.path[1:]), "move")
    except IllegalCommand as exc:
        if exc.rule != "D3":
            return [_from_text("move/refused", exc.message)]
    else:
        return []
    cat = catalogue_for(state)
    _, enemy_ids = known_enemies(state, state.units[ids[0]].side)
    near = {}
    for uid in ids:
        for eid in sorted(enemy_ids):
            for there, rng in threats_to(state, uid, catalogue=cat, known_enemy_ids=[eid]):
                if any(distance(x, there) <= rng for x in path.path[1:]):
                    near[eid] = f"{_name(state, eid)} in {hex_label(state, there)} " \
                                f"(reaches {rng} hexes)"
    leaders = _leaders_for(state, ids)
    who = _names(state, ids)
    text = (f"{who} was activated without a leader and may not move closer to an enemy unit "
            f"that could harm it: {'; '.join(near.values()) or 'an enemy unit in range'}")
    if leaders:
        text += "; activated by " + " or ".join(leaders) + " it could"
    return [reason("move/leaderless", text, "D3")]


def _leaders_for(state: st.GameState, ids: list[str]) -> list[str]:
    """The side's leaders who could activate all of `ids` (3.1), as "Hauptmann Becker in
    A0206": a led activation is not bound by the leaderless restriction (D3)."""
    seat_id = state.activation.seat
    side = state.units[ids[0]].side
    out = []
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if u.side != side or not u.on_map or u.status == st.DEMORALIZED:
            continue
        if not ctype(catalogue_for(state), u).is_leader:
            continue
        if not (is_available(state, u) or u.id == state.activation.leader):
            continue
        if set(ids) <= leader_group(state, u, seat_id):
            out.append(f"{_name(state, u.id)} in {hex_label(state, u.hex)}")
    return out


def _spotting(state: st.GameState, u: st.UnitState, h: Hex) -> dict | None:
    """Why `u` cannot spot `h`, or None (8.1-8.4, D11, D18)."""
    spot = board.spot(game_map(state), state, u, h)
    if spot.ok:
        return None
    return reason("fire/cannot_spot", f"{_name(state, u.id)} cannot spot the hex: "
                  f"{spot.reason}", board.spot_rule(spot))


def _firer_reasons(state: st.GameState, ids: list[str], h: Hex, kind: str) -> list[dict]:
    """Per-unit reasons the units may not fire `kind` at h, in the order a player asks."""
    cat = catalogue_for(state)
    out: list[dict] = []
    a = state.activation
    for uid in ids:
        u = state.units[uid]
        t = ctype(cat, u)
        fv = fire_value(cat, u, kind)
        label = kind.replace("_", "-")
        if t.is_leader:
            out.append(reason("unit/leader", f"{_name(state, uid)} is a leader: leaders add "
                              "modifiers, they do not fire", "6.0"))
            continue
        if fv is None or fv.strength <= 0:
            out.append(reason("fire/no_value", f"{_name(state, uid)} has no {label} fire "
                              "value", "7.3"))
            continue
        if u.status == st.DEMORALIZED:
            out.append(reason("unit/demoralized", f"{_name(state, uid)} is demoralized and "
                              "may not fire", "14.3"))
            continue
        if a is not None and state.opfire is None and uid in a.units and not may_fire(
            state, u, kind, cat
        ):
            out.append(reason("unit/acted", f"{_name(state, uid)} has already moved or fired "
                              "in this activation: a unit moves or fires", "3.1"))
            continue
        if not in_range(cat, u, kind, h)[0]:
            d = distance(u.hex, h)
            out.append(reason("fire/out_of_range", f"{_name(state, uid)} reaches {fv.range} "
                              f"hexes; the hex is {d} away", "7.3"))
            continue
        if kind != BOMBARDMENT:
            why = _spotting(state, u, h)
            if why:
                out.append(why)
    return out


def _engine_problems(code: str, problems: list[str]) -> list[dict]:
    return [_from_text(code, p) for p in dict.fromkeys(problems)]


def _fire(state: st.GameState, seat: st.SeatState, ids: list[str], h: Hex, blocked) -> dict:
    out = list(blocked)
    m, cat = game_map(state), catalogue_for(state)
    known, _ = known_enemies(state, seat.side)
    if not out and state.opfire is not None:
        return _opportunity(state, seat, ids, h)
    if h not in known:
        out.append(reason("fire/no_target", "no enemy unit you can see in the hex", "10.1"))
        return {"action": "fire", "ok": False, "reasons": out}
    blocked, out = out, []
    kinds = [k for k in (DIRECT, ANTI_TANK)
             if any((fv := fire_value(cat, state.units[x], k)) and fv.strength > 0 for x in ids)]
    armored = [u for u in state.units_at(h) if u.side != seat.side and armor(cat, u) is not None]
    by_kind: dict[str, list[dict]] = {}
    for kind in kinds or [DIRECT]:
        if kind == ANTI_TANK and not armored:
            by_kind[kind] = [reason("fire/no_armored_target", "anti-tank fire needs an "
                                    "armored enemy unit you can see", "11.1")]
            continue
        why = _firer_reasons(state, ids, h, kind)
        if not why and not blocked:
            if kind == DIRECT:
                problems = validate_fire(m, state, FireDeclaration(tuple(ids), h), cat)
            else:
                problems = next(
                    (p for p in (validate_anti_tank(m, state, FireDeclaration(
                        tuple(ids), h, kind=ANTI_TANK, target_unit=t.id), cat)
                        for t in armored) if not p),
                    validate_anti_tank(m, state, FireDeclaration(
                        tuple(ids), h, kind=ANTI_TANK, target_unit=armored[0].id), cat),
                )
            why = _engine_problems("fire/refused", problems)
        if not why and not blocked:
            return {"action": "fire", "ok": True, "reasons": []}
        by_kind[kind] = why
    out = blocked + [r for k in by_kind for r in by_kind[k]]
    return {"action": "fire", "ok": False, "reasons": list({r["message"]: r for r in out}.values())}


def _opportunity(state: st.GameState, seat: st.SeatState, ids: list[str], h: Hex) -> dict:
    """During an opportunity-fire window: only the mover, in the hex it entered (13.0)."""
    w = state.opfire
    m, cat = game_map(state), catalogue_for(state)
    if h != w.hex:
        return {"action": "fire", "ok": False, "reasons": [reason(
            "fire/not_the_mover", "opportunity fire is at the moving unit, in the hex it has "
            "just entered", "13.0")]}
    may = {c["unit"] for x in w.movers if state.units[x].on_map
           for c in opportunity_fire_candidates(m, state, x, cat, already_fired=w.fired)}
    out = []
    for uid in ids:
        if uid in may:
            continue
        u = state.units[uid]
        if uid in w.fired:
            out.append(reason("fire/already_fired", f"{_name(state, uid)} has already fired "
                              "at this mover in this hex", "13.21"))
        elif u.moved_fired:
            out.append(reason("unit/moved_fired", f"{_name(state, uid)} has activated this "
                              "turn and cannot opportunity-fire", "13.0"))
        else:
            out += _firer_reasons(state, [uid], h, DIRECT) or [reason(
                "fire/refused", f"{_name(state, uid)} may not opportunity-fire here", "13.0")]
    return {"action": "fire", "ok": not out, "reasons": out}


def _assault(state: st.GameState, seat: st.SeatState, ids: list[str], h: Hex, blocked) -> dict:
    out = list(blocked)
    m, cat = game_map(state), catalogue_for(state)
    known, _ = known_enemies(state, seat.side)
    if h not in known:
        out.append(reason("assault/no_target", "no enemy unit you can see in the hex", "12.1"))
        return {"action": "assault", "ok": False, "reasons": out}
    if state.opfire is not None and state.opfire.side == seat.side:
        out.append(reason("turn/opportunity_fire", "a move is paused for opportunity fire",
                          "13.0"))
    start = state.units[ids[0]].hex
    if distance(start, h) != 1:
        charge = "extended_assault" in state.options
        out.append(reason(
            "assault/not_adjacent",
            "an assault moves into an adjacent hex" + (
                "; a charge of 2-3 hexes is for tank-led AFVs along their line of sight"
                if charge else ""),
            "12.1, 17.5" if charge else "12.1"))
    out += _engine_problems("assault/refused", assault_problems(m, state, ids, h, cat))
    active = _active(state, seat, ids)
    if active is state and state.opfire is None and any(not may_move(state, x) for x in ids):
        spent = [x for x in ids if not may_move(state, x)]
        out.append(reason("unit/acted", f"{_names(state, spent)} has fired or ended its "
                          "move in this activation", "3.1"))
    elif distance(start, h) == 1:
        out += _reach(active, ids, h)
    return {"action": "assault", "ok": not out, "reasons": out}


def _bombard(state: st.GameState, seat: st.SeatState, ids: list[str], h: Hex, blocked) -> dict:
    out = list(blocked)
    m, cat = game_map(state), catalogue_for(state)
    known, _ = known_enemies(state, seat.side)
    blind = double_blind(state)
    if state.opfire is not None and state.opfire.side == seat.side:
        out.append(reason("turn/opportunity_fire", "opportunity fire is direct or anti-tank "
                          "fire", "13.0"))
    if h not in known and not blind:
        out.append(reason("bombard/no_target", "no enemy unit you can see in the hex", "9.1"))
        return {"action": "bombard", "ok": False, "reasons": out}
    blocked, out = out, _firer_reasons(state, ids, h, BOMBARDMENT)
    if not out and not blocked:
        a = state.activation
        leaders = [None] + sorted(
            x for x in (a.units if a else ()) if ctype(cat, state.units[x]).is_leader
            and state.units[x].on_map)
        if h not in known:  # blind fire needs a spotting leader (18.8)
            leaders = leaders[1:]
        tries = [validate_bombardment(m, state, FireDeclaration(
            tuple(ids), h, kind=BOMBARDMENT, spotter=sp), cat) for sp in leaders]
        if not any(p == [] for p in tries):
            if h not in known and not leaders:
                out.append(reason("bombard/blind_needs_spotter", "blind fire at a hex with no "
                                  "enemy you can see needs an activated leader who can spot "
                                  "it", "18.8"))
            else:
                out = _engine_problems("bombard/refused", tries[0])
    out = blocked + out
    return {"action": "bombard", "ok": not out, "reasons": out}


def why_not(state: st.GameState, seat_id: str, unit_ids: list[str], label: str) -> dict[str, Any]:
    """For each of move, fire, assault and bombard: may the units do it at the hex now, and
    if not, every reason with its rule. Raises ValueError for a label not on the map."""
    seat = next((s for s in state.seats if s.id == seat_id), None)
    if seat is None:
        raise ValueError(f"no seat {seat_id!r}")
    h = parse_hex(state, label)
    if state.phase == st.SETUP:  # the one thing a unit may do before turn 1 (D-SETUP-1)
        answer = {"hex": hex_label(state, h), "actions": [_deploy(state, seat, unit_ids, h)]}
        return _in_words(state, seat.side, answer)
    state = knowledge.seen_by(state, seat.side)
    ids = list(dict.fromkeys(unit_ids))
    blocked = _own(state, seat, ids) if ids else [
        reason("unit/none", "select a unit first", "3.1")]
    if not blocked:
        blocked = _turn(state, seat, ids) or _marked(state, ids)
    if blocked and blocked[0]["code"] in ("unit/not_yours", "unit/not_on_map", "unit/none"):
        actions = [{"action": a, "ok": False, "reasons": list(blocked)} for a in ACTIONS]
    else:
        actions = [
            _move(state, seat, ids, h, blocked),
            _fire(state, seat, ids, h, blocked),
            _assault(state, seat, ids, h, blocked),
            _bombard(state, seat, ids, h, blocked),
        ]
    answer = {"hex": hex_label(state, h), "actions": actions}
    return _in_words(state, seat.side, answer)


def _deploy(state: st.GameState, seat: st.SeatState, ids: list[str], h: Hex) -> dict[str, Any]:
    """Whether the picked unit may be placed in the hex now (D-SETUP-1..2), and why not."""
    try:
        deployment.apply(state, seat, Command("deploy", (("unit", ids[0] if ids else ""),
                                                         ("hex", hex_label(state, h)))))
    except IllegalCommand as exc:
        return {"action": "deploy", "ok": False,
                "reasons": [reason("setup/not_here", str(exc).removeprefix("deploy: "),
                                   exc.rule or deployment.RULE)]}
    return {"action": "deploy", "ok": True, "reasons": []}


def _in_words(state: st.GameState, side: str, answer: dict[str, Any]) -> dict[str, Any]:
    """The answer as a player reads it: the validators' texts name counters by id; the
    side's own counters become their printed names, and under hidden information every other
    id its handle or "unseen" (redaction.for_side), so an answer never names what is hidden."""
    for action in answer["actions"]:
        for r in action["reasons"]:
            r["message"] = in_words(state, side, r["message"])
    return redaction.for_side(state, side, answer) if knowledge.in_force(state) else answer
