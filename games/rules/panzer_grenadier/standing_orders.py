"""Standing orders: a side's pre-set answers to opportunity-fire windows (13.0, 13.21).

A standing order is plain data the side sets before the window opens:

    {"units": {"kind": "all"} | {"kind": "formation", "id": "..."} | {"kind": "hex", "hex":
               "A0205"} | {"kind": "type", "type": "tank"},
     "at": {"kind": "any"} | {"kind": "afv"} | {"kind": "hexes", "hexes": ["A0206", ...]}
           | {"kind": "within", "range": 2},
     "min_chance": 0..100,   # the chance (percent) of any result the attack must reach
     "answer": "fire" | "never" | "ask"}

The side's orders are read top to bottom when a window opens for it; the first order whose
`units` name a unit able to fire at a mover its `at` accepts decides: `fire` sends the best
such attack (the highest chance of any result) if it reaches `min_chance`, else the next
order is read; `never` declines the window; `ask` leaves it to the player. No order
matching leaves it to the player too. A firing order answers again and again while the
window stays open, each unit firing once at a mover in a hex (13.21), so an order can bring
every unit it names to bear.

The answer is built only from what the side may know: the legal commands of its seat and
the odds the board would show it (`preview.known_odds` under hidden information). A mover
whose values the side does not know is no AFV to an `afv` order, and an attack whose odds
it cannot know does not reach any `min_chance`.

An opportunity-fire order may carry `"combine": true`: besides each unit's own shot, it
weighs the direct fire of the units it names standing in one hex, together, at one mover,
with a leader of theirs in that hex adding his combat modifier (10.1, 13.0, D8), and sends
whichever has the best chance.

The other decisions the engine asks of a side that is not moving have orders of their own,
named by `window` (an order without one is an opportunity-fire order):

    {"window": "no_shot", "answer": "never" | "ask"}
        a window in which no unit of the side may fire (under hidden information the window
        opens whenever the side is in contact with the mover, D-DB-OPFIRE): `never`
        declines it.
    {"window": "takeback", "answer": "accept" | "decline" | "ask"}
        the other side's offer to take back its last activation (D-TAKEBACK-1).

A collision (18.7) asks the side that is not moving nothing, so it has no order
(D-ORDERS-2).
"""

from __future__ import annotations

from typing import Any

from ..common.hexgrid import distance
from ..common.standing_orders import (
    ANSWERS,
    TARGET_FILTERS,
    check_answer,
    check_at,
    check_chance,
)
from .core import hooks
from .core import state as st
from .core.activation import commands_unit
from .core.opportunity import opportunity_fire_options
from .core.registry import catalogue_for, hex_label, parse_hex
from .core.units import UNIT_KINDS
from .double_blind import knowledge, redaction
from .optional import takeback
from .optional.formation import formations_of
from .preview import attack_odds, known_odds

UNIT_FILTERS = ("all", "formation", "hex", "type")


OPPORTUNITY_FIRE, NO_SHOT, TAKEBACK = "opportunity_fire", "no_shot", "takeback"
WINDOWS = (OPPORTUNITY_FIRE, NO_SHOT, TAKEBACK)
# The answers an order of each other window may give (opportunity fire: common ANSWERS).
WINDOW_ANSWERS = {NO_SHOT: ("never", "ask"), TAKEBACK: ("accept", "decline", "ask")}
TAKEBACK_COMMANDS = {"accept": {"type": "accept_takeback"},
                     "decline": {"type": "decline_takeback"}}


def check_standing_order(state: st.GameState, side: str, raw: Any) -> dict:
    """The order in its normal form, or ValueError saying what is wrong with it (13.0)."""
    if not isinstance(raw, dict):
        raise ValueError("a standing order is an object with units, at, min_chance and answer")
    window = raw.get("window", OPPORTUNITY_FIRE)
    if window not in WINDOWS:
        raise ValueError(f"window must be one of {', '.join(WINDOWS)}")
    if window != OPPORTUNITY_FIRE:
        answers = WINDOW_ANSWERS[window]
        if raw.get("answer") not in answers:
            raise ValueError(f"a {window} order's answer must be one of {', '.join(answers)}")
        return {"window": window, "answer": raw["answer"]}
    answer = check_answer(raw)
    units = _check_units(state, side, raw.get("units", {"kind": "all"}))
    at = check_at(raw.get("at", {"kind": "any"}), lambda h, where: _label(state, h, where))
    chance = check_chance(raw)
    combine = raw.get("combine", False)
    if not isinstance(combine, bool):
        raise ValueError("combine must be true or false")
    # Orders stored before `combine` existed have no such key: it is written only when on.
    extra = {"combine": True} if combine else {}
    return {"units": units, "at": at, "min_chance": chance, "answer": answer, **extra}


