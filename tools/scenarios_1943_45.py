"""The library's battles of 1943 to 1945 (recipes of tools/make_scenarios.py).

Areas are global offset rectangles (c0, r0, c1, r1): a board placed at [x, y] holds columns
20x..20x+19 and rows 12y..12y+11.
"""

from __future__ import annotations

from tools.pg_scenario_builder import LOSSES, Builder, rep, side

DUG_IN_GE = {"rule": "dig_in_at_start", "side": "ge",
             "text": "German infantry and weapons set up on the map begin dug in."}
DUG_IN_SU = {"rule": "dig_in_at_start", "side": "su",
             "text": "Soviet infantry and weapons set up on the map begin dug in."}


# -- The Kursk shoulder: four boards, 3 v 3 ------------------------------------------------------


def kursk_shoulder() -> Builder:
    doc = {
        "format": 1,
        "id": "kursk-shoulder",
        "title": "The Kursk Shoulder",
        "date": "1943-07-06",
        "front": "east",
        "description": (
            "The northern face of the Kursk salient, second day: a German infantry division,"
            " a Tiger company and a panzer battalion strike the second Soviet defence belt —"
            " rifle battalions dug in behind mines and wire, an anti-tank regiment in the"
            " villages and a tank brigade waiting behind the ridge. A four-board team battle for"
            " three players a side."
        ),
        "map": {"boards": [{"board": "steppe", "label": "A", "at": [0, 0]},
                           {"board": "kessel", "label": "B", "at": [1, 0]},
                           {"board": "ridge", "label": "C", "at": [0, 1]},
                           {"board": "mill", "label": "D", "at": [1, 1]}]},
        "turns": 12,
        "first_side": "ge",
        "sides": [
            side("ge", "German", 3, 8, "Break the belt: take Height 212 and Melnitsa, or exit"
                  " armour off the south edge toward Olkhovatka.", sets_up="second"),
            side("su", "Soviet", 2, 7, "Hold the belt. The anti-tank regiment holds the"
                  " villages; the tank brigade enters from the south on turn 5.",
                  sets_up="first"),
        ],
        "victory": {
            "description": "The Germans win with 18 points (hexes, exits, Soviet losses); 13 to"
                           " 17 is a draw.",
            "hexes": [
                {"hex": "A1405", "name": "Kurgan 118", "points": 2, "holder": "su"},
                {"hex": "B1006", "name": "Kesselbach", "points": 3, "holder": "su"},
                {"hex": "C1305", "name": "Height 212 hamlet", "points": 4, "holder": "su"},
                {"hex": "D1010", "name": "Melnitsa", "points": 4, "holder": "su"},
            ],
            "exit": [{"side": "ge", "edge": "S", "points_per_step": 1}],
            "losses": [{"side": "su", **LOSSES}],
            "decision": {"method": "threshold", "side": "ge", "at_least": 18, "draw_at_least": 13},
        },
        "optional_rules": {"fog_of_war": True, "formation_activation": True},
        "special_rules": [
            DUG_IN_SU,
            {"rule": "offboard_artillery", "side": "ge", "text": "The corps artillery fires"
             " on turns 1 to 4, the division's battalion all game.", "increments": [
                 {"id": "ge-art-1", "name": "15 cm howitzer battalion", "strength": 30,
                  "from_turn": 1, "to_turn": 4},
                 {"id": "ge-art-2", "name": "10.5 cm howitzer battalion", "strength": 20}]},
            {"rule": "offboard_artillery", "side": "su", "text": "The army's guns fire for the"
             " Soviets all game.", "increments": [
                 {"id": "su-art-1", "name": "122 mm howitzer battalion", "strength": 24},
                 {"id": "su-art-2", "name": "76 mm divisional battalion", "strength": 12}]},
            {"rule": "air_support", "side": "ge", "text": "Stukas over the salient: a sortie a"
             " turn on turns 1 to 6, arriving on 1d6 of 3 or less (15.1).", "sorties": [
                 {"id": "ge-air-1", "name": "Ju 87 Stuka sortie", "direct_fire": 12,
                  "anti_tank": 10, "from_turn": 1, "to_turn": 6}]},
        ],
        "markers": [
            {"hex": "A1206", "marker": "minefield", "side": "su"},
            {"hex": "B0807", "marker": "minefield", "side": "su"},
            {"hex": "B1106", "marker": "wire"},
            {"hex": "C1305", "marker": "entrenchment"},
        ],
    }
    b = Builder(doc, 4301)
    b.formation("ge-ir", "Grenadier-Regiment 478", "ge", [
        "ge_ldr_maj", "ge_ldr_cpt_a", "ge_ldr_lt_a", "ge_ldr_lt_b", "ge_ldr_sgt",
        *rep(9, "ge_rifle"), *rep(3, "ge_hmg"), *rep(2, "ge_mortar_81"), *rep(2, "ge_pioneer"),
        "ge_ig_75", ("ge_truck", "ge_pak_40"),
    ], area=(0, 0, 39, 2), per_hex=3)
    b.formation("ge-tig", "Schwere Panzer-Abteilung 505 and assault guns", "ge", [
        "ge_ldr_tank_cpt", "ge_ldr_tank_lt", *rep(2, "ge_tiger"), *rep(3, "ge_stug_iii"),
        "ge_ldr_cpt_b", *rep(2, ("ge_sdkfz_251", "ge_pioneer")),
    ], area=(0, 0, 19, 1))
    b.formation("ge-pz", "II./Panzer-Regiment 35", "ge", [
        "ge_ldr_tank_cpt", "ge_ldr_tank_lt", *rep(4, "ge_pz_iv"), *rep(2, "ge_pz_iii"),
        "ge_sdkfz_222", *rep(2, ("ge_sdkfz_251", "ge_rifle")), "ge_marder_iii",
    ], entry=(2, "N"))
    b.formation("su-rb", "Rifle battalions, 81st Rifle Division", "su", [
        "su_ldr_maj", "su_ldr_kommissar", "su_ldr_cpt_a", "su_ldr_cpt_b", "su_ldr_lt_a",
        "su_ldr_lt_b", *rep(12, "su_rifle"), *rep(2, "su_smg"), *rep(4, "su_hmg"),
        *rep(2, "su_mortar_82"), "su_sapper", "su_scout", "su_mortar_120",
    ], area=(0, 4, 39, 14), dug_in=True)
    b.formation("su-at", "Anti-tank regiment", "su", [
        "su_ldr_cpt_a", "su_ldr_slt", *rep(4, "su_zis_3"), *rep(3, "su_at_45"), "su_aa_37",
        *rep(2, "su_rifle"), *rep(2, "su_stz_5"),
    ], area=(0, 12, 39, 18), dug_in=True)
    b.formation("su-tb", "129th Tank Brigade", "su", [
        "su_ldr_tank_cpt", "su_ldr_tank_lt", *rep(5, "su_t34_76"), *rep(2, "su_t70"),
        *rep(2, "su_su_76"), *rep(2, ("su_truck", "su_smg")),
    ], entry=(5, "S"))
    return b


