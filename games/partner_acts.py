"""A team partner's command in words, and the `by` of their side's frame of the step (who
acted, what they did), so a partner's page with a command proposed can tell why it went.

Read by the write path (the live frame: services/commands.py, services/endings.py), by the
catch-up a reconnecting socket gets (selectors.catch_up) and by the refusal of a command
that lost a race (services/race.py): one function, so a frame rebuilt from the command log
says what the live one said."""

from __future__ import annotations

from typing import Any

from games import engine_adapter as engine

# For a command the player had proposed and not yet sent when a partner's arrived: the page
# drops it (it is no longer legal) and says so with the partner's deed (`by`).
UNSENT = "Your proposed command was not sent: look at the board again and choose."

# The partner's command as a verb phrase; `{units}` names their own units, `{hex}` the place.
VERBS = {
    "roll_initiative": "rolled for initiative",
    "activate": "activated {units}{at}",
    "move": "moved {units} to {hex}",
    "exit": "moved {units} off the map",
    "fire": "fired with {units} at {hex}",
    "bombard": "bombarded {hex}",
    "opportunity_fire": "took opportunity fire with {units}",
    "assault": "assaulted {hex} with {units}",
    "recover": "tried to recover {units}",
    "load": "loaded {units}",
    "unload": "unloaded {units}",
    "air_strike": "called an air strike on {hex}",
    "dig_in": "dug in {units}",
    "consolidate": "consolidated {units}",
    "end_activation": "ended the activation",
    "pass": "passed the action segment",
    "decline": "declined opportunity fire",
    "bank_segment": "banked a segment",
    "double_segment": "took a double segment",
    "resign": "resigned",
    "end_agreed": "ended the game as the players agreed",
}


def _unit_ids(command: dict) -> list[str]:
    ids = [command.get("unit"), *command.get("units", []), *command.get("firers", [])]
    return [i for i in ids if isinstance(i, str)]


def _place(command: dict) -> str:
    path = command.get("path")
    if isinstance(path, list) and path:
        return str(path[-1])
    target = command.get("target") or command.get("hex")
    return str(target) if isinstance(target, str) else "a hex"


def command_in_words(command: Any, state: Any, side: str) -> str:
    """A partner's command as a phrase, naming only their side's own counters, by the names
    the board prints (rules faces: "2nd Grenadier platoon", "Leutnant Becker"), never by a
    catalogue entry with its ratings."""
    if not isinstance(command, dict):
        return "acted"
    faces = engine.counter_faces(state.scenario_id) if state is not None else {}
    rows = engine.unit_rows(state) if state is not None else {}
    names = []
    for uid in _unit_ids(command):
        unit = rows.get(uid)
        if unit is None or unit["side"] != side:
            continue
        name = faces.get("units", {}).get(uid, {}).get("name") or faces.get("types", {}).get(
            unit["type_id"], {}
        ).get("label")
        if name:
            names.append(name)
    units = ", ".join(dict.fromkeys(names)) or "their units"
    at = f" in {command['hex']}" if isinstance(command.get("hex"), str) else ""
    verb = VERBS.get(str(command.get("type")), "acted ({type})")
    return verb.format(units=units, hex=_place(command), at=at, type=command.get("type"))


def partner_first(who: str, seat_id: str, words: str) -> str:
    """A partner's command that came first, in the words every page and refusal uses."""
    return f"Your partner {who} ({seat_id}) acted first: {who} {words}."


def player_of(seat: Any) -> str:
    """The name of the player in a seat, as the partner's words give it."""
    return seat.user.get_username() if seat.user_id else "an empty seat"


def acted_by(seat: Any, command: Any, before: Any) -> dict | None:
    """Who of a team side acted, and what they did, for their side's frame of the step
    (broadcast `by`): a partner's page with a command proposed, and no longer legal, tells
    its player why it went (`acted_first`). None where the seat has no partner to tell.
    `seat` is the step's Seat with its user, `before` the state the command was applied to."""
    sides = engine.seat_sides(before)
    side = sides.get(seat.seat_id)
    if side is None or sum(1 for s in sides.values() if s == side) < 2:
        return None
    who = player_of(seat)
    words = command_in_words(command, before, side)
    return {
        "side": side,
        "seat": seat.seat_id,
        "player": who,
        "acted_first": f"{partner_first(who, seat.seat_id, words)} {UNSENT}",
    }
