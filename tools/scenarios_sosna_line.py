"""The Sosna Line: six boards, about 300 counters, the large team battle and the benchmark
scenario (a recipe of tools/make_scenarios.py)."""

from __future__ import annotations

from tools.pg_scenario_builder import Builder, rep

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
                "briefing": (
                    "Break the Sosna line: six villages score 17 points held at the end, each step"
                    " exited off the south edge 1, German losses more. 30 points win, 22 to 29"
                    " draw. The Guards tanks enter from the north on turn 3, the 611th Regiment"
                    " on turn 7; the corps guns fire only on turns 1 to 4, so take the outposts"
                    " in the northern villages while they last."
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
                    "Hold the line behind the Sosna: Melnitsa and the ferry village (4 points"
                    " each) are entrenched; outposts hold the three northern villages. Keep the"
                    " Soviets under 22 points to win. Panzer-Abteilung 21 enters from the south"
                    " on turn 6, an alarm company on turn 9: trade the outposts for time, not"
                    " for men."
                ),
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
