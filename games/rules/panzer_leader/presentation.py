"""What the server shows of Panzer Leader as plain data: situation summaries, the optional
rules in words, the map the board draws, counter values and faces, the counters' table rows.

Nothing here decides a rule; maps and counter values never change, so each answer is built
once per situation.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..common import faces
from ..interface import ScenarioInfo, SideInfo
from . import views
from .combat import naval
from .combat.air import aircraft_types, ordnance_kinds
from .core import markers
from .core.board import ELEVATION_NAMES, TERRAIN_NAMES, build_map
from .core.scenario import (
    Scenario,
    opening_state,
    scenario_for,
    scenario_revision,
    starting_aircraft,
)
from .core.state import GameState
from .core.units import catalogue
from .optional.options import RULES

# The colour the board fills each terrain with, under its pattern
# (static/games/js/board/layers.js paints the same; a test holds the two together).
TERRAIN_FILL = {"clear": "#ebe6cc", "woods": "#93b266", "town": "#d3cabb", "swamp": "#b9cbb4",
                "stream": "#a9cfe6", "beach": "#eedfa6", "sea": "#5f93c2"}


def terrain_chart() -> dict[str, dict]:
    """Each terrain a board may hold: its name and the board's fill (2.4)."""
    return {key: {"name": name, "fill": TERRAIN_FILL[key]} for key, name in TERRAIN_NAMES.items()}


def scenario_info(sit: Scenario) -> ScenarioInfo:
    counters = sum(int(g.get("count", len(g.get("at", ())) or 1)) for g in sit.raw["forces"])
    return ScenarioInfo(
        id=sit.id,
        ruleset="panzer_leader",
        title=sit.title,
        description=sit.description,
        learning=sit.learning,
        turns=sit.turns,
        sides=tuple(
            SideInfo(id=s["id"], name=s.get("name", s["id"]), nationality=s.get("nationality", ""),
                     briefing=s.get("briefing", ""))
            for s in sit.sides
        ),
        default_options=frozenset(sit.default_options),
        size={"total": counters, "label": sit.size},
        revision=scenario_revision(sit),
        date=sit.raw.get("date", ""),
        front=sit.raw.get("front", ""),
        units=(),
    )


def option_choices() -> list[dict]:
    """The optional and experimental rules (21, 22, 24) as players read them, from the one
    table in options.py: id, name, one line of explanation, rule number, whether it is on
    unless the game says otherwise and whether it is experimental."""
    return [{"id": r.id, "name": r.name, "text": r.line, "rule": r.rule,
             "default": r.default, "experimental": r.experimental} for r in RULES]


@cache
def map_payload(scenario_id: str) -> dict:
    """Boards, hexes (terrain, elevation 0 ground / 1 slope / 2 hilltop), hexside symbols,
    roads and railways, as the board draws them (2.1-2.5)."""
    return payload_of(scenario_for(scenario_id).map)


