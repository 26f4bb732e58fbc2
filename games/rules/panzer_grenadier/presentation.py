"""What the server shows of Panzer Grenadier as plain data: scenario summaries, the optional
rules in words, the map the board draws, counter values and faces, the counters' table rows.

Built once per scenario where it never changes (`functools.cache`); nothing here decides a
rule.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from ..common import faces
from ..common.canonical import digest
from ..common.revision import revision
from ..interface import FormationInfo, ScenarioInfo, SideInfo
from .core import state as st
from .core.commands import Event
from .core.registry import catalogue_for, hex_label, scenario_for
from .core.scenario import OPTIONAL_RULES, initial_state
from .core.scenario_checks import BOARD_DIR
from .core.scenario_model import OPTIONAL_RULE_INFO, TEAM_RULES, Scenario
from .core.state import GameState
from .core.terrain import TERRAIN_KEYS, terrain_type
from .core.units import catalogue
from .double_blind.knowledge import MODES as KNOWLEDGE_MODES
from .double_blind.observation import ADDITION_INFO
from .double_blind.observation import ADDITIONS as DB_ADDITIONS

# Short designations as a counter prints them, by type id; others are cut from the name.
SHORT: Mapping[str, str] = {
    "ge_rifle": "Gren", "ge_smg": "Sturm", "ge_pioneer": "Pion", "ge_recon": "Aufkl",
    "ge_hmg": "MG42", "ge_mortar_81": "8cm Mrs", "ge_mortar_120": "12cm Mrs",
    "ge_ig_75": "7.5 IG", "ge_pak_38": "Pak 38", "ge_pak_40": "Pak 40", "ge_flak_20": "2cm Flak",
    "ge_flak_88": "8.8 Flak", "ge_lefh_105": "leFH", "ge_shfh_150": "sFH", "ge_pz_iv": "Pz IV",
    "ge_pz_iii": "Pz III", "ge_panther": "Panther", "ge_tiger": "Tiger", "ge_stug_iii": "StuG",
    "ge_marder_iii": "Marder", "ge_sdkfz_222": "SdKfz222", "ge_sdkfz_251": "SdKfz251",
    "ge_truck": "Opel", "ge_wagon": "Wagon", "ge_sdkfz_7": "SdKfz7",
    "su_rifle": "Rifle", "su_guards_rifle": "Gd Rifle", "su_smg": "SMG", "su_sapper": "Sapper",
    "su_scout": "Scout", "su_hmg": "Maxim", "su_mortar_82": "82 Mrt", "su_mortar_120": "120 Mrt",
    "su_ig_76": "76 RG", "su_at_45": "45 AT", "su_zis_3": "ZiS-3", "su_aa_37": "37 AA",
    "su_m30_122": "122 How", "su_t34_76": "T-34/76", "su_t34_76_guards": "Gd T-34",
    "su_t34_85": "T-34/85", "su_t70": "T-70", "su_su_76": "SU-76", "su_su_85": "SU-85",
    "su_ba_64": "BA-64", "su_m3_scout": "M3 Scout", "su_truck": "Studer", "su_wagon": "Wagon",
    "su_stz_5": "STZ-5",
}

# The colour the board fills each terrain of the chart with, under its pattern
# (static/games/js/board/layers.js paints the same; a test holds the two together).
TERRAIN_FILL: Mapping[str, str] = {
    "clear": "#ebe6cc", "field": "#e4d699", "light_woods": "#bcd193", "heavy_woods": "#7d9c58",
    "town": "#d3cabb", "swamp": "#b9cbb4", "river": "#9ec5df", "major_river": "#6ea2cb",
}


def terrain_chart() -> dict[str, dict]:
    """Each terrain of the Terrain Effects Chart: its name and the board's fill (5.1)."""
    return {key: {"name": terrain_type(key).name, "fill": TERRAIN_FILL[key]}
            for key in TERRAIN_KEYS}


