"""What each audience sees (boardgame.io's one filter): units are open information in Panzer
Leader; indirect-fire orders are secret to their side (13.3) and a minefield is known only to
its owner until a unit finds it (17.1). Every outbound channel goes through `view_for` and
`redact_events`.
"""

from __future__ import annotations

from . import crt
from .scenario import board_of
from .spotting import is_spotted
from .state import ENDED, GameState
from .units import catalogue


def knows(state: GameState, audience: tuple) -> set[str]:
    """The sides whose secrets the audience may see."""
    if audience[0] == "full" or state.phase == ENDED:
        return set(state.sides)
    if audience[0] == "side":
        return {audience[1]}
    if audience[0] == "seat":
        side = state.seat_side(audience[1])
        return {side} if side else set()
    return set()  # the public: nobody's secrets


def view_for(state: GameState, audience: tuple) -> dict:
    mine = knows(state, audience)
    m = board_of(state)
    units = []
    for u in sorted(state.units.values(), key=lambda u: u.id):
        entry = {
            "id": u.id, "type": u.type_id, "side": u.side, "hex": u.hex,
            "status": u.status, "fired": u.fired, "opfired": u.opfired,
            "carried_by": u.carried_by, "eliminated": u.eliminated, "exited": u.exited,
            "entry_turn": u.entry_turn, "entry": list(u.entry),
            "moved": u.moved, "mp_spent": u.mp_spent, "in_fort": u.in_fort,
        }
        if u.on_map and m.is_cover(m.hex(u.hex)):
            entry["spotted"] = is_spotted(state, u, state.enemy(u.side))
        if u.side in mine and u.order is not None:
            entry["order"] = {"hex": u.order["hex"], "turn": u.order["turn"]}
        units.append(entry)
    return {
        "ruleset": "panzer_leader",
        "scenario": state.scenario_id,
        "turn": state.turn, "turns": state.turns,
        "active": state.active, "phase": state.phase,
        "options": list(state.options),
        "units": units,
        "wrecks": dict(state.wrecks),
        "blocks": list(state.blocks),
        "forts": {h: dict(f) for h, f in state.forts.items()},
        "minefields": sorted(h for h, mf in state.mines.items()
                             if mine and set(mf["known"]) & mine
                             or not mine and set(mf["known"]) >= set(state.sides)),
        "control": dict(state.control),
        "pending": _pending(state),
        "result": state.result,
        "crt_provisional": crt.PROVISIONAL,
    }


def _pending(state: GameState) -> dict | None:
    if not state.pending:
        return None
    return {"mover": state.pending["mover"], "eligible": list(state.pending["eligible"])}


def redact_events(events: list[dict], audience: tuple, state: GameState) -> list[dict]:
    """The events of a step an audience may see: private ones only for their side."""
    mine = knows(state, audience)
    return [e for e in events if e.get("private") is None or e["private"] in mine]


def face(type_id: str) -> dict:
    """What the board prints on a counter (1.1): attack, class, range, defence, movement."""
    t = catalogue()[type_id]
    return {
        "name": t.name, "nationality": t.nationality, "kind": t.kind,
        "attack": t.attack, "weapon": "(H)" if t.weapon == "HI" else t.weapon,
        "range": f"{t.range}*" if t.star else str(t.range),
        "defense": t.defense, "movement": t.movement, "vehicle": t.vehicle,
        "armored": t.armored, "representative": t.representative,
    }