# -- Across the Dnieper: two boards, a night crossing under the high bank, 2 v 2 ----------------


def dnieper_high_bank() -> Builder:
    doc = {
        "format": 1,
        "id": "dnieper-high-bank",
        "title": "Across the Dnieper",
        "date": "1943-09-26",
        "front": "east",
        "description": (
            "Two nights after the first boats, a Soviet rifle regiment crosses the Dnieper to"
            " widen a bridgehead under the high western bank. The Germans hold the one bridge,"
            " the river town and the wooded bluffs above it, and a panzer battle group is on"
            " its way. Three turns of darkness, then the river in plain view."
        ),
        "map": {"boards": [{"board": "marsh", "label": "A", "at": [0, 0]},
                           {"board": "bluffs", "label": "B", "at": [0, 1]}]},
        "turns": 12,
        "first_side": "su",
        "night_turns": [1, 2, 3],
        "sides": [
            side("su", "Soviet", 3, 7, "Cross in the dark: your sappers can ferry units over"
                  " the river (5.7). Take the town and the bluffs.", sets_up="second"),
            side("ge", "German", 2, 8, "Hold the bridge, the river town and the high bank;"
                  " the battle group arrives from the south on turn 4.", sets_up="first"),
        ],
        "victory": {
            "description": "The Soviets win with 12 points; 8 to 11 is a draw.",
            "hexes": [
                {"hex": "B1003", "name": "The Dnieper bridge", "points": 3, "holder": "ge"},
                {"hex": "B1006", "name": "River town", "points": 4, "holder": "ge"},
                {"hex": "B0608", "name": "The high bank", "points": 4, "holder": "ge"},
            ],
            "losses": [{"side": "ge", **LOSSES}],
            "decision": {"method": "threshold", "side": "su", "at_least": 12, "draw_at_least": 8},
        },
        "optional_rules": {"fog_of_war": True},
        "special_rules": [
            DUG_IN_GE,
            {"rule": "engineers_bridge", "text": "The bridge cannot be blown; sappers help units"
             " cross the river (5.7)."},
            {"rule": "offboard_artillery", "side": "su", "text": "Guns on the east bank fire"
             " for the Soviets all game.", "increments": [
                 {"id": "su-art-1", "name": "122 mm howitzer battalion", "strength": 24},
                 {"id": "su-art-2", "name": "Regimental 76 mm battery", "strength": 12}]},
            {"rule": "note", "text": "Turns 1 to 3 are night turns: spotting reaches two hexes."},
        ],
    }
    b = Builder(doc, 4302)
    b.formation("su-1", "1st Battalion, 1118th Rifle Regiment", "su", [
        "su_ldr_maj", "su_ldr_kommissar", "su_ldr_cpt_a", "su_ldr_lt_a", "su_ldr_lt_b",
        *rep(8, "su_rifle"), *rep(2, "su_smg"), *rep(2, "su_hmg"), *rep(3, "su_sapper"),
        "su_mortar_82",
    ], area=(0, 8, 19, 13), per_hex=3)
    b.formation("su-2", "2nd Battalion with guns", "su", [
        "su_ldr_cpt_b", "su_ldr_slt", *rep(6, "su_guards_rifle"), "su_hmg", "su_at_45",
        "su_ig_76", *rep(2, "su_sapper"), "su_scout",
    ], area=(0, 6, 19, 13), per_hex=3)
    b.formation("ge-gr", "Grenadier-Regiment 72", "ge", [
        "ge_ldr_cpt_a", "ge_ldr_lt_a", "ge_ldr_lt_b", "ge_ldr_sgt", *rep(7, "ge_rifle"),
        *rep(3, "ge_hmg"), "ge_mortar_81", "ge_pak_40", "ge_flak_20", "ge_pioneer",
    ], area=(2, 16, 17, 21), dug_in=True)
    b.formation("ge-kg", "Kampfgruppe of 19. Panzer-Division", "ge", [
        "ge_ldr_tank_cpt", "ge_ldr_lt_c", *rep(3, "ge_pz_iv"), "ge_stug_iii",
        *rep(2, ("ge_sdkfz_251", "ge_rifle")), ("ge_sdkfz_251", "ge_smg"),
    ], entry=(4, "S"))
    return b


