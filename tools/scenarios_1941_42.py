"""The library's battles of 1941 and 1942 (recipes of tools/make_scenarios.py).

Areas are global offset rectangles (c0, r0, c1, r1): a board placed at [x, y] holds columns
20x..20x+19 and rows 12y..12y+11. The catalogue has one counter per weapon; where a battle's
year had an earlier model, the catalogue's stands in for it (D-SCEN-2).
"""

from __future__ import annotations

from tools.pg_scenario_builder import LOSSES, At, Builder, rep, side

# -- Night raid at the birch clearing: one board, six turns, mostly night ------------------------


def night_raid() -> Builder:
    doc = {
        "format": 1,
        "id": "birch-night-raid",
        "title": "Night Raid at the Birch Clearing",
        "date": "1941-09-12",
        "front": "east",
        "description": (
            "Cut off behind the German advance on Smolensk, a Soviet rifle company creeps out of"
            " the Birch Forest before dawn to fall on a German supply post in the clearing village"
            " and then slip away east to its own lines. A short game in the dark: spotting reaches two hexes until"
            " the sky greys on turn 5."
        ),
        "map": {"boards": [{"board": "birchwood", "label": "A", "at": [0, 0]}]},
        "turns": 6,
        "first_side": "su",
        "night_turns": [1, 2, 3, 4],
        "sides": [
            side("su", "Soviet", 3, 7, "Burn the trucks, take the village if you can, and get"
                  " your men out over the east edge, toward our lines, before full daylight.", sets_up="second"),
            side("ge", "German", 2, 8, "Hold the clearing and the supply trucks until the"
                  " relief platoon arrives from the south on turn 3.", sets_up="first"),
        ],
        "victory": {
            "description": "The Soviets score for the village, German losses and men exited east.",
            "hexes": [
                {"hex": "A1105", "name": "Clearing village, north", "points": 2, "holder": "ge"},
                {"hex": "A1106", "name": "Clearing village, supply dump", "points": 3,
                 "holder": "ge"},
            ],
            "exit": [{"side": "su", "edge": "E", "points_per_step": 1}],
            "losses": [
                {"side": "ge", **LOSSES, "per_transport_step": 1},
                {"side": "su", "per_step": 0, "per_leader": 1},
            ],
            "decision": {"method": "threshold", "side": "su", "at_least": 6, "draw_at_least": 4},
        },
        "optional_rules": {"fog_of_war": False},
        "special_rules": [
            {"rule": "note", "text": "Turns 1 to 4 are night turns: units spot two hexes"
             " (illumination lights up more); day breaks on turn 5."},
        ],
    }
    b = Builder(doc, 4101)
    b.formation("ge-post", "Supply post, Infanterie-Regiment 35", "ge", [
        "ge_ldr_lt_a", "ge_ldr_sgt", *rep(3, "ge_rifle"), "ge_hmg", "ge_mortar_81",
        *rep(3, "ge_truck"), "ge_wagon",
    ], area=(8, 3, 13, 7))
    b.formation("ge-relief", "Relief platoon", "ge", [
        "ge_ldr_lt_b", *rep(2, "ge_rifle"), "ge_sdkfz_222", ("ge_truck", "ge_hmg"),
    ], entry=(3, "S"))
    b.formation("su-co", "Company Gromov, 2nd Rifle Battalion", "su", [
        "su_ldr_cpt_b", "su_ldr_lt_a", "su_ldr_kommissar", *rep(5, "su_rifle"),
        *rep(2, "su_smg"), "su_sapper", "su_hmg", "su_scout",
    ], area=(0, 0, 8, 3))
    return b


# -- Breakout at the Sosna: two boards, 2 v 2, a river to cross under fire ----------------------


