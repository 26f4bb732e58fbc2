"""Check a designer's situation document (23): schema, boards, forces, set-up, victory.

The document is the bundled situation format (games/data/panzer_leader/situation.schema.json)
plus an optional `boards` object, board id -> board drawing (board.py's format), found
before the bundled boards; every bundled situation file is a valid document as it is.
Problems are shaped by games/rules/common/scenario_problems.py: the field, the hex, the rule.
The special rules (naval fire, boards barred, sectors, cargo...) are checked in
special_rules_check.py.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from ..common.canonical import digest
from ..common.scenario_problems import from_line, id_words, problem, schema_words, too_large
from ..common.setup_areas import area_hex
from . import invariants
from .combat.air import aircraft_types
from .core import setup, setup_areas
from .core.board import board_file
from .core.scenario import (
    Scenario,
    check_positional,
    opening_state,
    register,
    scenario_from_dict,
    unregister,
)
from .core.units import DATA, catalogue
from .special_rules_check import CARGO_RULE, place_problems, side_problems

SCHEMA_PATH = DATA / "situation.schema.json"
FORMAT_RULE = "the situation format (situation.schema.json)"


@cache
def _validator() -> Any:
    import jsonschema

    return jsonschema.Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def _path(parts: Any) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _schema(doc: Any) -> list[dict]:
    errors = sorted(_validator().iter_errors(doc), key=lambda e: [str(p) for p in e.absolute_path])
    return [problem(where, id_words(e.instance) if where == "id" else schema_words(e), FORMAT_RULE)
            for e in errors for where in [_path(e.absolute_path) or "(top)"]]


def _drawing(doc: Mapping[str, Any], entry: Mapping[str, Any]) -> Mapping[str, Any] | None:
    own = doc.get("boards") or {}
    if entry.get("drawing"):
        return entry["drawing"]
    if entry.get("board") in own:
        return own[entry["board"]]
    try:
        return board_file(entry.get("board"))
    except (OSError, TypeError):
        return None


def _boards(doc: Mapping[str, Any]) -> list[dict]:
    """Each board drawn in the document: rows as long as its columns, and roads between
    neighbouring cells (2.1); a layout entry names a board that exists."""
    out = []
    for board_id, b in (doc.get("boards") or {}).items():
        where = f"boards.{board_id}"
        if b.get("id") != board_id:
            out.append(problem(f"{where}.id", f"the board's id is {b.get('id')!r}, not "
                               f"{board_id!r}", "2.1 Boards"))
        for key in ("terrain", "elevation"):
            rows = b[key]
            if len(rows) != b["rows"]:
                out.append(problem(f"{where}.{key}", f"has {len(rows)} rows, expected "
                                   f"{b['rows']}", "2.1 Boards"))
            out += [problem(f"{where}.{key}[{i}]", f"row has {len(r)} columns, expected "
                            f"{b['columns']}", "2.1 Boards")
                    for i, r in enumerate(rows) if len(r) != b["columns"]]
    for i, entry in enumerate(doc["map"]):
        if _drawing(doc, entry) is None:
            out.append(problem(f"map[{i}].board", f"no board {entry['board']!r}: draw it "
                               "under boards or name a bundled one", "2.1 Boards"))
    return out


LANDING_RULE = "19.2 Amphibious landings"


def _forces(doc: Mapping[str, Any], sides: set[str]) -> list[dict]:
    """Counter types from the catalogue (1), known sides, and a place for every unit: set-up
    hexes, or an entry turn within the game with entry hexes (23)."""
    out, cat = [], catalogue()
    for i, f in enumerate(doc["forces"]):
        where = f"forces[{i}]"
        counters = _force_words(f)
        if f["type"] not in cat:
            out.append(problem(f"{where}.type", f"unknown counter type {f['type']!r}",
                               "1 Components: the counter catalogue"))
        if f["side"] not in sides:
            out.append(problem(f"{where}.side", f"unknown side {f['side']!r}", "23 Situations"))
        if f.get("entry_turn"):
            if not f.get("entry"):
                out.append(problem(f"{where}.entry", f"{counters} entering on turn "
                                   f"{f['entry_turn']} need entry hexes on the map's edge",
                                   "23 Situations: reinforcements"))
            if f["entry_turn"] > doc["turns"]:
                out.append(problem(f"{where}.entry_turn", f"{counters} enter on turn "
                                   f"{f['entry_turn']}, after the last turn ({doc['turns']})",
                                   "23 Situations: reinforcements"))
        if f.get("afloat") and "land_turn" not in f:
            out.append(problem(f"{where}.land_turn", f"{counters} afloat: set the landing turn "
                               "(land_turn)", LANDING_RULE))
        # A force with neither set-up hexes nor an entry turn is placed by its player in a
        # set-up area, or is off the map: the check of the areas says which (PL-E1).
    return out


def _force_words(f: Mapping[str, Any]) -> str:
    """A force as the designer reads it: its counter's name and how many ("2 x M4 Sherman")."""
    t = catalogue().get(f["type"]) if isinstance(f.get("type"), str) else None
    name = t.name if t is not None else repr(f.get("type"))
    count = int(f.get("count", len(f.get("at", ())) or 1))
    return f"{count} x {name}" if count > 1 else name