def standing_order_choices(state: st.GameState, side: str) -> dict:
    """What a standing order of the side may name, for the board's form (13.0)."""
    kinds = sorted({("leader" if t.is_leader else t.kind)
                    for u in state.units.values() if u.side == side
                    for t in [catalogue_for(state)[u.type_id]]})
    return {
        "window": "opportunity fire (13.0)",
        "answers": list(ANSWERS),
        "units": [{"kind": "all"}]
        + [{"kind": "formation", "id": f.id, "name": f.name} for f in formations_of(state, side)]
        + [{"kind": "hex"}] + [{"kind": "type", "type": k} for k in kinds],
        "at": [{"kind": k} for k in TARGET_FILTERS],
        "chance": True,
        "combine": True,
        # Only the decisions this game can ask: a window with no shot opens only under
        # hidden information (D-DB-OPFIRE), an offer only with take-backs (D-TAKEBACK-1).
        "windows": [
            *([{"window": NO_SHOT, "answers": list(WINDOW_ANSWERS[NO_SHOT]),
                "when": "no unit of yours may fire at the mover (hidden information, 18.0)"}]
              if knowledge.in_force(state) else []),
            *([{"window": TAKEBACK, "answers": list(WINDOW_ANSWERS[TAKEBACK]),
                "when": "the other side offers to take back its last activation"}]
              if takeback.in_use(state) else []),
        ],
    }


def _check_units(state: st.GameState, side: str, raw: Any) -> dict:
    kind = raw.get("kind") if isinstance(raw, dict) else None
    if kind not in UNIT_FILTERS:
        raise ValueError(f"units.kind must be one of {', '.join(UNIT_FILTERS)}")
    if kind == "formation":
        ids = [f.id for f in formations_of(state, side)]
        if raw.get("id") not in ids:
            raise ValueError(f"units.id {raw.get('id')!r} is no formation of {side} "
                             f"(the scenario's: {', '.join(ids) or 'none'})")
        return {"kind": kind, "id": raw["id"]}
    if kind == "hex":
        return {"kind": kind, "hex": _label(state, raw.get("hex"), "units.hex")}
    if kind == "type":
        kinds = (*UNIT_KINDS, "leader")
        if raw.get("type") not in kinds:
            raise ValueError(f"units.type must be one of {', '.join(kinds)}")
        return {"kind": kind, "type": raw["type"]}
    return {"kind": "all"}


def _label(state: st.GameState, raw: Any, where: str) -> str:
    if not isinstance(raw, str):
        raise ValueError(f"{where} must be a hex label")
    try:
        return hex_label(state, parse_hex(state, raw.strip().upper()))
    except ValueError:
        raise ValueError(f"{where}: {raw!r} is not a hex of this map") from None


def standing_order_answer(state: st.GameState, seat_id: str, orders: list[dict]) -> dict | None:
    """The command the side's standing orders give a seat of it in the open window, or None
    to leave the window to the player (13.0, 13.21, D-TAKEBACK-1, D-ORDERS-2)."""
    seat = next((s for s in state.seats if s.id == seat_id), None)
    if seat is None or not orders:
        return None
    if hooks.first("answering_side", state) == seat.side:
        return _takeback_answer(orders)
    w = state.opfire
    if w is None or seat.side != w.side:
        return None
    options = opportunity_fire_options(state, seat)
    if not options:
        return _no_shot_answer(state, seat, orders)
    for order in orders:
        if order.get("window", OPPORTUNITY_FIRE) != OPPORTUNITY_FIRE:
            continue
        matching = [c for c in options if _names_firer(state, seat.side, order, c)
                    and _accepts_target(state, seat.side, order, c)]
        if not matching:
            continue
        if order["answer"] == "never":
            return {"type": "decline"}
        if order["answer"] == "ask":
            return None
        if order.get("combine"):
            matching += _combined(state, seat, matching)
        # The first of the best: the options come in a fixed order, so the answer is too.
        chances = [_chance(state, seat.side, c) for c in matching]
        best = max(range(len(matching)), key=chances.__getitem__)
        if chances[best] * 100 >= order["min_chance"]:
            return _in_seat_terms(state, seat.side, matching[best])
    return None


