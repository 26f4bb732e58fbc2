"""Bridges (18.6-18.8; QA Bridges B1-B13, O1, E13): units under bridges, temporary bridges,
the Valentine bridgelayer, and the flail and flame tanks of 18.7."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from games.rules.common.errors import IllegalCommand
from games.rules.panzer_leader.combat import attack_sheet
from games.rules.panzer_leader.combat.assault import assault_attack
from games.rules.panzer_leader.combat.direct_fire import direct_attack
from games.rules.panzer_leader.combat.indirect import bridge_attack as indirect_bridge_attack
from games.rules.panzer_leader.combat.overrun import overrun_attack
from games.rules.panzer_leader.core import scenario
from games.rules.panzer_leader.core.bridges import bridge_attack
from games.rules.panzer_leader.core.movement import reach
from games.rules.panzer_leader.core.stacking import counters_in
from games.rules.panzer_leader.views import face

from .kit import do, lab, world

STREAM = ["........"] * 3 + ["~~~~~~~~"] + ["........"] * 4
ROAD = [[4, r] for r in range(8)]  # a bridge at 4,3
TWO = [ROAD, [[5, r] for r in range(8)]]  # and another, not joined to it, at 5,3


def bridge_world(units, phase="combat", roads=(ROAD,), **kw):
    return world(STREAM, units=units, phase=phase, roads=list(roads), **kw)


def under(s, uid):
    s.units[uid].under_bridge = True
    return s


def test_qa_bridges_b1_units_on_a_bridge_are_seen_from_afar_units_under_it_only_close():
    s = bridge_world([("m", "us_m4", "allied", "4,0"), ("a", "us_m4", "allied", "4,2"),
                      ("on", "de_rifle", "german", "4,3"), ("un", "de_rifle", "german", "4,3")])
    under(s, "un")
    direct_attack(s, "allied", ["m"], ["on"])  # three hexes, ground level, clear sight
    with pytest.raises(IllegalCommand, match="stream"):
        direct_attack(s, "allied", ["m"], ["un"])
    direct_attack(s, "allied", ["a"], ["un"])  # adjacent


def test_qa_bridges_b2_a_unit_set_up_under_a_bridge_counts_for_stacking_and_is_in_the_stream():
    raw = {"id": "test-b2", "title": "b2", "turns": 3, "sides": [{"id": "allied"}, {"id": "german"}],
           "map": [{"board": "T", "drawing": {"id": "T", "terrain": STREAM,
                                              "elevation": ["0" * 8] * 8, "roads": [ROAD]}}],
           "forces": [{"side": "german", "type": "de_rifle", "at": [lab("4,3")],
                       "under_bridge": True}],
           "victory": {"attacker": "allied", "objectives": [], "levels": {}}}
    sit = scenario.scenario_from_dict(raw)
    scenario.register(sit)
    s = scenario.opening_state(sit)
    rifle = s.units["ge-rifle-1"]
    assert rifle.under_bridge and counters_in(s, lab("4,3")) == 1
    from games.rules.panzer_leader.combat.direct_fire import may_fire

    assert "stream" in may_fire(s, rifle)  # in a stream for all other purposes


def test_qa_bridges_b3_under_a_bridge_only_from_beside_it_with_a_stream_roll():
    """PL-E13."""
    s = bridge_world([("r", "us_rifle", "allied", "4,2")], phase="move_foot")
    ok, _ = do(s, "allied", {"type": "move", "unit": "r", "to": lab("4,3"), "under": True}, 2)
    assert ok.units["r"].hex == lab("4,3") and ok.units["r"].under_bridge
    failed, _ = do(s, "allied", {"type": "move", "unit": "r", "to": lab("4,3"), "under": True}, 5)
    assert failed.units["r"].hex == lab("4,2") and failed.units["r"].stopped
    on, _ = do(s, "allied", {"type": "move", "unit": "r", "to": lab("4,3")}, 1)
    assert not on.units["r"].under_bridge  # along the road: on top
    s.units["r"].mp_spent = 0.5
    with pytest.raises(IllegalCommand, match="B3"):
        do(s, "allied", {"type": "move", "unit": "r", "to": lab("4,3"), "under": True}, 2)


def test_qa_bridges_b4_enemies_may_cross_a_bridge_over_friends_under_it_within_four():
    s = bridge_world([("m", "us_m4", "allied", "4,2"), ("un", "de_rifle", "german", "4,3")],
                     phase="move_vehicles")
    under(s, "un")
    s, _ = do(s, "allied", {"type": "move", "unit": "m", "to": lab("4,4")})
    assert s.units["m"].hex == lab("4,4")
    full = bridge_world([("m", "us_m4", "allied", "4,2")] + [
        (f"u{i}", "de_rifle", "german", "4,3") for i in range(4)], phase="move_vehicles")
    for i in range(4):
        under(full, f"u{i}")
    assert lab("4,3") not in reach(full, full.units["m"])


def test_qa_bridges_b5_from_under_a_bridge_no_close_assault_on_the_units_on_it():
    s = bridge_world([("r", "us_rifle", "allied", "4,3"), ("e", "de_rifle", "german", "4,2")],
                     phase="assault")
    under(s, "r")
    with pytest.raises(IllegalCommand, match="B5"):
        assault_attack(s, "allied", ["r"], lab("4,2"))


def test_qa_bridges_b6_units_under_and_on_a_bridge_are_assaulted_together():
    s = bridge_world([("r", "us_rifle", "allied", "4,2"), ("on", "de_rifle", "german", "4,3"),
                      ("un", "de_mg", "german", "4,3")], phase="assault")
    under(s, "un")
    a = assault_attack(s, "allied", ["r"], lab("4,3"))
    assert sorted(a.targets) == ["on", "un"] and a.defense == 8 + 5


def test_qa_bridges_b7_units_under_a_bridge_are_untouched_by_an_overrun_of_it():
    s = bridge_world([("m", "us_m4", "allied", "4,2"), ("on", "de_rifle", "german", "4,3"),
                      ("un", "de_rifle", "german", "4,3")], phase="move_vehicles")
    under(s, "un")
    a, _ = overrun_attack(s, "allied", ["m"], lab("4,3"))
    assert a.targets == ["on"]
    s, _ = do(s, "allied", {"type": "overrun", "units": ["m"], "target": lab("4,3")}, 1)
    assert s.units["on"].eliminated and not s.units["un"].eliminated


def test_qa_bridges_b8_from_under_a_bridge_never_straight_onto_a_bridge():
    s = bridge_world([("r", "us_rifle", "allied", "4,3")], phase="move_foot", roads=TWO)
    under(s, "r")
    with pytest.raises(IllegalCommand, match="cannot reach"):
        do(s, "allied", {"type": "move", "unit": "r", "to": lab("5,3")}, 1)
    with pytest.raises(IllegalCommand, match="B3, B8"):
        do(s, "allied", {"type": "move", "unit": "r", "to": lab("5,3"), "under": True}, 1)
    s, _ = do(s, "allied", {"type": "move", "unit": "r", "to": lab("4,2")})
    assert s.units["r"].hex == lab("4,2") and not s.units["r"].under_bridge


def test_qa_bridges_b9_no_move_or_overrun_from_one_bridge_to_an_unconnected_one():
    s = bridge_world([("m", "us_m4", "allied", "4,3"), ("e", "de_rifle", "german", "5,3")],
                     phase="move_vehicles", roads=TWO)
    with pytest.raises(IllegalCommand, match="B9"):
        overrun_attack(s, "allied", ["m"], lab("5,3"))
    s.units["e"].hex = lab("0,0")
    _, path = reach(s, s.units["m"])[lab("5,3")]
    assert len(path) > 1  # round by a dry hex, never straight across (QA B9)


def test_qa_bridges_b10_assault_from_one_bridge_to_the_next_but_not_from_under_it():
    s = bridge_world([("r", "us_rifle", "allied", "4,3"), ("e", "de_rifle", "german", "5,3")],
                     phase="assault", roads=TWO)
    assault_attack(s, "allied", ["r"], lab("5,3"))
    under(s, "r")
    with pytest.raises(IllegalCommand, match="B5"):
        assault_attack(s, "allied", ["r"], lab("5,3"))


def temp(s, kind, cell="4,3", built=True):
    s.temp_bridges[lab(cell)] = {"kind": kind, "defense": 8 if kind == "truck" else 16,
                                 "built": built, "progress": 0}
    return s


def test_qa_bridges_b13_a_truck_bridge_takes_light_traffic_a_tank_bridge_all_and_neither_stacks():
    s = temp(world(STREAM, units=[("t", "us_truck", "allied", "4,2"), ("m", "us_m4", "allied", "3,2"),
                                  ("r", "us_rifle", "allied", "5,2")], phase="move_vehicles"),
             "truck")
    assert lab("4,3") in reach(s, s.units["t"]) and lab("4,4") in reach(s, s.units["t"])
    assert lab("4,3") not in reach(s, s.units["m"])
    assert counters_in(s, lab("4,3")) == 0
    tank = temp(world(STREAM, units=[("m", "us_m4", "allied", "3,2")], phase="move_vehicles"),
                "tank")
    assert lab("4,3") in reach(tank, tank.units["m"])


def test_qa_overrun_o1_units_on_a_permanent_or_a_temporary_bridge_may_be_overrun():
    s = bridge_world([("m", "us_m4", "allied", "4,2"), ("e", "de_rifle", "german", "4,3")],
                     phase="move_vehicles")
    overrun_attack(s, "allied", ["m"], lab("4,3"))
    t = temp(world(STREAM, units=[("m", "us_m4", "allied", "3,2"), ("e", "de_rifle", "german", "4,3")],
                   phase="move_vehicles"), "tank")
    t.units["m"].hex = lab("4,2")
    overrun_attack(t, "allied", ["m"], lab("4,3"))


def test_rb_x_c_fire_at_a_temporary_bridge_alone_only_x_destroys_it_taking_vehicles_without_wrecks():
    """PL-E14."""
    s = temp(world(STREAM, units=[("g", "de_at75", "german", "4,6"), ("i", "de_rifle", "german", "4,5"),
                                  ("m", "us_m4", "allied", "4,3"), ("r", "us_rifle", "allied", "4,3")]),
             "truck")
    s.active_side = "german"
    a = bridge_attack(s, "german", [s.units["g"]], lab("4,3"), "direct")
    assert a.targets == [f"bridge:{lab('4,3')}"] and a.defense == 8 and a.attack == 26
    with pytest.raises(IllegalCommand, match="I-class"):
        bridge_attack(s, "german", [s.units["i"]], lab("4,3"), "direct")
    attack_sheet.apply_result(s, a.targets, "D", [])
    assert lab("4,3") in s.temp_bridges
    attack_sheet.apply_result(s, a.targets, "X", [])
    assert lab("4,3") not in s.temp_bridges and s.units["m"].eliminated and not s.wrecks
    assert not s.units["r"].eliminated  # on foot: now in the stream


def test_13_7_indirect_fire_at_a_temporary_bridge_is_halved_and_ignores_the_units():
    s = temp(world(STREAM, units=[("m", "us_m4", "allied", "4,3")]), "tank")
    a = indirect_bridge_attack(s, lab("4,3"), F(40))
    assert a.attack == 20 and a.targets == [f"bridge:{lab('4,3')}"] and a.defense == 16


def test_18_7_the_valentine_enters_the_stream_stops_and_lays_its_bridge_next_phase():
    """PL-E15."""
    s = world(STREAM, units=[("v", "gb_valentine_bridge", "allied", "3,2")], phase="move_vehicles")
    s.units["v"].bridge_aboard = True
    s, _ = do(s, "allied", {"type": "move", "unit": "v", "to": lab("3,3")})
    assert s.units["v"].hex == lab("3,3") and s.units["v"].stopped
    with pytest.raises(IllegalCommand, match="after it entered"):
        do(s, "allied", {"type": "lay_bridge", "unit": "v"})
    s.units["v"].start_hex = lab("3,3")
    s.units["v"].mp_spent, s.units["v"].stopped, s.units["v"].moved = 0.0, False, False
    s, ev = do(s, "allied", {"type": "lay_bridge", "unit": "v"})
    assert s.temp_bridges[lab("3,3")]["kind"] == "tank" and s.units["v"].mp_spent == 3
    s, _ = do(s, "allied", {"type": "move", "unit": "v", "to": lab("3,4")})
    assert s.units["v"].hex == lab("3,4")


def test_qa_engineers_e13_the_valentines_bridge_is_no_passenger_to_fire_at():
    s = world(STREAM, units=[("v", "gb_valentine_bridge", "allied", "3,2"),
                             ("g", "de_at75", "german", "3,6")], active="german")
    s.units["v"].bridge_aboard = True
    with pytest.raises(IllegalCommand, match="no temporary bridge"):
        bridge_attack(s, "german", [s.units["g"]], lab("3,2"), "direct")
    from games.rules.panzer_leader.legal import legal_commands

    fire = legal_commands(s, "german")["fire"]
    assert [c["targets"] for c in fire] == [["v"]]


def test_18_7_a_flail_stops_on_a_minefield_unharmed_and_clears_it_leaving_for_half_its_ma():
    """PL-E16."""
    s = world(["........"] * 8, units=[("f", "gb_crab", "allied", "4,1")],
              mines=[("4,3", "german")], phase="move_vehicles")
    s, ev = do(s, "allied", {"type": "move", "unit": "f", "to": lab("4,5")})
    assert s.units["f"].hex == lab("4,3") and s.units["f"].mine == f"flail:{lab('4,3')}"
    s.phase, s.active_side = "assault", "allied"
    s, _ = do(s, "allied", {"type": "end_phase"})  # the German segment: no mine attack
    assert s.units["f"].status == "ok" and not s.units["f"].eliminated
    s.active_side, s.phase = "allied", "move_vehicles"
    s.units["f"].moved = s.units["f"].stopped = False
    s.units["f"].mp_spent = 0.0
    s, ev = do(s, "allied", {"type": "move", "unit": "f", "to": lab("4,4")})
    assert lab("4,3") not in s.mines and s.units["f"].mp_spent == 4 + 1  # half of 8, then 1


def test_qa_units_u4_a_flame_tank_prints_its_flamethrowers_attack_and_short_range():
    crocodile = face("gb_crocodile")
    assert crocodile["range"] == "1" and crocodile["attack"] >= 30 and crocodile["armored"]