def _unit_words(u: Any) -> str:
    """A unit as the designer reads it: its counter's name and its hex ("M4 Sherman at N-B-3")."""
    t = catalogue().get(u.type_id)
    return f"{t.name if t is not None else u.type_id} at {u.hex}"


def _hexes(doc: Mapping[str, Any], sit_map: Any) -> list[dict]:
    """Every hex the document names is on its map (2.1)."""
    named: list[tuple[str, Any]] = []
    for i, f in enumerate(doc["forces"]):
        named += [(f"forces[{i}].at[{j}]", h) for j, h in enumerate(f.get("at", ()))]
        named += [(f"forces[{i}].entry[{j}]", h) for j, h in enumerate(f.get("entry", ()))]
    named += [(f"mines[{i}].hex", m["hex"]) for i, m in enumerate(doc.get("mines", ()))]
    named += [(f"forts[{i}].hex", m["hex"]) for i, m in enumerate(doc.get("forts", ()))]
    named += [(f"blocks[{i}]", h) for i, h in enumerate(doc.get("blocks", ()))]
    named += [(f"temporary_bridges[{i}].hex", b["hex"])
              for i, b in enumerate(doc.get("temporary_bridges", ()))]
    named += [(f"control.{h}", h) for h in doc.get("control", {})]
    named += [(f"victory.objectives[{i}]", h)
              for i, h in enumerate(doc["victory"]["objectives"])]
    for side, hexes in (doc.get("exits") or {}).items():
        named += [(f"exits.{side}[{j}]", h) for j, h in enumerate(hexes)]
    for i, s in enumerate(doc["sides"]):
        for j, area in enumerate(s.get("setup_areas", ())):
            named += [(f"sides[{i}].setup_areas[{j}].hexes[{k}]", h)
                      for k, h in enumerate(area["hexes"])]
    out = []
    for field, label in named:
        try:
            sit_map.hex(label)
        except ValueError:
            out.append(problem(field, f"{label} is off the map", "2.1 Boards", label))
    return out


AIR_RULE = "20 Airpower (RB XII)"


def _aircraft(doc: Mapping[str, Any], sides: set[str]) -> list[dict]:
    """A side's air support (20): aircraft counters of the catalogue (P-47, Typhoon, L-5),
    flying from a first to a last turn within the game. Bombs or rockets arm either
    fighter-bomber (RB XII.C.3); the L-5 observes and carries none."""
    out, planes = [], aircraft_types()
    for i, group in enumerate(doc.get("aircraft") or ()):
        where = f"aircraft[{i}]"
        plane = planes.get(group["type"])
        flies = plane["name"] if plane else "the aircraft"
        if plane is None:
            out.append(problem(f"{where}.type", f"{group['type']!r} is no aircraft: one of "
                               f"{', '.join(sorted(planes))}", AIR_RULE))
        elif plane.get("observer") and "ordnance" in group:
            out.append(problem(f"{where}.ordnance", f"the {plane['name']} observes and "
                               "carries no bombs or rockets", AIR_RULE))
        if group["side"] not in sides:
            out.append(problem(f"{where}.side", f"unknown side {group['side']!r}", AIR_RULE))
        first, last = group.get("first", 1), group.get("last", doc["turns"])
        for key, turn in (("first", first), ("last", last)):
            if turn > doc["turns"]:
                out.append(problem(f"{where}.{key}", f"{flies}: its {key} turn, {turn}, is "
                                   f"after the battle's last turn ({doc['turns']})", AIR_RULE))
        if first > last:
            out.append(problem(f"{where}.last", f"{flies} flies from turn {first} to turn "
                               f"{last}: the last turn comes before the first", AIR_RULE))
    return out


