"""What a player is told when their command lost a race: another command was applied to the
version it was based on. In a team game that is usually a partner's, so the message names
the partner and what they did (from the command log), in words a player reads."""

from __future__ import annotations

from typing import Any

from games import engine_adapter as engine
from games import selectors
from games.models import GameStep, Seat

RETRY = "Your command was not applied: look at the board again and choose."
# The same for a command the player had proposed and not yet sent when a partner's arrived:
# the page drops it (it is no longer legal) and says so with the partner's deed (`by`).
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


def _player(seat: Seat) -> str:
    return seat.user.get_username() if seat.user_id else "an empty seat"


def acted_by(seat: Seat, command: Any, before: Any) -> dict | None:
    """Who of a team side acted, and what they did, for their side's frame of the step
    (broadcast `by`): a partner's page with a command proposed, and no longer legal, tells
    its player why it went (`acted_first`). None where the seat has no partner to tell."""
    sides = engine.seat_sides(before)
    side = sides.get(seat.seat_id)
    if side is None or sum(1 for s in sides.values() if s == side) < 2:
        return None
    who = _player(seat)
    words = command_in_words(command, before, side)
    return {
        "side": side,
        "seat": seat.seat_id,
        "player": who,
        "acted_first": f"{partner_first(who, seat.seat_id, words)} {UNSENT}",
    }


def lost_race_message(game_id: Any, base_version: int, seat: Seat) -> str:
    """Why a command based on `base_version` was refused: who acted first, and what they did."""
    step = (
        GameStep.objects.filter(game_id=game_id, version=base_version + 1)
        .select_related("seat__side", "seat__user")
        .only("command", "seat__seat_id", "seat__side__side_id", "seat__user__username")
        .first()
    )
    winner = step.seat if step is not None else None
    if winner is None:
        return f"The game moved on before your command arrived. {RETRY}"
    if winner.side_id != seat.side_id:
        return f"The other side acted before your command arrived. {RETRY}"
    state = selectors.state_at(game_id, base_version)
    words = command_in_words(step.command, state, winner.side.side_id)
    if winner.pk == seat.pk:
        return f"Your own earlier command came first (you {words}). {RETRY}"
    return f"{partner_first(_player(winner), winner.seat_id, words)} {RETRY}"
