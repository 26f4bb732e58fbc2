"""Problems found in a scenario document, shaped the same way by every ruleset.

`Ruleset.check_scenario(doc)` returns a list of these as plain dicts: the field (a path into
the document, `units[3].hex`), the hex where the problem stands on the map (so the designer
can draw it there), the rule it breaks (a section number and a few words), and a message.
The rulesets' own checkers speak in `path: message` lines; `from_line` turns one into a
problem, finding the hex from the document itself.

The size limits of a designer's document live here too: both rulesets refuse the same
oversized boards and forces, so nobody can make the server build a map it cannot draw.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

# Size limits of a document (a board's hexes, all hexes, counters, boards, turns).
MAX_BOARD_HEXES = 40 * 40
MAX_MAP_HEXES = 6 * 40 * 40
MAX_UNITS = 600
MAX_BOARDS = 6
MAX_TURNS = 60

# What a battle's id may hold, in words: both schemas' pattern for it and the designer's save
# say the same (a published revision is played as `<id>.r<n>`, so an id has no dot).
SCENARIO_ID_WORDS = ("lower-case letters, digits, '-' and '_', starting with a letter or "
                     "digit, at most 60 characters")

_STEP = re.compile(r"\.?([^.\[\]]+)|\[(\d+)\]")


def dict_items(raw: Any, key: str) -> list[tuple[int, dict]]:
    """(index, item) for the object items of a document's list field: a malformed document
    (the field not a list, an item not an object) yields what is there to check, and the
    schema's problems say what is wrong with the rest."""
    value = raw.get(key) if isinstance(raw, Mapping) else None
    if not isinstance(value, list):
        return []
    return [(i, v) for i, v in enumerate(value) if isinstance(v, dict)]


_TRAILING_CITATION = re.compile(r"\s*\(([^()]+)\)\s*$")


def problem(field: str, message: str, rule: str, hex: str | None = None) -> dict:
    """One problem as the interface hands it out (plain data, JSON-ready). A message ending
    with the rule's own number ("... (4.1)" under "4.1 Stacking") loses it: the designer
    shows the rule beside the message, and a rule cited twice reads as two."""
    cited = _TRAILING_CITATION.search(message)
    if cited and (rule == cited.group(1) or rule.startswith(f"{cited.group(1)} ")):
        message = message[: cited.start()]
    return {"field": field, "hex": hex, "rule": rule, "message": message}


def id_words(value: Any) -> str:
    """The schema's refusal of a battle's id, in words rather than its pattern."""
    return f"{value!r} is not a battle id: an id is {SCENARIO_ID_WORDS}"


def value_at(doc: Any, field: str) -> Any:
    """The value at a path like `units[3].hex` in a document; None when there is none."""
    here = doc
    for name, index in _STEP.findall(field):
        if index:
            if not isinstance(here, list) or int(index) >= len(here):
                return None
            here = here[int(index)]
        else:
            if not isinstance(here, Mapping) or name not in here:
                return None
            here = here[name]
    return here


def from_line(line: str, doc: Any, rule_for: Callable[[str, str], str],
              hex_fields: Iterable[str] = ("hex", "entry_hex")) -> dict:
    """A checker's `path: message` line as a problem; the hex is read from the document when
    the path names a hex field (`units[3].hex`), else from the item's own `hex`."""
    field, sep, message = line.partition(": ")
    if not sep:
        field, message = "(top)", line
    hex_label = None
    last = field.rsplit(".", 1)[-1]
    if last in hex_fields:
        hex_label = value_at(doc, field)
    elif "." in field or "[" in field:
        item = field.rsplit(".", 1)[0] if "." in field else field
        hex_label = value_at(doc, f"{item}.hex")
    if not isinstance(hex_label, str):
        hex_label = None
    return problem(field, message, rule_for(field, message), hex_label)


def too_large(hexes_per_board: Mapping[str, int], units: int, turns: Any) -> list[dict]:
    """The size limits (this module's constants) a document passes, as problems."""
    out = []
    if len(hexes_per_board) > MAX_BOARDS:
        out.append(problem("boards", f"at most {MAX_BOARDS} boards, not {len(hexes_per_board)}",
                           "size limits"))
    for board_id, n in hexes_per_board.items():
        if n > MAX_BOARD_HEXES:
            out.append(problem(f"boards.{board_id}",
                               f"a board has at most {MAX_BOARD_HEXES} hexes, not {n}",
                               "size limits"))
    if sum(hexes_per_board.values()) > MAX_MAP_HEXES:
        out.append(problem("boards", f"the boards have more than {MAX_MAP_HEXES} hexes",
                           "size limits"))
    if units > MAX_UNITS:
        out.append(problem("units", f"at most {MAX_UNITS} counters, not {units}", "size limits"))
    if isinstance(turns, int) and not isinstance(turns, bool) and turns > MAX_TURNS:
        out.append(problem("turns", f"at most {MAX_TURNS} turns, not {turns}", "size limits"))
    return out


# What a player calls the fields whose numbers and words the designer's forms set: a schema
# error on one of them is told in these words, not in the validator's.
_FIELD_WORDS = {
    "initiative": "initiative", "morale": "morale", "points": "an objective's points",
    "points_per_step": "the points a step exiting scores",
    "per_step": "the points a step lost gives", "per_afv_step": "the points an AFV step lost gives",
    "per_transport_step": "the points a transport step lost gives",
    "per_leader": "the points a leader lost gives", "at_least": "the points needed",
    "draw_at_least": "the points for a draw", "decisive": "the decisive level",
    "tactical": "the tactical level", "marginal": "the marginal level", "turns": "the turns",
    "name": "the name", "nationality": "the nationality", "briefing": "the briefing",
    "count": "the count", "entry_turn": "the entry turn", "land_turn": "the landing turn",
    "first": "the first turn", "last": "the last turn", "defense": "the defence",
    "dd_survival": "the DD survival roll", "demolition_within": "the demolition distance",
    # A field whose word depends on the list it is in: `<list>.<field>`.
    "naval.points": "the naval fire points a turn",
}


def schema_words(error: Any) -> str:
    """A jsonschema error as a player reads it where it has plain words: a number out of its
    range or not a whole number ("initiative must be a whole number from 0 to 6, not 9"), a word
    left empty, a field the format does not have; any other error keeps the validator's
    message."""
    path = [p for p in error.absolute_path if isinstance(p, str)]
    key = path[-1] if path else ""
    name = _FIELD_WORDS.get(".".join(path[-2:])) or _FIELD_WORDS.get(
        key, key.replace("_", " ") or "the value")
    schema = error.schema if isinstance(error.schema, Mapping) else {}
    numeric = error.validator in ("minimum", "maximum") or (
        error.validator == "type" and schema.get("type") == "integer")
    if numeric:
        low, high = schema.get("minimum"), schema.get("maximum")
        span = (f" from {low} to {high}" if low is not None and high is not None
                else f", {low} or more" if low is not None
                else f", {high} or less" if high is not None else "")
        return f"{name} must be a whole number{span}, not {json.dumps(error.instance)}"
    if error.validator == "minLength" and error.instance == "":
        return f"{name} must not be empty"
    if error.validator == "additionalProperties" and isinstance(error.instance, Mapping):
        extra = sorted(str(k) for k in error.instance if k not in schema.get("properties", {}))
        if extra:  # a misspelt field: the format would ignore it, so it says so
            return (f"the format has no field {', '.join(map(repr, extra))}: check its "
                    "spelling")
    return str(error.message)
