"""Situations (23): original scenarios on our geomorphic boards, loaded from JSON.

A situation gives the board layout, the turns, each side's forces with their set-up hexes or
their entry turn and hexes, hidden minefields, blocks and the victory conditions. A situation
places its units itself (23.2 honoured in the data, setup.py), or gives a side set-up areas
(`sides[].setup_areas`, PL-E1): then the game opens with a set-up phase (deployment.py).

Optional fields, each ignored where absent: a map entry's `"join": true` lays a full-size
board sharing its edge half hexes with those laid before (2.2, board.py); `source` (text)
says where a situation's forces come from (PL-E25).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any

from ...common.canonical import digest
from ...common.errors import IllegalCommand
from ...common.hexgrid import distance
from ...common.revision import revision
from ...common.setup_areas import SetupArea, areas_of, setup_order
from ..optional import options as optional
from .board import Map, board_file, build_map
from .facing import toward
from .state import SETUP, GameState, Unit
from .units import DATA, catalogue


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    description: str
    learning: bool
    turns: int
    sides: tuple[dict, ...]
    map: Map
    raw: dict = field(repr=False)

    @property
    def default_options(self) -> frozenset[str]:
        return frozenset(self.raw.get("options", optional.DEFAULT_OPTIONS))

    @property
    def size(self) -> str:
        return self.raw.get("size", "small")

    @cached_property
    def setup_areas(self) -> tuple[SetupArea, ...]:
        """The sides' set-up areas, hexes by their labels (PL-E1); () when the situation
        places every unit."""
        return areas_of(self.raw["sides"], lambda label: self.map.label(self.map.hex(label)))

    @property
    def sets_up_last(self) -> str:
        """The side that sets up last: the situation's `setup_last`, else the attacker (23.2)."""
        return self.raw.get("setup_last", self.raw["victory"]["attacker"])

    @cached_property
    def setup_order(self) -> tuple[str, ...]:
        """The sides that place units in set-up areas, in the order they do: the side that
        sets up last after the other (23.1, 23.2; PL-E1). () when nobody does."""
        last = self.sets_up_last
        return setup_order(((s["id"], 2 if s["id"] == last else 0) for s in self.sides),
                           self.setup_areas)


def _load(path) -> Scenario:
    return scenario_from_dict(json.loads(path.read_text(encoding="utf-8")))


@cache
def bundled_scenarios() -> dict[str, Scenario]:
    """Every bundled situation by id (games/data/panzer_leader/situations)."""
    found = {}
    for path in sorted((DATA / "situations").glob("*.json")):
        s = _load(path)
        found[s.id] = s
    return found


_EXTRA: dict[str, Scenario] = {}


def register(sit: Scenario) -> None:
    """Make a situation built elsewhere (a test's, an export's) findable by id."""
    _EXTRA[sit.id] = sit


def scenario_from_dict(raw: dict) -> Scenario:
    sit = Scenario(
        id=raw["id"], title=raw["title"], description=raw.get("description", ""),
        learning=bool(raw.get("learning")), turns=int(raw["turns"]),
        sides=tuple(raw["sides"]), map=build_map(raw["map"], raw.get("boards")), raw=raw,
    )
    check_positional(sit)
    return sit


def check_positional(sit: Scenario) -> None:
    """Minefields never in sea, town, bridge or swamp hexes (QA MN5), forts never in swamp,
    sea, beach or stream; one of each a hex, never a mine or block with a fort (17)."""
    m = sit.map
    mines = [x["hex"] for x in sit.raw.get("mines", ())]
    forts = [x["hex"] for x in sit.raw.get("forts", ())]
    blocks = list(sit.raw.get("blocks", ()))
    for kind, hexes in (("minefield", mines), ("fortification", forts), ("block", blocks)):
        if len(set(hexes)) != len(hexes):
            raise ValueError(f"{sit.id}: two {kind}s in one hex (17)")
    for label in mines:
        h = m.hex(label)
        if m.terrain(h) in ("sea", "town", "swamp") or m.is_bridge(h):
            raise ValueError(f"{sit.id}: no minefield in {m.terrain(h)} or bridge hexes (QA MN5)")
    for label in forts:
        if m.terrain(m.hex(label)) in ("sea", "swamp", "beach", "stream"):
            raise ValueError(f"{sit.id}: no fortification in {label} (RB IX.C.1)")
    if set(forts) & (set(mines) | set(blocks)):
        raise ValueError(f"{sit.id}: a fortification never shares a hex with a mine or block")
    for label in sit.raw["victory"].get("objectives", ()):
        if m.interior_half(m.hex(label)):
            raise ValueError(f"{sit.id}: objective {label} is an interior half hex (2.2)")


