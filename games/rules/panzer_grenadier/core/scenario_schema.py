"""The scenario format's schema (data/scenario.schema.json): its errors as `path: message`
lines, in words a designer can act on where the validator's own would not do (0.0)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

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
            msg = (
                "expected {method: most_points}, {method: threshold, side, at_least}"
                " or {method: margin, at_least}"
            )
        elif e.validator == "minItems" and list(e.absolute_path) == ["units"]:
            msg = "no counters yet: place at least one counter for each side"
        elif e.validator == "minimum" and list(e.absolute_path) == ["turns"]:
            msg = f"a battle lasts at least one turn, not {e.instance!r}"
        elif "propertyNames" in e.relative_schema_path:
            where = f"{where}.{e.instance}"
            msg = f"unknown optional rule; expected one of {', '.join(OPTIONAL_RULES)}"
        else:
            msg = e.message
        problems.append(f"{where}: {msg}")
    return problems
