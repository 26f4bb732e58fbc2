"""Chart lookups against the digest's tables: the CRT (8.4), odds (8.1), WEC (9.2)."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction as F
from pathlib import Path

import pytest

from games.rules.panzer_leader.combat import crt
from games.rules.panzer_leader.combat.wec import wec_factor
from games.rules.panzer_leader.core.units import catalogue

TRANSCRIPTION = json.loads(
    (Path(__file__).resolve().parents[2] / "data" / "pl_counters.json").read_text(encoding="utf-8"))
DIGEST_CRT = {  # §8.4, row by row: 1-4 .. 4-1
    -1: "D DD X X X X X", 0: "- D DD DD X X X", 1: "- D D DD X X X", 2: "- - D D DD X X",
    3: "- - - D DD X X", 4: "- - - - D DD X", 5: "- - - - D DD X", 6: "- - - - - - X",
    7: "- - - - - - -",
}


@pytest.mark.parametrize("die", sorted(DIGEST_CRT))
def test_every_crt_cell_matches_the_digest_table(die):
    assert [crt.result(i, die) for i in range(7)] == DIGEST_CRT[die].split()


def test_tc01_attack_11_against_3_is_the_3_to_1_column():
    assert crt.column_name(crt.odds_index(F(11), F(3))) == "3-1"


@pytest.mark.parametrize("att,dfn,col", [(F(11, 2), F(3), "1-1"), (F(11, 2), F(12), "1-3"),
                                         (F(12), F(9), "1-1"), (F(24), F(9), "2-1"),
                                         (F(5), F(30), "1-6"), (F(16), F(16), "1-1")])
def test_odds_round_in_the_defenders_favour_with_fractions_kept(att, dfn, col):
    assert crt.column_name(crt.odds_index(att, dfn)) == col


def test_pl_d1_odds_above_4_to_1_are_read_at_4_to_1_and_the_chart_names_its_source():
    index = crt.odds_index(F(80, 3), F(3))  # 8-1
    assert crt.column_name(index) == "8-1"
    assert crt.clamp(index) == 6 and crt.result(index, 6) == "X" and crt.result(index, 7) == "-"
    assert "provisional" not in crt.charts() and "OpenPanzerBlitz" in crt.charts()["note"]


@pytest.mark.parametrize("column", ["1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1"])
def test_pl_d1_the_transcribed_crt_matches_the_digests_grid_cell_by_cell(column):
    """pl-counters.md, section 4.1 against the digest's 8.4: every one of the 63 cells."""
    grid = TRANSCRIPTION["crt"]
    i = crt.columns().index(column)
    transcribed = grid["rows"][column].split()
    digest = [DIGEST_CRT[die].split()[i] for die in grid["rolls"]]
    assert transcribed == digest == [crt.result(i, die) for die in grid["rolls"]]


def test_pl_d1_pl_d2_where_the_transcription_differs_we_follow_the_digest():
    """The engine clamps the total modifier to -2 .. +1; we do not, and read a roll below -1
    on the next higher column (PL-D2). Both clamp odds at 4-1 and have no 5-1 column."""
    assert TRANSCRIPTION["crt"]["drm_clamp"] == [-2, 1]
    # die 1, overrun -2 and a dispersed defender -1: we read -2, the engine clamps to -1
    assert crt.result(0, -2) == "DD" and crt.result(0, -1) == "D"
    assert list(TRANSCRIPTION["crt"]["rows"]) == list(crt.columns())


def test_pl_d2_a_die_below_minus_one_reads_the_next_higher_column_above_seven_no_effect():
    assert crt.result(0, -2) == "DD"  # 1-4 at -2: the -1 row of 1-3
    assert crt.result(1, -2) == "X"  # 1-3 at -2: the -1 row of 1-2
    assert crt.result(6, 9) == "-"


@pytest.mark.parametrize("weapon,armored,dist,factor", [
    ("A", True, 4, F(2)), ("A", True, 5, F(1)), ("A", False, 3, F(1, 2)),
    ("H", True, 6, F(1)), ("H", True, 7, F(1, 2)), ("H", False, 20, F(1)),
    ("HI", True, 7, F(1, 2)), ("M", True, 2, F(1, 2)), ("M", False, 9, F(1)),
    ("I", False, 1, F(1)),
])
def test_tc15_wec_factors_follow_the_pl_chart(weapon, armored, dist, factor):
    """§9.2; TC-15: range 9, half range rounds down to 4."""
    t = replace(catalogue()["us_at57"], weapon=weapon, range=9)
    assert wec_factor(t, armored, dist) == factor


def test_i_class_weapons_may_not_fire_at_armour():
    assert wec_factor(catalogue()["us_rifle"], True, 1) is None


def test_the_values_the_rulebook_and_qa_print_agree_with_the_transcribed_counters():
    """PL-D18: the few figures the sources give are the transcription's too."""
    assert not any(t.representative for t in catalogue().values() if t.source)
    assert catalogue()["de_hetzer"].attack == 12 and catalogue()["us_m4"].defense == 9
    assert catalogue()["us_m7"].attack == 40 and catalogue()["gb_25pdr"].range == 35


