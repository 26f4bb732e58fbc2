"""What each audience sees (boardgame.io's one filter). Units on land are open information
in Panzer Leader; three things are secret: indirect-fire orders (13.3) and naval orders
(19.4) to their side, a minefield to its owner until a unit finds it (17.1), and a unit
afloat to the other side and the public until it is fired on or lands (19.3, hidden.py).
While a side places the units of its set-up areas, where they go is its own (PL-E1).
Every outbound channel goes through `view_for` and `redact_events`.
"""

from __future__ import annotations

from .core import deployment, hidden, markers
from .core.scenario import game_map
from .core.sight import in_cover
from .core.spotting import is_spotted
from .core.state import ENDED, GameState
from .core.units import catalogue
from .engine import who_may_act
from .preview import PREVIEWS


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


def viewer(state: GameState, audience: tuple) -> str:
    """Whose handles the audience holds: a side's, or the public's."""
    mine = knows(state, audience)
    return next(iter(mine)) if len(mine) == 1 else "public"


def view_for(state: GameState, audience: tuple) -> dict:
    mine = knows(state, audience)
    who = viewer(state, audience)
    if audience[0] != "full":  # another side's set-up in progress is its own (PL-E1)
        state = deployment.as_seen_by(state, next(iter(mine)) if len(mine) == 1 else None)
    # The side whose counters the board outlines as the viewer's own: a player's, never a
    # spectator's (nor anyone's once the game is open to all at the end).
    own_side = next(iter(mine)) if audience[0] in ("side", "seat") and len(mine) == 1 else None
    m = game_map(state)
    units = []
    for u in state.units.values():
        if hidden.hidden_from(state, u, mine):
            units.append(hidden.view_entry(state, u, who))
            continue
        carrier = state.units.get(u.carried_by) if u.carried_by else None
        if carrier is not None and hidden.hidden_from(state, carrier, mine):
            continue  # aboard a face-down counter: part of it
        entry = {
            "id": u.id, "type": u.type_id, "side": u.side, "hex": u.hex,
            "status": u.status, "fired": u.fired, "opfired": u.opfired,
            "carried_by": u.carried_by, "eliminated": u.eliminated, "exited": u.exited,
            "entry_turn": u.entry_turn, "entry": list(u.entry),
            "moved": u.moved, "mp_spent": u.mp_spent, "in_fort": u.in_fort,
            "under_bridge": u.under_bridge, "afloat": u.afloat,
            "own": u.side == own_side,
        }
        if u.facing is not None:
            entry["facing"] = u.facing
        if u.on_map and in_cover(state, m.hex(u.hex)):
            entry["spotted"] = is_spotted(state, u, state.enemy(u.side))
        if u.side in mine and u.order is not None:
            entry["order"] = {"hex": u.order["hex"], "turn": u.order["turn"],
                              "target": u.order.get("target", "units"),
                              "smoke": bool(u.order.get("smoke"))}
        if u.side in mine and u.vehicle:
            entry["vehicle"] = u.vehicle
        if u.side in mine and u.equipped:  # an invasion engineer: one task, no vehicle (QA E11)
            entry["equipped"] = True
            entry["tasks_done"] = u.tasks_done
        entry["chips"] = markers.chips(state, u, entry)
        units.append(entry)
    units.sort(key=lambda e: e["id"])  # by the name shown: never by a hidden id
    laid = markers.on_map(state, mine, who)
    for entry in units:
        if entry.get("hidden"):  # face down: the marks laid on it by its handle, no more
            entry["chips"] = markers.hidden_chips(str(entry["id"]), laid)
    return {
        "ruleset": "panzer_leader",
        "scenario": state.scenario_id,
        "turn": state.turn, "turns": state.turns,
        "active": state.active_side, "phase": state.phase,
        # Who decides now: the phasing side, or the other side while a window is open.
        "may_act": list(who_may_act(state)),
        "to_act": None if state.phase == ENDED else (
            state.enemy(state.active_side) if state.pending else state.active_side),
        "options": list(state.options),
        "units": units,
        "wrecks": dict(state.wrecks),
        "blocks": list(state.blocks),
        "forts": {h: dict(f) for h, f in state.forts.items()},
        "minefields": sorted(h for h, mf in state.mines.items()
                             if markers.knows_mine(state, mf, mine)),
        "markers": laid,
        "aircraft": _aircraft(state),
        "naval": _naval(state, mine),
        "tasks": [dict(t) for t in state.tasks if t["side"] in mine],
        "control": dict(state.control),
        "pending": _pending(state),
        "result": state.result,
        **_player_part(audience),
        **_setup_part(state, own_side),
    }


def _setup_part(state: GameState, side: str | None) -> dict:
    """The set-up areas of the side placing now, on its own board only (PL-E1)."""
    areas = deployment.areas_view(state, side)
    return {"setup_areas": areas} if areas is not None else {}


def _player_part(audience: tuple) -> dict:
    """What a player's board needs to ask the referee: the command types that have a preview
    (any other is answered "no preview"), so the page holds no list of its own."""
    return {"previewed": sorted(PREVIEWS)} if audience[0] in ("side", "seat") else {}


def _aircraft(state: GameState) -> list[dict]:
    return [{"id": p["id"], "type": p["type"], "side": p["side"], "hex": p.get("hex"),
             "lost": p["lost"], "ordnance": p["ordnance"], "ordnance_left": p["ordnance_left"],
             "mg_left": p["mg_left"]} for _, p in sorted(state.aircraft.items())]


def _naval(state: GameState, mine: set[str]) -> dict:
    out = {"grants": [dict(g) for g in state.naval], "used": dict(state.naval_used)}
    out["orders"] = [dict(o) for o in state.naval_orders if o["side"] in mine]
    return out


def _pending(state: GameState) -> dict | None:
    if not state.pending:
        return None
    p = state.pending
    return {"kind": p["kind"], "mover": p.get("mover"), "targets": list(p.get("targets", ())),
            "eligible": list(p["eligible"]), "aircraft": list(p.get("aircraft", ()))}


def redact_events(events: list[dict], audience: tuple, state: GameState) -> list[dict]:
    """The events of a step an audience may see: private ones only for their side, hidden
    units by their handles (19.3)."""
    mine = knows(state, audience)
    who = viewer(state, audience)
    out = []
    for e in events:
        if e.get("private") is not None and e["private"] not in mine:
            continue
        if e.get("type") == "revealed" and e["side"] not in mine:
            e = {**e, "was": hidden.handle(state, who, state.units[e["units"][0]])}
        out.append(hidden.mask(state, e, who, mine))
    return out


def face(type_id: str) -> dict:
    """What the board prints on a counter (1.1): attack, class, range, defence, movement."""
    t = catalogue()[type_id]
    return {
        "name": t.name, "nationality": t.nationality, "kind": t.kind,
        "attack": t.attack, "weapon": "(H)" if t.weapon == "HI" else t.weapon,
        "weapons": [("(H)" if w == "HI" else w) for w in t.weapons],
        "range": f"{t.range}*" if t.star else str(t.range),
        "defense": t.defense, "movement": t.movement, "vehicle": t.vehicle,
        "armored": t.armored, "representative": t.representative,
    }