def smolensk_breakout() -> Builder:
    doc = {
        "format": 1,
        "id": "sosna-breakout",
        "title": "Breakout over the Sosna",
        "date": "1941-07-26",
        "front": "east",
        "description": (
            "The Smolensk pocket: a Soviet rifle regiment and the last tanks of its mechanised"
            " corps must break south over the Sosna at Melnitsa, where a German infantry regiment"
            " holds the river and a motorised battle group closes the ring from the west."
            " A river crossing for two players a side."
        ),
        "map": {"boards": [{"board": "kessel", "label": "A", "at": [0, 0]},
                           {"board": "mill", "label": "B", "at": [0, 1]}]},
        "turns": 12,
        "first_side": "su",
        "night_turns": [12],
        "sides": [
            side("su", "Soviet", 2, 7, "Get every step you can over the south edge; the mill"
                  " bridge is the fast way, the fords and your sappers the others.",
                  sets_up="second"),
            side("ge", "German", 3, 8, "Close the ring: hold Melnitsa and its bridge and let"
                  " nothing through to the south.", sets_up="first"),
        ],
        "victory": {
            "description": "Soviet points for steps exited south and for Melnitsa and its bridge.",
            "hexes": [
                {"hex": "B1010", "name": "Melnitsa", "points": 3, "holder": "ge"},
                {"hex": "B1007", "name": "The mill bridge", "points": 2, "holder": "ge"},
            ],
            "exit": [{"side": "su", "edge": "S", "points_per_step": 1}],
            "losses": [
                {"side": "ge", **LOSSES},
                {"side": "su", "per_step": 0, "per_afv_step": 1, "per_leader": 1},
            ],
            "decision": {"method": "threshold", "side": "su", "at_least": 14, "draw_at_least": 10},
        },
        "optional_rules": {"fog_of_war": True},
        "special_rules": [
            {"rule": "dig_in_at_start", "side": "ge",
             "text": "German infantry and weapons set up on the map begin dug in."},
            {"rule": "engineers_bridge", "text": "The mill bridge stands; sappers may help units"
             " ford the Sosna (5.7)."},
            {"rule": "offboard_artillery", "side": "ge", "text": "A 10.5 cm battery fires for"
             " the Germans all game.", "increments": [
                 {"id": "ge-art-1", "name": "10.5 cm howitzer battery", "strength": 20}]},
            {"rule": "note", "text": "Turn 12 is a night turn: the last chance to slip through."},
        ],
    }
    b = Builder(doc, 4102)
    b.formation("su-rr", "Rifle regiment, 16th Army", "su", [
        "su_ldr_maj", "su_ldr_kommissar", "su_ldr_cpt_a", "su_ldr_lt_a", "su_ldr_lt_b",
        *rep(10, "su_rifle"), *rep(2, "su_hmg"), "su_mortar_82", *rep(2, "su_sapper"),
        "su_at_45", ("su_wagon", "su_mortar_82"), ("su_stz_5", "su_ig_76"),
    ], area=(0, 0, 19, 5), per_hex=3)
    b.formation("su-mc", "Remnants of a mechanised corps", "su", [
        "su_ldr_tank_cpt", "su_ldr_tank_lt", *rep(3, "su_t34_76"), "su_ldr_lt_a",
        *rep(2, "su_smg"), "su_scout",
    ], area=(4, 0, 15, 3))
    b.formation("ge-ir", "Infanterie-Regiment 15", "ge", [
        "ge_ldr_cpt_a", "ge_ldr_lt_a", "ge_ldr_lt_b", "ge_ldr_sgt", *rep(7, "ge_rifle"),
        *rep(3, "ge_hmg"), "ge_mortar_81", "ge_pioneer", "ge_pak_38", "ge_ig_75",
    ], area=(2, 18, 17, 23), dug_in=True)
    b.formation("ge-kg", "Kampfgruppe von Dörnberg (motorised)", "ge", [
        "ge_ldr_tank_cpt", "ge_ldr_lt_c", *rep(3, "ge_pz_iii"), *rep(2, "ge_sdkfz_222"),
        *rep(2, ("ge_sdkfz_251", "ge_rifle")), ("ge_truck", "ge_pak_38"),
    ], entry=(3, "W"))
    return b


