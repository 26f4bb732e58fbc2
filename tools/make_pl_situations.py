"""Write twelve Panzer Leader situations from the published forces (PL-E25).

The forces, turns and who sets up and moves first are those of the published situations as
the OpenPanzerBlitz transcription gives them (pl-counters.md, section 3; copied into
tests/data/pl_counters.json, which this reads). The boards are ours (E, F, G, H standing for
the published A, B, C, D), laid unrotated; the placement, the objectives and the briefing are
ours too. The side that sets up first holds the far part of the map, its units in towns and
woods first; the side that moves first enters on turn 1 from its own edge, infantry and guns
riding its carriers where there is room (PL-E25).

Deterministic: `python tools/make_pl_situations.py` writes the same files every time.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.rules.common.hexgrid import axial_to_offset  # noqa: E402
from games.rules.panzer_leader.core.board import build_map  # noqa: E402
from games.rules.panzer_leader.core.units import catalogue  # noqa: E402
from tools.pl_situation_briefings import BRIEFINGS, terms  # noqa: E402

OUT = ROOT / "games" / "data" / "panzer_leader" / "situations"
SOURCE = json.loads((ROOT / "tests" / "data" / "pl_counters.json").read_text(encoding="utf-8"))
BOARD = {"A": "E", "B": "H", "C": "F", "D": "G"}  # our board for each published one
WIDTH, HEIGHT = 32, 10  # a board's step when joined (its edge half hexes are shared)

# situation: (id, our layout as rows of published board letters, briefing)
CHOSEN = {
    "1": ("pl-01-utah-beach", [["A"], ["B"]],
          "Paratroopers of the 101st Airborne, scattered inland of the beach, come down on the "
          "709th Division's positions between the dunes and the villages behind them."),
    "4": ("pl-04-st-lo", [["A"], ["C"]],
          "The 116th Infantry and the Shermans of the 737th Tank Battalion push south through "
          "the hedgerow country against paratroopers and assault guns dug in on the ridge."),
    "6": ("pl-06-reichswald", [["D"]],
          "Canadian infantry of the 2nd Division, with carriers and guns, clear a German "
          "infantry division's outposts along the river and the market town."),
    "7": ("pl-07-nancy", [["D"], ["A"]],
          "The 4th Armored Division's combat command drives on the crossings held by a "
          "Volksgrenadier division's infantry, guns and a few assault guns."),
    "8": ("pl-08-marieulles", [["D", "A"]],
          "Armoured infantry of the 7th Armored Division attack the village held by officer "
          "trainees and three 88s."),
    "9": ("pl-09-nijmegen", [["D", "A"]],
          "The 82nd Airborne and the Guards' Shermans go for the town and its bridges against "
          "the 9th SS Panzer Division's halftracks, 88s and assault guns."),
    "10": ("pl-10-arnhem", [["A"]],
           "Kampfgruppe Harzer's Tigers and panzergrenadiers close in on the 1st Parachute "
           "Brigade holding the houses by the road."),
    "12": ("pl-12-saar", [["A", "D", "C"]],
           "Panzer Lehr's reconnaissance and Panthers strike the 106th Cavalry Group's screen "
           "across three boards of open country and river."),
    "14": ("pl-14-bulge-thrust", [["C", "D"]],
           "Kampfgruppe Peiper's Tigers and Panthers break through a thin line of engineers, "
           "anti-tank guns and tank destroyers at the river crossings."),
    "16": ("pl-16-bastogne-prelude", [["D"]],
           "Panzer Lehr's advance guard meets the 101st Airborne's rifle companies on the "
           "approaches to the town."),
    "18": ("pl-18-bastogne-siege", [["D", "C", "A"]],
           "The Volksgrenadiers and Panzer IVs close the ring on the 101st Airborne, which "
           "has P-47s overhead and an L-5 to spot for its guns."),
    "20": ("pl-20-remagen", [["D"]],
           "A combat command of the 9th Armored Division races a small German garrison for "
           "the town and the bridge over the river."),
}
# situation: the day it is set on (the published situations' battles; all on the Western Front)
DATES = {"1": "1944-06-06", "4": "1944-07-11", "6": "1945-02-08", "7": "1944-09-11",
         "8": "1944-09-08", "9": "1944-09-20", "10": "1944-09-19", "12": "1944-11-24",
         "14": "1944-12-17", "16": "1944-12-19", "18": "1944-12-24", "20": "1945-03-07"}
AIR = {"p-47-bombs": ("us_p47", "bombs"), "p-47-rockets": ("us_p47", "rockets"),
       "typhoon-rockets": ("gb_typhoon", "rockets"), "l-5": ("us_l5", None)}
SIDE_OF = {"GE": "german", "US": "allied", "UK": "allied"}
# Victory levels the arena moved off the usual 2n + 4, n + 2, n (PL-E25): at Remagen the
# attacker won 10 of 10 Veteran-vs-Veteran games, scoring 13 to 17 (the three read) where
# n = 4 was a marginal win.
LEVELS = {"20": {"decisive": 20, "tactical": 17, "marginal": 15}}


def our_type(source: str, side: str) -> str:
    """Our counter for a transcribed unit, the side's own where a gun has two (PL-D18)."""
    found = sorted(t.id for t in catalogue().values() if t.source == source
                   and t.id not in ("us_m4_dd", "gb_crab", "de_engineer_ht"))
    own = [t for t in found if t.startswith("de_") == (side == "german")]
    return (own or found)[0]