# -- Through the Pripyat bogs: two boards, made for double-blind play ----------------------------


def pripyat_bogs() -> Builder:
    doc = {
        "format": 1,
        "id": "pripyat-bogs",
        "title": "Through the Pripyat Bogs",
        "date": "1944-06-24",
        "front": "east",
        "description": (
            "Operation Bagration: Soviet rifle battalions with light tanks wade through forest"
            " and bog where the Germans thought no army could pass, to cut the causeway road"
            " behind a thin screen of strongpoints. Made for double-blind play: neither side"
            " sees what its own units do not observe, so the forest hides both hunter and"
            " hunted."
        ),
        "map": {"boards": [{"board": "birchwood", "label": "A", "at": [0, 0]},
                           {"board": "marsh", "label": "B", "at": [1, 0]}]},
        "turns": 10,
        "first_side": "su",
        "sides": [
            side("su", "Soviet", 3, 7, "Find the gaps, take the causeway hamlet and the"
                  " forest village, and push units off the east edge.", sets_up="second"),
            side("ge", "German", 2, 8, "Your strongpoints cannot see each other. Hold the"
                  " forest village and the hamlet on the causeway.", sets_up="first"),
        ],
        "victory": {
            "description": "The Soviets win with 10 points; 7 to 9 is a draw.",
            "hexes": [
                {"hex": "A1105", "name": "Forest village", "points": 3, "holder": "ge"},
                {"hex": "B1005", "name": "Causeway hamlet", "points": 4, "holder": "ge"},
            ],
            "exit": [{"side": "su", "edge": "E", "points_per_step": 1}],
            "losses": [{"side": "ge", **LOSSES}],
            "decision": {"method": "threshold", "side": "su", "at_least": 10, "draw_at_least": 7},
        },
        "optional_rules": {"double_blind": True},
        "special_rules": [
            DUG_IN_GE,
            {"rule": "razvedka", "side": "su", "text": "Soviet reconnaissance: before turn 1"
             " the Soviet player may ask for a razvedka roll."},
        ],
    }
    b = Builder(doc, 4401)
    b.formation("su-w", "1st Battalion, 1045th Rifle Regiment", "su", [
        "su_ldr_cpt_a", "su_ldr_kommissar", "su_ldr_lt_a", *rep(6, "su_rifle"),
        *rep(2, "su_smg"), "su_hmg", "su_mortar_82", "su_sapper", "su_scout",
    ], area=(0, 0, 5, 11), per_hex=3)
    b.formation("su-n", "2nd Battalion with light tanks", "su", [
        "su_ldr_cpt_b", "su_ldr_lt_b", "su_ldr_tank_lt", *rep(5, "su_rifle"), "su_smg",
        "su_scout", *rep(2, "su_t70"), "su_su_76",
    ], area=(0, 0, 27, 1), per_hex=3)
    b.formation("ge-sp", "Strongpoints of Grenadier-Regiment 110", "ge", [
        "ge_ldr_cpt_a", "ge_ldr_lt_a", "ge_ldr_lt_c", "ge_ldr_sgt", *rep(6, "ge_rifle"),
        *rep(3, "ge_hmg"), "ge_pak_40", "ge_mortar_81",
    ], area=(9, 3, 34, 11), dug_in=True)
    b.formation("ge-res", "Divisional reserve", "ge", [
        "ge_ldr_lt_b", *rep(2, "ge_rifle"), "ge_stug_iii", ("ge_truck", "ge_hmg"),
    ], entry=(4, "E"))
    return b


