"""What a side's log line says its standing orders did in a window, taken from the side's own
view of the window (`engine.audience_view`): the mover as that view shows it (under hidden
information, its handle and only the detail the side has of it; no mover at all where the
view names none), the hex the view shows it in, and the side's own firers from the command
(which its orders sent in the seat's terms). Nothing else reaches the line, so it can say no
more than the side's board already does.

The board writes it in words (static/games/js/ui/order_answers.js); the record holds codes
and ids only, as events do.
"""

from __future__ import annotations

from typing import Any

# The fields of a view's counter entry that say what the counter is (never its values).
MOVER_FIELDS = ("id", "type", "name", "leader", "detail", "marker", "stack")
# The command groups of a seat's legal list that are shots in a window.
SHOTS = ("opportunity_fire", "anti_aircraft")
TAKEBACKS = {"accept_takeback": "accepted_takeback", "decline_takeback": "declined_takeback"}


def window_seen(view: dict, seat_id: str, command: dict) -> dict:
    """What the orders did, as the side's `view` of the open window shows it:
    {"did", "turn", "hex", "mover", "firers", "leader"} (`did`: fired, held_fire, no_shot,
    accepted_takeback, declined_takeback)."""
    kind = command.get("type")
    said: dict[str, Any] = {"turn": view.get("turn")}
    if kind in TAKEBACKS:
        return {"did": TAKEBACKS[kind], **said}
    mover_id, hex_label = _window(view)
    entry = _units(view).get(mover_id) if mover_id else None
    said["hex"] = hex_label
    said["mover"] = {k: entry[k] for k in MOVER_FIELDS if k in entry} if entry else None
    if kind == "decline":
        groups = (view.get("legal") or {}).get(seat_id) or {}
        shot = any(groups.get(g) for g in SHOTS) if isinstance(groups, dict) else False
        return {"did": "held_fire" if shot else "no_shot", **said}
    firers = command.get("firers") or command.get("units") or []
    out = {"did": "fired", **said, "firers": list(firers)}
    if command.get("leader"):
        out["leader"] = command["leader"]
    return out


def _units(view: dict) -> dict:
    units = view.get("units") or {}
    return units if isinstance(units, dict) else {u["id"]: u for u in units}


def _window(view: dict) -> tuple[str | None, str | None]:
    """The mover and its hex as the view shows them: Panzer Grenadier's `opfire`, Panzer
    Leader's `pending` (the mover's hex is its counter's in the view)."""
    w = view.get("opfire")
    if w:
        return w.get("mover"), w.get("hex")
    p = view.get("pending")
    if p and p.get("mover"):
        entry = _units(view).get(p["mover"])
        return p["mover"], entry.get("hex") if entry else None
    return None, None
