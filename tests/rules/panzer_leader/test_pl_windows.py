"""Opportunity fire beyond plain moves (21.2): loading, unloading, riders, failed stream
rolls, landings and overruns (QA OF5-OF7, PA2, O7, O8, TA1, N1); paths and the road rate
(QA R3, O2); overruns at the board edge (QA O6); transfers between carriers (QA T2)."""

from __future__ import annotations

import pytest

from games.rules.common.errors import IllegalCommand
from games.rules.panzer_leader.combat.overrun import overrun_attack
from games.rules.panzer_leader.legal import legal_commands
from games.rules.panzer_leader.preview import preview

from .kit import clear, do, lab, world

ROAD = [[4, r] for r in range(12)]


def of_world(units, phase="move_vehicles", **kw):
    return world(clear(10, 12), units=units, phase=phase, roads=[ROAD], **kw)


def test_qa_opportunity_fire_of5_loading_spends_mp_in_sight_and_opens_a_window():
    s = of_world([("t", "us_truck", "allied", "4,2"), ("r", "us_rifle", "allied", "4,2"),
                  ("g", "de_pz4", "german", "4,6")])
    s, _ = do(s, "allied", {"type": "load", "carrier": "t", "passenger": "r"})
    assert s.pending["kind"] == "load" and s.pending["targets"] == ["t"]  # 6 MP of 12 in sight


def test_qa_opportunity_fire_of5_a_failed_stream_roll_counts_too():
    stream = ["........"] * 5 + ["~~~~~~~~"] + ["........"] * 6
    s = world(stream, units=[("r", "us_rifle", "allied", "4,4"), ("g", "de_pz4", "german", "4,9")],
              phase="move_foot")
    s, ev = do(s, "allied", {"type": "move", "unit": "r", "to": lab("4,5")}, 6)
    assert s.units["r"].hex == lab("4,4") and s.pending and s.pending["kind"] == "stream"


def test_qa_opportunity_fire_of6_an_unloading_passenger_is_shot_apart_from_its_carrier():
    s = of_world([("t", "us_truck", "allied", "4,2"), ("r", "us_rifle", "allied", "4,2"),
                  ("g", "de_pz4", "german", "4,6"), ("h", "de_pz4", "german", "5,6")],
                 loaded=[("t", "r")])
    s, _ = do(s, "allied", {"type": "unload", "carrier": "t"})
    assert s.pending["kind"] == "unload" and set(s.pending["targets"]) == {"t", "r"}
    s, ev = do(s, "german", {"type": "opportunity_fire", "units": ["g"], "target": "t"}, 1)
    assert s.units["t"].eliminated and not s.units["r"].eliminated  # not on it any more
    s, ev = do(s, "german", {"type": "opportunity_fire", "units": ["h"], "target": "r"}, 6)
    hit = [e for e in ev if e["type"] == "attack"]
    assert hit and hit[0]["units"] == ["r"] and hit[0]["defense"] == "6"


def test_qa_opportunity_fire_of7_a_loading_passenger_is_no_target_but_a_rider_on_armour_is():
    s = of_world([("t", "us_truck", "allied", "4,2"), ("r", "us_rifle", "allied", "4,2"),
                  ("g", "de_pz4", "german", "4,6")])
    s, _ = do(s, "allied", {"type": "load", "carrier": "t", "passenger": "r"})
    assert s.pending["targets"] == ["t"]
    g = of_world([("p", "de_pz4", "german", "4,2"), ("i", "de_rifle", "german", "4,2"),
                  ("m", "us_m4", "allied", "4,6")], active="german")
    g, _ = do(g, "german", {"type": "load", "carrier": "p", "passenger": "i"})
    assert g.pending["targets"] == ["p", "i"]
    shots = legal_commands(g, "allied")["opportunity_fire"]
    assert {"type": "opportunity_fire", "units": ["m"], "target": "i"} in shots


def test_rb_xv_b_8_a_rider_on_german_armour_may_be_shot_alone_as_the_tank_moves():
    s = of_world([("p", "de_pz4", "german", "4,0"), ("i", "de_rifle", "german", "4,0"),
                  ("m", "us_m4", "allied", "6,4")], active="german", loaded=[("p", "i")])
    s, _ = do(s, "german", {"type": "move", "unit": "p", "to": lab("4,8")})
    assert s.pending and s.pending["targets"] == ["p", "i"]
    s, ev = do(s, "allied", {"type": "opportunity_fire", "units": ["m"], "target": "i"}, 6)
    attack = next(e for e in ev if e["type"] == "attack")
    assert attack["units"] == ["i"] and attack["defense"] == "1"