def hidden_information(options: Iterable[str]) -> bool:
    """Double-blind, hidden units or limited intelligence: counters hidden from the enemy."""
    return bool(set(options) & set(KNOWLEDGE_MODES))


@cache
def _board_digest(board_id: str) -> str:
    return digest(json.loads((BOARD_DIR / f"{board_id}.json").read_text(encoding="utf-8")))


def scenario_revision(scen: Scenario) -> str:
    """The scenario's revision (games/rules/common/revision.py): its file less the words that
    only present it, with the board files it is laid on (a board drawn in the document
    itself is in the document already)."""
    own = scen.raw.get("boards") or {}
    boards = {b: _board_digest(b) for b in scen.boards if b not in own}
    return revision(scen.raw, boards)


def scenario_info(scen: Scenario) -> ScenarioInfo:
    """A scenario as the lobby and the services read it."""
    return ScenarioInfo(
        id=scen.id,
        ruleset="panzer_grenadier",
        title=scen.title,
        date=scen.date,
        front=scen.raw.get("front", ""),
        description=scen.description,
        learning=scen.learning,
        turns=scen.turns,
        sides=tuple(
            SideInfo(
                id=s.id,
                name=s.name,
                nationality=s.nationality,
                briefing=s.briefing,
                initiative=s.initiative,
                morale=s.morale,
            )
            for s in scen.sides
        ),
        default_options=frozenset(scen.default_options),
        size=dict(scen.size),
        revision=scenario_revision(scen),
        formations=tuple(FormationInfo(f.id, f.side, f.name, tuple(f.units)) for f in scen.formations),
        units=tuple((u.id, u.side) for u in scen.units),
    )


@cache
def counter_types(scenario_id: str) -> dict[str, dict]:
    """The printed values of every counter type of a scenario, for the board to draw."""
    from games.rules.panzer_grenadier.core.registry import catalogue_for

    scen = scenario_for(scenario_id)
    cat = getattr(scen, "catalogue", None) or catalogue_for(None)
    used = {u.type_id for u in initial_state(scen).units.values()}
    return {type_id: type_entry(cat[type_id]) for type_id in sorted(used)}


def type_entry(t: Any) -> dict[str, Any]:
    """One counter type's printed values as the board draws them (0.0)."""
    entry: dict[str, Any] = {"name": t.name, "nationality": t.nationality, "kind": t.kind}
    if t.is_leader:
        entry.update(
            leader=True,
            rank=t.rank,
            morale=t.morale,
            combat_modifier=t.combat_modifier,
            morale_modifier=t.morale_modifier,
            movement=t.movement,
            lines=leader_lines(t),
        )
    else:
        entry.update(
            leader=False,
            steps=t.steps,
            movement_class=t.movement_class,
            full=_face(t.full),
            reduced=_face(t.reduced) if t.reduced else None,
        )
    return entry


@cache
def counter_faces(scenario_id: str) -> dict:
    """Side colours, human names and short designations the board draws (rules.faces)."""
    scen = scenario_for(scenario_id)
    cat = getattr(scen, "catalogue", None) or catalogue_for(None)
    counters = [faces.Counter(u.id, u.side, u.type_id, u.name) for u in scen.units]
    types = {
        c.type_id: faces.CounterType(cat[c.type_id].name, cat[c.type_id].kind, bool(cat[c.type_id].is_leader))
        for c in counters
    }
    drawn = faces.board_faces([(s.id, s.nationality) for s in scen.sides], counters, types, SHORT)
    # Formation names, as the scenario card prints them (the log names a formation by them).
    return {**drawn, "formations": {f.id: f.name for f in scen.formations}}


def faces_for(scenario_id: str, options: Iterable[str], side: str | None) -> dict:
    """The counter faces one viewer's page carries. With hidden information in play (double
    blind, hidden units, limited intelligence) only the viewer's own side's counters are
    named by id: an enemy is known by a handle and drawn from its type's face."""
    faces = counter_faces(scenario_id)
    if not hidden_information(options):
        return faces
    own = {u.id for u in scenario_for(scenario_id).units if u.side == side}
    return {**faces, "units": {k: v for k, v in faces["units"].items() if k in own}}