def _references(doc: Mapping[str, Any], sides: set[str]) -> list[dict]:
    out = []
    v = doc["victory"]
    if v["attacker"] not in sides:
        out.append(problem("victory.attacker", f"unknown side {v['attacker']!r}",
                           "23 Situations: victory"))
    if "setup_last" in doc and doc["setup_last"] not in sides:
        out.append(problem("setup_last", f"unknown side {doc['setup_last']!r}", "23.2 Set-up"))
    for key, holder in (doc.get("control") or {}).items():
        if holder not in sides:
            out.append(problem(f"control.{key}", f"unknown side {holder!r}", "23 Situations",
                               key))
    for i, m in enumerate(doc.get("mines", ())):
        if m["owner"] not in sides:
            out.append(problem(f"mines[{i}].owner", f"unknown side {m['owner']!r}",
                               "17.1 Minefields", m["hex"]))
    out += side_problems(doc, sides, _map_boards(doc))
    levels = v["levels"]
    if not levels["decisive"] >= levels["tactical"] >= levels["marginal"]:
        out.append(problem("victory.levels", "decisive, tactical and marginal must not rise",
                           "23 Situations: victory"))
    # A side's counters are of its nationality: one the counter catalogue has (1).
    known = sorted({t.nationality for t in catalogue().values()})
    out += [problem(f"sides[{i}].nationality", f"the game has no counters of nationality "
                    f"{s['nationality']!r}: choose one of {', '.join(known)}", "1 Components: the counter catalogue")
            for i, s in enumerate(doc["sides"]) if s["nationality"] not in known]
    if len({s["id"] for s in doc["sides"]}) != len(doc["sides"]):
        out.append(problem("sides", "two sides with one id", "23 Situations"))
    return out


def _map_boards(doc: Mapping[str, Any]) -> list[str]:
    """The names the map's boards go by, as the first part of their hex labels: a map
    entry's `label`, else its board's id (board.build_map)."""
    out = []
    for entry in doc["map"]:
        drawn = _drawing(doc, entry)
        out.append(entry.get("label", drawn["id"] if drawn else entry["board"]))
    return list(dict.fromkeys(out))


def _unit_forces(doc: Mapping[str, Any], state: Any) -> dict[str, int]:
    """Unit id -> the index of the force it came from (units are made in the forces' order)."""
    ids = iter(state.units)
    out = {}
    for i, f in enumerate(doc["forces"]):
        for _ in range(int(f.get("count", len(f.get("at", ())) or 1))):
            out[next(ids)] = i
    return out


# The rule a line of the set-up-area check breaks, by the rule its message cites.
_AREA_RULES = (("(4.5", "4.5 One side a hex"), ("(5)", "5 Stacking: four counters a hex"),
               ("QA G8", "23.2 Set-up; QA G8"))


def _area_rule(field: str, message: str) -> str:
    return next((rule for cited, rule in _AREA_RULES if cited in message),
                "23.1 Set-up areas (PL-E1)")


def _areas(doc: Mapping[str, Any], sit: Scenario) -> list[dict]:
    """The set-up areas (PL-E1): units in one area of their own side, area hexes not shared
    with the other side, room for every unit under four counters a hex (5) in terrain it
    could enter (QA G8), and a place for every unit."""
    state = opening_state(sit)
    lines = setup_areas.area_problems(doc, sit, state, _unit_forces(doc, state))
    return [area_hex(from_line(line, doc, _area_rule), doc) for line in lines]


