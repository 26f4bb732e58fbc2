"""The one place the Django side calls the rules engine, so engine changes touch one module.

Everything here is pure and process-local: decoded states and audience views are cached by
(game, version), which is safe because a version's state never changes once committed.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from games.rules.common.dice import Roll, ScriptedDice, SeededDice, commitment, new_seed
from games.rules.common.errors import RulesError
from games.rules.panzer_grenadier import faces as rfaces
from games.rules.panzer_grenadier.core import state as rstate
from games.rules.panzer_grenadier.core.commands import Event
from games.rules.panzer_grenadier.core.registry import catalogue_for, hex_label
from games.rules.panzer_grenadier.core.scenario import (
    OPTIONAL_RULES,
    Scenario,
    bundled_scenarios,
    initial_state,
)
from games.rules.panzer_grenadier.core.scenario_model import OPTIONAL_RULE_INFO
from games.rules.panzer_grenadier.core.serialize import state_from_json, state_hash, state_to_json
from games.rules.panzer_grenadier.core.state import GameState
from games.rules.panzer_grenadier.core.undo import may_undo
from games.rules.panzer_grenadier.double_blind.knowledge import MODES as KNOWLEDGE_MODES
from games.rules.panzer_grenadier.double_blind.knowledge import start as start_knowledge
from games.rules.panzer_grenadier.double_blind.observation import ADDITION_INFO
from games.rules.panzer_grenadier.double_blind.observation import ADDITIONS as DB_ADDITIONS
from games.rules.panzer_grenadier.engine import (
    apply as rules_apply,
)
from games.rules.panzer_grenadier.engine import (
    who_may_act as rules_who_may_act,
)
from games.rules.panzer_grenadier.legal import legal_commands as rules_legal_commands
from games.rules.panzer_grenadier.verify import export_game
from games.rules.panzer_grenadier.views import (
    redact_events as rules_redact_events,
)
from games.rules.panzer_grenadier.views import (
    view_for as rules_view_for,
)

__all__ = [
    "OPTIONAL_RULES",
    "ENDED",
    "Applied",
    "GameState",
    "Roll",
    "RulesError",
    "apply_command",
    "arm",
    "audience_view",
    "commitment",
    "decode_state",
    "encode_state",
    "events_for",
    "legal_for",
    "map_payload",
    "new_seed",
    "opening_state",
    "scenario",
    "scenarios",
    "state_hash",
    "unit_rows",
]

ENDED = rstate.ENDED

# Audience keys, as strings so they can cross the channel layer and name a cache entry:
# "side:<side id>" (that side's view, with its seats' legal commands), "public", "full".
PUBLIC = "public"
FULL = "full"


def side_audience(side_id: str) -> str:
    return f"side:{side_id}"


def scenarios() -> dict[str, Scenario]:
    """The bundled scenarios by id (loaded once by the engine)."""
    return bundled_scenarios()


def scenario(scenario_id: str) -> Scenario:
    """One bundled scenario; KeyError when there is none by that id."""
    return bundled_scenarios()[scenario_id]


def opening_state(scenario_id: str, options: list[str], seats: Mapping[str, str]) -> GameState:
    """The state before turn 1, with `seats` mapping engine seat id -> side id."""
    plain = [o for o in options if o not in DB_ADDITIONS]
    return initial_state(scenario(scenario_id), options=plain, seats=dict(seats))


def divided_opening_state(
    scenario_id: str, options: list[str], seats: Mapping[str, tuple[str, frozenset[str]]]
) -> GameState:
    """The state before turn 1 with each seat's own units: seat id -> (side id, unit ids)."""
    plain = [o for o in options if o not in DB_ADDITIONS]
    dealt = tuple(
        rstate.SeatState(id=seat, side=side, units=frozenset(units))
        for seat, (side, units) in seats.items()
    )
    return initial_state(scenario(scenario_id), options=plain, seats=dealt)


