"""Command shapes: parse and check a command's JSON before any rule looks at it.

A command is a complete, self-describing JSON object with a `type` and the fields its type
needs; `parse_command` returns a frozen `Command` or raises InvalidCommand naming the field.
Whether the command is allowed now is the engine's business (IllegalCommand), not this one's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...common.errors import InvalidCommand
from .serialize import encode

ACTIVATION_KINDS = ("unit", "stack", "leader", "afv_group", "formation")
FIRE_TYPES = ("direct", "anti_tank")

# field -> (kind, required). Kinds: id, ids, hex, hexes, counts (whole numbers 1-99),
# enum:<a|b>, bool.
SHAPES: dict[str, dict[str, tuple[str, bool]]] = {
    # The set-up phase of a scenario with set-up areas (D-SETUP-1).
    "deploy": {"unit": ("id", True), "hex": ("hex", True)},
    "undeploy": {"unit": ("id", True)},
    "setup_done": {},
    "roll_initiative": {},
    "activate": {
        "kind": ("enum:" + "|".join(ACTIVATION_KINDS), True),
        "unit": ("id", False),
        "hex": ("hex", False),
        "formation": ("id", False),  # kind "formation" (17.7)
        # The counters it activates, as offered: refused if they are not exactly those (3.1).
        "units": ("ids", False),
    },
    "move": {
        "unit": ("id", False),
        "units": ("ids", False),
        "path": ("hexes", True),
        # Double-blind: a leader-led move that collides assaults instead of bouncing (18.7).
        "assault_on_collision": ("bool", False),
    },
    "fire": {
        "firers": ("ids", True),
        "target": ("hex", True),
        "fire_type": ("enum:" + "|".join(FIRE_TYPES), False),
        "target_unit": ("id", False),
        "leader": ("id", False),
        "move_and_fire": ("bool", False),  # optional Efficient Move & Fire (17.3)
    },
    "exit": {"unit": ("id", False), "units": ("ids", False), "path": ("hexes", False)},
    "bombard": {
        "firers": ("ids", False),
        "increments": ("ids", False),  # off-board artillery (9.2), instead of firers
        "target": ("hex", True),
        "spotter": ("id", False),
        "smoke": ("bool", False),  # a smoke mission instead of an attack (D18)
        # Drumfire (17.2): the firing player resolves this firer's drumfire separately.
        "drumfire_separately": ("bool", False),
    },
    # HMG spray fire (10.1): one HMG's factors split between two or more hexes.
    "spray_fire": {"firer": ("id", True), "targets": ("hexes", True), "factors": ("counts", True)},
    "assault": {
        "units": ("ids", True),
        "target": ("hex", True),
        "path": ("hexes", False),  # optional Extended Assault (17.5): 2-3 hexes along the LOS
    },
    "recover": {"unit": ("id", True), "leader": ("id", False)},
    "dig_in": {"unit": ("id", True)},  # 16.2, D-DIG-1
    "air_strike": {  # 15.1, 11.4: a sortie of the scenario's air_support
        "sortie": ("id", True),
        "target": ("hex", True),
        "attack": ("enum:direct|anti_tank", True),
        "target_unit": ("id", False),
    },
    # Double-blind: where an arrived sortie attacks, after the declaration (18.9, D-AIR-4).
    "air_attack": {"target": ("hex", True), "target_unit": ("id", False)},
    "consolidate": {"units": ("ids", True)},  # optional 17.1
    "resign": {},  # any seat, any time: the other side wins (D-RESIGN-1)
    # A draw every seat agreed, or an abort before the first move: the server checks the
    # agreement and sends this for the game (D-AGREE-1).
    "end_agreed": {"outcome": ("enum:draw|abort", True)},
    "undo": {},  # take back the last move, load or unload of the activation (D-UNDO-1)
    # Take back a whole activation if the other side agrees (D-TAKEBACK-1).
    "offer_takeback": {},
    "accept_takeback": {},
    "decline_takeback": {},
    "load": {"unit": ("id", True), "transport": ("id", True)},
    "unload": {"unit": ("id", True)},
    "end_activation": {},
    "pass": {},
    "opportunity_fire": {
        "firers": ("ids", True),
        "target": ("id", True),
        "fire_type": ("enum:" + "|".join(FIRE_TYPES), False),
        "leader": ("id", False),
    },
    "decline": {},
    "bank_segment": {},
    "double_segment": {},
}
COMMAND_TYPES = tuple(SHAPES)
# Commands the players settle between them, carried out only by a plug-in (hooks.py
# `agreements`: the take-backs, D-TAKEBACK-1); with none installed they are refused.
AGREEMENT_TYPES = frozenset({"offer_takeback", "accept_takeback", "decline_takeback"})


@dataclass(frozen=True, slots=True)
class Command:
    """A well-formed command: its type and its fields, normalised (lists become tuples)."""

    type: str
    args: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == name:
                return v
        return default

    def to_json(self) -> dict:
        out: dict[str, Any] = {"type": self.type}
        for k, v in self.args:
            out[k] = list(v) if isinstance(v, tuple) else v
        return out


def _check(kind: str, name: str, value: Any) -> Any:
    if kind in ("id", "hex"):
        if not isinstance(value, str) or not value:
            raise InvalidCommand(f"field {name!r} must be a non-empty string", rule=name)
        return value
    if kind in ("ids", "hexes"):
        if not isinstance(value, list) or not value:
            raise InvalidCommand(f"field {name!r} must be a non-empty list of strings", rule=name)
        for v in value:
            if not isinstance(v, str) or not v:
                raise InvalidCommand(f"field {name!r} must hold only non-empty strings", rule=name)
        if kind == "ids" and len(set(value)) != len(value):
            raise InvalidCommand(f"field {name!r} names a unit twice", rule=name)
        return tuple(value)
    if kind == "counts":
        if not isinstance(value, list) or not value or not all(
            isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 99 for v in value
        ):
            raise InvalidCommand(f"field {name!r} must be a list of whole numbers 1-99", rule=name)
        return tuple(value)
    if kind.startswith("enum:"):
        allowed = kind[5:].split("|")
        if value not in allowed:
            raise InvalidCommand(
                f"field {name!r} must be one of {', '.join(allowed)}, not {value!r}", rule=name
            )
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise InvalidCommand(f"field {name!r} must be true or false", rule=name)
        return value
    raise AssertionError(kind)


def parse_command(raw: Any) -> Command:
    """Check a command's shape; InvalidCommand names the first field that is wrong."""
    if isinstance(raw, Command):
        return raw
    if not isinstance(raw, Mapping):
        raise InvalidCommand("a command is a JSON object with a 'type'", rule="type")
    ctype = raw.get("type")
    if not isinstance(ctype, str) or ctype not in SHAPES:
        raise InvalidCommand(
            f"field 'type' must be one of {', '.join(COMMAND_TYPES)}, not {ctype!r}", rule="type"
        )
    shape = SHAPES[ctype]
    for key in raw:
        if key != "type" and key not in shape:
            raise InvalidCommand(f"{ctype}: unknown field {key!r}", rule=key)
    args = []
    for name, (kind, required) in shape.items():
        if name not in raw or raw[name] is None:
            if required:
                raise InvalidCommand(f"{ctype}: field {name!r} is missing", rule=name)
            continue
        args.append((name, _check(kind, name, raw[name])))
    cmd = Command(ctype, tuple(args))
    if ctype in ("move", "exit") and (cmd.get("unit") is None) == (cmd.get("units") is None):
        raise InvalidCommand(f"{ctype}: give exactly one of 'unit' or 'units'", rule="unit")
    if ctype == "bombard" and (cmd.get("firers") is None) == (cmd.get("increments") is None):
        raise InvalidCommand(
            "bombard: give exactly one of 'firers' or 'increments' (9.3)", rule="firers"
        )
    if ctype == "spray_fire" and (
        len(cmd.get("targets")) != len(cmd.get("factors")) or len(cmd.get("targets")) < 2
    ):
        raise InvalidCommand(
            "spray_fire: give two or more targets and one factor count for each (10.1)",
            rule="factors",
        )
    if ctype == "activate":
        kind = cmd.get("kind")
        need = {"stack": "hex", "formation": "formation"}.get(kind, "unit")
        if cmd.get(need) is None:
            raise InvalidCommand(f"activate: kind {kind!r} needs field {need!r}", rule=need)
    return cmd


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in a step, for the log (redacted per audience by views.py).

    `side` is the side whose counter the event is about (None: public, such as initiative),
    `units` the counters it names: `redact_events` hides an event about units the audience
    may not see.
    """

    type: str
    side: str | None = None
    units: tuple[str, ...] = ()
    data: Any = None  # a JSON-ready dict, never mutated after construction

    def to_json(self) -> dict:
        out: dict[str, Any] = {"type": self.type}
        if self.side is not None:
            out["side"] = self.side
        if self.units:
            out["units"] = list(self.units)
        if self.data:
            out.update(self.data)
        return out


def as_event(raw: Any) -> Event:
    """An Event from what a helper procedure returned (an Event, a dict, or a dataclass)."""
    if isinstance(raw, Event):
        return raw
    if hasattr(raw, "to_json"):
        raw = raw.to_json()
    if isinstance(raw, Mapping):
        data = dict(raw)
        etype = str(data.pop("type", "event"))
        units = data.pop("units", ())
        if isinstance(units, str):
            units = (units,)
        return Event(etype, side=data.pop("side", None), units=tuple(units), data=data)

    data = encode(raw)
    if isinstance(data, dict):
        etype = str(data.pop("type", data.pop("kind", type(raw).__name__)))
        unit = data.get("unit") or data.get("target")
        units = tuple(data.get("units", ())) or ((unit,) if isinstance(unit, str) else ())
        return Event(etype, side=data.get("side"), units=units, data=data)
    return Event(type(raw).__name__, data={"value": data})
