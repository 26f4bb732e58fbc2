"""Check a scenario document: the schema, then the map, catalogue, ids and turns (0.0, 4.1).

Every problem is collected, each prefixed by its path in the document
(`units[12].hex: 'B0911' is not on the map`); `build` turns a clean document into a Scenario.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from ...common.faces import type_label
from ...common.hexgrid import Hex
from ...common.scenario_problems import dict_items
from .maps import Map, MapError, load_board
from .scenario_model import (
    EDGES,
    OPTIONAL_RULES,
    Decision,
    ExitCondition,
    Formation,
    HexObjective,
    Increment,
    LossCondition,
    Placement,
    Scenario,
    ScenarioMarker,
    SetupArea,
    Side,
    Sortie,
    SpecialRule,
    Victory,
)
from .setup_areas import area_problems
from .stacking import counts_of, stacking_problem_counts
from .units import Catalogue

_HERE = Path(__file__).parents[1]  # the ruleset package, with its data/
BOARD_DIR = _HERE.parents[1] / "data" / "boards"
EDGE_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _is_personnel(t: Any) -> bool:
    return bool(getattr(t, "is_personnel", False))


def _is_weapon(t: Any) -> bool:
    return bool(getattr(t, "is_weapon", False))


@cache
def _board(board_id: str) -> dict | None:
    path = BOARD_DIR / f"{board_id}.json"
    if not path.is_file():
        return None
    return load_board(path)


def board_file(board_id: str) -> dict:
    """A bundled board by id; KeyError naming it when there is none."""
    board = _board(board_id)
    if board is None:
        raise KeyError(f"no bundled board {board_id!r}")
    return board


class Checker:
    """The semantic checks: everything the schema cannot know (map, catalogue, ids, turns)."""

    def __init__(self, raw: Mapping[str, Any], cat: Catalogue,
                 boards: Mapping[str, dict] | None = None):
        self.raw = raw
        self.cat = cat
        # Boards drawn in the document itself (a designer's), found before the bundled ones.
        self.inline_boards = dict(boards or {})
        self.problems: list[str] = []
        self.map: Map | None = None
        self.hexes: dict[str, Hex] = {}

    def hex(self, where: str, label: Any) -> Hex | None:
        """The hex of a label, or None after noting the problem."""
        if not isinstance(label, str) or self.map is None:
            return None
        if label in self.hexes:
            return self.hexes[label]
        try:
            h = self.map.parse_label(label)
        except MapError:
            self.problems.append(f"{where}: {label!r} is not on the map")
            return None
        self.hexes[label] = h
        return h

    def unit_words(self, u: Mapping[str, Any]) -> str:
        """A counter as the designer reads it: the name it is given, else its type's."""
        name = u.get("name")
        if isinstance(name, str) and name.strip():
            return name.strip()
        t = self.cat[u["type"]] if u.get("type") in self.cat else None
        return type_label(t.name) if t is not None else repr(u.get("type"))

    def check(self) -> list[str]:
        raw, add = self.raw, self.problems.append
        turns = raw.get("turns") if isinstance(raw.get("turns"), int) else None
        # Map
        spec = raw.get("map")
        if isinstance(spec, Mapping) and isinstance(spec.get("boards"), list):
            boards = {}
            for i, entry in enumerate(spec["boards"]):
                bid = entry.get("board") if isinstance(entry, Mapping) else None
                if isinstance(bid, str) and bid in self.inline_boards:
                    boards[bid] = self.inline_boards[bid]
                elif isinstance(bid, str) and bid not in boards:
                    try:
                        board = _board(bid)
                    except MapError as exc:
                        add(
                            f"map.boards[{i}].board: board file {bid!r} is invalid: "
                            + "; ".join(exc.problems)
                        )
                        continue
                    if board is not None:
                        boards[bid] = board
            try:
                self.map = Map.from_spec(spec, boards)
            except MapError as exc:
                self.problems += [f"map.{p}" for p in exc.problems]
        # Sides
        sides: set[str] = set()
        for i, s in dict_items(raw, "sides"):
            sid = s.get("id")
            if sid in sides:
                add(f"sides[{i}].id: duplicate side {sid!r}")
            sides.add(sid)
        self.sides = sides
        # A side's counters are of its nationality: one the counter catalogue has (units.py).
        known = sorted({t.nationality for t in self.cat.types.values()})
        for i, s in dict_items(raw, "sides"):
            nat = s.get("nationality")
            if isinstance(nat, str) and nat and nat not in known:
                add(f"sides[{i}].nationality: the game has no counters of nationality {nat!r}:"
                    f" choose one of {', '.join(known)}")

        def side_ok(where: str, sid: Any) -> None:
            if isinstance(sid, str) and sid not in sides:
                add(f"{where}: unknown side {sid!r}")

        side_ok("first_side", raw.get("first_side"))
        for i, t in enumerate(raw.get("night_turns") or []):
            if isinstance(t, int) and turns is not None and t > turns:
                add(f"night_turns[{i}]: turn {t} is after the last turn ({turns})")
        # Formations
        formations: dict[str, str] = {}
        for i, f in dict_items(raw, "formations"):
            if f.get("id") in formations:
                add(f"formations[{i}].id: duplicate formation {f.get('id')!r}")
            formations[f.get("id")] = f.get("side")
            side_ok(f"formations[{i}].side", f.get("side"))
        # Units
        units = dict(self._units(turns, side_ok, formations))
        self._stacking(units)
        self.problems += area_problems(raw, self)
        # Victory
        victory = raw.get("victory") if isinstance(raw.get("victory"), Mapping) else {}
        for i, v in dict_items(victory, "hexes"):
            self.hex(f"victory.hexes[{i}].hex", v.get("hex"))
            if v.get("holder") is not None:
                side_ok(f"victory.hexes[{i}].holder", v.get("holder"))
            for j, sid in enumerate(v.get("sides") or []):
                side_ok(f"victory.hexes[{i}].sides[{j}]", sid)
        exit_sides: set[str] = set()
        for i, v in dict_items(victory, "exit"):
            side_ok(f"victory.exit[{i}].side", v.get("side"))
            # One exit edge per side: an exited unit keeps no record of where it left (D-VICTORY-2).
            if v.get("side") in exit_sides:
                add(f"victory.exit[{i}].side: side {v.get('side')!r} already has an exit edge")
            exit_sides.add(v.get("side"))
        for i, v in dict_items(victory, "losses"):
            side_ok(f"victory.losses[{i}].side", v.get("side"))
        decision = victory.get("decision")
        if isinstance(decision, Mapping) and "side" in decision:
            side_ok("victory.decision.side", decision.get("side"))
        win, draw = (decision.get(k) if isinstance(decision, Mapping) else None
                     for k in ("at_least", "draw_at_least"))
        if isinstance(win, int) and isinstance(draw, int) and draw >= win:
            add(f"victory.decision.draw_at_least: a draw must need fewer points than the win"
                f" ({win}), not {draw}")
        # Special rules and markers
        inc_ids: set[str] = set()
        for i, r in dict_items(raw, "special_rules"):
            if "side" in r:
                side_ok(f"special_rules[{i}].side", r.get("side"))
            for j, inc in enumerate(r.get("increments") or []):
                if not isinstance(inc, Mapping):
                    continue
                where = f"special_rules[{i}].increments[{j}]"
                if inc.get("id") in inc_ids:
                    add(f"{where}.id: duplicate increment {inc.get('id')!r}")
                inc_ids.add(inc.get("id"))
                for key in ("from_turn", "to_turn"):
                    t = inc.get(key)
                    if isinstance(t, int) and turns is not None and t > turns:
                        add(f"{where}.{key}: turn {t} is after the last turn ({turns})")
        for i, mk in dict_items(raw, "markers"):
            self.hex(f"markers[{i}].hex", mk.get("hex"))
            if mk.get("marker") == "minefield" and "side" not in mk:
                add(f"markers[{i}].side: a minefield needs the side that laid it")
            if "side" in mk:
                side_ok(f"markers[{i}].side", mk.get("side"))
        return self.problems

    def _units(self, turns, side_ok, formations) -> Iterable[tuple[str, tuple[int, dict]]]:
        add = self.problems.append
        items = dict_items(self.raw, "units")
        by_id: dict[str, tuple[int, dict]] = {}
        for i, u in items:
            uid = u.get("id")
            if uid in by_id:
                add(f"units[{i}].id: duplicate id {uid!r} (first at units[{by_id[uid][0]}])")
            else:
                by_id[uid] = (i, u)
        load: dict[str, list[int]] = {}
        for i, u in items:
            where = f"units[{i}]"
            tid = u.get("type")
            ctype = None
            if isinstance(tid, str):
                if tid in self.cat:
                    ctype = self.cat[tid]
                else:
                    add(f"{where}.type: unknown unit type {tid!r}: pick one from the counter "
                        "catalogue")
            side_ok(f"{where}.side", u.get("side"))
            if "hex" in u:
                self.hex(f"{where}.hex", u.get("hex"))
            t = u.get("entry_turn")
            if isinstance(t, int) and turns is not None and t > turns:
                add(f"{where}.entry_turn: {self.unit_words(u)} enters on turn {t}, after the "
                    f"last turn ({turns})")
            if "entry_hex" in u:
                h = self.hex(f"{where}.entry_hex", u.get("entry_hex"))
                edge = u.get("entry_edge")
                if (
                    h is not None
                    and self.map is not None
                    and edge in EDGES
                    and edge not in self.map.edge(h)
                ):
                    add(f"{where}.entry_hex: {self.unit_words(u)} enters at "
                        f"{u['entry_hex']}, which is not on the {EDGE_NAMES[edge]} edge it "
                        "enters by; pick a hex on that edge")
            steps = u.get("steps")
            if ctype is not None and isinstance(steps, int) and ctype.steps < steps <= 2:
                add(
                    f"{where}.steps: {tid!r} has only {ctype.steps} step{'s' if ctype.steps > 1 else ''}"
                )
            form = u.get("formation")
            if isinstance(form, str):
                if form not in formations:
                    add(f"{where}.formation: unknown formation {form!r}")
                elif formations[form] != u.get("side"):
                    add(
                        f"{where}.formation: formation {form!r} belongs to side {formations[form]!r}"
                    )
            carrier_id = u.get("carried_by")
            if isinstance(carrier_id, str):
                self._carried(where, u, ctype, carrier_id, by_id, load)
            yield (u.get("id"), (i, u))

    def _carried(self, where, u, ctype, carrier_id, by_id, load) -> None:
        add = self.problems.append
        if carrier_id not in by_id:
            add(f"{where}.carried_by: no unit {carrier_id!r}")
            return
        ci, carrier = by_id[carrier_id]
        if "carried_by" in carrier:
            add(f"{where}.carried_by: {carrier_id!r} is itself carried")
            return
        if carrier.get("side") != u.get("side"):
            add(f"{where}.carried_by: {carrier_id!r} belongs to the other side")
        ctt = self.cat[carrier["type"]] if carrier.get("type") in self.cat else None
        if ctt is None or ctype is None:
            return
        riders = (
            ctt.is_afv and not ctt.is_transport and _is_personnel(ctype)
        )  # riders on a tank (5.6)
        if not (ctt.is_transport or riders):
            add(f"{where}.carried_by: {carrier_id!r} ({ctt.name}) cannot carry units")
            return
        if not ctype.is_leader and not (_is_personnel(ctype) or _is_weapon(ctype)):
            add(f"{where}.carried_by: a {ctype.kind} cannot be carried")
            return
        if _is_weapon(ctype) and not ctt.can_tow and ctt.kind != "apc":  # type: ignore[union-attr]
            add(f"{where}.carried_by: {carrier_id!r} ({ctt.name}) cannot tow a weapon")
        if not ctype.is_leader:
            # Leaders ride free (4.2); every other passenger fills one load.
            load.setdefault(carrier_id, []).append(1)
            capacity = max(ctt.capacity, 1 if riders else 0)  # type: ignore[union-attr]
            if len(load[carrier_id]) > capacity:
                add(
                    f"{where}.carried_by: {carrier_id!r} carries at most {capacity} unit"
                    f"{'s' if capacity != 1 else ''}"
                )

    def _stacking(self, units: Mapping[str, tuple[int, dict]]) -> None:
        """Set-up hexes: terrain the counter may enter (5.1), one side per hex, and no side
        overstacking a hex (4.1, D6), counting carried units."""
        if self.map is None:
            return
        present: dict[tuple[Hex, str], tuple[int, int]] = {}
        held_by: dict[Hex, str] = {}
        for _uid, (i, u) in units.items():
            label = u.get("hex")
            carrier = u.get("carried_by")
            if carrier in units:
                label = units[carrier][1].get("hex")
            h = self.hexes.get(label) if isinstance(label, str) else None
            if h is None or u.get("type") not in self.cat:
                continue
            ctype = self.cat[u["type"]]
            terrain = self.map.terrain(h)
            # Each line leads with the counter and its hex, as the designer sees them.
            unit = f"{self.unit_words(u)} at {label}"
            if carrier is None and terrain.is_prohibited(ctype.movement_class):
                self.problems.append(
                    f"units[{i}].hex: {unit}: {ctype.movement_class} units may not enter "
                    f"{terrain.name.lower()}; place it on other ground"
                )
            side = u.get("side")
            if held_by.setdefault(h, side) != side:
                self.problems.append(
                    f"units[{i}].hex: {unit}: the hex already holds units of side "
                    f"{held_by[h]!r}; one side a hex"
                )
            key = (h, side)
            adding = counts_of([SimpleNamespace(type_id=u["type"])], self.cat)  # type: ignore[list-item]
            before = present.get(key, (0, 0))
            problem = stacking_problem_counts(before, adding)
            if problem:
                self.problems.append(f"units[{i}].hex: {unit}: {problem}")
            present[key] = (before[0] + adding[0], before[1] + adding[1])

    # -- building -----------------------------------------------------------------------------

    def build(self) -> Scenario:
        raw, m = self.raw, self.map
        assert m is not None
        units_raw = {u["id"]: u for u in raw["units"]}

        def where(u: Mapping[str, Any]) -> Mapping[str, Any]:
            return units_raw[u["carried_by"]] if "carried_by" in u else u

        placements = []
        for u in raw["units"]:
            home = where(u)
            ctype = self.cat[u["type"]]
            placements.append(
                Placement(
                    id=u["id"],
                    type_id=u["type"],
                    side=u["side"],
                    hex=self.hexes[home["hex"]] if "hex" in home else None,
                    label=home.get("hex"),
                    entry_turn=home.get("entry_turn"),
                    entry_edge=home.get("entry_edge"),
                    entry_hex=self.hexes[home["entry_hex"]] if "entry_hex" in home else None,
                    carried_by=u.get("carried_by"),
                    steps=u.get("steps", ctype.steps),
                    formation=u.get("formation"),
                    hidden=u.get("hidden", False),
                    dug_in=u.get("dug_in", False),
                    name=u.get("name"),
                )
            )
        formations = tuple(
            Formation(
                id=f["id"],
                name=f["name"],
                side=f["side"],
                units=tuple(p.id for p in placements if p.formation == f["id"]),
            )
            for f in raw.get("formations", [])
        )
        v = raw["victory"]
        d = v["decision"]
        victory = Victory(
            hexes=tuple(
                HexObjective(
                    hex=self.hexes[o["hex"]],
                    label=o["hex"],
                    points=o["points"],
                    holder=o.get("holder"),
                    name=o.get("name", ""),
                    sides=tuple(o.get("sides", ())),
                )
                for o in v.get("hexes", [])
            ),
            exits=tuple(
                ExitCondition(e["side"], e["edge"], e["points_per_step"]) for e in v.get("exit", [])
            ),
            losses=tuple(
                LossCondition(
                    side=lo["side"],
                    per_step=lo["per_step"],
                    per_afv_step=lo.get("per_afv_step", lo["per_step"]),
                    per_transport_step=lo.get("per_transport_step", lo["per_step"]),
                    per_leader=lo.get("per_leader", 0),
                )
                for lo in v.get("losses", [])
            ),
            decision=Decision(
                d["method"], d.get("side"), d.get("at_least"), d.get("draw_at_least")
            ),
            description=v.get("description", ""),
        )
        specials = tuple(
            SpecialRule(
                rule=r["rule"],
                text=r["text"],
                side=r.get("side"),
                increments=tuple(
                    Increment(
                        i["id"], i["name"], i["strength"], i.get("from_turn", 1), i.get("to_turn")
                    )
                    for i in r.get("increments", [])
                ),
                sorties=tuple(
                    Sortie(a["id"], a["name"], a.get("direct_fire"), a.get("anti_tank"),
                           a.get("from_turn", 1), a.get("to_turn"))
                    for a in r.get("sorties", [])
                ),
            )
            for r in raw.get("special_rules", [])
        )
        return Scenario(
            id=raw["id"],
            title=raw["title"],
            date=raw["date"],
            description=raw.get("description", ""),
            learning=raw.get("learning", False),
            map=m,
            boards=tuple(b["board"] for b in raw["map"]["boards"]),
            sides=tuple(
                Side(
                    s["id"],
                    s["name"],
                    s["nationality"],
                    s["initiative"],
                    s["morale"],
                    s.get("sets_up"),
                    s.get("briefing", ""),
                )
                for s in raw["sides"]
            ),
            first_side=raw["first_side"],
            turns=raw["turns"],
            night_turns=tuple(sorted(raw.get("night_turns", []))),
            units=tuple(placements),
            formations=formations,
            victory=victory,
            optional_rules={k: raw.get("optional_rules", {}).get(k, False) for k in OPTIONAL_RULES},
            special_rules=specials,
            markers=tuple(
                ScenarioMarker(self.hexes[mk["hex"]], mk["marker"], mk.get("side"))
                for mk in raw.get("markers", [])
            ),
            setup_areas=tuple(
                SetupArea(s["id"], a["name"], tuple(self.hexes[h] for h in a["hexes"]),
                          tuple(a["units"]))
                for s in raw["sides"] for a in s.get("setup_areas", [])
            ),
            catalogue=self.cat,
            raw=raw,
        )