def _unit_rule(field: str, message: str) -> str:
    """The rule broken by a field naming a unit the forces do not make."""
    if field.startswith("cargo"):
        return CARGO_RULE
    return "18.3 Engineers" if field.startswith("engineer_vehicles") else "6 Transport"


def _set_up(doc: Mapping[str, Any], sit: Scenario) -> list[dict]:
    """Stacking at set-up (5; 4.5: one side a hex), positional defences (17) and the set-up
    rules of 23.2 and QA G8 (setup.problems), and the set-up areas."""
    out = _areas(doc, sit)
    try:
        check_positional(sit)
    except ValueError as exc:
        out.append(problem("mines", str(exc).split(": ", 1)[-1], "17 Positional defences"))
    state = opening_state(sit)
    for line in invariants.problems(state):
        label, _, why = line.partition(": ")
        field = next((f"forces[{i}].at" for i, f in enumerate(doc["forces"])
                      if label in f.get("at", ())), "forces")
        if "both sides" in why:
            out.append(problem(field, f"{label}: both sides set up in one hex; move one side's "
                               "counters out", "4.5 One side a hex", label))
        else:
            out.append(problem(field, f"{label}: {why.removesuffix(' (5)')}; move some to "
                               "another hex",
                               "5 Stacking: four counters a hex", label))
    by_force = _unit_forces(doc, state)
    for b in setup.breaches(sit, name=lambda e: f"the enemy's {_unit_words(e)}"):
        field = f"forces[{by_force[b.unit.id]}].at" if b.unit and b.unit.id in by_force \
            else "forces"
        if b.unit is None:
            message = f"{b.hex}: {b.why}"
        elif b.seen:  # say what to do: the side setting up last hides from the enemy
            message = (f"{_unit_words(b.unit)} is {b.why.removesuffix(' (23.2)')}: set it up "
                       "out of the enemy's sight, or in woods or a town with no enemy beside it")
        else:
            message = f"{_unit_words(b.unit)}: {b.why}"
        out.append(problem(field, message, "23.2 Set-up; QA G8", b.hex))
    return out


def _no_way_to_win(doc: Mapping[str, Any], sit: Scenario) -> list[dict]:
    """The attacker scores 2 an objective held and 1 an enemy unit lost (23.4): it must be
    able to reach marginal, and the defender must win below it."""
    v = doc["victory"]
    attacker = v["attacker"]
    cat = catalogue()
    defenders = sum(int(f.get("count", len(f.get("at", ())) or 1)) for f in doc["forces"]
                    if f["side"] != attacker and f["type"] in cat and cat[f["type"]].controls)
    best = 2 * len(v["objectives"]) + defenders
    out = []
    names = {s["id"]: s.get("name") or s["id"] for s in doc["sides"]}
    empty = [s for s in names if not any(f["side"] == s for f in doc["forces"])]
    if empty:
        out.append(problem("forces", "place at least one counter for each side: "
                           f"{' and '.join(names[s] for s in empty)} "
                           f"{'has' if len(empty) == 1 else 'have'} none yet",
                           "23 Situations"))
    if attacker not in empty and best < v["levels"]["marginal"]:
        out.append(problem("victory.levels.marginal",
                           f"no way to win: the attacker scores at most {best}, not "
                           f"{v['levels']['marginal']}", "23.4 Victory"))
    if v["levels"]["marginal"] < 1:
        out.append(problem("victory.levels.marginal", "no way to win for the defender: the "
                           "attacker wins without scoring", "23.4 Victory"))
    return out


def _size(doc: Mapping[str, Any]) -> list[dict]:
    boards = {str(k): (b.get("columns") or 0) * (b.get("rows") or 0)
              for k, b in (doc.get("boards") or {}).items()
              if isinstance(b, Mapping) and isinstance(b.get("columns"), int)
              and isinstance(b.get("rows"), int)}
    forces = doc.get("forces") if isinstance(doc.get("forces"), list) else []
    units = sum(f.get("count", 1) if isinstance(f.get("count"), int) else 1
                for f in forces if isinstance(f, Mapping))
    return too_large(boards, units, doc.get("turns"))


