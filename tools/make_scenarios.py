"""Generate pgweb's bundled scenarios into games/data/scenarios/*.json (deterministic).

Run from the repository root after tools/make_boards.py: `python tools/make_scenarios.py`.
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


# -- 1. Meeting at Kesselbach: one board, learning ---------------------------------------------


def meeting_at_kessel() -> Builder:
    tanks_enter = 2  # the Soviet tank platoon's turn (D-SCEN-1), told in briefing and note
    doc = {
        "format": 1,
        "id": "meeting-at-kessel",
        "title": "Meeting at Kesselbach",
        "date": "1943-08-14",
        "front": "east",
        "description": (
            "A German reconnaissance-in-force and a Soviet rifle company with tank support both"
            " make for the crossroads village of Kesselbach at dawn, where two Soviet squads"
            " already stand. A small, open battle for learning the rules: infantry,"
            " machine-guns, a few tanks, one stream and a hill."
        ),
        "learning": True,
        "map": {"boards": [{"board": "kessel", "label": "A", "at": [0, 0]}]},
        "turns": 8,
        "first_side": "ge",
        "sides": [
            {
                "id": "ge",
                "name": "German",
                "nationality": "german",
                "initiative": 3,
                "morale": 8,
                "briefing": "Take Kesselbach and the knoll north-east of it before the Soviets dig in.",
            },
            {
                "id": "su",
                "name": "Soviet",
                "nationality": "soviet",
                "initiative": 2,
                "morale": 7,
                "briefing": f"Hold the crossroads; your tanks arrive on turn {tanks_enter}.",
            },
        ],
        "victory": {
            "description": "Points for the village and the knoll at the end, and for enemy losses.",
            "hexes": [
                {"hex": "A1006", "name": "Kesselbach church", "points": 4, "holder": None},
                {"hex": "A1107", "name": "Kesselbach crossroads", "points": 3, "holder": None},
                {"hex": "A1603", "name": "The knoll", "points": 2, "holder": None},
            ],
            "losses": [
                {"side": "ge", "per_step": 1, "per_afv_step": 2, "per_leader": 2},
                {"side": "su", "per_step": 1, "per_afv_step": 2, "per_leader": 2},
            ],
            "decision": {"method": "most_points"},
        },
        "optional_rules": {"fog_of_war": False},
        "special_rules": [
            {
                "rule": "note",
                "text": "Both sides enter nothing on turn 1 but the units shown;"
                f" the Soviet tank platoon enters on turn {tanks_enter} along the east edge.",
            },
        ],
    }
    b = Builder(doc, 11)
    west, east = (0, 0, 3, 11), (16, 0, 19, 11)
    b.formation(
        "ge-kg",
        "Kampfgruppe Adler, infantry",
        "ge",
        [
            "ge_ldr_cpt_a",
            "ge_ldr_lt_a",
            "ge_ldr_lt_c",
            *rep(6, "ge_rifle"),
            "ge_smg",
            *rep(2, "ge_hmg"),
            "ge_mortar_81",
            "ge_recon",
            ("ge_truck", "ge_pak_38"),
        ],
        area=west,
    )
    b.formation(
        "ge-pz",
        "Kampfgruppe Adler, armour",
        "ge",
        ["ge_ldr_tank_lt", *rep(2, "ge_pz_iv"), "ge_sdkfz_222"],
        area=(0, 3, 2, 8),
    )
    b.formation(
        "su-co",
        "2nd Rifle Company",
        "su",
        [
            "su_ldr_cpt_a",
            "su_ldr_slt",
            "su_ldr_lt_b",
            "su_ldr_kommissar",
            *rep(7, "su_rifle"),
            # Two submachine-gun squads already hold the village: balanced so (DECISIONS.md).
            At("su_smg", "A1107"),
            At("su_smg", "A1006"),
            *rep(2, "su_hmg"),
            "su_mortar_82",
            "su_scout",
            "su_at_45",
        ],
        area=east,
    )
    b.formation(
        "su-tk",
        "Tank platoon Sokolov",
        "su",
        ["su_ldr_tank_lt", *rep(3, "su_t34_76")],
        entry=(tanks_enter, "E"),
    )
    return b


# -- 2. The Melnitsa bridgehead: two boards, combined arms -------------------------------------


def melnitsa_bridgehead() -> Builder:
    doc = {
        "format": 1,
        "id": "melnitsa-bridgehead",
        "title": "The Melnitsa Bridgehead",
        "date": "1943-09-21",
        "front": "east",
        "description": (
            "A Soviet rifle battalion with a tank company comes down from Height 212 to seize the"
            " mill bridge over the Sosna before the Germans can blow it. Artillery on both sides,"
            " trucks and tractors, sappers for the river and German armour arriving from the south."
        ),
        "map": {
            "boards": [
                {"board": "ridge", "label": "A", "at": [0, 0]},
                {"board": "mill", "label": "B", "at": [0, 1]},
            ]
        },
        "turns": 12,
        "first_side": "ge",
        "sides": [
            {
                "id": "su",
                "name": "Soviet",
                "nationality": "soviet",
                "initiative": 2,
                "morale": 7,
                "sets_up": "second",
            },
            {
                "id": "ge",
                "name": "German",
                "nationality": "german",
                "initiative": 2,
                "morale": 8,
                "sets_up": "first",
            },
        ],
        "victory": {
            "description": "The Soviets score for the bridge village and for units exited south.",
            "hexes": [
                {"hex": "B1007", "name": "The mill bridge", "points": 3, "holder": "ge"},
                {"hex": "B1010", "name": "Melnitsa", "points": 4, "holder": "ge"},
                {"hex": "A1305", "name": "Hamlet on Height 212", "points": 2, "holder": "ge"},
            ],
            "exit": [{"side": "su", "edge": "S", "points_per_step": 1}],
            "losses": [
                {"side": "ge", "per_step": 1, "per_afv_step": 2, "per_leader": 2},
                {"side": "su", "per_step": 0, "per_afv_step": 1, "per_leader": 1},
            ],
            "decision": {"method": "threshold", "side": "su", "at_least": 12, "draw_at_least": 9},
        },
        "optional_rules": {"fog_of_war": True, "mire": False},
        "special_rules": [
            {
                "rule": "dig_in_at_start",
                "side": "ge",
                "text": "German infantry and weapons set up on the map begin dug in.",
            },
            {
                "rule": "offboard_artillery",
                "side": "su",
                "text": "Two 122 mm howitzer increments support the Soviet attack on turns 1 to 6.",
                "increments": [
                    {
                        "id": "su-art-1",
                        "name": "122 mm howitzer battalion",
                        "strength": 24,
                        "from_turn": 1,
                        "to_turn": 6,
                    },
                    {
                        "id": "su-art-2",
                        "name": "76 mm divisional battery",
                        "strength": 12,
                        "from_turn": 1,
                        "to_turn": 6,
                    },
                ],
            },
            {
                "rule": "offboard_artillery",
                "side": "ge",
                "text": "A 10.5 cm howitzer battery fires for the Germans from turn 3.",
                "increments": [
                    {
                        "id": "ge-art-1",
                        "name": "10.5 cm howitzer battery",
                        "strength": 20,
                        "from_turn": 3,
                    }
                ],
            },
            {
                "rule": "engineers_bridge",
                "text": "The mill bridge cannot be demolished; sappers may help units ford the Sosna (5.7).",
            },
            {
                "rule": "air_support",
                "side": "ge",
                "text": (
                    "A Stuka sortie may attack once a turn on turns 4 to 9; it arrives on"
                    " 1d6 of 3 or less (15.1)."
                ),
                "sorties": [
                    {
                        "id": "ge-air-1",
                        "name": "Ju 87 Stuka sortie",
                        "direct_fire": 12,
                        "anti_tank": 10,
                        "from_turn": 4,
                        "to_turn": 9,
                    }
                ],
            },
        ],
    }
    b = Builder(doc, 22)
    # Global offsets: board A rows 0-11, board B rows 12-23; the Sosna near row 19.
    b.formation(
        "su-1bn",
        "1st Rifle Battalion",
        "su",
        [
            "su_ldr_maj",
            "su_ldr_cpt_a",
            "su_ldr_cpt_b",
            "su_ldr_lt_a",
            "su_ldr_lt_b",
            "su_ldr_kommissar",
            *rep(9, "su_rifle"),
            *rep(3, "su_smg"),
            *rep(3, "su_hmg"),
            *rep(2, "su_mortar_82"),
            *rep(2, "su_sapper"),
            "su_scout",
        ],
        area=(0, 0, 19, 4),
    )
    b.formation(
        "su-mot",
        "Motorised support",
        "su",
        [
            ("su_truck", "su_mortar_120"),
            ("su_stz_5", "su_zis_3"),
            ("su_stz_5", "su_zis_3"),
            ("su_truck", "su_rifle"),
            ("su_truck", "su_rifle"),
            "su_m30_122",
            "su_aa_37",
        ],
        area=(6, 0, 14, 2),
    )
    b.formation(
        "su-tk",
        "Tank company",
        "su",
        [
            "su_ldr_tank_cpt",
            "su_ldr_tank_lt",
            *rep(4, "su_t34_76"),
            *rep(2, "su_su_76"),
            "su_ba_64",
        ],
        entry=(2, "N"),
    )
    b.formation(
        "ge-gr",
        "Grenadier company at the mill",
        "ge",
        [
            "ge_ldr_cpt_a",
            "ge_ldr_lt_a",
            "ge_ldr_lt_b",
            "ge_ldr_sgt",
            *rep(7, "ge_rifle"),
            *rep(3, "ge_hmg"),
            *rep(2, "ge_mortar_81"),
            "ge_pioneer",
            "ge_pak_40",
            "ge_pak_38",
            "ge_ig_75",
            "ge_flak_20",
        ],
        area=(2, 12, 17, 23),
        dug_in=True,
    )
    b.formation(
        "ge-op",
        "Outpost on Height 212",
        "ge",
        ["ge_ldr_lt_c", *rep(2, "ge_rifle"), "ge_hmg"],
        area=(11, 4, 14, 7),
        dug_in=True,
    )
    b.formation(
        "ge-pz",
        "Panzer reserve",
        "ge",
        [
            "ge_ldr_tank_lt",
            *rep(2, "ge_pz_iv"),
            "ge_stug_iii",
            "ge_marder_iii",
            ("ge_sdkfz_251", "ge_rifle"),
            ("ge_sdkfz_251", "ge_smg"),
            ("ge_sdkfz_7", "ge_pak_40"),
        ],
        entry=(5, "S"),
    )
    return b


# -- 3. The Sosna Line: six boards, about 300 counters -----------------------------------------


def sosna_line() -> Builder:
    doc = {
        "format": 1,
        "id": "sosna-line",
        "title": "The Sosna Line",
        "date": "1944-06-25",
        "front": "east",
        "description": (
            "A Soviet rifle corps' first echelon, with a Guards tank brigade, breaks into the German"
            " line along the Sosna: forest, marsh, three villages and a river crossing under fire."
            " A large battle for teams, and the benchmark scenario."
        ),
        "map": {
            "boards": [
                {"board": "ridge", "label": "A", "at": [0, 0]},
                {"board": "kessel", "label": "B", "at": [1, 0]},
                {"board": "birchwood", "label": "C", "at": [2, 0]},
                {"board": "mill", "label": "D", "at": [0, 1]},
                {"board": "marsh", "label": "E", "at": [1, 1]},
                {"board": "ferry", "label": "F", "at": [2, 1]},
            ]
        },
        "turns": 15,
        "first_side": "ge",
        "night_turns": [1, 15],
        "sides": [
            {
                "id": "su",
                "name": "Soviet",
                "nationality": "soviet",
                "initiative": 3,
                "morale": 7,
                "sets_up": "second",
            },
            {
                "id": "ge",
                "name": "German",
                "nationality": "german",
                "initiative": 2,
                "morale": 8,
                "sets_up": "first",
            },
        ],
        "victory": {
            "hexes": [
                {"hex": "A1305", "name": "Height 212 hamlet", "points": 2, "holder": "ge"},
                {"hex": "B1006", "name": "Kesselbach", "points": 3, "holder": "ge"},
                {"hex": "C1105", "name": "Birch clearing village", "points": 2, "holder": "ge"},
                {"hex": "D1010", "name": "Melnitsa", "points": 4, "holder": "ge"},
                {"hex": "E1005", "name": "Marsh hamlet", "points": 2, "holder": "ge"},
                {"hex": "F1006", "name": "Ferry village", "points": 4, "holder": "ge"},
            ],
            "exit": [{"side": "su", "edge": "S", "points_per_step": 1}],
            "losses": [
                {
                    "side": "ge",
                    "per_step": 1,
                    "per_afv_step": 2,
                    "per_transport_step": 0,
                    "per_leader": 2,
                },
                {
                    "side": "su",
                    "per_step": 0,
                    "per_afv_step": 1,
                    "per_transport_step": 0,
                    "per_leader": 1,
                },
            ],
            "decision": {"method": "threshold", "side": "su", "at_least": 30, "draw_at_least": 22},
        },
        "optional_rules": {"fog_of_war": True, "formation_activation": True, "hidden_units": False},
        "special_rules": [
            {
                "rule": "dig_in_at_start",
                "side": "ge",
                "text": "German infantry and weapons set up on the map begin dug in.",
            },
            {
                "rule": "razvedka",
                "side": "su",
                "text": "Soviet reconnaissance: before turn 1 the Soviet player may ask for a razvedka roll.",
            },
            {
                "rule": "offboard_artillery",
                "side": "su",
                "text": "The corps artillery group fires on turns 1-4; the division's guns all game.",
                "increments": [
                    {
                        "id": "su-art-1",
                        "name": "152 mm gun-howitzer regiment",
                        "strength": 30,
                        "from_turn": 1,
                        "to_turn": 4,
                    },
                    {
                        "id": "su-art-2",
                        "name": "122 mm howitzer battalion",
                        "strength": 24,
                        "from_turn": 1,
                        "to_turn": 4,
                    },
                    {"id": "su-art-3", "name": "Divisional 122 mm battalion", "strength": 24},
                    {"id": "su-art-4", "name": "Divisional 76 mm battalion", "strength": 12},
                ],
            },
            {
                "rule": "offboard_artillery",
                "side": "ge",
                "text": "Divisional artillery supports the Germans throughout.",
                "increments": [
                    {"id": "ge-art-1", "name": "15 cm howitzer battery", "strength": 30},
                    {"id": "ge-art-2", "name": "10.5 cm howitzer battalion", "strength": 20},
                ],
            },
            {
                "rule": "efficient_afv",
                "side": "su",
                "text": "The Guards tank brigade's full-strength T-34s fire twice (Guards).",
            },
        ],
        "markers": [
            {"hex": "D1010", "marker": "entrenchment"},
            {"hex": "F1006", "marker": "entrenchment"},
            {"hex": "E0909", "marker": "minefield", "side": "ge"},
            {"hex": "B1107", "marker": "wire"},
        ],
    }
    b = Builder(doc, 33)

    # German main line: bottom-row boards (global rows 12-23); outposts in the top villages.
    def rifle_bn(n: int) -> list:
        return [
            "ge_ldr_maj",
            "ge_ldr_cpt_a",
            "ge_ldr_cpt_b",
            "ge_ldr_lt_a",
            "ge_ldr_lt_b",
            "ge_ldr_sgt",
            *rep(n, "ge_rifle"),
            *rep(3, "ge_hmg"),
            *rep(2, "ge_mortar_81"),
            "ge_pioneer",
            "ge_smg",
        ]

    b.formation(
        "ge-1",
        "I./Grenadier-Regiment 410",
        "ge",
        [*rifle_bn(9), "ge_pak_40", "ge_ig_75"],
        area=(0, 12, 19, 23),
        dug_in=True,
    )
    b.formation(
        "ge-2",
        "II./Grenadier-Regiment 410",
        "ge",
        [*rifle_bn(9), "ge_pak_40", "ge_pak_38", "ge_flak_20"],
        area=(20, 12, 39, 23),
        dug_in=True,
    )
    b.formation(
        "ge-3",
        "Füsilier-Bataillon 205",
        "ge",
        [*rifle_bn(8), "ge_pak_40", "ge_flak_88", "ge_ig_75"],
        area=(40, 12, 59, 23),
        dug_in=True,
    )
    b.formation(
        "ge-op",
        "Outposts",
        "ge",
        [
            "ge_ldr_cpt_b",
            "ge_ldr_lt_c",
            "ge_ldr_lt_c",
            *rep(6, "ge_rifle"),
            *rep(3, "ge_hmg"),
            *rep(2, "ge_recon"),
            "ge_pak_38",
        ],
        area=(0, 6, 59, 11),
        dug_in=True,
    )
    b.formation(
        "ge-art",
        "Artillerie-Regiment 205 (forward batteries)",
        "ge",
        [
            "ge_ldr_cpt_a",
            "ge_lefh_105",
            "ge_lefh_105",
            "ge_shfh_150",
            "ge_mortar_120",
            "ge_mortar_120",
            ("ge_sdkfz_7", "ge_pak_40"),
            "ge_truck",
            "ge_truck",
            "ge_wagon",
            "ge_wagon",
        ],
        area=(5, 20, 55, 23),
    )
    b.formation(
        "ge-pz",
        "Panzer-Abteilung 21",
        "ge",
        [
            "ge_ldr_tank_cpt",
            "ge_ldr_tank_lt",
            "ge_ldr_tank_lt",
            *rep(4, "ge_pz_iv"),
            *rep(2, "ge_panther"),
            "ge_tiger",
            *rep(2, "ge_stug_iii"),
            *rep(2, "ge_marder_iii"),
            *rep(2, "ge_sdkfz_222"),
            *rep(3, ("ge_sdkfz_251", "ge_rifle")),
            ("ge_sdkfz_251", "ge_pioneer"),
        ],
        entry=(6, "S"),
    )
    b.formation(
        "ge-res",
        "Alarm company",
        "ge",
        [
            "ge_ldr_lt_a",
            *rep(6, "ge_rifle"),
            *rep(2, "ge_hmg"),
            "ge_mortar_81",
            ("ge_truck", "ge_rifle"),
        ],
        entry=(9, "S"),
    )

    # Soviet first echelon: top-row boards' northern half, tanks and second echelon entering.
    def su_bn(n: int) -> list:
        return [
            "su_ldr_maj",
            "su_ldr_kommissar",
            "su_ldr_cpt_a",
            "su_ldr_cpt_b",
            "su_ldr_slt",
            "su_ldr_lt_a",
            "su_ldr_lt_b",
            *rep(n, "su_rifle"),
            *rep(3, "su_smg"),
            *rep(3, "su_hmg"),
            *rep(2, "su_mortar_82"),
            "su_sapper",
            "su_scout",
        ]

    b.formation(
        "su-1",
        "1st Battalion, 610th Rifle Regiment",
        "su",
        [*su_bn(10), "su_at_45", "su_ig_76"],
        area=(0, 0, 19, 4),
        per_hex=3,
    )
    b.formation(
        "su-2",
        "2nd Battalion, 610th Rifle Regiment",
        "su",
        [*su_bn(10), "su_at_45", "su_ig_76"],
        area=(20, 0, 39, 4),
        per_hex=3,
    )
    b.formation(
        "su-3",
        "3rd Battalion, 612th Rifle Regiment",
        "su",
        [*su_bn(10), "su_at_45", "su_aa_37"],
        area=(40, 0, 59, 4),
        per_hex=3,
    )
    b.formation(
        "su-art",
        "Regimental guns and mortars",
        "su",
        [
            "su_ldr_cpt_a",
            *rep(3, "su_mortar_120"),
            *rep(2, "su_m30_122"),
            *rep(2, ("su_stz_5", "su_zis_3")),
            *rep(3, "su_truck"),
            *rep(2, "su_wagon"),
        ],
        area=(5, 0, 55, 1),
    )
    b.formation(
        "su-gtb",
        "Guards Tank Brigade",
        "su",
        [
            "su_ldr_tank_cpt",
            "su_ldr_tank_cpt",
            "su_ldr_tank_lt",
            "su_ldr_tank_lt",
            *rep(6, "su_t34_76_guards"),
            *rep(3, "su_t34_85"),
            *rep(2, "su_t70"),
            *rep(2, "su_su_85"),
            *rep(2, "su_su_76"),
            *rep(2, "su_ba_64"),
            *rep(3, ("su_truck", "su_smg")),
            *rep(2, ("su_m3_scout", "su_rifle")),
        ],
        entry=(3, "N"),
    )
    b.formation(
        "su-4",
        "2nd echelon: 611th Rifle Regiment",
        "su",
        [*su_bn(9), *rep(2, ("su_truck", "su_rifle")), ("su_stz_5", "su_zis_3")],
        entry=(7, "N"),
    )
    return b


SCENARIOS = (meeting_at_kessel, melnitsa_bridgehead, sosna_line)


def main() -> None:
    for make in SCENARIOS:
        b = make()
        b.write()
        sides: dict[str, int] = {}
        for u in b.units:
            sides[u["side"]] = sides.get(u["side"], 0) + 1
        print(b.doc["id"], len(b.units), sides)


if __name__ == "__main__":
    main()