def test_qa_opportunity_fire_of5_qa_experimental_ta1_turreted_fire_spends_no_mp_in_sight():
    s = of_world([("m", "us_m4", "allied", "4,2"), ("g", "de_pz4", "german", "4,6")],
                 options=["opportunity_fire", "turreted_afv"])
    s.units["m"].fired = True  # it fired in its combat phase: half its MA left, none spent
    s, _ = do(s, "allied", {"type": "move", "unit": "m", "to": lab("4,3")})
    assert s.pending is None  # one road hex (1/2 MP) of 8: no quarter yet
    assert s.of_runs["m"]["g"] == 0.5


def overrun_world(**kw):
    return world(clear(10, 12), phase="move_vehicles", **kw)


def test_qa_overrun_o7_o8_the_target_may_fire_before_the_overrunner_goes_in_not_after():
    """PL-E9."""
    s = overrun_world(units=[("a", "us_m4", "allied", "4,0"), ("x", "de_at75", "german", "4,4")])
    s, _ = do(s, "allied", {"type": "move", "unit": "a", "to": lab("4,3"), "road": False})
    if s.pending:  # the gun may fire as the tank approaches
        s, _ = do(s, "german", {"type": "decline"})
    s.of_declined = {}  # a fresh look, as at the moment the overrun is declared
    s, _ = do(s, "allied", {"type": "overrun", "units": ["a"], "target": lab("4,4")})
    assert s.pending["kind"] == "overrun_in" and "x" in s.pending["eligible"]
    s, ev = do(s, "german", {"type": "decline"}, 1)
    assert s.units["a"].hex == lab("4,5") and [e for e in ev if e["type"] == "overrun"]
    assert s.pending is None or "x" not in s.pending["eligible"]  # not after it went in


def test_qa_panzerblitz_assault_pa2_riders_just_dropped_are_targets_if_the_tank_was():
    s = overrun_world(units=[("p", "de_panther", "german", "4,0"), ("i", "de_rifle", "german", "4,0"),
                             ("x", "us_at57", "allied", "4,4")], active="german", loaded=[("p", "i")])
    s, _ = do(s, "german", {"type": "move", "unit": "p", "to": lab("4,3"), "road": False})
    while s.pending:
        s, _ = do(s, "allied", {"type": "decline"})
    s.of_declined = {}
    s, ev = do(s, "german", {"type": "overrun", "units": ["p"], "target": lab("4,4"),
                             "drop": True})
    assert [e for e in ev if e["type"] == "jumped_off"]
    assert s.pending["kind"] == "overrun_in" and set(s.pending["targets"]) == {"p", "i"}


def test_qa_road_movement_r3_qa_overrun_o2_a_move_may_decline_the_road_rate_and_still_overrun():
    s = overrun_world(units=[("a", "us_m4", "allied", "4,0"), ("x", "de_rifle", "german", "4,4")],
                      roads=[ROAD])
    on_road, _ = do(s, "allied", {"type": "move", "unit": "a", "to": lab("4,3")})
    assert on_road.units["a"].road_used and on_road.units["a"].mp_spent == 1.5
    with pytest.raises(IllegalCommand, match="O2"):
        overrun_attack(on_road, "allied", ["a"], lab("4,4"))
    off, _ = do(s, "allied", {"type": "move", "unit": "a", "to": lab("4,3"), "road": False})
    assert not off.units["a"].road_used and off.units["a"].mp_spent == 3
    overrun_attack(off, "allied", ["a"], lab("4,4"))


def test_pl_e7_a_move_may_name_its_path_checked_hex_by_hex():
    s = overrun_world(units=[("a", "us_m4", "allied", "4,0")], roads=[ROAD])
    path = [lab("5,0"), lab("5,1"), lab("4,2")]
    s2, ev = do(s, "allied", {"type": "move", "unit": "a", "path": path})
    assert s2.units["a"].hex == lab("4,2") and ev[0]["path"] == path
    with pytest.raises(IllegalCommand, match="not next to"):
        do(s, "allied", {"type": "move", "unit": "a", "path": [lab("5,0"), lab("5,3")]})
    with pytest.raises(IllegalCommand, match="ends at"):
        do(s, "allied", {"type": "move", "unit": "a", "to": lab("4,2"), "path": [lab("4,1")]})
    long = [lab(f"{c},{r}") for c, r in ((5, 0), (6, 0), (7, 0), (8, 0), (9, 0), (9, 1), (9, 2),
                                         (9, 3), (9, 4))]
    with pytest.raises(IllegalCommand, match="MP left"):
        do(s, "allied", {"type": "move", "unit": "a", "path": long})


