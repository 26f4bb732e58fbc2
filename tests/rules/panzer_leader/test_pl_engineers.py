"""Engineers (18): clearing minefields, removing and making blocks, demolishing bridges, with
designated vehicles and several engineers on one task; the Q&A items E1-E13."""

from __future__ import annotations

import pytest

from games.rules.common.errors import IllegalCommand
from games.rules.panzer_leader.core.scenario import bridge_at
from games.rules.panzer_leader.core.state import Unit

from .kit import clear, do, hexof, lab, world

ROAD = [[4, r] for r in range(8)]
BRIDGE = ["........"] * 3 + ["~~~~~~~~"] + ["........"] * 4


def eng_world(terrain=None, cell="4,2", vehicle=True, **kw):
    units = [("g", "us_engineer", "allied", cell)]
    if vehicle:
        units.append(("v", "us_halftrack", "allied", cell))
    s = world(terrain or clear(), units=units, phase="move_foot", **kw)
    if vehicle:
        s.units["g"].vehicle = "v"
    return s


def step(s, task, cell, *dice, units=("g",), to=None):
    c = {"type": "engineer", "units": list(units), "task": task, "hex": lab(cell)}
    if to:
        c["to"] = lab(to)
    s, ev = do(s, "allied", c, *dice)
    s.turn += 1
    for u in units:
        s.units[u].moved = False
    return s


def test_clearing_a_minefield_takes_four_turns_qa_engineers_e1_the_engineer_is_never_attacked():
    s = eng_world(mines=[("4,3", "german")], vehicle=False)
    s.mines[lab("4,3")]["known"] = ["allied", "german"]
    s = step(s, "clear_mine", "4,3")
    s = step(s, "clear_mine", "4,3")
    assert s.mines[lab("4,3")]["inverted"]
    s = step(s, "clear_mine", "4,3")
    assert s.units["g"].hex == lab("4,3") and s.units["g"].mine == "clearing"
    s = step(s, "clear_mine", "4,3")
    assert lab("4,3") not in s.mines and not s.tasks


def test_qa_engineers_e2_one_step_a_turn_and_moving_otherwise_restarts_the_task():
    s = eng_world(mines=[("4,3", "german")], vehicle=False)
    s.mines[lab("4,3")]["known"] = ["allied", "german"]
    s, _ = do(s, "allied", {"type": "engineer", "unit": "g", "task": "clear_mine", "hex": lab("4,3")})
    with pytest.raises(IllegalCommand, match="one step a turn|has moved"):
        do(s, "allied", {"type": "engineer", "unit": "g", "task": "clear_mine", "hex": lab("4,3")})
    s.turn += 1
    s.units["g"].moved = False
    s, _ = do(s, "allied", {"type": "move", "unit": "g", "to": lab("3,2")})
    assert not s.tasks


def test_qa_engineers_e9_an_enemy_in_the_work_hex_suspends_the_work():
    s = eng_world(blocks=["4,3"])
    s = step(s, "remove_block", "4,3")
    s.units["e"] = Unit(id="e", type_id="de_rifle", side="german", hex=lab("4,3"))
    with pytest.raises(IllegalCommand, match="E9"):
        step(s, "remove_block", "4,3")


def test_an_unknown_minefield_cannot_be_cleared():
    s = eng_world(mines=[("4,3", "german")], vehicle=False)
    with pytest.raises(IllegalCommand, match="no minefield"):
        step(s, "clear_mine", "4,3")


def test_making_a_block_four_turns_on_a_road_hex_then_a_roll_of_one_to_five():
    s = eng_world(roads=[ROAD])
    for _ in range(4):
        s = step(s, "make_block", "4,2")
    s = step(s, "make_block", "4,2", 6, to="4,3")
    assert lab("4,2") not in s.blocks and s.tasks[0]["failed"]
    s.units["g"].hex = lab("4,2")
    s = step(s, "make_block", "4,2")  # a retry needs one turn
    s = step(s, "make_block", "4,2", 5, to="4,3")
    assert lab("4,2") in s.blocks and s.units["g"].hex == lab("4,3")
    s.units["g"].hex = s.units["v"].hex = lab("4,5")
    with pytest.raises(IllegalCommand, match="one block"):
        step(s, "make_block", "4,5")