def arm(state: GameState, options: list[str]) -> GameState:
    """Arm a hidden-information game (D-DB-MODES) with a fresh secret for its handles.

    The secret lives only in the stored state (exported for replays after the end, like
    the seed); no view, frame or log line carries it. Open games are returned unchanged.
    """
    additions = sorted(set(options) & set(DB_ADDITIONS))
    if not (set(options) & set(KNOWLEDGE_MODES)) and not additions:
        return state
    return start_knowledge(state, secrets.token_hex(32), additions)


# -- states, cached by (game, version) ----------------------------------------------------------

_CACHE_SIZE = 512

# Extra keys for every audience's view, from other apps (the clocks add `clocks`): each
# takes (game id, version) and returns what every audience may see at that version.
VIEW_EXTRAS: list[Any] = []
_states: OrderedDict[tuple[str, int], GameState] = OrderedDict()
_views: OrderedDict[tuple[str, int, str], dict] = OrderedDict()


def _remember(cache_: OrderedDict, key: Any, value: Any) -> None:
    cache_[key] = value
    cache_.move_to_end(key)
    while len(cache_) > _CACHE_SIZE:
        cache_.popitem(last=False)


def decode_state(game_id: str, version: int, raw: Mapping[str, Any]) -> GameState:
    """The state of a game at a version, decoded once per process."""
    key = (str(game_id), version)
    hit = _states.get(key)
    if hit is None:
        hit = state_from_json(raw)
        _remember(_states, key, hit)
    return hit


def cached_state(game_id: str, version: int) -> GameState | None:
    """The decoded state of a version if this process has it."""
    return _states.get((str(game_id), version))


def remember_state(game_id: str, version: int, state: GameState) -> None:
    _remember(_states, (str(game_id), version), state)


def replay_step(state: GameState, seat_id: str, command: Any, dice: list[dict]) -> GameState:
    """The state a stored step made, applied again with its recorded dice (the log is the
    truth; games.steplog rebuilds versions between checkpoints with this)."""
    recorded = ScriptedDice.replaying(Roll.from_json(r) for r in dice or [])
    return rules_apply(state, seat_id, command, recorded).state


def encode_state(state: GameState) -> dict:
    return state_to_json(state)


@dataclass(frozen=True)
class Applied:
    """What a command did, as the service stores it."""

    state: GameState
    events: list[dict]
    dice: list[dict]
    dice_position: int
    events_raw: tuple


def apply_command(
    state: GameState, seat_id: str, command: Any, seed: str, position: int
) -> Applied:
    """Apply a command with the game's seeded dice; raises RulesError (with .code)."""
    dice = SeededDice(seed, position=position)
    step = rules_apply(state, seat_id, command, dice)
    return Applied(
        state=step.state,
        events=[e.to_json() for e in step.events],
        dice=[r.to_json() for r in step.dice_used],
        dice_position=dice.position,
        events_raw=step.events,
    )


def who_may_act(state: GameState) -> tuple[str, ...]:
    """The seats that may send a command now (the engine's answer; empty once ended)."""
    return rules_who_may_act(state)


def deciding_sides(state: GameState) -> dict[str, tuple[str, ...]]:
    """The sides that must decide now, each with its seats that may act."""
    side_of = {s.id: s.side for s in state.seats}
    out: dict[str, tuple[str, ...]] = {}
    for seat in rules_who_may_act(state):
        out[side_of[seat]] = (*out.get(side_of[seat], ()), seat)
    return out


def window_open(state: GameState) -> bool:
    """An opportunity-fire offer is open: a short decision of the non-moving side (13.0)."""
    return state.opfire is not None


def segments_finished(before: GameState | None, after: GameState) -> set[str]:
    """The sides that finished an action segment in this step: an activation, or a pass
    (3.0; automatic passes do not count). The live clocks add their increment per segment."""
    if before is None:
        return set()
    was = before.played_segment
    return {side for side, n in after.played_segment.items() if was.get(side) != n}


def legal_for(state: GameState, seat_id: str) -> list[dict]:
    """Every command a seat may send now, complete objects, in the engine's group order."""
    return [c for cs in rules_legal_commands(state, seat_id).values() for c in cs]