# -- Tank battle at Kurgan 118: two boards of steppe, armour, 2 v 2 ----------------------------


def kurgan_118() -> Builder:
    doc = {
        "format": 1,
        "id": "kurgan-118",
        "title": "Tank Battle at Kurgan 118",
        "date": "1942-07-08",
        "front": "east",
        "description": (
            "Operation Blau rolls east across the Don steppe. A German panzer company with"
            " grenadiers in half-tracks and a Soviet tank brigade with its riflemen riding on the"
            " tanks both race for the burial mound that commands the open wheat. A fast, open"
            " armour battle in which the fields and the balkas are the only cover."
        ),
        "map": {"boards": [{"board": "steppe", "label": "A", "at": [0, 0]},
                           {"board": "kessel", "label": "B", "at": [1, 0]}]},
        "turns": 10,
        "first_side": "ge",
        "sides": [
            side("ge", "German", 3, 8, "Take the kurgan and the kolkhoz and knock out the T-34s."),
            side("su", "Soviet", 2, 7, "Hold the kurgan and Kesselbach; your second tank"
                  " company arrives from the east on turn 3."),
        ],
        "victory": {
            "description": "Points for the mound, the kolkhoz and the village, and for losses.",
            "hexes": [
                {"hex": "A1405", "name": "Kurgan 118", "points": 4, "holder": None},
                {"hex": "A0907", "name": "Kolkhoz", "points": 2, "holder": None},
                {"hex": "B1006", "name": "Kesselbach", "points": 3, "holder": "su"},
            ],
            "losses": [{"side": "ge", **LOSSES}, {"side": "su", **LOSSES}],
            "decision": {"method": "most_points"},
        },
        "optional_rules": {"fog_of_war": False},
        "special_rules": [
            {"rule": "air_support", "side": "ge", "text": "A Stuka sortie may attack once a turn"
             " on turns 2 to 7; it arrives on 1d6 of 3 or less (15.1).", "sorties": [
                 {"id": "ge-air-1", "name": "Ju 87 Stuka sortie", "direct_fire": 12,
                  "anti_tank": 10, "from_turn": 2, "to_turn": 7}]},
        ],
    }
    b = Builder(doc, 4201)
    b.formation("ge-pz", "6. Kompanie, Panzer-Regiment 11", "ge", [
        "ge_ldr_tank_cpt", "ge_ldr_tank_lt", *rep(4, "ge_pz_iii"), *rep(2, "ge_pz_iv"),
        "ge_sdkfz_222",
    ], area=(0, 2, 3, 9))
    b.formation("ge-sr", "Schützen-Kompanie (gepanzert)", "ge", [
        "ge_ldr_cpt_a", "ge_ldr_lt_a", *rep(3, ("ge_sdkfz_251", "ge_rifle")),
        ("ge_sdkfz_251", "ge_hmg"), ("ge_sdkfz_7", "ge_pak_38"), "ge_mortar_81",
    ], area=(0, 0, 4, 11))
    b.formation("su-tb", "1st Battalion, 158th Tank Brigade", "su", [
        "su_ldr_tank_cpt", "su_ldr_tank_lt", *rep(3, "su_t34_76"), *rep(2, "su_t70"),
        *rep(3, ("su_t34_76", "su_smg")), "su_ldr_lt_a",
    ], area=(25, 2, 33, 9))
    b.formation("su-mr", "2nd Tank Company and motor riflemen", "su", [
        "su_ldr_tank_lt", *rep(2, "su_t34_76"), "su_t70", "su_ldr_lt_b",
        *rep(2, "su_rifle"), "su_at_45",
    ], entry=(3, "E"))
    b.formation("su-gar", "Kesselbach garrison", "su", [
        At("su_rifle", "B1006"), At("su_hmg", "B1006"), At("su_rifle", "B1107"),
    ])
    return b


# -- The tractor works: one board of streets and workshops, 2 v 2 -------------------------------