def _first_of(orders: list[dict], window: str) -> dict | None:
    return next((o for o in orders if o.get("window") == window), None)


def _takeback_answer(orders: list[dict]) -> dict | None:
    """The side's answer to an offer to take back an activation (D-TAKEBACK-1)."""
    order = _first_of(orders, TAKEBACK)
    if order is None or order["answer"] == "ask":
        return None
    return dict(TAKEBACK_COMMANDS[order["answer"]])


def _no_shot_answer(state: st.GameState, seat: st.SeatState, orders: list[dict]) -> dict | None:
    """A window where this seat has no shot: declined by a `no_shot` order only when no seat
    of the side has one either (a partner may still fire, D21)."""
    order = _first_of(orders, NO_SHOT)
    if order is None or order["answer"] != "never":
        return None
    partners = [s for s in state.seats if s.side == seat.side and s.id != seat.id]
    if any(opportunity_fire_options(state, s) for s in partners):
        return None
    return {"type": "decline"}


def _combined(state: st.GameState, seat: st.SeatState, singles: list[dict]) -> list[dict]:
    """The combined shots the matching single ones make: per mover, the units of one hex
    firing direct fire together, alone or with each leader of the seat's in that hex adding
    his modifier (10.1, 13.0, D8). An illegal one (a leader who activated) shows no chance."""
    groups: dict[tuple, list[str]] = {}
    for c in singles:
        if c["fire_type"] == "direct":
            h = state.units[c["firers"][0]].hex
            groups.setdefault((c["target"], h), []).append(c["firers"][0])
    cat = catalogue_for(state)
    out = []
    for (target, h), firers in groups.items():
        firers = sorted(set(firers))
        base = {"type": "opportunity_fire", "firers": firers, "target": target,
                "fire_type": "direct"}
        if len(firers) > 1:
            out.append(base)
        leaders = sorted(u.id for u in state.units_at(h) if u.side == seat.side
                         and cat[u.type_id].is_leader and commands_unit(state, seat.id, u))
        out += [{**base, "leader": led} for led in leaders]
    return out


def _names_firer(state: st.GameState, side: str, order: dict, cmd: dict) -> bool:
    u = state.units[cmd["firers"][0]]
    f = order["units"]
    if f["kind"] == "formation":
        return any(x.id == f["id"] and u.id in x.units for x in formations_of(state, side))
    if f["kind"] == "hex":
        return hex_label(state, u.hex) == f["hex"]
    if f["kind"] == "type":
        t = catalogue_for(state)[u.type_id]
        return ("leader" if t.is_leader else t.kind) == f["type"]
    return True


def _accepts_target(state: st.GameState, side: str, order: dict, cmd: dict) -> bool:
    w, f = state.opfire, order["at"]
    if f["kind"] == "afv":
        # What the mover is counts only when the side knows its values (17.8, 18.0).
        if knowledge.in_force(state) and not knowledge.detail_known(state, side, w.hex):
            return False
        return catalogue_for(state)[state.units[cmd["target"]].type_id].is_afv
    if f["kind"] == "hexes":
        return hex_label(state, w.hex) in f["hexes"]
    if f["kind"] == "within":
        return distance(state.units[cmd["firers"][0]].hex, w.hex) <= f["range"]
    return True


def _chance(state: st.GameState, side: str, cmd: dict) -> float:
    """The chance of any result the board would show the side for this attack (0 unknown)."""
    shown = _in_seat_terms(state, side, cmd)
    odds = known_odds(state, shown, side) if knowledge.in_force(state) else attack_odds(
        state, shown, side)
    if not odds or not odds.get("legal", True):
        return 0.0
    return float(odds.get("any_effect", 0.0))


def _in_seat_terms(state: st.GameState, side: str, cmd: dict) -> dict:
    """The command as the seat's click would send it: enemy counters by the side's handles
    under hidden information (18.0)."""
    if not knowledge.in_force(state):
        return cmd
    return redaction.legal_out(state, side, {"opportunity_fire": [cmd]})["opportunity_fire"][0]

