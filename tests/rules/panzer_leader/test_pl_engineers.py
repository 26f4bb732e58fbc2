"""Engineers (18): clearing minefields, removing and making blocks."""

from __future__ import annotations

import pytest

from games.rules.common.errors import IllegalCommand
from games.rules.panzer_leader.scenario import bridge_at

from .kit import clear, do, hexof, lab, world


def eng_world(**kw):
    s = world(clear(), units=[("g", "us_engineer", "allied", "4,2")], phase="move_foot", **kw)
    return s


def step(s, task, cell, *dice):
    s, ev = do(s, "allied", {"type": "engineer", "unit": "g", "task": task, "hex": lab(cell)}, *dice)
    s.turn += 1
    s.units["g"].moved = False
    return s


def test_clearing_a_minefield_takes_four_turns_and_the_engineer_is_never_attacked_qa_e1():
    s = eng_world(mines=[("4,3", "german")])
    s.mines[lab("4,3")]["known"] = ["allied", "german"]
    s = step(s, "clear_mine", "4,3")
    s = step(s, "clear_mine", "4,3")
    assert s.mines[lab("4,3")]["inverted"]
    s = step(s, "clear_mine", "4,3")
    assert s.units["g"].hex == lab("4,3") and s.units["g"].mine == "clearing"
    s = step(s, "clear_mine", "4,3")
    assert lab("4,3") not in s.mines


def test_qa_engineers_e2_one_step_a_turn_and_moving_otherwise_restarts_the_task():
    s = eng_world(mines=[("4,3", "german")])
    s.mines[lab("4,3")]["known"] = ["allied", "german"]
    s, _ = do(s, "allied", {"type": "engineer", "unit": "g", "task": "clear_mine", "hex": lab("4,3")})
    with pytest.raises(IllegalCommand):
        do(s, "allied", {"type": "engineer", "unit": "g", "task": "clear_mine", "hex": lab("4,3")})
    s.turn += 1
    s.units["g"].moved = False
    s, _ = do(s, "allied", {"type": "move", "unit": "g", "to": lab("3,2")})
    assert s.units["g"].task is None


def test_qa_engineers_e9_an_enemy_in_the_work_hex_suspends_the_work():
    s = eng_world(blocks=["4,3"])
    s = step(s, "remove_block", "4,3")
    from games.rules.panzer_leader.state import Unit

    s.units["e"] = Unit(id="e", type_id="de_rifle", side="german", hex=lab("4,3"))
    with pytest.raises(IllegalCommand, match="E9"):
        step(s, "remove_block", "4,3")


def test_an_unknown_minefield_cannot_be_cleared():
    s = eng_world(mines=[("4,3", "german")])
    with pytest.raises(IllegalCommand, match="no minefield"):
        step(s, "clear_mine", "4,3")


def step_off(s, task, cell, to, *dice):
    s, ev = do(s, "allied", {"type": "engineer", "unit": "g", "task": task, "hex": lab(cell),
                             "to": lab(to)}, *dice)
    s.turn += 1
    s.units["g"].moved = False
    return s


def test_making_a_block_four_turns_on_a_road_hex_then_a_roll_of_one_to_five():
    s = world(clear(), units=[("g", "us_engineer", "allied", "4,2")], phase="move_foot",
              roads=[[[4, r] for r in range(8)]])
    for _ in range(4):
        s = step(s, "make_block", "4,2")
    s = step_off(s, "make_block", "4,2", "4,3", 6)
    assert lab("4,2") not in s.blocks and s.units["g"].task["failed"]
    s.units["g"].hex = lab("4,2")
    s = step(s, "make_block", "4,2")  # a retry needs one turn
    s = step_off(s, "make_block", "4,2", "4,3", 5)
    assert lab("4,2") in s.blocks and s.units["g"].hex == lab("4,3")
    s.units["g"].hex = lab("4,5")
    with pytest.raises(IllegalCommand, match="one block"):
        step(s, "make_block", "4,5")


BRIDGE = ["........"] * 3 + ["~~~~~~~~"] + ["........"] * 4


def test_tc43_demolition_fails_on_six_then_a_two_turn_retry_wins_on_four():
    s = world(BRIDGE, units=[("g", "us_engineer", "allied", "4,3")], phase="move_foot",
              roads=[[[4, r] for r in range(8)]])
    for _ in range(3):
        s = step(s, "demolish", "4,3")
    s = step_off(s, "demolish", "4,3", "4,4", 6)
    assert lab("4,3") not in s.blown
    s.units["g"].hex = lab("4,3")
    s = step(s, "demolish", "4,3")
    s = step(s, "demolish", "4,3")
    s = step_off(s, "demolish", "4,3", "4,4", 4)
    assert lab("4,3") in s.blown and lab("4,3") in s.blocks
    assert not bridge_at(s, hexof(s, "4,3"))  # a plain stream hex now


def test_qa_engineers_e10_demolition_restarts_when_the_stay_is_broken():
    """PL-E8: the stay counts consecutive turns only."""
    s = world(BRIDGE, units=[("g", "us_engineer", "allied", "4,3")], phase="move_foot",
              roads=[[[4, r] for r in range(8)]])
    s = step(s, "demolish", "4,3")
    s.turn += 1  # a turn skipped: not consecutive
    s = step(s, "demolish", "4,3")
    assert s.units["g"].task["stage"] == 1


def test_a_block_in_woods_needs_two_turns():
    woods = ["....w..."] * 8
    s = world(woods, units=[("g", "us_engineer", "allied", "4,2")], phase="move_foot",
              roads=[[[4, r] for r in range(8)]])
    s = step(s, "make_block", "4,2")
    s = step(s, "make_block", "4,2")
    with pytest.raises(IllegalCommand, match="move off"):
        step(s, "make_block", "4,2")
