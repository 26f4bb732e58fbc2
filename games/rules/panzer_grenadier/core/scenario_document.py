"""A designer's scenario document: the scenario file with the boards it draws itself (0.0).

The document is the bundled scenario format (data/scenario.schema.json, `format` 1) plus an
optional `boards` object, board id -> board (data/board.schema.json); a board a scenario
names is found there first, then among the bundled boards, so every bundled file is a valid
document as it is. `check_scenario` lists every problem as the ruleset interface shapes them
(games/rules/common/scenario_problems.py); `scenario_from_document` builds a checked one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ...common.scenario_problems import from_line, problem, too_large
from ...common.setup_areas import area_hex
from .maps import Map, MapError, validate_board
from .scenario_checks import Checker, board_file
from .scenario_model import Scenario, ScenarioError
from .scenario_schema import schema_problems
from .units import catalogue

# (words in the field or message, the rule) for a checker's line; the first match wins.
_RULES = (
    ("setup_areas", "D-SETUP-1 Set-up areas"),
    (".initiative", "3.0 Initiative"),
    (".morale", "14.0 Morale"),
    (".nationality", "0.0 Unit data: the counter catalogue"),
    ("set-up area", "D-SETUP-1 Set-up areas"),
    ("may not enter", "5.1 Movement classes and terrain"),
    ("already holds units", "4.0 Stacking: one side a hex"),
    ("stack", "4.0 Stacking"),
    ("carried_by", "5.6 Transport"),
    ("entry", "16.5 Entering the board"),
    ("unknown unit type", "0.0 Unit data: the counter catalogue"),
    ("is not on the map", "0.0 The map"),
    ("victory", "scenario victory conditions"),
    ("special_rules", "16.0 Special rules"),
    ("markers", "16.0 Special rules: markers"),
    ("formation", "19.0 Multi-player: formations"),
    ("boards", "0.0 The map: boards"),
    ("map.", "0.0 The map: boards"),
    ("night_turns", "5.5 Night"),
)


# The sections a checker's message may cite, by their first number (pg4-digest headings).
_SECTIONS = {"0": "Unit data", "4": "Stacking", "5": "Movement", "6": "Leaders",
             "16": "Special rules", "19": "Multi-player"}
_CITED = re.compile(r"\((\d+)(\.\d+)*\)")


def _rule_for(field: str, message: str) -> str:
    """The rule a checker's line breaks: the section its message cites, else by its words."""
    cited = _CITED.search(message)
    if cited and cited.group(1) in _SECTIONS:
        return f"{cited.group(0)[1:-1]} {_SECTIONS[cited.group(1)]}"
    text = f"{field} {message}"
    for words, rule in _RULES:
        if words in text:
            return rule
    return "the scenario format (scenario.schema.json)"


def _inline_boards(doc: Mapping[str, Any]) -> tuple[dict[str, dict], list[str]]:
    """The document's own boards that pass their checks, and every board problem as a line."""
    raw = doc.get("boards")
    if not isinstance(raw, Mapping):
        return {}, []
    good, lines = {}, []
    for board_id, board in raw.items():
        found = validate_board(board)
        name = board.get("id") if isinstance(board, Mapping) else None
        prefix = name if isinstance(name, str) else "board"
        lines += [f"boards.{board_id}{p[len(prefix):]}" if p.startswith(prefix) else
                  f"boards.{board_id}: {p}" for p in found]
        if isinstance(board, Mapping) and name != board_id:
            lines.append(f"boards.{board_id}.id: the board's id is {name!r}, not {board_id!r}")
        elif not found:
            good[board_id] = dict(board)
    return good, lines


def _size_problems(doc: Mapping[str, Any]) -> list[dict]:
    raw = doc.get("boards")
    boards = raw if isinstance(raw, Mapping) else {}
    hexes = {str(b): (v.get("columns") or 0) * (v.get("rows") or 0)
             for b, v in boards.items() if isinstance(v, Mapping)
             and isinstance(v.get("columns"), int) and isinstance(v.get("rows"), int)}
    units = doc.get("units")
    return too_large(hexes, len(units) if isinstance(units, list) else 0, doc.get("turns"))