def test_tc43_demolition_fails_on_six_then_a_two_turn_retry_wins_on_four():
    s = eng_world(BRIDGE, cell="4,3", roads=[ROAD])
    for _ in range(3):
        s = step(s, "demolish", "4,3")
    s = step(s, "demolish", "4,3", 6, to="4,4")
    assert lab("4,3") not in s.blown
    s, _ = do(s, "allied", {"type": "move", "unit": "g", "to": lab("4,3")})  # back: part of it
    s.turn += 1
    s.units["g"].moved = False
    s = step(s, "demolish", "4,3")
    s = step(s, "demolish", "4,3")
    s = step(s, "demolish", "4,3", 4, to="4,4")
    assert lab("4,3") in s.blown and lab("4,3") in s.blocks
    assert not bridge_at(s, hexof(s, "4,3"))  # a plain stream hex now


def test_qa_engineers_e10_demolition_restarts_when_the_stay_is_broken():
    """PL-E8: the stay counts consecutive turns only."""
    s = eng_world(BRIDGE, cell="4,3", roads=[ROAD])
    s = step(s, "demolish", "4,3")
    s.turn += 1  # a turn skipped: not consecutive
    s = step(s, "demolish", "4,3")
    assert s.tasks[0]["stage"] == 1


def test_qa_engineers_e10_an_engineer_killed_mid_demolition_leaves_a_successor_to_start_over():
    s = eng_world(BRIDGE, cell="4,3", roads=[ROAD])
    s.units["h"] = Unit(id="h", type_id="us_engineer", side="allied", hex=lab("4,3"),
                        vehicle="v")
    s = step(s, "demolish", "4,3")
    s = step(s, "demolish", "4,3")
    s.units["g"].eliminated = True
    s, _ = do(s, "allied", {"type": "end_phase"})  # engineers.sweep drops the lost team
    assert not s.tasks
    s.phase = "move_foot"
    s = step(s, "demolish", "4,3", units=("h",))
    assert s.tasks[0]["stage"] == 1


def test_a_block_in_woods_needs_two_turns():
    s = eng_world(["....w..."] * 8, roads=[ROAD])
    s = step(s, "make_block", "4,2")
    s = step(s, "make_block", "4,2")
    with pytest.raises(IllegalCommand, match="move off"):
        step(s, "make_block", "4,2")


def test_qa_engineers_e3_several_engineers_start_together_and_each_rolls():
    s = eng_world(BRIDGE, cell="4,3", roads=[ROAD])
    s.units["h"] = Unit(id="h", type_id="us_engineer", side="allied", hex=lab("4,3"))
    s.units["w"] = Unit(id="w", type_id="us_halftrack", side="allied", hex=lab("4,4"))
    s.units["h"].vehicle = "w"
    for _ in range(3):
        s = step(s, "demolish", "4,3", units=("g", "h"))
    s, ev = do(s, "allied", {"type": "engineer", "units": ["g", "h"], "task": "demolish",
                             "hex": lab("4,3"), "to": lab("4,4")}, 6, 2)
    demolished = next(e for e in ev if e["type"] == "bridge_demolished")
    assert demolished["rolls"] == [6, 2]  # one success is enough


def test_qa_engineers_e3_a_dispersed_engineer_halts_the_task():
    s = eng_world(mines=[("4,3", "german")], vehicle=False)
    s.mines[lab("4,3")]["known"] = ["allied", "german"]
    s.units["h"] = Unit(id="h", type_id="us_engineer", side="allied", hex=lab("4,2"))
    s = step(s, "clear_mine", "4,3", units=("g", "h"))
    s.units["h"].status = "dispersed"
    with pytest.raises(IllegalCommand, match="dispersed"):
        step(s, "clear_mine", "4,3", units=("g", "h"))
    s.units["h"].status = "ok"
    s = step(s, "clear_mine", "4,3", units=("g", "h"))  # it resumes where it stopped
    assert s.tasks[0]["stage"] == 2


def test_qa_engineers_e4_no_engineer_joins_a_task_in_progress():
    s = eng_world(mines=[("4,3", "german")], vehicle=False)
    s.mines[lab("4,3")]["known"] = ["allied", "german"]
    s = step(s, "clear_mine", "4,3")
    s.units["h"] = Unit(id="h", type_id="us_engineer", side="allied", hex=lab("4,2"))
    with pytest.raises(IllegalCommand, match="nobody joins"):
        step(s, "clear_mine", "4,3", units=("g", "h"))


def test_qa_engineers_e5_the_unloading_turn_counts_if_the_engineer_began_it_in_the_hex():
    s = eng_world(roads=[ROAD], cell="4,2")
    s.units["g"].unloaded, s.units["g"].start_hex = True, lab("4,2")
    s = step(s, "make_block", "4,2")
    assert s.tasks[0]["stage"] == 1
    t = eng_world(roads=[ROAD], cell="4,2")
    t.units["g"].unloaded, t.units["g"].start_hex = True, lab("4,1")
    with pytest.raises(IllegalCommand, match="E5"):
        step(t, "make_block", "4,2")