# -- The Oder bridgehead: two boards, a German counter-attack, 2 v 2 ----------------------------


def oder_bridgehead() -> Builder:
    doc = {
        "format": 1,
        "id": "oder-bridgehead",
        "title": "The Oder Bridgehead",
        "date": "1945-02-03",
        "front": "east",
        "description": (
            "The Vistula-Oder offensive has carried a Soviet forward detachment over the frozen"
            " Oder. Before the bridgehead can be widened, a scratch German battle group — Panthers"
            " from the workshops, a Tiger, grenadiers and anti-aircraft gunners — counter-attacks"
            " from the south before dawn, while Soviet reinforcements cross the one bridge."
        ),
        "map": {"boards": [{"board": "bluffs", "label": "A", "at": [0, 0]},
                           {"board": "mill", "label": "B", "at": [0, 1]}]},
        "turns": 10,
        "first_side": "ge",
        "night_turns": [1, 2],
        "sides": [
            side("ge", "German", 2, 8, "Throw them back: retake the river town, the bridge"
                  " and the high bank.", sets_up="second"),
            side("su", "Soviet", 3, 7, "Hold the bridgehead. Your tank brigade's second"
                  " battalion crosses the bridge on turn 4.", sets_up="first"),
        ],
        "victory": {
            "description": "Points for the town, the bridge, the high bank and Melnitsa, and"
                           " for losses; most points wins.",
            "hexes": [
                {"hex": "A1003", "name": "Oder bridge", "points": 3, "holder": "su"},
                {"hex": "A1006", "name": "River town", "points": 4, "holder": "su"},
                {"hex": "A0608", "name": "The high bank", "points": 3, "holder": "su"},
                {"hex": "B1010", "name": "Melnitsa", "points": 2, "holder": "ge"},
            ],
            "losses": [{"side": "ge", **LOSSES}, {"side": "su", **LOSSES}],
            "decision": {"method": "most_points"},
        },
        "optional_rules": {"fog_of_war": True},
        "special_rules": [
            DUG_IN_SU,
            {"rule": "efficient_afv", "side": "su", "text": "The Guards tank brigade's"
             " full-strength T-34/85s fire twice (Guards)."},
            {"rule": "offboard_artillery", "side": "su", "text": "Guns on the east bank fire"
             " for the Soviets from turn 3.", "increments": [
                 {"id": "su-art-1", "name": "152 mm gun-howitzer battalion", "strength": 30,
                  "from_turn": 3}]},
            {"rule": "note", "text": "Turns 1 and 2 are night turns: the attack goes in"
             " before dawn."},
        ],
    }
    b = Builder(doc, 4501)
    b.formation("su-fd", "Forward detachment, 1st Guards Tank Brigade", "su", [
        "su_ldr_tank_cpt", "su_ldr_tank_lt", *rep(3, "su_t34_85"), "su_su_85",
        "su_ldr_cpt_a", "su_ldr_kommissar", *rep(3, "su_guards_rifle"), *rep(2, "su_smg"),
        "su_hmg", "su_zis_3", "su_mortar_82",
    ], area=(0, 4, 19, 10), dug_in=True)
    b.formation("su-2", "2nd Tank Battalion", "su", [
        "su_ldr_tank_lt", *rep(3, "su_t34_85"), "su_ldr_lt_a",
        *rep(2, ("su_truck", "su_guards_rifle")), "su_ba_64",
    ], entry=(4, "N"))
    b.formation("ge-pz", "Panzer group from the Küstrin workshops", "ge", [
        "ge_ldr_tank_cpt", "ge_ldr_tank_lt", *rep(3, "ge_panther"), "ge_tiger",
        *rep(2, "ge_pz_iv"), "ge_stug_iii",
    ], area=(0, 18, 19, 23))
    b.formation("ge-gr", "Grenadiers and Flak gunners", "ge", [
        "ge_ldr_cpt_b", "ge_ldr_lt_a", "ge_ldr_lt_b", *rep(6, "ge_rifle"), "ge_smg",
        *rep(2, "ge_hmg"), "ge_flak_88", "ge_mortar_81", "ge_pioneer",
        ("ge_sdkfz_251", "ge_rifle"),
    ], area=(0, 14, 19, 21), per_hex=3)
    return b


