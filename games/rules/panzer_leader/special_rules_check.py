"""Check the special rules of a situation document (23): the sides, turns, boards, units
and hexes that naval fire (19.4), armour carrying infantry (QA T7, G7), boards barred
(QA SC4), sectors (QA SC1, SC2), cargo (18.9) and temporary bridges (18.8) name.

scenario_check.py runs these beside its other checks; problems are shaped by
games/rules/common/scenario_problems.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..common.scenario_problems import problem
from .core.board import TERRAIN_NAMES
from .core.scenario import Scenario

NAVAL_RULE = "19.4 Naval support fire"
CARGO_RULE = "18.9 Engineering: mine and bridge counters (QA EM1, TB1)"


def side_problems(doc: Mapping[str, Any], sides: set[str], boards: list[str]) -> list[dict]:
    """The sides a situation's special rules name: naval fire granted (19.4), armour that
    carries infantry (QA T7, G7), boards a side may not enter (QA SC4); and the turns of naval
    fire, the boards they name (among the map's `boards`) and one id a cargo counter."""
    named = [(f"naval[{i}].side", g["side"], NAVAL_RULE)
             for i, g in enumerate(doc.get("naval", ()))]
    named += [(f"armour_carries[{i}]", side, "6.1 Transport; QA T7, G7")
              for i, side in enumerate(doc.get("armour_carries", ()))]
    named += [(f"no_entry.{side}", side, "QA SC4") for side in doc.get("no_entry", {})]
    out = [problem(field, f"unknown side {side!r}", rule)
           for field, side, rule in named if side not in sides]
    out += _naval_turns(doc) + _board_problems(doc, boards)
    ids = [c["id"] for c in doc.get("cargo", ())]
    out += [problem(f"cargo[{i}].id", f"two cargo counters with the id {c!r}: give each its "
                    "own", CARGO_RULE)
            for i, c in enumerate(ids) if c in ids[:i]]
    return out


def _naval_turns(doc: Mapping[str, Any]) -> list[dict]:
    """Naval fire is granted from a first to a last turn of the battle (19.4)."""
    out = []
    for i, g in enumerate(doc.get("naval", ())):
        first, last = g.get("first", 1), g.get("last", doc["turns"])
        late = [problem(f"naval[{i}].{key}", f"naval fire's {key} turn, {turn}, is after the "
                        f"battle's last turn ({doc['turns']}): choose a turn from 1 to "
                        f"{doc['turns']}", NAVAL_RULE)
                for key, turn in (("first", first), ("last", last)) if turn > doc["turns"]]
        if not late and first > last:  # a first turn past the end says enough on its own
            late.append(problem(f"naval[{i}].last", f"naval fire from turn {first} to turn "
                                f"{last}: the last turn comes before the first", NAVAL_RULE))
        out += late
    return out


def _board_problems(doc: Mapping[str, Any], names: list[str]) -> list[dict]:
    """The boards a side may not enter (QA SC4) and a sector's boards (QA SC1, SC2) are
    boards of the map, `names` (the first part of its hex labels): a name it lacks would bar
    or bound nothing."""
    named = [(f"no_entry.{side}[{j}]", board, "QA SC4")
             for side, boards in (doc.get("no_entry") or {}).items()
             for j, board in enumerate(boards)]
    named += [(f"sectors[{i}].boards[{j}]", board, "QA SC1, SC2")
              for i, sector in enumerate(doc.get("sectors", ()))
              for j, board in enumerate(sector["boards"])]
    return [problem(field, f"no board {board!r} on the map: name one of the map's "
                    f"boards ({', '.join(names)})", rule)
            for field, board, rule in named if board not in names]


def place_problems(doc: Mapping[str, Any], sit: Scenario, state: Any) -> list[dict]:
    """Where a situation's special rules put things: a temporary bridge in a stream hex
    (18.8), the units a sector bounds among those the forces make (QA SC1, SC2)."""
    out = []
    for i, b in enumerate(doc.get("temporary_bridges", ())):
        terrain = sit.map.terrain(sit.map.hex(b["hex"]))
        if terrain != "stream":
            out.append(problem(f"temporary_bridges[{i}].hex", f"{b['hex']}: a temporary "
                               f"bridge stands in a stream hex, not {TERRAIN_NAMES[terrain]}",
                               "18.8 Temporary bridges", b["hex"]))
    out += [problem(f"sectors[{i}].units[{j}]", f"no unit {uid!r}", "QA SC1, SC2")
            for i, sector in enumerate(doc.get("sectors", ()))
            for j, uid in enumerate(sector["units"]) if uid not in state.units]
    return out