def test_qa_engineers_e6_a_new_vehicle_serves_from_the_next_turn():
    s = eng_world(roads=[ROAD])
    s.units["v"].eliminated = True
    s.units["t"] = Unit(id="t", type_id="us_truck", side="allied", hex=lab("4,2"))
    s, _ = do(s, "allied", {"type": "assign_vehicle", "unit": "g", "vehicle": "t"})
    with pytest.raises(IllegalCommand, match="E6"):
        step(s, "make_block", "4,2")
    s.turn += 1
    s = step(s, "make_block", "4,2")
    assert s.tasks[0]["kind"] == "make_block"


def test_qa_engineers_e7_without_a_vehicle_no_block_or_bridge_work_but_mines_yes():
    s = eng_world(roads=[ROAD], mines=[("4,3", "german")])
    s.mines[lab("4,3")]["known"] = ["allied", "german"]
    s.units["v"].eliminated = True
    with pytest.raises(IllegalCommand, match="E7"):
        step(s, "make_block", "4,2")
    step(s, "clear_mine", "4,3")


def test_qa_engineers_e8_the_work_waits_for_a_dispersed_vehicle_and_needs_it_close():
    s = eng_world(roads=[ROAD])
    s.units["v"].status = "dispersed"
    with pytest.raises(IllegalCommand, match="E8"):
        step(s, "make_block", "4,2")
    s.units["v"].status, s.units["v"].hex = "ok", lab("4,6")
    with pytest.raises(IllegalCommand, match="E8"):
        step(s, "make_block", "4,2")


def test_a_designated_vehicle_carries_nothing_but_its_engineer_18_3():
    s = eng_world(roads=[ROAD])
    s.units["r"] = Unit(id="r", type_id="us_rifle", side="allied", hex=lab("4,2"))
    s.phase = "move_vehicles"
    with pytest.raises(IllegalCommand, match="designated"):
        do(s, "allied", {"type": "load", "carrier": "v", "passenger": "r"})
    s, _ = do(s, "allied", {"type": "load", "carrier": "v", "passenger": "g"})


def test_qa_engineers_e11_paratroops_need_no_vehicle_but_do_one_task_a_game():
    s = world(clear(), units=[("p", "us_para", "allied", "4,2")], phase="move_foot", roads=[ROAD])
    for _ in range(4):
        s = step(s, "make_block", "4,2", units=("p",))
    s = step(s, "make_block", "4,2", 1, units=("p",), to="4,3")
    assert lab("4,2") in s.blocks and s.units["p"].tasks_done == 1
    s.units["p"].hex, s.units["p"].blocks_made = lab("4,5"), 0
    with pytest.raises(IllegalCommand, match="E11"):
        step(s, "make_block", "4,5", units=("p",))


def test_qa_engineers_e11_invasion_engineers_are_equipped_for_one_task():
    s = eng_world(roads=[ROAD], vehicle=False)
    s.units["g"].equipped = True
    s = step(s, "make_block", "4,2")
    assert s.tasks[0]["kind"] == "make_block"


def test_qa_engineers_e12_each_bridge_hex_is_one_bridge():
    two = ["........"] * 3 + ["~~~~~~~~"] + ["........"] * 4
    s = eng_world(two, cell="4,3", roads=[ROAD, [[5, r] for r in range(8)]])
    for _ in range(3):
        s = step(s, "demolish", "4,3")
    s = step(s, "demolish", "4,3", 1, to="4,4")
    assert lab("4,3") in s.blown and bridge_at(s, hexof(s, "5,3"))


def test_a_temporary_bridge_falls_to_engineers_after_two_turns_without_a_roll_rb_x_c():
    s = eng_world(BRIDGE, cell="4,3")
    s.temp_bridges[lab("4,3")] = {"kind": "truck", "defense": 8, "built": True, "progress": 0}
    s = step(s, "demolish", "4,3")
    s = step(s, "demolish", "4,3")
    s = step(s, "demolish", "4,3", to="4,4")
    assert lab("4,3") not in s.temp_bridges and lab("4,3") not in s.blocks


def test_qa_engineers_e2_an_engineer_at_work_may_still_spot():
    from games.rules.panzer_leader.core.spotting import is_spotted

    s = eng_world(["....w..."] * 8, cell="4,3", mines=[("3,3", "german")], vehicle=False)
    s.mines[lab("3,3")]["known"] = ["allied", "german"]
    s.units["e"] = Unit(id="e", type_id="de_rifle", side="german", hex=lab("4,4"))
    s = step(s, "clear_mine", "3,3")
    assert s.tasks and is_spotted(s, s.units["e"], "allied")
