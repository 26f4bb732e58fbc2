"""The line-of-sight tool: seen or blocked, the path, and the blocking hex with its terrain,
reason and rule (8.3, 8.4, D18, D-LOS-1, D-LOS-3), from the map alone."""

from __future__ import annotations

from dataclasses import replace

from games.rules.panzer_grenadier.core.los import line_of_sight
from games.rules.panzer_grenadier.sight_line import sight_line
from tests.rules.panzer_grenadier.turnkit import at, board_map, started, unit


def board():
    return started([unit("ge-1", "ge_rifle", "ge", "A0205"), unit("su-1", "su_rifle", "su", "A0209")])


def test_a_clear_line_is_seen_with_its_path_from_one_end_to_the_other_8_4():
    got = sight_line(board(), "A0205", "A0209")
    assert got == {"from": "A0205", "to": "A0209", "seen": True,
                   "path": ["A0205", "A0206", "A0207", "A0208", "A0209"], "blocked_by": None}


def test_intervening_light_woods_block_and_are_named_with_the_rule_d_los_1():
    got = sight_line(board(), "A0109", "A0408")
    assert not got["seen"]
    assert got["blocked_by"] == {
        "hex": "A0309", "hexside": None, "terrain": "Light woods",
        "reason": "line of sight blocked by light woods at A0309", "rule": "8.4, D-LOS-1",
    }
    assert got["path"][0] == "A0109" and got["path"][-1] == "A0408"
    assert "A0309" in got["path"]


def test_smoke_on_the_line_blocks_it_d18():
    s = board()
    smoky = replace(s, markers={**s.markers, at("A0207"): frozenset({"smoke"})})
    got = sight_line(smoky, "A0205", "A0209")
    assert not got["seen"]
    assert got["blocked_by"]["hex"] == "A0207" and got["blocked_by"]["rule"] == "D18"
    assert got["blocked_by"]["terrain"] == "smoke"


def test_adjacent_hexes_always_see_each_other_8_4():
    assert sight_line(board(), "A0309", "A0310")["seen"]


def test_the_verdict_is_the_engines_line_of_sight_for_every_pair_of_hexes_sampled():
    m, s = board_map(), board()
    hexes = sorted(m.hexes, key=lambda h: (h.q, h.r))
    for a in hexes[::29]:
        for b in hexes[::31]:
            got = sight_line(s, m.label(a), m.label(b))
            assert got["seen"] == line_of_sight(m, a, b).clear
            assert got["path"][0] == m.label(a) and got["path"][-1] == m.label(b)


def test_counters_on_the_map_change_nothing_in_the_answer():
    s = board()
    moved = s.with_units({"su-1": replace(s.units["su-1"], hex=at("A0207"))})
    assert sight_line(s, "A0205", "A0209") == sight_line(moved, "A0205", "A0209")