def _no_way_to_win(scen: Scenario) -> list[dict]:
    """A side that can score nothing cannot win: objective hexes, exits or losses must score,
    and a threshold must be within reach of its side (scenario victory conditions)."""
    v = scen.victory
    rule = "scenario victory conditions"
    scoring = ([o for o in v.hexes if o.points > 0] + [e for e in v.exits if e.points_per_step > 0]
               + [lo for lo in v.losses if lo.per_step or lo.per_afv_step or lo.per_leader
                  or lo.per_transport_step])
    if not scoring:
        return [problem("victory", "no way to win: no objective hex, exit or loss scores a point",
                        rule)]
    out = []
    d = v.decision
    if d.method == "threshold" and d.side is not None and d.at_least is not None:
        best = _most_points(scen, d.side)
        if best < d.at_least:
            out.append(problem("victory.decision.at_least",
                               f"no way to win: side {d.side!r} can score at most {best} points,"
                               f" not {d.at_least}", rule))
    return out


def _most_points(scen: Scenario, side: str) -> int:
    """The most points a side could score: every objective it may hold, every own step
    exiting, every enemy step and leader lost."""
    cat = scen.catalogue
    total = sum(o.points for o in scen.victory.hexes if not o.sides or side in o.sides)
    own = [p for p in scen.units if p.side == side]
    enemy = [p for p in scen.units if p.side != side]
    for e in scen.victory.exits:
        if e.side == side:
            total += e.points_per_step * sum(p.steps for p in own)
    for lo in scen.victory.losses:
        if lo.side == side:
            continue
        for p in enemy:
            if p.side != lo.side:
                continue
            t = cat[p.type_id]
            if t.is_leader:
                total += lo.per_leader
            else:
                rate = (lo.per_afv_step if t.is_afv else
                        lo.per_transport_step if t.is_transport else lo.per_step)
                total += rate * p.steps
    return total


def check_scenario(doc: Any) -> list[dict]:
    """Every problem of a scenario document: size, schema, boards, map, forces, stacking (4.0),
    terrain (5.1), entries (16.5) and whether each side can win; [] when it is playable."""
    if not isinstance(doc, Mapping):
        return [problem("(top)", "a scenario document is a JSON object",
                        "the scenario format (scenario.schema.json)")]
    sized = _size_problems(doc)
    if sized:  # nothing bigger than the limits is built, not even to check it
        return sized
    boards, lines = _inline_boards(doc)
    schema = schema_problems(doc)
    # Every independent problem in one pass: the semantic checks read what they can of a
    # document the schema refuses (the checker skips what is not of its shape), save what
    # the schema already names: a field it refuses, and what lies under it.
    refused = {line.partition(": ")[0] for line in schema} - {"(top)"}
    if lines:  # a board of the document's own is broken: no map is laid without it
        refused.add("map")
    checker = Checker(_without(doc, refused), catalogue(), boards=boards)
    try:
        semantic = checker.check()
    except (TypeError, AttributeError, KeyError, ValueError):
        if not schema:
            raise
        # Values of another shape than the schema's where the checker needs them (an id
        # that is a list): what the schema says is to be fixed first.
        semantic = []
    lines += schema + [line for line in semantic if not _under(line.partition(": ")[0], refused)]
    out = [area_hex(from_line(line, doc, _rule_for), doc) for line in lines]
    out += _sides_without_counters(doc)
    if not out:  # scoring is counted on a built scenario, so on a clean document only
        out += _no_way_to_win(checker.build())
    return _once(out)


def _under(field: str, refused: set[str]) -> bool:
    """Whether a field is one the schema refused, or lies within one."""
    return any(field == r or field.startswith((f"{r}.", f"{r}[")) for r in refused)


def _without(doc: Mapping[str, Any], refused: set[str]) -> Mapping[str, Any]:
    """The document less the top-level values the schema refused that hold no others (a
    `turns` of 0 is no last turn to compare an entry turn with)."""
    return {k: v for k, v in doc.items()
            if k not in refused or isinstance(v, (Mapping, list))}


def _once(found: list[dict]) -> list[dict]:
    """Each problem once, in the order found."""
    out: list[dict] = []
    for p in found:
        if p not in out:
            out.append(p)
    return out