# -- The ferry rearguard: one board, small, fast -----------------------------------------------


def ferry_rearguard() -> Builder:
    doc = {
        "format": 1,
        "id": "ferry-rearguard",
        "title": "Rearguard at the Tikhaya Ferry",
        "date": "1944-01-28",
        "front": "east",
        "description": (
            "The Korsun pocket is closing. A German rearguard holds the ferry village on the"
            " Tikhaya so the last trucks can get over, while a Soviet forward detachment of"
            " tank riders and submachine-gunners tries to rush it. Small and quick."
        ),
        "map": {"boards": [{"board": "ferry", "label": "A", "at": [0, 0]}]},
        "turns": 7,
        "first_side": "su",
        "sides": [
            side("su", "Soviet", 3, 7, "Take the ferry village and the crossroads before the"
                  " rearguard falls back.", sets_up="second"),
            side("ge", "German", 2, 8, "Hold the ferry village and the crossroads until"
                  " the end: the last trucks are still crossing.", sets_up="first"),
        ],
        "victory": {
            "description": "Points for the village and crossroads and for losses; most points"
                           " wins.",
            "hexes": [
                {"hex": "A1006", "name": "Ferry village", "points": 4, "holder": "ge"},
                {"hex": "A1105", "name": "Crossroads", "points": 2, "holder": "ge"},
            ],
            "losses": [{"side": "ge", **LOSSES}, {"side": "su", **LOSSES}],
            "decision": {"method": "most_points"},
        },
        "optional_rules": {"fog_of_war": False},
        "special_rules": [],
    }
    b = Builder(doc, 4402)
    b.formation("ge-rg", "Rearguard, Korps-Abteilung B", "ge", [
        "ge_ldr_cpt_a", "ge_ldr_lt_a", "ge_ldr_sgt", *rep(4, "ge_rifle"), *rep(2, "ge_hmg"),
        "ge_pak_40", "ge_mortar_81", *rep(2, "ge_truck"), "ge_wagon",
    ], area=(6, 3, 12, 8))
    b.formation("su-fd", "Forward detachment", "su", [
        "su_ldr_tank_lt", "su_ldr_lt_a", *rep(5, ("su_t34_76", "su_smg")), "su_t70", "su_mortar_82",
        *rep(2, "su_rifle"), "su_ldr_slt", "su_hmg",
    ], area=(0, 0, 7, 1))
    return b


SCENARIOS_1943_45 = (kursk_shoulder, dnieper_high_bank, pripyat_bogs, oder_bridgehead,
                     ferry_rearguard)