def payload_of(m: Any) -> dict:
    """What the board draws of a map (a situation's, or a designer's document's)."""
    hexes = [
        {"hex": info.label, "q": h.q, "r": h.r, "terrain": info.terrain,
         "elevation": info.elevation, **({"bridge": True} if m.is_bridge(h) else {})}
        for h, info in sorted(m.hexes.items(), key=lambda kv: (kv[0].q, kv[0].r))
    ]
    hexsides = []
    for h in sorted(m.hexes, key=lambda x: (x.q, x.r)):
        for n in m.neighbors(h):
            if (n.q, n.r) > (h.q, h.r):
                feats = m.symbols(h, n)
                if feats:
                    hexsides.append({"a": m.label(h), "b": m.label(n), "features": sorted(feats)})
    roads = sorted(
        ({"kind": "road", "hexes": sorted(m.label(x) for x in pair)} for pair in m.roads),
        key=lambda r: r["hexes"],  # type: ignore[arg-type, return-value]
    )
    # Railways beside roads, as the board draws them; a railway is no road (PL-E28).
    railways = sorted(({"hexes": sorted(m.label(x) for x in pair)} for pair in m.railways),
                      key=lambda r: r["hexes"])
    boards = []
    for b in m.boards:
        rows, columns = b["rows"], b["columns"]
        dc, dr = b["at"]
        # `at` in boards, as the board draws it: board x starts at column x * columns (joined
        # boards share their edge half hexes, so they step one column or row less).
        step_c, step_r = (columns - 1, rows - 1) if any(e.get("join") for e in m.boards) \
            else (columns, rows)
        boards.append({"label": b["label"], "columns": columns, "rows": rows,
                       "at": [dc // step_c, dr // step_r]})
    # How the board names an elevation where it writes one ("clear, slope").
    levels = {str(i): name for i, name in enumerate(ELEVATION_NAMES)}
    return {"boards": boards, "hexes": hexes, "hexsides": hexsides, "roads": roads,
            "railways": railways, "elevations": levels}


def face(type_id: str) -> dict:
    """What a counter prints (views.face, 1.1), with the two lines the board writes on it
    (`fire`: attack, weapon class and range; `move`: defence and movement) and the details
    its panel lists."""
    f = views.face(type_id)
    t = catalogue()[type_id]
    return {
        **f,
        "fire": f"{f['attack']}{f['weapon']}-{f['range']}",
        "move": f"{f['defense']}-{f['movement']}",
        "details": [["attack", f"{f['attack']} ({f['weapon']})"], ["range", f["range"]],
                    ["defence", str(f["defense"])],
                    ["movement", f"{f['movement']} ({t.move_class})"]],
    }


@cache
def counter_types(scenario_id: str) -> dict[str, dict]:
    sit = scenario_for(scenario_id)
    used = sorted({g["type"] for g in sit.raw["forces"]})
    return {t: face(t) for t in used}


def unit_rows(state: GameState, only: list[str] | None = None) -> dict[str, dict]:
    """Each counter's row for the server's table (one step each in Panzer Leader)."""
    out = {}
    for u in (state.units[i] for i in only) if only is not None else state.units.values():
        markers = [name for name, on in (("fired", u.fired), ("opfired", u.opfired),
                                         ("moved", u.moved), ("eliminated", u.eliminated),
                                         ("exited", u.exited), ("in_fort", u.in_fort)) if on]
        if u.carried_by:
            markers.append(f"carried_by:{u.carried_by}")
        out[u.id] = {"side": u.side, "type_id": u.type_id, "hex": u.hex or "",
                     "steps": 0 if u.eliminated else 1, "status": u.status, "markers": markers}
    return out


@cache
def board_faces(scenario_id: str) -> dict:
    """Side colours by nationality and every counter's human name (common.faces)."""
    sit = scenario_for(scenario_id)
    units = opening_state(sit).units.values()
    cat = catalogue()
    counters = [faces.Counter(u.id, u.side, u.type_id) for u in units]
    types = {c.type_id: faces.CounterType(cat[c.type_id].name, cat[c.type_id].kind, False)
             for c in counters}
    sides = [(s["id"], s.get("nationality", "")) for s in sit.sides]
    # How each marker looks: the board places them where the view's "markers" say.
    return {**faces.board_faces(sides, counters, types),
            "markers": {k: dict(v) for k, v in markers.FACES.items()},
            "aircraft": _aircraft_names(sit), "navies": _navy_names(sit)}


def _aircraft_names(sit: Scenario) -> dict[str, dict]:
    """Every aircraft of the situation by id: "1st P-47 Thunderbolt (bombs)" (20.1); the
    situation card tells both players what flies, so every viewer may read it."""
    planes = starting_aircraft(sit)
    kinds = {p["type"]: faces.CounterType(aircraft_types()[p["type"]]["name"], "aircraft", False)
             for p in planes.values()}
    named = faces.unit_faces([faces.Counter(pid, p["side"], p["type"]) for pid, p in planes.items()],
                             kinds, {})
    return {pid: {"name": f"{named[pid]['name']} ({p['ordnance']})", "short": named[pid]["short"]}
            for pid, p in planes.items()}


def _navy_names(sit: Scenario) -> dict[str, dict]:
    """The navy as a firer (naval fire points, 19.4): "Allied naval gunfire"."""
    return {naval.firer_id(s["id"]): {"name": f"{s.get('name', s['id'])} naval gunfire",
                                      "short": "Navy"} for s in sit.sides}


def counter_catalogue() -> dict[str, dict]:
    """Every counter type a designer may pick, as the board draws it (1)."""
    return {t: face(t) for t in sorted(catalogue())}


def aircraft_catalogue() -> dict[str, dict]:
    """The aircraft a designer may give a side (20): bombs or rockets arm either
    fighter-bomber (RB XII.C.3), the observer carries none."""
    kinds = sorted(ordnance_kinds())
    return {a["id"]: {"name": a["name"], "nationality": a["nationality"],
                      "observer": bool(a.get("observer")),
                      "ordnance": [] if a.get("observer") else kinds}
            for a in sorted(aircraft_types().values(), key=lambda a: a["id"])}


def document_map(doc: Any) -> dict:
    """What the board draws of a document's boards (2.1); ValueError when they cannot be
    laid out."""
    if not isinstance(doc, dict) or not isinstance(doc.get("map"), list):
        raise ValueError("map: expected a list of boards")
    own = doc.get("boards") if isinstance(doc.get("boards"), dict) else {}
    try:
        return payload_of(build_map(doc["map"], own))
    except (KeyError, TypeError, IndexError, OSError, AttributeError) as exc:
        raise ValueError(f"map: the boards cannot be laid out ({exc})") from None