@pytest.mark.parametrize("weapon,armored,factor", [
    ("A", True, F(1)), ("A", False, F(1, 2)), ("H", True, F(1, 2)), ("H", False, F(1)),
    ("I", True, None), ("I", False, F(1)),
])
def test_the_air_weapons_chart_follows_20_4_never_doubled_qa_airpower_ap4(weapon, armored, factor):
    from games.rules.panzer_leader.combat.air import air_wec

    assert air_wec(weapon, armored) == factor


def test_the_aircraft_weapons_are_the_rulebooks_mg_2_and_3_bombs_30_h_rockets_20_a():
    from games.rules.panzer_leader.combat.air import _data, aircraft_types

    assert aircraft_types()["gb_typhoon"]["mg"] == 2 and aircraft_types()["us_p47"]["mg"] == 3
    assert _data()["ordnance"] == {"bombs": {"attack": 30, "weapon": "H"},
                                   "rockets": {"attack": 20, "weapon": "A"}}


def test_pl_d16_the_aa_table_is_the_transcriptions_with_damaged_read_as_aborted():
    """PL-D16: pl-counters.md, section 4.2, row by row; its "Dm" (damaged, out of play) is
    our D: the aircraft aborts its attack and leaves."""
    from games.rules.panzer_leader.combat.antiaircraft import aa_result

    rows = TRANSCRIPTION["aa_table"]["rows"]
    bands = crt.charts()["aa_table"]["bands"]
    assert [b[0] for b in bands] == [lo for lo, _ in rows] == [1, 9, 13, 17, 21, 27, 37]
    for (_, row), band in zip(rows, bands, strict=True):
        assert [{"Dm": "D"}.get(c, c) for c in row.split()] == band[1:]
    assert [aa_result(F(8), d) for d in range(1, 7)] == ["D", "-", "-", "-", "-", "-"]
    assert aa_result(F(37), 4) == "X" and aa_result(F(36), 4) == "D"
    for lower, higher in zip(bands, bands[1:], strict=False):
        hits = sum(c != "-" for c in lower[1:]), sum(c != "-" for c in higher[1:])
        assert hits[0] <= hits[1]  # more AA strength never hits less often


def test_the_die_modifiers_are_the_digests_woods_town_assault_overrun_dd_and_dispersed():
    assert crt.charts()["drm"] == {"woods": 1, "town": 1, "close_assault": -2, "overrun": -2,
                                   "dd_afloat": 2, "dispersed_defender": -1}


def test_qa_mines_mn1_minefield_attacks_take_no_terrain_modifier():
    from games.rules.panzer_leader.core.mines import attacks

    from .kit import world

    s = world(["w" * 8] * 8, units=[("r", "de_rifle", "german", "4,3")], mines=[("4,3", "allied")])
    s.units["r"].mine = "pending"
    (a,) = attacks(s)
    assert a.drm == 0 and crt.column_name(a.index) == "2-1"


def test_the_rules_reference_shows_the_charts_the_attacks_read():
    """The game page's reference (reference.py) is read from the same tables and functions
    as the resolution: every CRT cell, every AA band, the weapon classes."""
    from games.rules.panzer_leader.combat.antiaircraft import aa_result
    from games.rules.panzer_leader.reference import rules_reference

    ref = rules_reference()
    for i, row in enumerate(ref["crt"]):
        assert row["id"] == f"pl-crt-{crt.columns()[i]}"
        assert row["results"] == [crt.result(i, die) for die in ref["rolls"]]
    for band in ref["aa"]:
        lowest = int(band["strength"].rstrip("+"))
        assert band["results"] == [aa_result(F(lowest), d) for d in range(1, 7)]
    wec = {r["weapon"]: r for r in ref["wec"]}
    assert wec["A"]["armoured"] == "×2 at half range or less, ×1 beyond"
    assert wec["I"]["armoured"] == "may not attack" and wec["A"]["unarmoured"] == "×½"
    assert ref["source"].count("OpenPanzerBlitz") == 1


def test_each_rule_the_reference_cites_is_given_by_one_of_its_charts_or_rows():
    """A why-not citing 8.3 (odds below 1-4) links to the CRT's 1-4 row, one citing 20.4 or
    20.6 to the weapon or AA chart: every id the reference names for a rule is on the page."""
    from games.rules.panzer_leader.reference import rules_reference

    ref = rules_reference()
    rows = {r["id"] for key in ("crt", "tec", "aa", "wec", "modifiers") for r in ref[key]}
    charts = {"pl-crt", "pl-drm", "pl-tec", "pl-aa", "pl-wec"}  # the tables' own ids
    assert ref["cites"]["8.3"] == "pl-crt-1-4" and ref["cites"]["20.6"] == "pl-aa"
    for rule, target in ref["cites"].items():
        assert target in rows | charts, (rule, target)