def _engine_audience(state: GameState, audience: str) -> tuple:
    if state.phase == ENDED or audience == FULL:
        return ("full",)
    if audience == PUBLIC:
        return ("spectator", "public")
    kind, _, side = audience.partition(":")
    if kind != "side":
        raise ValueError(f"unknown audience {audience!r}")
    return ("side", side)


def audience_view(game_id: str, version: int, state: GameState, audience: str) -> dict:
    """An audience's view at a version (cached): the engine's view plus, for a side, the legal
    commands of each of its seats that may act, keyed by seat id. Once the game has ended,
    every audience sees everything."""
    key = (str(game_id), version, audience)
    hit = _views.get(key)
    if hit is not None:
        return hit
    engine_audience = _engine_audience(state, audience)
    view = rules_view_for(state, engine_audience)
    # On the wire, units are keyed by id: a patch then touches the counters that changed, not
    # the whole list (games/patch.py replaces arrays whole).
    view["units"] = {u["id"]: u for u in view["units"]}
    if engine_audience[0] == "side":
        legal = {}
        for seat in state.seats:
            if seat.side == engine_audience[1]:
                groups = rules_legal_commands(state, seat.id)
                if groups:
                    legal[seat.id] = groups
        view["legal"] = legal
        # The seats of the side that may take back their last move now (D-UNDO-1).
        undoable = [x.id for x in state.seats if x.side == engine_audience[1] and may_undo(state, x.id)]
        if undoable:
            view["undo"] = undoable
    view.update(_command_of(state, engine_audience[1] if engine_audience[0] == "side" else None))
    for extra in VIEW_EXTRAS:
        view.update(extra(game_id, version))
    _remember(_views, key, view)
    return view


def _command_of(state: GameState, side: str | None) -> dict:
    """Who commands what in a team game, for the board's seats panel and partner outlines:
    under Sector Command each seat's band of map columns (axial q, inclusive; public, like
    the map), and in a team side's own view the seat commanding each of its units now, which
    follows a unit from one sector to the next (D21, D-SECTOR-1)."""
    out: dict[str, Any] = {}
    sectors = {s.id: list(s.sector) for s in state.seats if s.sector is not None}
    if sectors:
        out["sectors"] = sectors
    if side is not None and rstate.is_team_side(state, side):
        out["commanders"] = {
            u.id: rstate.seat_of_unit(state, u)
            for u in state.units.values()
            if u.side == side and not u.eliminated
        }
    return out


def previews_for(state: GameState, seat_id: str, unit: str) -> list[dict]:
    """What each of the seat's legal commands naming `unit` would cost or risk (rules.preview)."""
    from games.rules.panzer_grenadier.preview import previews

    return previews(state, seat_id, unit)


def composed_preview_for(state: GameState, seat_id: str, command: Any) -> dict:
    """The odds of a fire command the board composed (rules.preview.composed_preview)."""
    from games.rules.panzer_grenadier.preview import composed_preview

    return composed_preview(state, seat_id, command)


def why_not_for(state: GameState, seat_id: str, units: list[str], hex_label: str) -> dict:
    """Why the seat's units may not move to, fire at, assault or bombard a hex (rules.why_not);
    ValueError for a label not on the map."""
    from games.rules.panzer_grenadier.why_not import why_not

    return why_not(state, seat_id, units, hex_label)


def sight_line_for(state: GameState, frm: str, to: str) -> dict:
    """Line of sight between two hexes from the map alone (rules.sight_line); ValueError for
    a label not on the map."""
    from games.rules.panzer_grenadier.sight_line import sight_line

    return sight_line(state, frm, to)