@cache
def _board_digest(board_id: str) -> str:
    return digest(board_file(board_id))


def scenario_revision(sit: Scenario) -> str:
    """The situation's revision (games/rules/common/revision.py): its file less the words
    that only present it, with the boards it is laid on (a board drawn inline in the file
    is in the file already)."""
    own = sit.raw.get("boards") or {}
    boards = {e["board"]: _board_digest(e["board"]) for e in sit.raw["map"]
              if not e.get("drawing") and e["board"] not in own}
    return revision(sit.raw, boards)


def unregister(scenario_id: str) -> None:
    _EXTRA.pop(scenario_id, None)


def registered() -> dict[str, Scenario]:
    """The situations registered by id (a designer's published revision, a test's)."""
    return dict(_EXTRA)


def scenario_for(scenario_id: str) -> Scenario:
    """One situation; KeyError naming it when there is none."""
    if scenario_id in _EXTRA:
        return _EXTRA[scenario_id]
    try:
        return bundled_scenarios()[scenario_id]
    except KeyError:
        raise KeyError(f"unknown Panzer Leader situation {scenario_id!r}") from None


def starting_aircraft(sit: Scenario) -> dict[str, dict]:
    """The aircraft a situation grants: type, side, turns flown, bombs or rockets (20)."""
    planes = {}
    counts: dict[tuple[str, str], int] = {}
    for group in sit.raw.get("aircraft", ()):
        for _ in range(int(group.get("count", 1))):
            # Numbered on through every group of one type (two flights of P-47s: 1 to 4).
            key = (group["side"], group["type"])
            counts[key] = counts.get(key, 0) + 1
            pid = f"{group['side'][:2]}-{group['type'].split('_', 1)[1]}-{counts[key]}"
            planes[pid] = {"id": pid, "type": group["type"], "side": group["side"],
                           "ordnance": group.get("ordnance", "bombs"), "ordnance_left": 1,
                           "mg_left": 4, "first": int(group.get("first", 1)),
                           "last": int(group.get("last", sit.turns)), "lost": False,
                           "flown": False}
    return planes


def opening_state(sit: Scenario, options=None, seats: dict[str, str] | None = None) -> GameState:
    """The state before the first segment: units placed, mines laid, nothing known yet."""
    cat = catalogue()
    side_ids = [s["id"] for s in sit.sides]
    units: dict[str, Unit] = {}
    counts: dict[tuple[str, str], int] = {}
    for group in sit.raw["forces"]:
        t = cat[group["type"]]
        where = list(group.get("at", ()))
        n = int(group.get("count", len(where) or 1))
        for i in range(n):
            key = (group["side"], t.id)
            counts[key] = counts.get(key, 0) + 1
            uid = f"{group['side'][:2]}-{t.id.split('_', 1)[1]}-{counts[key]}"
            u = Unit(id=uid, type_id=t.id, side=group["side"], bridge_aboard=t.bridgelayer,
                     equipped=bool(group.get("equipped")))
            if group.get("entry_turn"):
                u.entry_turn = int(group["entry_turn"])
                u.entry = list(group.get("entry", ()))  # none: the check says so (23)
            elif not where:
                pass  # a unit of a set-up area: its player places it (PL-E1)
            else:
                u.hex = sit.map.label(sit.map.hex(where[i % len(where)]))
                u.in_fort = bool(group.get("inside"))
                u.under_bridge = bool(group.get("under_bridge"))
                if group.get("afloat"):  # lands in its landing turn (19.2)
                    u.afloat = True
                    u.entry_turn = int(group["land_turn"])
            units[uid] = u
    for i, group in enumerate(sit.raw.get("loaded", ())):  # passengers aboard a carrier (6)
        passenger = _named_unit(units, f"loaded[{i}].passenger", group["passenger"])
        carrier = _named_unit(units, f"loaded[{i}].carrier", group["carrier"])
        passenger.carried_by, passenger.hex = carrier.id, carrier.hex
    for engineer, vehicle in sit.raw.get("engineer_vehicles", {}).items():
        # designated before play (18.3)
        _named_unit(units, f"engineer_vehicles.{engineer}", engineer).vehicle = _named_unit(
            units, f"engineer_vehicles.{engineer}", vehicle).id
    _face_guns(sit, units)
    chosen = optional.check(set(options) if options is not None else set(sit.default_options))
    seat_list = ([{"id": k, "side": v} for k, v in sorted(seats.items())] if seats
                 else [{"id": s, "side": s} for s in side_ids])
    state = GameState(
        scenario_id=sit.id, seats=seat_list, sides=side_ids, turns=sit.turns,
        options=sorted(chosen), units=units, active_side=side_ids[0],
        mines={m["hex"]: {"owner": m["owner"], "known": [m["owner"]]}
               for m in sit.raw.get("mines", ())},
        blocks=list(sit.raw.get("blocks", ())),
        forts={f["hex"]: {"defense": int(f["defense"])} for f in sit.raw.get("forts", ())},
        control=dict(sit.raw.get("control", {})),
        aircraft=starting_aircraft(sit),
        naval=[dict(g) for g in sit.raw.get("naval", ())],
        temp_bridges={b["hex"]: {"kind": b["kind"], "defense": int(b["defense"]),
                                 "built": True, "progress": 0}
                      for b in sit.raw.get("temporary_bridges", ())},
        cargo={c["id"]: {"id": c["id"], "kind": c["kind"],
                         "side": _named_unit(units, f"cargo[{i}].carrier", c["carrier"]).side,
                         "carried_by": c["carrier"], "hex": None}
               for i, c in enumerate(sit.raw.get("cargo", ()))},
        indirect_done=True,  # nothing can be ordered before the first combat phase (13.3)
    )
    if sit.setup_order:  # the sides place their area units before turn 1 (PL-E1)
        state.phase = SETUP
        state.active_side = sit.setup_order[0]
    return state