def _face(face: Any) -> dict:
    def fire(v: Any) -> list[int] | None:
        return [v.strength, v.range] if v is not None else None

    return {
        "direct_fire": fire(face.direct_fire),
        "bombardment": fire(face.bombardment),
        "anti_tank": fire(face.anti_tank),
        "armor": face.armor,
        "movement": face.movement,
        "lines": face_lines(face),
    }


# The ranks as a leader counter prints them (0.0).
RANK_ABBR = {
    "sergeant": "Sgt", "lieutenant": "Lt", "captain": "Capt", "major": "Maj",
    "lieutenant_colonel": "LtCol", "colonel": "Col", "general": "Gen",
}


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def face_lines(face: Any) -> dict[str, str]:
    """What one face of a counter prints, as its two lines: the fire values ("7-6 [8-20]
    (2-4) A3": direct fire, bombardment in brackets, anti-tank in parentheses, armor) and
    the movement ("4"). The board draws these; it holds no copy of the counter's layout."""
    parts = []
    if face.direct_fire is not None:
        parts.append(f"{face.direct_fire.strength}-{face.direct_fire.range}")
    if face.bombardment is not None:
        parts.append(f"[{face.bombardment.strength}-{face.bombardment.range}]")
    if face.anti_tank is not None:
        parts.append(f"({face.anti_tank.strength}-{face.anti_tank.range})")
    if face.armor is not None:
        parts.append(f"A{face.armor}")
    return {"fire": " ".join(parts), "move": str(face.movement)}


def leader_lines(t: Any) -> dict[str, str]:
    """A leader counter's two lines: rank, morale and modifiers ("Lt 8 +1/-1"), movement."""
    rank = RANK_ABBR.get(t.rank, t.rank)
    fire = f"{rank} {t.morale} {_signed(t.combat_modifier)}/{_signed(t.morale_modifier)}"
    return {"fire": fire, "move": str(t.movement) if t.movement else ""}


def unit_rows(state: GameState, only: list[str] | None = None) -> dict[str, dict]:
    """Each counter's row fields (Unit model) from a state; `only` these ids if given."""
    out = {}
    for u in (state.units[i] for i in only) if only is not None else state.units.values():
        markers = [
            name
            for name, on in (
                ("moved_fired", u.moved_fired),
                ("dug_in", u.dug_in),
                ("hidden", u.hidden),
                ("eliminated", u.eliminated),
                ("exited", u.exited),
            )
            if on
        ]
        if u.carried_by:
            markers.append(f"carried_by:{u.carried_by}")
        out[u.id] = {
            "side": u.side,
            "type_id": u.type_id,
            "hex": hex_label(state, u.hex) if u.hex is not None else "",
            "steps": u.steps,
            "status": u.status,
            "markers": markers,
        }
    return out


@cache
def map_payload(scenario_id: str) -> dict:
    """What the board draws, built once per scenario: boards, hexes, hexsides, roads."""
    scen = scenario_for(scenario_id)
    return payload_of(scen.map, scen.raw)


def payload_of(m: Any, raw: Mapping[str, Any] | None) -> dict:
    """What the board draws of a map (a scenario's, or a designer's document's)."""
    boards = []
    raw_boards = raw.get("map", {}).get("boards", []) if raw else []
    for entry in raw_boards:
        boards.append(
            {
                "label": entry["label"],
                "columns": m.board_columns,
                "rows": m.board_rows,
                "at": list(entry["at"]),
            }
        )
    if not boards:
        boards = [
            {"label": lab, "columns": m.board_columns, "rows": m.board_rows, "at": list(xy)}
            for lab, xy in sorted(m.placements.items())
        ]
    hexes = [
        {
            "hex": m.label(h),
            "q": h.q,
            "r": h.r,
            "terrain": m.terrain_key(h),
            "elevation": m.elevation(h),
        }
        for h in sorted(m.hexes, key=lambda h: (m.offset(h), h.q, h.r))
    ]
    hexsides = [
        {"a": m.label(a), "b": m.label(b), "features": sorted(feats)}
        for (a, b), feats in sorted(
            (tuple(sorted(pair)), feats) for pair, feats in m._hexsides.items() if feats
        )
        if m.contains(a) and m.contains(b)
    ]
    roads = [
        {"kind": kind, "hexes": [m.label(a), m.label(b)]}
        for (a, b), kind in sorted((tuple(sorted(pair)), kind) for pair, kind in m._roads.items())
    ]
    return {"boards": boards, "hexes": hexes, "hexsides": hexsides, "roads": roads}