def check_scenario(doc: Any) -> list[dict]:
    """Every problem of a situation document, each naming its field, hex and rule; [] when
    it is playable (23)."""
    if not isinstance(doc, Mapping):
        return [problem("(top)", "a situation document is a JSON object", FORMAT_RULE)]
    found = _schema(doc) or _size(doc)
    if found:  # the semantic checks read a document of the right shape and size only
        return found
    sides = {s["id"] for s in doc["sides"]}
    # Every independent problem in one pass: the turns of reinforcements and aircraft, the
    # references to sides and the victory levels do not stop the set-up being checked. Only
    # what the situation cannot be laid out without does: its boards, the counters' types
    # and sides, an aircraft's type, a landing turn for a force afloat, one id a side.
    boards, forces, references = _boards(doc), _forces(doc, sides), _references(doc, sides)
    aircraft = _aircraft(doc, sides)
    found = boards + forces + references + aircraft
    if boards or any(p["field"].endswith((".type", ".side", ".land_turn")) for p in forces) \
            or any(p["field"].endswith(".type") for p in aircraft) \
            or any(p["field"] == "sides" for p in references):
        return found
    # Checked under an id of its own: the engine finds a situation by id, and a draft must
    # never stand in for a bundled or published situation of the same name.
    check_id = f"check.{digest(doc)[:16]}"
    try:
        sit = scenario_from_dict({**doc, "id": check_id})
    except (ValueError, KeyError, IndexError) as exc:
        return [*found, problem("map", str(exc), "2.1 Boards")]
    off_map = _hexes(doc, sit.map)
    if off_map:  # a unit off the map cannot be set up; whether a side can win still tells
        return found + off_map + _no_way_to_win(doc, sit)
    try:  # the units that `loaded`, `engineer_vehicles` and `cargo` name exist once the
        # forces are made
        state = opening_state(sit)
    except ValueError as exc:
        return [*found, from_line(str(exc), doc, _unit_rule)]
    found += place_problems(doc, sit, state)
    register(sit)
    try:
        found += _set_up(doc, sit)
    finally:
        unregister(check_id)
    return found + _no_way_to_win(doc, sit)



def scenario_from_document(doc: Any, play_id: str | None = None) -> Scenario:
    """The Scenario a document describes, played under `play_id` (a published revision's
    `<id>.r<n>`, which the document's own id may not be) or its own id; ValueError listing
    its problems."""
    found = check_scenario(doc)
    if found:
        raise ValueError("; ".join(f"{p['field']}: {p['message']}" for p in found))
    return scenario_from_dict({**doc, "id": play_id or doc["id"]})


def document_of(sit: Scenario) -> dict:
    """The situation as a document that stands alone, each bundled board drawn under
    `boards` (export, and the bundled situations stored beside players' ones)."""
    doc = dict(sit.raw)
    own = dict(doc.get("boards") or {})
    for entry in doc["map"]:
        if not entry.get("drawing") and entry["board"] not in own:
            own[entry["board"]] = board_file(entry["board"])
    doc["boards"] = own
    return doc



def blank_document(columns: int, rows: int) -> dict:
    """A new situation on one blank board of clear ground: the designer's starting point. It
    fails the check until it has forces and objectives."""
    board = {"id": "N", "title": "New board", "columns": columns, "rows": rows,
             "terrain": ["." * columns] * rows, "elevation": ["0" * columns] * rows,
             "roads": []}
    return {
        "format": 1, "id": "new-situation", "ruleset": "panzer_leader",
        "title": "New situation", "description": "", "learning": False, "size": "small",
        "turns": 8,
        "sides": [{"id": "allied", "name": "Allied", "nationality": "us"},
                  {"id": "german", "name": "German", "nationality": "german"}],
        "boards": {"N": board}, "map": [{"board": "N", "at": [0, 0]}],
        "forces": [], "mines": [], "control": {},
        "victory": {"attacker": "allied", "objectives": [],
                    "levels": {"decisive": 6, "tactical": 4, "marginal": 2}},
    }