@cache
def counter_types(scenario_id: str) -> dict[str, dict]:
    """The printed values of every counter type of a scenario, for the board to draw."""
    from games.rules.panzer_grenadier.core.registry import catalogue_for

    scen = scenario(scenario_id)
    cat = getattr(scen, "catalogue", None) or catalogue_for(None)
    used = {u.type_id for u in initial_state(scen).units.values()}
    out = {}
    for type_id in sorted(used):
        t = cat[type_id]
        entry: dict[str, Any] = {"name": t.name, "nationality": t.nationality, "kind": t.kind}
        if t.is_leader:
            entry.update(
                leader=True,
                rank=t.rank,
                morale=t.morale,
                combat_modifier=t.combat_modifier,
                morale_modifier=t.morale_modifier,
                movement=t.movement,
            )
        else:
            entry.update(
                leader=False,
                steps=t.steps,
                movement_class=t.movement_class,
                full=_face(t.full),
                reduced=_face(t.reduced) if t.reduced else None,
            )
        out[type_id] = entry
    return out


@cache
def counter_faces(scenario_id: str) -> dict:
    """Side colours, human names and short designations the board draws (rules.faces)."""
    scen = scenario(scenario_id)
    cat = getattr(scen, "catalogue", None) or catalogue_for(None)
    counters = [rfaces.Counter(u.id, u.side, u.type_id) for u in scen.units]
    types = {
        c.type_id: rfaces.CounterType(cat[c.type_id].name, cat[c.type_id].kind, bool(cat[c.type_id].is_leader))
        for c in counters
    }
    faces = rfaces.board_faces([(s.id, s.nationality) for s in scen.sides], counters, types)
    # Formation names, as the scenario card prints them (the log names a formation by them).
    return {**faces, "formations": {f.id: f.name for f in scen.formations}}


def faces_for(scenario_id: str, options: Mapping[str, Any], side: str | None) -> dict:
    """The counter faces one viewer's page carries. With hidden information in play (double
    blind, hidden units, limited intelligence) only the viewer's own side's counters are
    named by id: an enemy is known by a handle and drawn from its type's face."""
    faces = counter_faces(scenario_id)
    rules_on = set(options.get("optional_rules") or ())
    if options.get("double_blind"):
        rules_on.add("double_blind")
    if not rules_on & set(KNOWLEDGE_MODES):
        return faces
    own = {u.id for u in scenario(scenario_id).units if u.side == side}
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
    }


def events_for(events: list[dict], state: GameState, audience: str) -> list[dict]:
    """The events of a step an audience may see (`state` is the state after the step)."""
    return rules_redact_events(
        [_event(e) for e in events], _engine_audience(state, audience), state
    )


def _event(raw: Mapping[str, Any]) -> Event:
    """An engine Event from its stored JSON.

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


def result_of(state: GameState) -> dict | None:
    return dict(state.result) if state.result is not None else None


@cache
def map_payload(scenario_id: str) -> dict:
    """What the board draws, built once per scenario: boards, hexes, hexsides, roads."""
    scen = scenario(scenario_id)
    m = scen.map
    boards = []
    raw_boards = scen.raw.get("map", {}).get("boards", []) if scen.raw else []
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


def scenario_summary(scen: Scenario) -> dict:
    return {
        "id": scen.id,
        "title": scen.title,
        "date": scen.date,
        "description": scen.description,
        "learning": scen.learning,
        "turns": scen.turns,
        "sides": [
            {
                "id": s.id,
                "name": s.name,
                "nationality": s.nationality,
                "initiative": s.initiative,
                "morale": s.morale,
                "briefing": s.briefing,
            }
            for s in scen.sides
        ],
        "optional_rules": sorted(scen.default_options),
        "size": scen.size,
    }


def hash_of(state: GameState) -> str:
    return state_hash(state)


def export_document(initial: GameState, seed: str, steps: list[dict], final: GameState) -> dict:
    """The verifier's export document (games.rules.panzer_grenadier.verify)."""
    return export_game(initial, seed, steps, final)


def option_choices() -> list[dict]:
    """The options a new game may switch on, as players read them: id, name, one line of
    explanation, rule number, and whether it is a double-blind addition (shown only then)."""
    out = []
    for option_id in [*OPTIONAL_RULES, *DB_ADDITIONS]:
        name, text, rule = OPTIONAL_RULE_INFO.get(option_id) or ADDITION_INFO[option_id]
        addition = option_id in DB_ADDITIONS
        out.append({"id": option_id, "name": name, "text": text, "rule": rule, "double_blind": addition})
    return out
