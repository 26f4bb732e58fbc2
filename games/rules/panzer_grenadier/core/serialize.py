"""Game state and steps to JSON and back, with a schema version.

The encoding follows the dataclasses' type hints, so a field the lead adds to `state.py` is
carried without touching this module: hexes become `[q, r]`, frozensets sorted lists, maps
keyed by hexes lists of `[[q, r], value]` pairs, tuples lists. `state_hash` is SHA-256 of the
canonical JSON (sorted keys, no spaces): the verifier compares states by it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import types
import typing
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any

from ...common.canonical import canonical_json
from ...common.hexgrid import Hex
from ...common.lru import Lru
from . import state as st

SCHEMA = 1


class SchemaError(ValueError):
    """A document has another schema version, or does not fit the state's shape."""


_PRIMITIVE = (str, int, float, bool, type(None))


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """A dataclass's state fields, once per class; init=False fields are lookup caches
    (GameState._by_hex), not state."""
    if cls not in _FIELD_NAMES:
        _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls) if f.init)
    return _FIELD_NAMES[cls]


def encode(value: Any) -> Any:
    """A JSON-ready form of any state value."""
    if isinstance(value, _PRIMITIVE):
        return value
    if isinstance(value, Hex):
        return [value.q, value.r]
    if isinstance(value, Fraction):
        return str(value)  # "3/2": exact, and the verifier's hash sees the same text
    cls = type(value)
    if cls is st.GameState:
        return _state_body(value)  # the states an undo or takeback point keeps, too
    if dataclasses.is_dataclass(cls):
        return {name: encode(getattr(value, name)) for name in _field_names(cls)}
    if isinstance(value, Mapping):
        if any(isinstance(k, Hex) for k in value):
            return [[encode(k), encode(v)] for k, v in sorted(value.items())]
        return {str(k): encode(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (frozenset, set)):
        if all(isinstance(v, str) for v in value):
            return sorted(value)
        return sorted((encode(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    return value


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(st))


def _decode(tp: Any, raw: Any) -> Any:
    if raw is None:
        return None
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        non_none = [a for a in args if a is not type(None)]
        return _decode(non_none[0], raw)
    if tp is Hex:
        return Hex(int(raw[0]), int(raw[1]))
    if tp is Fraction:
        return Fraction(raw)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        kwargs = {}
        for f in dataclasses.fields(tp):
            if f.init and f.name in raw:
                kwargs[f.name] = _decode(hints[f.name], raw[f.name])
        return tp(**kwargs)
    if origin in (frozenset, set):
        return frozenset(_decode(args[0], v) for v in raw) if args else frozenset(raw)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v) for v in raw)
        if args:
            return tuple(_decode(a, v) for a, v in zip(args, raw, strict=True))
        return tuple(raw)
    if origin in (Mapping, dict, typing.Mapping) or tp is Mapping:
        kt, vt = args if args else (str, Any)
        if kt is Hex:
            return {Hex(*k): _decode(vt, v) for k, v in raw}
        return {k: _decode(vt, v) for k, v in raw.items()}
    if tp is object or tp is Any:
        return raw
    if tp in (int, str, bool, float):
        return tp(raw)
    return raw


# The encoding of each UnitState, by identity, as `_UNIT_TEXT` below keeps its text: a command
# changes one to three counters, and the server encodes the whole state to store it after
# every command (bench/profile_command.py: re-encoding every counter was a third of the
# command's transaction). The dicts are shared between encodings, so an encoding is read-only.
_UNIT_JSON = Lru(10_000)


def _unit_json(u: Any) -> Any:
    hit = _UNIT_JSON.get(id(u))
    if hit is not None and hit[0] is u:
        return hit[1]
    value = encode(u)
    _UNIT_JSON.put(id(u), (u, value))
    return value


def _state_body(state: st.GameState) -> dict:
    """`encode(state)`, with the counters that did not change taken from the last encoding.
    A state mid-activation keeps the state before its last step for the undo (and a
    takeback the state before the activation): those share most counters with it, so they
    cost a lookup each rather than a second encoding of the whole board."""
    body = {}
    for name in _field_names(type(state)):
        if name == "units":
            units = state.units
            body[name] = {str(uid): _unit_json(units[uid]) for uid in sorted(units, key=str)}
        else:
            body[name] = encode(getattr(state, name))
    return body


def state_to_json(state: st.GameState) -> dict:
    """The state as a JSON-ready dict, carrying the schema version (the same as
    `encode(state)`)."""
    return {"schema": SCHEMA, "state": _state_body(state)}


def state_from_json(doc: Mapping[str, Any]) -> st.GameState:
    """Rebuild a state from `state_to_json`; SchemaError on another schema version."""
    if doc.get("schema") != SCHEMA:
        raise SchemaError(f"state schema {doc.get('schema')!r}, this engine reads {SCHEMA}")
    try:
        return _decode(st.GameState, doc["state"])
    except (KeyError, TypeError, ValueError) as exc:
        raise SchemaError(f"state does not fit schema {SCHEMA}: {exc}") from exc


def state_hash(state: st.GameState) -> str:
    """SHA-256 of the canonical JSON of the state (what the verifier compares)."""
    return hashlib.sha256(canonical_state_json(state).encode()).hexdigest()


# Canonical text of each UnitState, by identity: consecutive states share most unit objects,
# so hashing a 300-counter state re-encodes only the counters that changed. The entry keeps
# the object alive, so its id cannot be reused while cached.
_UNIT_TEXT = Lru(10_000)
_UNITS_SLOT = "\x00units\x00"


def _unit_text(u: Any) -> str:
    """`"<id>":<canonical JSON of the counter>`, the counter's entry in the units map."""
    hit = _UNIT_TEXT.get(id(u))
    if hit is not None and hit[0] is u:
        return hit[1]
    text = f"{canonical_json(u.id)}:{canonical_json(encode(u))}"
    _UNIT_TEXT.put(id(u), (u, text))
    return text


def canonical_state_json(state: st.GameState) -> str:
    """`canonical_json(state_to_json(state))`, built from cached per-counter texts."""
    body = {
        name: encode(getattr(state, name)) for name in _field_names(type(state)) if name != "units"  # type: ignore[arg-type]
    }
    body["units"] = _UNITS_SLOT
    text = canonical_json({"schema": SCHEMA, "state": body})
    units = ",".join(
        _unit_text(u) if u.id == uid else f"{canonical_json(uid)}:{canonical_json(encode(u))}"
        for uid, u in sorted(state.units.items())
    )
    return text.replace(canonical_json(_UNITS_SLOT), "{" + units + "}", 1)


def step_to_json(step: Any) -> dict:
    """A Step (state, events, dice used) as JSON."""
    return {
        "schema": SCHEMA,
        "state": encode(step.state),
        "events": [dict(e) for e in step.events],
        "dice": [r.to_json() for r in step.dice_used],
    }
