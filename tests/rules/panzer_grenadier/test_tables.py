"""Combat tables (9-12, 14.1): every cell, the edges, the digest's cases (21) and the odds."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from games.rules.panzer_grenadier.core import tables
from games.rules.panzer_grenadier.core.tables import (
    FireResult,
    TableDataError,
    anti_tank,
    anti_tank_odds,
    assault,
    assault_odds,
    bombardment,
    bombardment_odds,
    dice_distribution,
    direct_fire,
    direct_fire_odds,
    morale_check,
    morale_odds,
    parse_result,
)

DATA = Path(__file__).parents[2] / "data"


def read_chart(name: str) -> tuple[list[int], dict[int, list[str]]]:
    """Read a hand-transcribed chart: headings (``45+`` -> 45) and roll -> row."""
    lines = [
        line for line in (DATA / name).read_text().splitlines() if line and not line.startswith("#")
    ]
    headings = [int(h.rstrip("+")) for h in lines[0].split("\t")[1:]]
    rows = {int(cells[0]): cells[1:] for cells in (line.split("\t") for line in lines[1:])}
    return headings, rows


def chart_cells(name: str) -> list:
    """One pytest param per (column, roll) cell, with the fire values that select that column."""
    headings, rows = read_chart(name)
    cells = []
    for i, heading in enumerate(headings):
        top = headings[i + 1] - 1 if i + 1 < len(headings) else 100  # the last column is open-ended
        for roll, row in rows.items():
            cells.append(pytest.param(heading, top, roll, row[i], id=f"col{heading}-roll{roll}"))
    return cells


DF_CELLS = chart_cells("direct_fire_table.tsv")
ASSAULT_CELLS = chart_cells("assault_table.tsv")


def test_the_transcribed_charts_have_every_cell() -> None:
    assert len(DF_CELLS) == 99
    assert len(ASSAULT_CELLS) == 48


# --- every cell, against the hand transcription ------------------------------------------------


@pytest.mark.parametrize(("heading", "top", "dice", "expected"), DF_CELLS)
def test_direct_fire_cell_matches_the_chart(
    heading: int, top: int, dice: int, expected: str
) -> None:
    assert direct_fire(heading, 0, dice) == expected
    assert direct_fire(top, 0, dice) == expected


@pytest.mark.parametrize(("heading", "top", "die", "expected"), ASSAULT_CELLS)
def test_assault_cell_matches_the_chart(heading: int, top: int, die: int, expected: str) -> None:
    assert assault(heading, 0, die) == expected
    assert assault(top, 0, die) == expected


@pytest.mark.parametrize(("heading", "top", "dice", "expected"), DF_CELLS)
def test_provisional_bombardment_uses_the_direct_fire_grid_d23(
    heading: int, top: int, dice: int, expected: str
) -> None:
    """D23: until the real Bombardment Table is transcribed, bombardment reads the DF grid."""
    assert bombardment(heading, 0, dice) == expected
    assert bombardment(top, 0, dice) == expected


# --- column selection and shifts ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("fire_value", "column"),
    [
        (1, "1"),
        (2, "2"),
        (3, "2"),
        (4, "4"),
        (6, "4"),
        (7, "7"),
        (10, "7"),
        (11, "11"),
        (15, "11"),
        (16, "16"),
        (21, "16"),
        (22, "22"),
        (29, "22"),
        (30, "30"),
        (44, "30"),
        (45, "45+"),
        (200, "45+"),
    ],
)
def test_direct_fire_column_is_the_largest_heading_not_above_the_fire_value(
    fire_value: int, column: str
) -> None:
    assert tables.DIRECT_FIRE.column(fire_value, 0) == column


def test_direct_fire_net_shift_is_capped_at_three_right_d22() -> None:
    """D22: the cap applies to the net shift; +5 from column 1 reaches column 7 (three right)."""
    assert tables.DIRECT_FIRE.column(1, 5) == "7"
    assert tables.DIRECT_FIRE.column(1, 3) == "7"
    assert tables.DIRECT_FIRE.column(1, 2) == "4"


def test_direct_fire_net_shift_is_capped_at_two_left_d22() -> None:
    """D22: -4 net from column 45+ stops two columns left, at 22."""
    assert tables.DIRECT_FIRE.column(45, -4) == "22"
    assert tables.DIRECT_FIRE.column(45, -2) == "22"
    assert tables.DIRECT_FIRE.column(45, -1) == "30"


def test_direct_fire_shift_off_the_left_edge_fires_on_column_1_d22() -> None:
    """D22: a shift that runs past column 1 clamps to column 1; the attack is still allowed."""
    assert tables.DIRECT_FIRE.column(2, -2) == "1"
    assert direct_fire(2, -2, 12) == "M"
    assert direct_fire(1, -2, 2) == "M"


def test_direct_fire_shift_off_the_right_edge_stays_on_column_45() -> None:
    """D22: a shift that runs past 45+ clamps to 45+."""
    assert tables.DIRECT_FIRE.column(30, 3) == "45+"
    assert direct_fire(30, 3, 4) == "2MC"


def test_a_fire_value_below_1_cannot_fire_d_fire_min() -> None:
    """D-FIRE-MIN: a unit with no fire value cannot fire; the lookups refuse it."""
    for lookup in (direct_fire, bombardment, assault):
        with pytest.raises(ValueError, match="below the first column"):
            lookup(0, 0, 6)
    with pytest.raises(ValueError):
        direct_fire_odds(0, 3)


def test_a_roll_off_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match="dice roll 13"):
        direct_fire(7, 0, 13)
    with pytest.raises(ValueError, match="dice roll 7"):
        assault(7, 0, 7)
    with pytest.raises(ValueError, match="dice roll 1"):
        direct_fire(7, 0, 1)


def test_assault_shifts_have_no_cap_but_stop_at_both_edges_d_assault_cap() -> None:
    """D-ASSAULT-CAP: the chart prints no maximum, so +4 moves four columns; edges clamp."""
    assert tables.ASSAULT.column(1, 4) == "13"
    assert tables.ASSAULT.column(1, 7) == "30+"
    assert tables.ASSAULT.column(1, 10) == "30+"
    assert tables.ASSAULT.column(30, -5) == "5"
    assert tables.ASSAULT.column(13, -6) == "1"
    assert assault(1, 7, 6) == "3M2"
    assert assault(30, -9, 6) == "M"


def test_bombardment_shifts_are_capped_like_direct_fire_d23() -> None:
    """D23: the provisional bombardment chart keeps the direct fire limits, -2..+3 net."""
    assert tables.BOMBARDMENT.column(1, 5) == "7"
    assert tables.BOMBARDMENT.column(45, -4) == "22"
    assert tables.BOMBARDMENT.column(2, -2) == "1"


def test_bombardment_is_marked_provisional_d23() -> None:
    """D23: the flag comes from the data file, so transcribing the real chart clears it."""
    raw = json.loads((tables.DATA_DIR / "bombardment.json").read_text())
    assert raw["provisional"] is True and raw["note"]
    assert tables.BOMBARDMENT_IS_PROVISIONAL is True
    assert bombardment_odds(7, 0).provisional is True
    assert direct_fire_odds(7, 0).provisional is False


# --- digest section 21, the cases that are table lookups ---------------------------------------


def test_case_1_df_11_with_stacking_shift_and_dice_10_is_m1() -> None:
    assert tables.DIRECT_FIRE.column(11, +1) == "16"
    assert direct_fire(11, +1, 10) == "M1"


def test_case_2_df_11_with_stacking_shift_and_dice_12_is_1mc() -> None:
    assert direct_fire(11, +1, 12) == "1MC"


def test_case_3_df_6_at_town_and_dice_11_is_m() -> None:
    assert tables.DIRECT_FIRE.column(6, -2) == "1"
    assert direct_fire(6, -2, 11) == "M"


def test_case_4_df_3_in_woods_clamps_to_column_1_d22() -> None:
    assert direct_fire(3, -2, 12) == "M"
    assert direct_fire(3, -2, 5) == "-"


def test_case_5_df_16_at_artillery_adjacent_on_op_fire_caps_at_plus_3() -> None:
    assert tables.DIRECT_FIRE.column(16, 2 + 2 + 1) == "45+"
    assert direct_fire(16, 5, 2) == "3MC"


def test_case_6_df_7_in_woods_but_adjacent_nets_zero_and_dice_3_is_m2() -> None:
    assert direct_fire(7, -2 + 2, 3) == "M2"


def test_case_7_leader_bonus_lifts_df_5_to_column_7() -> None:
    assert direct_fire(5, 0, 3) == "M"
    assert direct_fire(5 + 2, 0, 3) == "M2"


def test_case_8_combined_fire_4_4_3_on_column_11_dice_4_is_m1() -> None:
    assert direct_fire(4 + 4 + 3, 0, 4) == "M1"


def test_case_9_disrupted_df_8_halved_to_4_and_dice_10_is_m() -> None:
    assert direct_fire(8 // 2, 0, 10) == "M"


def test_case_10_dice_7_never_hurts_below_column_22() -> None:
    assert [direct_fire(v, 0, 7) for v in (1, 2, 4, 7, 11, 16)] == ["-"] * 6
    assert direct_fire(22, 0, 7) == "M"
    assert direct_fire(45, 0, 7) == "M1"


def test_case_11_at_8_vs_armor_5_adjacent_roll_7_totals_11_step_loss() -> None:
    assert anti_tank(7 + 8 - 5 + 1) == "step_loss"


def test_case_12_at_op_fire_on_a_moved_target_roll_12_totals_10_step_loss() -> None:
    assert anti_tank(12 + 6 - 6 - 1 - 1) == "step_loss"


def test_case_13_at_10_vs_armor_4_roll_8_totals_14_eliminated() -> None:
    assert anti_tank(8 + 10 - 4) == "eliminated"


def test_case_14_at_extended_range_totals_8_no_effect() -> None:
    assert anti_tank(9 + 3 - 3 - 1) == "none"


def test_case_15_at_flank_shot_totals_10_step_loss() -> None:
    assert anti_tank(9 + 5 - 6 + 2) == "step_loss"


def test_anti_tank_thresholds_are_9_10_12_13() -> None:
    assert [anti_tank(t) for t in (-5, 9, 10, 12, 13, 30)] == [
        "none",
        "none",
        "step_loss",
        "step_loss",
        "eliminated",
        "eliminated",
    ]


def test_case_17_morale_8_roll_8_passes() -> None:
    assert morale_check(8, 8) == "ok"


def test_case_18_m1_vs_morale_7_with_leader_plus_1_roll_9_is_disrupted() -> None:
    assert morale_check(9 + 1, 7 + 1) == "disrupted"


def test_case_19_m2_vs_morale_7_roll_8_is_demoralized() -> None:
    assert morale_check(8 + 2, 7) == "demoralized"


def test_morale_thresholds_are_morale_plus_1_2_and_3() -> None:
    assert [morale_check(t, 7) for t in (2, 7, 8, 9, 10, 14)] == [
        "ok",
        "ok",
        "disrupted",
        "disrupted",
        "demoralized",
        "demoralized",
    ]


def test_case_23_assault_13_in_woods_with_leader_nets_zero_and_die_4_is_m2() -> None:
    assert assault(13, -1 + 1, 4) == "M2"


def test_case_24_assault_10_vs_entrenchment_shifts_to_column_3_and_die_6_is_m1() -> None:
    assert tables.ASSAULT.column(10, -2) == "3"
    assert assault(10, -2, 6) == "M1"


def test_case_25_demoralized_defender_df_8_at_quarter_is_column_1() -> None:
    assert assault(8 // 4, 0, 6) == "M"
    assert [assault(2, 0, die) for die in range(1, 6)] == ["-"] * 5


def test_case_26_assault_31_die_6_is_3m2() -> None:
    assert assault(31, 0, 6) == "3M2"


# --- odds ----------------------------------------------------------------------------------------


def test_dice_distributions_are_exact() -> None:
    assert dict(dice_distribution(1)) == {n: Fraction(1, 6) for n in range(1, 7)}
    two = dice_distribution(2)
    assert two[7] == Fraction(6, 36) and two[2] == two[12] == Fraction(1, 36)
    assert sum(two.values()) == 1


@pytest.mark.parametrize(
    ("column", "any_effect"),
    [
        (1, Fraction(6, 36)),
        (2, Fraction(9, 36)),
        (4, Fraction(12, 36)),
        (7, Fraction(16, 36)),
        (11, Fraction(20, 36)),
        (16, Fraction(30, 36)),
        (22, Fraction(1)),
        (30, Fraction(1)),
        (45, Fraction(1)),
    ],
)
def test_direct_fire_chance_of_any_result_matches_the_digest(
    column: int, any_effect: Fraction
) -> None:
    """10.0 quotes col 1 ~17%, 2 ~25%, 4 ~33%, 7 ~44%, 11 ~56%, 16 ~83%, 22+ 100%."""
    odds = direct_fire_odds(column, 0)
    assert odds.any_effect == any_effect
    assert sum(odds.values()) == 1


def test_direct_fire_odds_name_the_column_used_and_exact_results() -> None:
    odds = direct_fire_odds(11, +1)
    assert odds.column == "16"
    assert dict(odds) == {
        "2MC": Fraction(1, 36),
        "1MC": Fraction(3, 36),
        "M2": Fraction(5, 36),
        "M1": Fraction(7, 36),
        "M": Fraction(14, 36),
        "-": Fraction(6, 36),
    }


def test_assault_odds_are_sixths_and_sum_to_1() -> None:
    odds = assault_odds(10, -2)
    assert odds.column == "3"
    assert dict(odds) == {"-": Fraction(4, 6), "M": Fraction(1, 6), "M1": Fraction(1, 6)}
    for column in (1, 3, 5, 9, 13, 18, 24, 30):
        assert sum(assault_odds(column, 0).values()) == 1


def test_anti_tank_odds_over_2d6() -> None:
    odds = anti_tank_odds(+1)  # needs 9+ for a step loss, 12+ to eliminate
    assert odds["eliminated"] == Fraction(1, 36)
    assert odds["step_loss"] == Fraction(4 + 3 + 2, 36)
    assert odds["none"] == Fraction(26, 36)
    assert odds.column is None and sum(odds.values()) == 1
    assert anti_tank_odds(20) == {"eliminated": 1}


def test_morale_odds_with_a_check_modifier() -> None:
    odds = morale_odds(7, 2)  # M2 vs 7: 2d6 <= 5 passes, 6-7 disrupted, 8+ demoralized
    assert odds["ok"] == Fraction(10, 36)
    assert odds["disrupted"] == Fraction(11, 36)
    assert odds["demoralized"] == Fraction(15, 36)
    assert odds.any_effect == Fraction(26, 36)
    assert morale_odds(12) == {"ok": 1}


# --- result parsing ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("-", FireResult(code="-", kind="none")),
        ("M", FireResult(code="M", kind="M", morale_mod=0)),
        ("M1", FireResult(code="M1", kind="M", morale_mod=1)),
        ("M2", FireResult(code="M2", kind="M", morale_mod=2)),
        ("1MC", FireResult(code="1MC", kind="MC", steps=1, morale_mod=2)),
        ("3MC", FireResult(code="3MC", kind="MC", steps=3, morale_mod=2)),
        ("1M2", FireResult(code="1M2", kind="M2", steps=1, morale_mod=2)),
        ("2M2", FireResult(code="2M2", kind="M2", steps=2, morale_mod=2)),
    ],
)
def test_parse_result_reads_each_code(code: str, expected: FireResult) -> None:
    assert parse_result(code) == expected


def test_every_table_result_parses() -> None:
    for code in tables.DIRECT_FIRE_RESULTS + tables.ASSAULT_RESULTS:
        assert parse_result(code).code == code


def test_closed_top_afvs_check_as_m_on_mc_but_m2_on_assault_losses() -> None:
    assert parse_result("2MC").closed_top_afv_morale_mod == 0
    assert parse_result("2M2").closed_top_afv_morale_mod == 2
    assert parse_result("M1").closed_top_afv_morale_mod is None


def test_two_or_more_step_losses_must_include_an_afv() -> None:
    assert not parse_result("1MC").needs_afv_step
    assert parse_result("2MC").needs_afv_step
    assert parse_result("3M2").needs_afv_step


@pytest.mark.parametrize("code", ["", "X", "MC", "0MC", "M12", "2M1", "1mc", "—"])
def test_parse_result_refuses_unknown_codes(code: str) -> None:
    with pytest.raises(ValueError, match="not a combat table result"):
        parse_result(code)


# --- data files ----------------------------------------------------------------------------------


def test_every_data_file_names_its_source_chart() -> None:
    for path in sorted(tables.DATA_DIR.glob("*.json")):
        raw = json.loads(path.read_text())
        assert raw["source"].startswith("Panzer Grenadier 4th edition chart: "), path.name
        assert raw["chart"], path.name


def write_table(tmp_path: Path, change) -> Path:
    raw = json.loads((tables.DATA_DIR / "direct_fire.json").read_text())
    change(raw)
    path = tmp_path / "broken_fire.json"
    path.write_text(json.dumps(raw))
    return path


def test_a_table_missing_a_cell_names_the_file_and_cell(tmp_path: Path) -> None:
    path = write_table(tmp_path, lambda raw: raw["rows"]["9"].pop())
    with pytest.raises(TableDataError, match=r"broken_fire\.json: row 9 .*column 45\+"):
        tables.load_table(path, tables.DIRECT_FIRE_RESULTS)


def test_a_table_missing_a_row_names_the_file_and_row(tmp_path: Path) -> None:
    path = write_table(tmp_path, lambda raw: raw["rows"].pop("7"))
    with pytest.raises(TableDataError, match=r"broken_fire\.json: row 7 is missing"):
        tables.load_table(path, tables.DIRECT_FIRE_RESULTS)


def test_a_table_with_an_unknown_result_names_the_file_and_cell(tmp_path: Path) -> None:
    path = write_table(tmp_path, lambda raw: raw["rows"]["4"].__setitem__(2, "M3"))
    with pytest.raises(
        TableDataError, match=r"broken_fire\.json: cell \(column 4, roll 4\) holds 'M3'"
    ):
        tables.load_table(path, tables.DIRECT_FIRE_RESULTS)


def test_direct_fire_results_are_not_allowed_in_the_assault_table(tmp_path: Path) -> None:
    path = write_table(tmp_path, lambda raw: None)
    with pytest.raises(TableDataError, match=r"column 7, roll 2\) holds '1MC'"):
        tables.load_table(path, tables.ASSAULT_RESULTS)


def test_a_table_with_columns_out_of_order_is_refused(tmp_path: Path) -> None:
    path = write_table(
        tmp_path, lambda raw: raw.__setitem__("columns", [1, 2, 4, 7, 11, 16, 30, 22, 45])
    )
    with pytest.raises(TableDataError, match="must ascend"):
        tables.load_table(path, tables.DIRECT_FIRE_RESULTS)


def test_bands_with_a_gap_are_refused(tmp_path: Path) -> None:
    raw = json.loads((tables.DATA_DIR / "anti_tank.json").read_text())
    raw["bands"][1]["min"] = 11
    path = tmp_path / "broken_at.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(TableDataError, match=r"broken_at\.json: band 1 must start at 10"):
        tables.load_bands(path, tables.ANTI_TANK_RESULTS)


def test_bands_with_an_unknown_result_are_refused(tmp_path: Path) -> None:
    raw = json.loads((tables.DATA_DIR / "morale.json").read_text())
    raw["bands"][2]["result"] = "routed"
    path = tmp_path / "broken_morale.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(TableDataError, match=r"broken_morale\.json: band 2 holds 'routed'"):
        tables.load_bands(path, tables.MORALE_RESULTS)


def test_a_corrected_figure_is_a_one_cell_data_change(tmp_path: Path) -> None:
    path = write_table(tmp_path, lambda raw: raw["rows"]["7"].__setitem__(8, "M2"))
    corrected = tables.load_table(path, tables.DIRECT_FIRE_RESULTS)
    assert corrected.lookup(45, 0, 7) == "M2"
    assert direct_fire(45, 0, 7) == "M1"