def option_choices() -> list[dict]:
    """The options a new game may switch on, as players read them: id, name, one line of
    explanation, rule number, whether it is a double-blind addition (shown only then) and
    whether it is for team games alone (`teams`)."""
    out = []
    for option_id in [*OPTIONAL_RULES, *DB_ADDITIONS]:
        name, text, rule = OPTIONAL_RULE_INFO.get(option_id) or ADDITION_INFO[option_id]
        addition = option_id in DB_ADDITIONS
        out.append({"id": option_id, "name": name, "text": text, "rule": rule,
                    "double_blind": addition, "teams": option_id in TEAM_RULES})
    return out


def event_from_json(raw: Mapping[str, Any]) -> Event:
    """An engine Event from its stored JSON (what `redact_events` reads).

    Work-around: `Event.to_json` flattens `data` into the top level, so a data key named
    `units` that is not a list of ids (`markers_removed` carries a count) cannot go back
    through `commands.as_event`; such a value is kept in `data` here.
    """
    data = dict(raw)
    etype = str(data.pop("type", "event"))
    side = data.pop("side", None)
    units = data.get("units", ())
    if isinstance(units, str):
        units = (units,)
    if isinstance(units, (list, tuple)) and all(isinstance(u, str) for u in units):
        data.pop("units", None)
        return Event(etype, side=side, units=tuple(units), data=data)
    return Event(etype, side=side, data=data)



def command_of(state: GameState, side: str | None) -> dict:
    """Who commands what in a team game, for the board's seats panel and partner outlines:
    under Sector Command each seat's band of map columns (axial q, inclusive; public, like
    the map), and in a team side's own view the seat commanding each of its units now, which
    follows a unit from one sector to the next (D21, D-SECTOR-1)."""
    out: dict[str, Any] = {}
    sectors = {s.id: list(s.sector) for s in state.seats if s.sector is not None}
    if sectors:
        out["sectors"] = sectors
    if side is not None and st.is_team_side(state, side):
        out["commanders"] = {
            u.id: st.seat_of_unit(state, u)
            for u in state.units.values()
            if u.side == side and not u.eliminated
        }
    return out


def in_words(state: GameState, side: str, text: str) -> str:
    """An engine text as a player of `side` reads it: his own counters named as the board
    prints them instead of by id (the validators' texts name counters by id)."""
    own = {u.id: u for u in state.units.values() if u.side == side}
    if not own or not any(uid in text for uid in own):
        return text
    names = counter_faces_or_none(state.scenario_id)
    pattern = re.compile("|".join(re.escape(uid) for uid in sorted(own, key=len, reverse=True)))

    def name(m: re.Match) -> str:
        uid = m.group(0)
        named = (names or {}).get(uid)
        if named:
            return named["name"]
        return faces.type_label(catalogue_for(state)[own[uid].type_id].name)

    return pattern.sub(name, text)


def counter_faces_or_none(scenario_id: str) -> dict | None:
    """The scenario's counters by id with their printed names (None for a scenario built by
    hand, as tests and tools do)."""
    try:
        return counter_faces(scenario_id)["units"]
    except (KeyError, AttributeError):
        return None


def counter_catalogue() -> dict[str, dict]:
    """Every counter type a designer may pick, as the board draws it (0.0)."""
    cat = catalogue()
    return {type_id: type_entry(cat[type_id]) for type_id in sorted(cat.types)}
