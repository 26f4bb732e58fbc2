"""A scenario document against its JSON schema: each error as `path: message`, in words a
designer can act on (the decision's method named, an id's rule spelled out)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from ...common.scenario_problems import id_words, schema_words
from .scenario_model import OPTIONAL_RULES

SCHEMA_PATH = Path(__file__).parents[1] / "data" / "scenario.schema.json"


@cache
def _validator() -> Any:
    import jsonschema

    return jsonschema.Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def _path(parts: Iterable[Any]) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def schema_problems(raw: Any) -> list[str]:
    """Schema errors as `path: message`, in document order."""
    problems = []
    errors = sorted(_validator().iter_errors(raw), key=lambda e: [str(p) for p in e.absolute_path])
    for e in errors:
        where = _path(e.absolute_path) or "(top)"
        if e.validator == "oneOf" and list(e.absolute_path)[:1] == ["units"]:
            msg = "needs exactly one of: hex; entry_turn with entry_edge; carried_by"
        elif e.validator == "oneOf" and list(e.absolute_path)[-1:] == ["decision"]:
            where, msg = _decision_words(e, where)
        elif e.validator == "minItems" and list(e.absolute_path) == ["units"]:
            msg = "no counters yet: place at least one counter for each side"
        elif e.validator == "minimum" and list(e.absolute_path) == ["turns"]:
            msg = f"a battle lasts at least one turn, not {e.instance!r}"
        elif where == "id":
            msg = id_words(e.instance)
        elif "propertyNames" in e.relative_schema_path:
            where = f"{where}.{e.instance}"
            msg = f"unknown optional rule; expected one of {', '.join(OPTIONAL_RULES)}"
        else:
            msg = schema_words(e)
        problems.append(f"{where}: {msg}")
    return problems


# The decision's methods, in the order of the schema's `oneOf`, and what each one needs.
_METHODS = ("most_points", "threshold", "margin")
_NEEDS = {"side": "the side that must reach the points", "at_least": "the points needed"}


def _decision_words(e: Any, where: str) -> tuple[str, str]:
    """Why the decision is not one the format knows, in the words of the method it names: a
    threshold without its side, a margin below 1 point (scenario victory conditions)."""
    method = e.instance.get("method") if isinstance(e.instance, Mapping) else None
    if method not in _METHODS:
        return where, ("expected {method: most_points}, {method: threshold, side, at_least}"
                       " or {method: margin, at_least}")
    branch = _METHODS.index(method)
    inner = [c for c in e.context if c.relative_schema_path[0] == branch]
    missing = [m for c in inner if c.validator == "required"
               for m in _NEEDS if f"'{m}'" in c.message]
    if missing:
        return where, f"a {method.replace('_', ' ')} decision needs {' and '.join(_NEEDS[m] for m in missing)}"
    first = inner[0] if inner else e
    return _path(first.absolute_path) or where, (schema_words(first) if inner else e.message)