def tractor_works() -> Builder:
    doc = {
        "format": 1,
        "id": "tractor-works",
        "title": "The Tractor Works",
        "date": "1942-10-14",
        "front": "east",
        "description": (
            "Stalingrad: German assault pioneers and infantry, behind assault guns, storm a"
            " factory district that Soviet riflemen hold block by block, fed by companies"
            " ferried over the river by night. A dense street fight on one board, where every"
            " workshop is a fortress."
        ),
        "map": {"boards": [{"board": "works", "label": "A", "at": [0, 0]}]},
        "turns": 9,
        "first_side": "ge",
        "sides": [
            side("ge", "German", 3, 8, "Clear the main workshops (A1004, A1105, A1206) and"
                  " the water tower hill before the river companies arrive.", sets_up="second"),
            side("su", "Soviet", 2, 8, "Not one step back: hold the workshops. Reinforcements"
                  " cross the river and enter from the east on turns 3 and 6.", sets_up="first"),
        ],
        "victory": {
            "description": "The Germans win with 10 points, from the workshops and the hill they"
                           " hold and the Soviet steps lost; 7 to 9 is a draw.",
            "hexes": [
                {"hex": "A1004", "name": "Assembly hall", "points": 3, "holder": "su"},
                {"hex": "A1105", "name": "Foundry", "points": 3, "holder": "su"},
                {"hex": "A1206", "name": "Tool shop", "points": 3, "holder": "su"},
                {"hex": "A1803", "name": "Water tower hill", "points": 2, "holder": "su"},
            ],
            "losses": [{"side": "su", **LOSSES}],
            "decision": {"method": "threshold", "side": "ge", "at_least": 10, "draw_at_least": 7},
        },
        "optional_rules": {"fog_of_war": True},
        "special_rules": [
            {"rule": "dig_in_at_start", "side": "su",
             "text": "Soviet infantry and weapons set up on the map begin dug in."},
            {"rule": "offboard_artillery", "side": "su", "text": "Guns on the far bank fire"
             " for the Soviets all game.", "increments": [
                 {"id": "su-art-1", "name": "122 mm howitzer battalion (far bank)",
                  "strength": 24}]},
        ],
        "markers": [{"hex": "A0904", "marker": "wire"}, {"hex": "A0806", "marker": "wire"}],
    }
    b = Builder(doc, 4202)
    b.formation("su-gd", "Guards rifle battalion", "su", [
        "su_ldr_cpt_a", "su_ldr_kommissar", "su_ldr_lt_a", "su_ldr_lt_b",
        *rep(6, "su_guards_rifle"), *rep(2, "su_smg"), *rep(2, "su_hmg"), "su_zis_3",
        "su_mortar_82",
    ], area=(8, 2, 17, 7), dug_in=True)
    b.formation("su-fr", "Companies from the far bank", "su", [
        "su_ldr_slt", *rep(3, "su_rifle"), "su_smg", "su_hmg",
    ], entry=(3, "E"))
    b.formation("su-fr2", "Night ferry, second trip", "su", [
        "su_ldr_lt_b", *rep(2, "su_rifle"), "su_smg", "su_sapper",
    ], entry=(6, "E"))
    b.formation("ge-st", "Sturmgruppe, Infanterie-Regiment 276", "ge", [
        "ge_ldr_cpt_b", "ge_ldr_lt_a", "ge_ldr_lt_c", *rep(6, "ge_rifle"), "ge_smg",
        *rep(2, "ge_hmg"), "ge_mortar_81", "ge_ig_75",
    ], area=(0, 0, 4, 11), per_hex=3)
    b.formation("ge-pi", "Pionier-Bataillon 45 with assault guns", "ge", [
        "ge_ldr_cpt_a", "ge_ldr_tank_lt", *rep(3, "ge_pioneer"), *rep(2, "ge_stug_iii"),
        "ge_flak_20",
    ], area=(0, 2, 3, 9))
    return b


SCENARIOS_1941_42 = (night_raid, smolensk_breakout, kurgan_118, tractor_works)
