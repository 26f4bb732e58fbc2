"""Combat events: what happened in a resolution, step by step, as JSON-ready data (7.0).

Every resolution returns a tuple of `Event`s explaining it fully: who fired with what value,
the column, each column shift with its reason, every roll, the result and each consequence
(step loss, morale check, status change, elimination, leader casualty, flight). The server
redacts them per audience and the board shows them, so their values are already plain JSON
(hexes as printed labels, ids as strings) when they are built.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

# Event types, in the order they usually appear.
EVENT_TYPES = (
    "fire",  # an attack declared: firers, leader, target, kind, value and how it was built
    "shift",  # one column shift or dice roll modifier, with its reason and rule
    "column",  # the column used after the shifts (and the cap)
    "roll",  # dice thrown: purpose, values, total
    "result",  # the table result of an attack
    "step_loss",  # one unit lost one step
    "eliminated",  # a unit or leader left play
    "morale_check",  # one unit's check: morale, modifiers, roll, outcome
    "status_change",  # good / disrupted / demoralized changed
    "unloaded",  # a passenger unloaded at once because its carrier was hit (5.6)
    "leader_casualty",  # a leader's casualty roll (killed or survived)
    "leader_survival",  # a lone leader overrun by enemy combat units (6.71)
    "recovery",  # a recovery attempt (14.4)
    "flee",  # a demoralized unit flees (14.31) or leaves an assault hex (14.35)
    "assault_round",  # one round of assault in a hex (12.4)
    "stop",  # a moving unit stops (13.0, 10.x)
)


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, with a `type` and JSON-ready fields."""

    type: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, **_plain(self.data)}


def event(type_: str, **data: Any) -> Event:
    """Build an event; values must already be JSON-ready (labels, ids, numbers, lists)."""
    if type_ not in EVENT_TYPES:
        raise ValueError(f"unknown combat event type {type_!r}")
    return Event(type_, MappingProxyType(dict(data)))


def _plain(value: Any) -> Any:
    if isinstance(value, Event):
        return value.to_json()
    if isinstance(value, Shift):
        return value.to_json()
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def events_to_json(events: tuple[Event, ...] | list[Event]) -> list[dict[str, Any]]:
    """The wire form of a resolution's events."""
    return [e.to_json() for e in events]


@dataclass(frozen=True, slots=True)
class Shift:
    """One column shift (direct fire, bombardment, assault) or dice roll modifier (anti-tank).

    `shift` is signed: negative is left (weaker) or a minus to the roll.
    """

    shift: int
    reason: str
    rule: str = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"shift": self.shift, "reason": self.reason}
        if self.rule:
            data["rule"] = self.rule
        return data


def shift_events(
    shifts: list[Shift] | tuple[Shift, ...], *, side: str | None = None
) -> list[Event]:
    """One "shift" event per shift (the board lists them one per line)."""
    extra = {"side": side} if side else {}
    return [event("shift", **s.to_json(), **extra) for s in shifts]
