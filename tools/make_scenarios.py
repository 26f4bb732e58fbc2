"""Generate pgweb's bundled Panzer Grenadier scenarios into games/data/scenarios/*.json.

Run from the repository root after tools/make_boards.py: `python tools/make_scenarios.py`.
Every scenario is a recipe (tools/pg_scenario_builder.py deals the hexes from a fixed seed,
so the files are the same on every run): the first two are here, the Sosna Line in
tools/scenarios_sosna_line.py, the library's battles by year in tools/scenarios_1941_42.py
and tools/scenarios_1943_45.py. Only the first is marked `learning` (the lobby lists it first).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.pg_scenario_builder import At, Builder, rep  # noqa: E402
from tools.scenarios_1941_42 import SCENARIOS_1941_42  # noqa: E402
from tools.scenarios_1943_45 import SCENARIOS_1943_45  # noqa: E402
from tools.scenarios_sosna_line import sosna_line  # noqa: E402

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
                "briefing": (
                    "Seize the mill bridge (B1007, 3 points), Melnitsa (B1010, 4) and the hamlet"
                    " on Height 212 (A1305, 2); each step exited off the south edge and each"
                    " German loss scores too. 12 points win, 9 to 11 draw. Your tank company"
                    " enters from the north on turn 2; the 122 mm guns fire on turns 1 to 6, so"
                    " cross the Sosna before the panzers come from the south on turn 5."
                ),
            },
            {
                "id": "ge",
                "name": "German",
                "nationality": "german",
                "initiative": 2,
                "morale": 8,
                "sets_up": "first",
                "briefing": (
                    "Hold the mill bridge, Melnitsa and the hamlet on Height 212, and let nothing"
                    " off the south edge: the Soviets need 12 points to win, 9 for a draw. Your"
                    " guns fire from turn 3, Stukas from turn 4, and the panzer reserve enters"
                    " from the south on turn 5: hold the river line until it comes."
                ),
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


SCENARIOS = (meeting_at_kessel, melnitsa_bridgehead, sosna_line, *SCENARIOS_1941_42,
             *SCENARIOS_1943_45)


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