def _sides_without_counters(doc: Mapping[str, Any]) -> list[dict]:
    """A side with no counter (0.0 The forces); an empty `units` list the schema names."""
    units, sides = doc.get("units"), doc.get("sides")
    if not isinstance(units, list) or not units or not isinstance(sides, list):
        return []
    held = {u.get("side") for u in units if isinstance(u, Mapping) and isinstance(u.get("side"), str)}
    empty = [str(s.get("name") or s["id"]) for s in sides
             if isinstance(s, Mapping) and isinstance(s.get("id"), str) and s["id"] not in held]
    if not empty:
        return []
    return [problem("units", "place at least one counter for each side: "
                    f"{' and '.join(empty)} {'has' if len(empty) == 1 else 'have'} none yet",
                    "0.0 The forces")]


def scenario_from_document(doc: Any, play_id: str | None = None) -> Scenario:
    """The Scenario a document describes, played under `play_id` (a published revision's
    `<id>.r<n>`, which the document's own id may not be) or its own id; ScenarioError listing
    its problems when it fails `check_scenario`."""
    found = check_scenario(doc)
    if found:
        raise ScenarioError([f"{p['field']}: {p['message']}" for p in found],
                            str(doc.get("id", "scenario")) if isinstance(doc, Mapping) else "")
    boards, _ = _inline_boards(doc)
    checker = Checker({**doc, "id": play_id or doc["id"]}, catalogue(), boards=boards)
    checker.check()
    return checker.build()


def document_of(scen: Scenario) -> dict:
    """The scenario as a document that stands alone: its file with each board it is laid on
    drawn under `boards` (export, and the bundled scenarios stored beside players' ones)."""
    doc = dict(scen.raw)
    own = dict(doc.get("boards") or {})
    for board_id in scen.boards:
        if board_id not in own:
            own[board_id] = board_file(board_id)
    doc["boards"] = own
    return doc


# The terrain letters a new board offers the designer's brush (the bundled boards' own).
LEGEND = {".": "clear", "f": "field", "w": "light_woods", "W": "heavy_woods", "t": "town",
          "s": "swamp", "r": "river", "R": "major_river"}


def blank_document(columns: int, rows: int) -> dict:
    """A new battle on one blank board of clear ground: the designer's starting point. It
    fails the check until it has forces and a way to win."""
    board = {"id": "board1", "name": "New board", "columns": columns, "rows": rows,
             "legend": dict(LEGEND), "terrain": ["." * columns] * rows,
             "elevation": ["0" * columns] * rows}
    return {
        "format": 1, "id": "new-battle", "title": "New battle", "date": "1944-06-01",
        "description": "", "boards": {"board1": board},
        "map": {"boards": [{"board": "board1", "label": "A", "at": [0, 0]}]},
        "turns": 8, "first_side": "attacker",
        "sides": [
            {"id": "attacker", "name": "Attacker", "nationality": "german", "initiative": 3,
             "morale": 8, "briefing": ""},
            {"id": "defender", "name": "Defender", "nationality": "soviet", "initiative": 2,
             "morale": 7, "briefing": ""},
        ],
        "units": [],
        "victory": {"hexes": [], "decision": {"method": "most_points"}},
    }


def map_of(doc: Any) -> Map:
    """The map a document lays out (its own boards first, then the bundled ones), for the
    designer to draw before the rest of the battle is ready; ValueError when it cannot."""
    if not isinstance(doc, Mapping) or not isinstance(doc.get("map"), Mapping):
        raise ValueError("map: expected an object with boards")
    boards, lines = _inline_boards(doc)
    if lines:
        raise ValueError("; ".join(lines))
    placed = doc["map"].get("boards")
    if placed is not None and not isinstance(placed, list):
        raise ValueError("map.boards: expected a list of the boards laid on the map")
    for entry in placed or []:
        board_id = entry.get("board") if isinstance(entry, Mapping) else None
        if isinstance(board_id, str) and board_id not in boards:
            try:
                boards[board_id] = board_file(board_id)
            except (KeyError, MapError):
                pass  # from_spec names the unknown board
    try:
        return Map.from_spec(doc["map"], boards)
    except MapError as exc:
        raise ValueError("; ".join(f"map.{p}" for p in exc.problems)) from None
