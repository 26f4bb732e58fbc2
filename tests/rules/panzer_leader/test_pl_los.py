"""Line of sight with elevation (2.5, 2.6): the Target Elevation Table as we reconstruct it
(PL-D17) and the geometry decisions (PL-D20), one fixture per case."""

from __future__ import annotations

from games.rules.panzer_leader.core.board import build_map
from games.rules.panzer_leader.core.los import has_los, why_blocked

from .kit import lab


def board(terrain: list[str], elevation: list[str] | None = None):
    elevation = elevation or ["0" * len(terrain[0])] * len(terrain)
    return build_map([{"board": "T", "drawing": {"id": "T", "terrain": terrain,
                                                 "elevation": elevation}}])


def see(m, a: str, b: str) -> bool:
    return has_los(m, m.hex(lab(a)), m.hex(lab(b)))


OPEN = ["........"] * 10


def test_ground_to_ground_across_open_ground_is_clear():
    assert see(board(OPEN), "4,0", "4,9")


def test_ground_to_ground_a_wood_between_blocks_j10():
    m = board(["........"] * 4 + ["....w..."] + ["........"] * 5)
    assert not see(m, "4,0", "4,9")


def test_a_unit_sees_out_of_its_own_wood_and_is_seen_in_it_pl_d20():
    m = board(["....w..."] + ["........"] * 9)
    assert see(m, "4,0", "4,6") and see(m, "4,6", "4,0")


def test_a_town_hex_between_ground_units_blocks():
    m = board(["........"] * 4 + ["....t..."] + ["........"] * 5)
    assert not see(m, "4,0", "4,9")


def test_adjacent_units_always_see_each_other_j8():
    m = board(["....w..."] * 10, ["00002000"] * 10)
    assert see(m, "4,0", "4,1")


def hill(rows=10):
    """A hill across the map: rows 0-2 hilltop, 3 slope, the rest ground."""
    return ["22222222"] * 3 + ["11111111"] + ["00000000"] * (rows - 4)


def test_hilltop_to_ground_sees_over_low_obstacles_not_directly_behind_the_target_j2():
    m = board(["........"] * 6 + ["....w..."] + ["........"] * 3, hill())
    assert see(m, "4,1", "4,9")  # the wood at row 6 is not beside the target


def test_hilltop_to_ground_a_wood_directly_in_front_of_the_target_blocks_j2_pl_d20():
    m = board(["........"] * 8 + ["....w..."] + ["........"], hill())
    assert not see(m, "4,1", "4,9")


def test_ground_to_hilltop_mirror_image_a_wood_in_front_of_the_firer_blocks_j3():
    m = board(["........"] * 8 + ["....w..."] + ["........"], hill())
    assert not see(m, "4,9", "4,1")


def test_j4_hilltop_to_ground_over_a_slope_edge_nearer_the_firer_is_clear():
    m = board(OPEN, hill())
    assert see(m, "4,1", "4,9")  # the brown side (3|4) is nearer the firer


def test_j4_hilltop_to_ground_with_the_slope_edge_midway_is_blocked():
    m = board(OPEN, hill())
    assert not see(m, "4,0", "4,7")  # sides 1..7, the brown one is the 4th: midway


def test_pl_d17_a_slope_unit_sees_down_its_own_slope_edge_but_not_across_another_hill():
    m = board(OPEN, ["00000000"] * 3 + ["11111111"] * 2 + ["00000000"] * 5)
    assert see(m, "4,8", "4,4") and see(m, "4,4", "4,8")
    ridge = board(OPEN, ["11111111"] + ["00000000"] * 3 + ["11111111"] + ["00000000"] * 5)
    assert not see(ridge, "4,9", "4,0")


def test_qa_los_l1_slope_to_slope_across_a_brown_hexside_is_blocked_unless_adjacent():
    elev = ["11111111", "00000000", "00000000", "11111111"] + ["00000000"] * 6
    m = board(OPEN, elev)
    assert not see(m, "4,0", "4,3")


def test_qa_los_l2_hilltop_to_slope_brown_hexsides_never_block():
    elev = ["22222222", "11111111", "00000000", "11111111"] + ["00000000"] * 6
    m = board(OPEN, elev)
    assert see(m, "4,0", "4,3")


def test_qa_los_l3_a_woods_slope_unit_sees_over_ground_level_woods():
    elev = ["11111111"] + ["00000000"] * 9
    m = board(["....w..."] + ["........"] * 3 + ["....w..."] + ["........"] * 5, elev)
    assert see(m, "4,0", "4,2") and why_blocked(m, m.hex(lab("4,0")), m.hex(lab("4,8"))) is None


def test_j7_a_line_crossing_a_hill_between_ground_units_is_blocked():
    elev = ["00000000"] * 3 + ["11111111", "22222222", "11111111"] + ["00000000"] * 4
    m = board(OPEN, elev)
    assert not see(m, "4,0", "4,9")


def test_j7_hilltop_to_hilltop_over_a_valley_is_clear():
    elev = ["22222222", "11111111", "00000000", "00000000", "11111111", "22222222"] + ["00000000"] * 4
    m = board(OPEN, elev)
    assert see(m, "4,0", "4,5")


def test_j9_woods_on_a_hilltop_block_everything_passing_through():
    elev = ["22222222"] * 10
    m = board(["........"] * 4 + ["....w..."] + ["........"] * 5, elev)
    assert not see(m, "4,0", "4,9")


def test_pl_d20_a_line_along_a_hexside_is_blocked_if_either_side_blocks():
    m = board(OPEN)
    plus_blocked = None
    for w in range(8):
        for r in range(10):
            t = [list(row) for row in OPEN]
            t[r][w] = "t"
            mm = board(["".join(x) for x in t])
            a, b = mm.hex(lab("0,0")), mm.hex(lab("2,1"))
            if mm.terrain(mm.hex(lab(f"{w},{r}"))) == "town" and not has_los(mm, a, b):
                plus_blocked = (w, r)
    assert plus_blocked is not None and see(m, "0,0", "2,1")