def layout(rows: list[list[str]]) -> list[dict]:
    out = []
    for i, row in enumerate(rows):
        for j, letter in enumerate(row):
            entry = {"board": BOARD[letter], "at": [j * WIDTH, i * HEIGHT]}
            if i or j:
                entry["join"] = True
            out.append(entry)
    return out


def unit_id(side: str, type_id: str, n: int) -> str:
    return f"{side[:2]}-{type_id.split('_', 1)[1]}-{n}"


def build(number: str) -> dict:
    sid, rows, briefing = CHOSEN[number]
    src = SOURCE["situations"][number]
    m = build_map(layout(rows))
    attacker = SIDE_OF[src["moves_first"]]
    defender = "german" if attacker == "allied" else "allied"
    allied_nation = "british" if "UK" in src["forces"] else "us"
    vertical = len(rows) > 1
    cells = {h: axial_to_offset(h) for h in m.hexes}
    depth = {h: (rc[1] if vertical else rc[0]) for h, rc in cells.items()}
    far = max(depth.values())
    land = {h for h in m.hexes if m.terrain(h) not in ("sea", "beach", "stream", "swamp")
            and not m.interior_half(h)}
    # The defender's ground: the far 60 % of the map; the attacker's edge: depth 0.
    zone = sorted((h for h in land if depth[h] >= far * 0.4),
                  key=lambda h: (-{"town": 3, "woods": 2}.get(m.terrain(h), m.elevation(h)),
                                 abs(depth[h] - far * 0.7), h.q, h.r))
    edge = sorted((h for h in land if depth[h] == 0), key=lambda h: (h.q, h.r))
    objectives = [m.label(h) for h in zone if m.terrain(h) == "town"][:6]
    counts: dict[tuple[str, str], int] = {}
    placed: dict = {}
    forces, loaded, aircraft, blocks = [], [], [], []
    riders: list[tuple[str, str]] = []  # (passenger id, type) waiting for a carrier
    carriers: list[str] = []
    for side_code, group in src["forces"].items():
        side = SIDE_OF[side_code]
        for source, count in group.items():
            if source == "block":
                road = [h for h in zone if h in m.road_hexes() and m.terrain(h) == "clear"
                        and m.label(h) not in blocks]
                blocks += [m.label(h) for h in road[:count]] if side == defender else []
                continue
            if source in AIR:
                type_id, ordnance = AIR[source]
                aircraft.append({"side": side, "type": type_id, "count": count, "first": 1,
                                 "last": src["turns"], **({"ordnance": ordnance} if ordnance
                                                          else {})})
                continue
            type_id = our_type(source, side)
            t = catalogue()[type_id]
            ids = []
            for _ in range(count):
                counts[(side, type_id)] = counts.get((side, type_id), 0) + 1
                ids.append(unit_id(side, type_id, counts[(side, type_id)]))
            if side == attacker:
                forces.append({"side": side, "type": type_id, "count": count, "entry_turn": 1,
                               "entry": [m.label(h) for h in edge]})
                if t.carries == "any":
                    carriers += ids
                elif not t.vehicle:
                    riders += [(i, type_id) for i in ids]
                continue
            at = []
            for _ in ids:
                h = next(h for h in zone if placed.get(h, 0) < 3 and (
                    not t.vehicle or m.terrain(h) not in ("woods",)))
                placed[h] = placed.get(h, 0) + 1
                at.append(m.label(h))
            forces.append({"side": side, "type": type_id, "count": count, "at": at})
    # Guns that cannot walk ride first, then infantry, while carriers last.
    riders.sort(key=lambda r: catalogue()[r[1]].movement)
    for carrier, (passenger, _) in zip(carriers, riders, strict=False):
        loaded.append({"carrier": carrier, "passenger": passenger})
    aboard = {g["passenger"] for g in loaded}
    stranded = [p for p, t in riders if p not in aboard and catalogue()[t].movement == 0]
    if stranded:
        raise ValueError(f"situation {number}: guns with no carrier: {stranded}")
    n = len(objectives)
    levels = LEVELS.get(number, {"decisive": 2 * n + 4, "tactical": n + 2, "marginal": n})
    nation = {"allied": allied_nation, "german": "german"}
    sides = [{"id": side, "name": side.capitalize(), "nationality": nation[side],
              "briefing": text.format(terms=terms(side, attacker, levels))}
             for side, text in BRIEFINGS[number].items()]
    out = {
        "id": sid, "ruleset": "panzer_leader",
        "title": f"{src['engine_name']} (situation {number})",
        "date": DATES[number], "front": "west",
        "description": f"{briefing} The forces, turns and who moves first are the published "
                       f"situation {number}'s; the boards, placement and victory conditions "
                       "are ours.",
        "size": "large" if sum(sum(g.values()) for g in src["forces"].values()) > 60 else "medium",
        "turns": src["turns"],
        "sides": sorted(sides, key=lambda s: s["id"] != attacker),
        "map": layout(rows),
        "forces": forces, "loaded": loaded,
        "control": {h: defender for h in objectives},
        "victory": {"attacker": attacker, "objectives": objectives,
                    "levels": levels},
        "source": f"pl-counters.md, section 3, situation {number}",
        "note": "Forces from the published situation (PL-E25); counter values PL-D18.",
    }
    if aircraft:
        out["aircraft"] = aircraft
    if blocks:
        out["blocks"] = blocks
    return out


def main() -> None:
    for number, (sid, _, _) in CHOSEN.items():
        (OUT / f"{sid}.json").write_text(json.dumps(build(number), indent=1) + "\n",
                                         encoding="utf-8")


if __name__ == "__main__":
    main()