def _named_unit(units: dict[str, Unit], field: str, uid: Any) -> Unit:
    """The unit a situation's field names by the id its forces give it ("al-rifle-1");
    ValueError naming the field when the forces make no such unit (a designer's typo)."""
    if not isinstance(uid, str) or uid not in units:
        raise ValueError(f"{field}: no unit {uid!r}")
    return units[uid]


def _face_guns(sit: Scenario, units: dict[str, Unit]) -> None:
    """Guns with a field of fire face the nearest enemy unit at set-up (22.2), unless the
    situation sets their facing; a gun of a set-up area once its player has placed it."""
    m = sit.map
    for u in units.values():
        t = catalogue()[u.type_id]
        if not t.field_of_fire or u.hex is None or u.facing is not None:
            continue
        enemies = [e for e in units.values() if e.side != u.side and e.hex is not None]
        if enemies:
            near = min(enemies, key=lambda e: (distance(m.hex(u.hex), m.hex(e.hex)), e.id))
            u.facing = toward(m.hex(u.hex), m.hex(near.hex))
        else:
            u.facing = 0


def face_guns(state: GameState) -> None:
    """Face the guns placed in set-up areas, once every side has placed (22.2, PL-E1)."""
    _face_guns(scenario_for(state.scenario_id), state.units)


def game_map(state: GameState) -> Map:
    """The map a game is played on."""
    return scenario_for(state.scenario_id).map


def hex_named(state: GameState, label: str, verb: str, rule: str):
    """The hex a command names; IllegalCommand naming the command if the map has none."""
    try:
        return game_map(state).hex(label)
    except ValueError as exc:
        raise IllegalCommand(f"{verb}: {exc}", rule=rule) from None


def bridge_at(state: GameState, h) -> bool:
    """A bridge stands here: a permanent one not demolished (2.3, 18.4) or a finished
    temporary one (18.8)."""
    m = game_map(state)
    if m.is_bridge(h) and m.label(h) not in state.blown:
        return True
    tb = state.temp_bridges.get(m.label(h))
    return bool(tb and tb["built"])


def bridge_for(state: GameState, h, t) -> bool:
    """May units of type `t` use the bridge here? A truck bridge carries only light traffic
    (QA B13)."""
    m = game_map(state)
    if m.is_bridge(h) and m.label(h) not in state.blown:
        return True
    tb = state.temp_bridges.get(m.label(h))
    if not tb or not tb["built"]:
        return False
    return tb["kind"] == "tank" or t.light_bridge


def off_limits(state: GameState, unit: Unit, label: str) -> str | None:
    """A situation's special rules on where a unit may move (QA G7): boards a side may not
    enter (QA SC4: and the half hexes they share), and sectors that bound some units'
    movement, never their fire (QA SC1, SC2)."""
    return off_board_limits(state, unit, label.split("-", 1)[0])


def off_board_limits(state: GameState, unit: Unit, board: str) -> str | None:
    """off_limits() for every hex of one board (a label's first part): the special rules
    bound boards, not hexes."""
    raw = scenario_for(state.scenario_id).raw
    if board in raw.get("no_entry", {}).get(unit.side, ()):
        return f"the {unit.side} side may not enter board {board} (QA SC4)"
    for sector in raw.get("sectors", ()):
        if unit.id in sector["units"] and board not in sector["boards"]:
            return f"{unit.id} moves only within boards {'+'.join(sector['boards'])} (QA SC1, SC2)"
    return None
