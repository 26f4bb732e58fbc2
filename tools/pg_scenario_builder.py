"""The scenario builder of tools/make_scenarios.py: recipes in, scenario files out.

Each scenario is written as a recipe: sides, formations and, for each formation, the
counters it holds and the area of the map where it sets up (or the turn and edge where it
enters). Hexes are dealt from the area by a fixed seed, avoiding terrain a counter cannot
stand in and keeping every hex within the stacking limit, so the files are the same on
every run.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.rules.common.hexgrid import offset_to_axial  # noqa: E402
from games.rules.panzer_grenadier.core.maps import Map, load_board  # noqa: E402
from games.rules.panzer_grenadier.core.units import catalogue  # noqa: E402

OUT = ROOT / "games" / "data" / "scenarios"
BOARDS = ROOT / "games" / "data" / "boards"
CAT = catalogue()
WATER = {"river", "major_river"}


@dataclass(frozen=True)
class At:
    """A counter that sets up on a named hex instead of one dealt from its formation's area
    (a post the scenario's story puts it on)."""

    type_id: str
    label: str


class Builder:
    """One scenario being written."""

    def __init__(self, doc: dict, seed: int):
        self.doc = doc
        self.rng = random.Random(seed)
        ids = {b["board"] for b in doc["map"]["boards"]}
        self.map = Map.from_spec(doc["map"], {i: load_board(BOARDS / f"{i}.json") for i in ids})
        self.units: list[dict] = []
        self.stack: dict[tuple[str, str], int] = {}  # (label, side) -> combat units there
        self.trans: dict[tuple[str, str], int] = {}
        self.side_at: dict[str, str] = {}
        self.serial: dict[str, int] = {}
        doc["formations"] = []
        doc["units"] = self.units

    def new_id(self, side: str, type_id: str) -> str:
        kind = "ldr" if CAT[type_id].is_leader else CAT[type_id].kind.replace("_", "")
        key = f"{side}-{kind}"
        self.serial[key] = self.serial.get(key, 0) + 1
        return f"{key}-{self.serial[key]}"

    def cells(self, area: tuple[int, int, int, int]) -> list[str]:
        """Labels of hexes in a global offset rectangle (c0, r0, c1, r1 inclusive), shuffled."""
        c0, r0, c1, r1 = area
        out = []
        for c in range(c0, c1 + 1):
            for r in range(r0, r1 + 1):
                h = offset_to_axial(c, r)
                if self.map.contains(h):
                    out.append(self.map.label(h))
        self.rng.shuffle(out)
        return out

    def fits(self, label: str, type_id: str, side: str, per_hex: int) -> bool:
        t = CAT[type_id]
        terrain = self.map.terrain_key(self.map.parse_label(label))
        if terrain in WATER:
            return False
        move = self.map.terrain(self.map.parse_label(label)).move_cost(
            getattr(t, "movement_class", "foot")
        )
        if move is None:
            return False
        # Keep the sides apart at set-up: no enemy in the hex or next to it.
        h = self.map.parse_label(label)
        for n in (h, *self.map.neighbors(h)):
            if self.side_at.get(self.map.label(n), side) != side:
                return False
        if t.is_leader:
            return self.stack.get((label, side), 0) > 0
        if t.is_combat_unit:
            return self.stack.get((label, side), 0) < per_hex
        return self.trans.get((label, side), 0) < 2

    def formation(
        self,
        fid: str,
        name: str,
        side: str,
        counters: list,
        *,
        area: tuple[int, int, int, int] | None = None,
        entry: tuple[int, str] | None = None,
        per_hex: int = 2,
        dug_in: bool = False,
    ) -> None:
        """Add a formation. counters: type ids, (transport, passenger) pairs loaded at set-up,
        or counters posted `At` a hex."""
        self.doc["formations"].append({"id": fid, "name": name, "side": side})
        cells = self.cells(area) if area else []
        # Place combat units first so leaders can join them.
        order = sorted(counters, key=lambda c: isinstance(c, str) and CAT[c].is_leader)
        for item in order:
            post = item.label if isinstance(item, At) else None
            item = item.type_id if isinstance(item, At) else item
            carrier_type, passenger = item if isinstance(item, tuple) else (item, None)
            unit = {
                "id": self.new_id(side, carrier_type),
                "type": carrier_type,
                "side": side,
                "formation": fid,
            }
            if entry:
                unit["entry_turn"], unit["entry_edge"] = entry
            else:
                label = next(
                    (
                        c
                        for c in ([post] if post else cells)
                        if self.fits(c, carrier_type, side, per_hex)
                        and (passenger is None or self.fits(c, passenger, side, per_hex))
                    ),
                    None,
                )
                if label is None:
                    raise SystemExit(f"{self.doc['id']}: no room for {carrier_type} of {fid}")
                unit["hex"] = label
                self.side_at[label] = side
                ct = CAT[carrier_type]
                if ct.is_combat_unit:
                    self.stack[(label, side)] = self.stack.get((label, side), 0) + 1
                elif not ct.is_leader:
                    self.trans[(label, side)] = self.trans.get((label, side), 0) + 1
                if passenger and CAT[passenger].is_combat_unit:
                    self.stack[(label, side)] = self.stack.get((label, side), 0) + 1
                if dug_in and not ct.is_leader and (ct.is_personnel or ct.is_weapon):
                    unit["dug_in"] = True
                if not post:
                    # Spread out: move the used hex to the back so the next counter tries others.
                    cells.remove(label)
                    cells.append(label)
            self.units.append(unit)
            if passenger:
                self.units.append(
                    {
                        "id": self.new_id(side, passenger),
                        "type": passenger,
                        "side": side,
                        "formation": fid,
                        "carried_by": unit["id"],
                    }
                )

    def write(self) -> None:
        OUT.mkdir(parents=True, exist_ok=True)
        path = OUT / f"{self.doc['id']}.json"
        units = self.doc.pop("units")
        text = json.dumps(self.doc, indent=2, ensure_ascii=False)
        # One counter per line: the forces stay readable and diffs small.
        body = ",\n".join("    " + json.dumps(u, ensure_ascii=False) for u in units)
        text = text[:-2] + ',\n  "units": [\n' + body + "\n  ]\n}\n"
        path.write_text(text, encoding="utf-8")
        self.doc["units"] = units


def rep(n: int, item) -> list:
    return [item] * n


# Points the enemy scores for each step, armoured step and leader a side loses: the usual scale.
LOSSES = {"per_step": 1, "per_afv_step": 2, "per_leader": 2}


def side(sid: str, name: str, initiative: int, morale: int, briefing: str, **more) -> dict:
    """A side of a German-Soviet battle: `ge` is German, any other id Soviet."""
    nationality = "german" if sid == "ge" else "soviet"
    return {"id": sid, "name": name, "nationality": nationality, "initiative": initiative,
            "morale": morale, "briefing": briefing, **more}