def test_a_move_preview_gives_the_cost_of_each_step_and_what_is_left():
    s = overrun_world(units=[("a", "us_m4", "allied", "4,0")], roads=[ROAD])
    p = preview(s, "allied", {"type": "move", "unit": "a", "to": lab("4,3")})
    assert p["ok"] and p["cost"] == 1.5 and p["left"] == 6.5
    assert [st["road"] for st in p["steps"]] == [True, True, True]
    off = preview(s, "allied", {"type": "move", "unit": "a", "to": lab("4,3"), "road": False})
    assert off["cost"] == 3 and not any(st["road"] for st in off["steps"])


def test_qa_overrun_o6_a_unit_entering_the_board_may_overrun_the_edge_hex_it_enters_by():
    from games.rules.panzer_leader.core.state import Unit

    s = overrun_world(units=[("x", "de_rifle", "german", "0,4")])
    s.units["a"] = Unit(id="a", type_id="us_m4", side="allied", entry_turn=1,
                        entry=[lab("0,4")])
    opts = [c for c in legal_commands(s, "allied")["overrun"] if c["units"] == ["a"]]
    assert opts and all(c["target"] == lab("0,4") for c in opts)
    with pytest.raises(IllegalCommand, match="O6"):
        overrun_attack(s, "allied", ["a"], lab("0,4"), {"a": lab("0,5")})  # not opposite
    s, ev = do(s, "allied", opts[0], 1)
    assert s.units["a"].hex == opts[0]["exits"]["a"] and s.units["x"].eliminated


def test_qa_overrun_o6_an_overrunner_may_leave_by_an_edge_its_side_may_exit():
    from games.rules.panzer_leader.core import scenario

    s = overrun_world(units=[("a", "us_m4", "allied", "4,1"), ("x", "de_rifle", "german", "4,0")])
    with pytest.raises(IllegalCommand, match="O6"):
        overrun_attack(s, "allied", ["a"], lab("4,0"))  # its exit hex is off the map
    scenario.scenario_for(s.scenario_id).raw["exits"] = {"allied": [lab("4,0")]}
    attack, exits = overrun_attack(s, "allied", ["a"], lab("4,0"))
    assert exits == {"a": "off"}
    s, _ = do(s, "allied", {"type": "overrun", "units": ["a"], "target": lab("4,0")}, 1)
    assert s.units["a"].exited


def test_qa_transporting_t2_a_small_unit_unloads_and_boards_another_carrier_the_same_turn():
    s = world(clear(), units=[("a", "us_truck", "allied", "4,0"), ("b", "us_truck", "allied", "4,0"),
                              ("r", "us_rifle", "allied", "4,0")], loaded=[("a", "r")],
              phase="move_vehicles")
    s, _ = do(s, "allied", {"type": "unload", "carrier": "a"})
    s, _ = do(s, "allied", {"type": "load", "carrier": "b", "passenger": "r"})
    assert s.units["r"].carried_by == "b"
    g = world(clear(), units=[("a", "us_truck", "allied", "4,0"), ("b", "us_truck", "allied", "4,0"),
                              ("h", "us_how105", "allied", "4,0")], loaded=[("a", "h")],
              phase="move_vehicles")
    g, _ = do(g, "allied", {"type": "unload", "carrier": "a"})
    with pytest.raises(IllegalCommand, match="T2"):
        do(g, "allied", {"type": "load", "carrier": "b", "passenger": "h"})


def test_a_landing_is_movement_in_sight_and_may_draw_opportunity_fire_qa_amphibious_landings_a1():
    coast = ["==b......."] * 8
    s = world(coast, units=[("r", "us_rifle", "allied", "1,3"), ("g", "de_pz4", "german", "6,3")],
              phase="move_foot")
    s.units["r"].afloat, s.units["r"].entry_turn, s.turn = True, 2, 2
    s, _ = do(s, "allied", {"type": "land", "unit": "r", "to": lab("2,3")})
    assert s.pending and s.pending["kind"] == "land"


def test_qa_naval_n1_naval_direct_fire_may_be_opportunity_fire():
    coast = ["==b......."] * 10
    s = world(coast, units=[("t", "de_truck", "german", "5,0"), ("m", "us_m4", "allied", "2,9")],
              phase="move_vehicles", active="german", roads=[[[5, r] for r in range(10)]])
    s.naval = [{"side": "allied", "points": 40, "first": 1, "last": 5}]
    s.options = sorted({*s.options, "naval_support"})
    s, _ = do(s, "german", {"type": "move", "unit": "t", "to": lab("5,9")})
    assert s.pending and "naval:allied" in s.pending["eligible"]
    s, ev = do(s, "allied", {"type": "opportunity_fire", "units": [], "naval": 20}, 6)
    assert s.naval_used == {"allied:1": 20} and [e for e in ev if e["type"] == "attack"]
