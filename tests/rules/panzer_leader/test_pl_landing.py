"""Amphibious landings (19)."""

from __future__ import annotations

import pytest

from games.rules.common.errors import IllegalCommand
from games.rules.panzer_leader.combat.direct_fire import direct_attack
from games.rules.panzer_leader.core.movement import may_quick_time

from .kit import do, lab, world

COAST = ["==b....."] * 8


def landing(units, phase="move_foot", turn=2):
    s = world(COAST, units=units, phase=phase)
    for u in s.units.values():
        if s.units[u.id].hex.startswith("T-B"):
            u.afloat, u.entry_turn = True, turn
    s.turn = turn
    return s


def test_tc44_a_dd_tank_afloat_keeps_its_defence_with_plus_two_a_landing_craft_is_8_armoured():
    s = world(COAST, units=[("d", "us_m4_dd", "allied", "1,3"), ("r", "us_rifle", "allied", "1,5"),
                            ("g", "de_pz4", "german", "5,4")], active="german")
    s.units["d"].afloat = s.units["r"].afloat = True
    dd = direct_attack(s, "german", ["g"], ["d"])
    assert dd.defense == 9 and dd.drm == 2
    lc = direct_attack(s, "german", ["g"], ["r"])
    assert lc.defense == 8 and lc.lines[0]["wec"] in ("2", "1")  # armoured target: A not halved


def test_qa_amphibious_landings_a2_infantry_spend_their_whole_allowance_landing():
    s = landing([("r", "us_rifle", "allied", "1,3")])
    s, _ = do(s, "allied", {"type": "land", "unit": "r", "to": lab("2,3")})
    assert s.units["r"].hex == lab("2,3") and s.units["r"].moved and not s.units["r"].afloat


def test_undispersed_vehicles_land_and_keep_moving():
    s = landing([("m", "us_m4", "allied", "1,3")], phase="move_vehicles")
    s, _ = do(s, "allied", {"type": "land", "unit": "m", "to": lab("2,3")})
    s, _ = do(s, "allied", {"type": "move", "unit": "m", "to": lab("5,3")})
    assert s.units["m"].hex == lab("5,3")


def test_qa_amphibious_landings_a3_landing_on_friends_disperses_the_whole_hex():
    s = landing([("r", "us_rifle", "allied", "1,3"), ("q", "us_rifle", "allied", "1,2")])
    s, _ = do(s, "allied", {"type": "land", "unit": "r", "to": lab("2,3")})
    s, _ = do(s, "allied", {"type": "land", "unit": "q", "to": lab("2,3")})
    assert s.units["r"].status == s.units["q"].status == "dispersed"


def test_qa_amphibious_landings_a4_a_block_on_the_beach_stops_a_landing_vehicle():
    s = landing([("m", "us_m4", "allied", "1,3")], phase="move_vehicles")
    s.blocks.append(lab("2,3"))
    s, _ = do(s, "allied", {"type": "land", "unit": "m", "to": lab("2,3")})
    assert s.units["m"].hex == lab("2,3") and s.units["m"].moved


def test_qa_quick_time_qt1_no_quick_time_on_the_landing_turn():
    s = landing([("r", "us_rifle", "allied", "1,3")])
    s, _ = do(s, "allied", {"type": "land", "unit": "r", "to": lab("2,3")})
    assert not may_quick_time(s, s.units["r"])


def test_units_that_do_not_land_in_their_turn_are_lost():
    s = landing([("r", "us_rifle", "allied", "1,3")])
    s, _ = do(s, "allied", {"type": "end_phase"})
    assert s.units["r"].eliminated


def test_a_unit_lands_only_in_its_own_landing_turn():
    s = landing([("r", "us_rifle", "allied", "1,3")], turn=3)
    s.turn = 2
    with pytest.raises(IllegalCommand, match="landing turn"):
        do(s, "allied", {"type": "land", "unit": "r", "to": lab("2,3")})


def test_qa_amphibious_landings_a1_dispersal_in_the_enemy_segment_lasts_through_the_landing():
    s = landing([("r", "us_rifle", "allied", "1,3")])
    s.units["r"].status = "dispersed"
    s, _ = do(s, "allied", {"type": "land", "unit": "r", "to": lab("2,3")})
    assert s.units["r"].status == "dispersed" and s.units["r"].moved
