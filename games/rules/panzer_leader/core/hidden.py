"""Units afloat are face down (19.2, 19.3): the enemy sees a counter on a sea hex, not what
it is.

The Allied player places his landing units inverted on the sea hexes, one a hex; the German
must commit his fire at a sea hex before the unit there is revealed. So, to the other side
and to the public, a unit afloat is a counter with a handle in place of its id (its id names
its type) and nothing else but its side, its sea hex and a dispersed mark (19.3: a spare
Spotted marker instead of inversion). The handle depends only on the viewer and the sea hex
(public anyway), made opaque with the game's secret when the game is armed, so nothing in a
view or event depends on what the counter is. The unit is revealed to all when it is
attacked (`combat.resolve` reveals before it rolls) or when it lands; at the end of the
game everything is open.
"""

from __future__ import annotations

from ...common import handles
from ...common.errors import IllegalCommand
from .state import ENDED, GameState, Unit


def is_hidden(unit: Unit) -> bool:
    """Face down on a sea hex: afloat and not yet fired on (19.3)."""
    return unit.afloat and not unit.revealed and unit.hex is not None


def hidden_from(state: GameState, unit: Unit, sides: set[str]) -> bool:
    """Is this unit hidden from an audience that knows the secrets of `sides`?"""
    return state.phase != ENDED and is_hidden(unit) and unit.side not in sides


def handle(state: GameState, viewer: str, unit: Unit) -> str:
    """The name `viewer` (a side, or "public") knows a hidden unit by: its sea hex only."""
    key = f"afloat@{unit.hex}"
    if state.secret:
        return handles.handle(state.secret, viewer, key, 0)
    return key


def names(state: GameState, viewer: str, side: str) -> dict[str, str]:
    """unit id -> handle, for the units hidden from `side` (viewer names the handles)."""
    return {u.id: handle(state, viewer, u) for u in state.units.values()
            if hidden_from(state, u, {side})}


def resolve(state: GameState, side: str, value: str, verb: str) -> str:
    """The unit id a command names: a handle of a hidden enemy counter resolves to it; an id
    of a unit hidden from the side is refused exactly like an id of no unit at all, so a
    guess tells nothing (D-DB-HANDLE)."""
    hidden = names(state, side, side)
    if value in hidden:  # a real id of a hidden unit: as unknown as a made-up one
        raise IllegalCommand(f"{verb}: you know of no enemy unit {value!r}", rule="19.3")
    if value in hidden.values():
        return handles.resolve(hidden, value, verb)
    return value


def reveal(state: GameState, unit_ids: list[str], events: list) -> None:
    """Turn hidden counters face up: they are being attacked (19.3)."""
    for uid in unit_ids:
        u = state.units.get(uid)
        if u is not None and is_hidden(u):
            u.revealed = True
            events.append({"type": "revealed", "units": [uid], "side": u.side, "hex": u.hex,
                           "unit_type": u.type_id})


def mask(state: GameState, event: dict, viewer: str, sides: set[str]) -> dict:
    """An event as an audience may read it: hidden units named by their handles."""
    hidden = {u.id: u for u in state.units.values() if hidden_from(state, u, sides)}
    if not hidden or not isinstance(event.get("units"), list):
        return event
    if not any(uid in hidden for uid in event["units"]):
        return event
    out = {k: v for k, v in event.items() if k != "unit_type"}
    out["units"] = [handle(state, viewer, hidden[uid]) if uid in hidden else uid
                    for uid in event["units"]]
    return out


def view_entry(state: GameState, unit: Unit, viewer: str) -> dict:
    """A hidden counter as the enemy and the public see it."""
    return {"id": handle(state, viewer, unit), "type": None, "side": unit.side,
            "hex": unit.hex, "status": unit.status, "afloat": True, "hidden": True,
            "eliminated": unit.eliminated}
