"""Boards and maps: loading, validation by path, labels, seams, hexsides, roads, hills, edges (D20)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.rules.common.hexgrid import Hex, distance, offset_to_axial
from games.rules.panzer_grenadier.core.maps import Map, MapError, load_board, validate_board

DATA = Path(__file__).parents[2] / "data"
ROOT = Path(__file__).parents[3]
TINY = load_board(DATA / "boards" / "tiny.json")
BUNDLED = sorted((ROOT / "games" / "data" / "boards").glob("*.json"))


def six_tiny_boards() -> Map:
    spec = {
        "boards": [{"board": "tiny", "label": "ABCDEF"[i], "at": [i % 3, i // 3]} for i in range(6)]
    }
    return Map.from_spec(spec, {"tiny": TINY})


@pytest.mark.parametrize(
    "path",
    [DATA / "boards" / n for n in ("tiny.json", "sight.json", "spot.json")] + BUNDLED,
    ids=lambda p: p.name,
)
def test_a_good_board_loads_and_makes_a_map(path):
    board = load_board(path)
    m = Map.from_board(board)
    assert len(m.hexes) == board["columns"] * board["rows"]


def test_every_problem_of_a_bad_board_is_listed_by_path():
    bad = copy.deepcopy(TINY)
    bad["terrain"][3] = "....R"  # 5 columns
    bad["terrain"][1] = ".t.fsX"  # X not in the legend
    bad["elevation"][2] = "00a100"
    bad["legend"]["m"] = "marsh"
    bad["hexsides"].append({"hex": "0101", "side": "N", "feature": "stream"})
    bad["hexsides"].append({"hex": "0909", "side": "S", "feature": "ford"})
    bad["roads"].append({"kind": "road", "hexes": ["0101", "0303"]})
    problems = validate_board(bad)
    expected_starts = [
        "tiny.terrain[3]: row has 5 columns, expected 6",
        "tiny.terrain[1]: characters not in legend: 'X'",
        "tiny.elevation[2]:",
        "tiny.legend.m:",
        "tiny.hexsides[3].side: N side of 0101 leads off the board",
        "tiny.hexsides[4].hex: '0909' is not on a 6x4 board",
        "tiny.roads[2].hexes[1]: 0303 is not adjacent to 0101",
    ]
    for start in expected_starts:
        assert any(p.startswith(start) for p in problems), (start, problems)
    assert len(problems) == len(expected_starts)
    with pytest.raises(MapError) as exc:
        Map.from_board(bad)
    assert set(exc.value.problems) == set(problems)


def test_a_board_with_an_odd_number_of_columns_is_refused():
    bad = copy.deepcopy(TINY)
    bad["columns"] = 5
    bad["terrain"] = [row[:5] for row in bad["terrain"]]
    bad["elevation"] = [row[:5] for row in bad["elevation"]]
    assert any(p.startswith("tiny.columns:") for p in validate_board(bad))


def test_every_problem_of_a_bad_map_spec_is_listed_by_path():
    small = dict(
        copy.deepcopy(TINY),
        id="small",
        columns=4,
        terrain=[r[:4] for r in TINY["terrain"]],
        elevation=[r[:4] for r in TINY["elevation"]],
        hexsides=[],
        roads=[],
    )
    spec = {
        "boards": [
            {"board": "tiny", "label": "A", "at": [0, 0]},
            {"board": "x", "label": "B", "at": [1, 0]},
            {"board": "tiny", "label": "A", "at": [2, 0]},
            {"board": "tiny", "label": "C", "at": [0, 0]},
            {"board": "small", "label": "D", "at": [0, -1]},
        ]
    }
    with pytest.raises(MapError) as exc:
        Map.from_spec(spec, {"tiny": TINY, "small": small})
    problems = exc.value.problems
    assert "boards[1].board: unknown board 'x'" in problems
    assert "boards[2].label: 'A' already used by boards[0]" in problems
    assert "boards[3].at: [0, 0] already used by boards[0]" in problems
    assert "boards[4].at: expected [x, y] with non-negative integers, got [0, -1]" in problems
    assert any(p.startswith("boards: all boards of a map must be the same size") for p in problems)


def test_an_empty_map_spec_is_refused():
    with pytest.raises(MapError, match="boards: expected a non-empty list"):
        Map.from_spec({"boards": []}, {})


def test_load_board_reports_bad_json(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(MapError, match="broken.json: not valid JSON"):
        load_board(path)


def test_labels_name_board_column_and_row():
    m = six_tiny_boards()
    assert m.label(offset_to_axial(2, 3)) == "A0304"
    assert m.label(offset_to_axial(6, 0)) == "B0101"
    assert m.label(offset_to_axial(17, 7)) == "F0604"
    assert m.parse_label("F0604") == offset_to_axial(17, 7)


def test_every_label_round_trips_across_six_boards():
    m = six_tiny_boards()
    labels = {m.label(h) for h in m.hexes}
    assert len(labels) == len(m.hexes) == 6 * 24
    for h in m.hexes:
        assert m.parse_label(m.label(h)) == h


@pytest.mark.parametrize(
    ("label", "message"),
    [
        ("G0101", "no board 'G' on this map"),
        ("A0705", "board A has columns 01-06 and rows 01-04"),
        ("A0105", "board A has columns 01-06 and rows 01-04"),
        ("A315", "not a hex label"),
        ("0101", "not a hex label"),
    ],
)
def test_a_bad_label_says_why(label, message):
    with pytest.raises(MapError, match=message):
        six_tiny_boards().parse_label(label)


def test_boards_joined_side_by_side_are_adjacent_across_the_seam():
    m = six_tiny_boards()
    for row in range(1, 5):
        east_edge_of_a = m.parse_label(f"A06{row:02d}")
        across = [n for n in m.neighbors(east_edge_of_a) if m.game_map(n) == "B"]
        assert across, f"A06{row:02d} has no neighbour on board B"
        assert all(m.label(n).startswith("B01") for n in across)


def test_boards_joined_one_above_the_other_are_adjacent_across_the_seam():
    m = six_tiny_boards()
    for col in range(1, 7):
        assert distance(m.parse_label(f"A{col:02d}04"), m.parse_label(f"D{col:02d}01")) == 1


def test_a_road_continues_across_a_seam_where_road_ends_meet():
    m = six_tiny_boards()
    assert m.road_between(m.parse_label("A0604"), m.parse_label("B0104")) == "road"
    assert m.road_between(m.parse_label("A0504"), m.parse_label("A0604")) == "road"
    assert m.road_between(m.parse_label("A0201"), m.parse_label("A0302")) == "trail"
    assert m.road_between(m.parse_label("A0101"), m.parse_label("A0102")) is None


def test_hexside_features_include_derived_elevation_lines():
    m = Map.from_board(TINY)
    p = m.parse_label
    assert m.hexside_features(p("A0101"), p("A0102")) == {"stream"}
    assert m.hexside_features(p("A0102"), p("A0101")) == {"stream"}
    assert m.hexside_features(p("A0201"), p("A0202")) == {"stream", "ford"}
    assert m.hexside_features(p("A0302"), p("A0402")) == {"stream", "bridge", "elevation_line"}
    assert m.hexside_features(p("A0201"), p("A0301")) == {"elevation_line"}
    assert m.hexside_features(p("A0501"), p("A0601")) == frozenset()


def test_a_hill_hex_is_one_containing_an_elevation_line():
    """5.1/8.2: a hex with a lower neighbour holds the elevation line; flat high ground does not."""
    board = dict(
        copy.deepcopy(TINY),
        hexsides=[],
        roads=[],
        elevation=["111100", "111100", "111100", "000000"],
    )
    m = Map.from_board(board)
    p = m.parse_label
    assert not m.is_hill(p("A0101"))  # level 1 surrounded by level 1 (and the map edge)
    assert m.is_hill(p("A0401"))  # level 1 next to level 0
    assert not m.is_hill(p("A0501"))  # level 0 is never a hill
    assert m.elevation(p("A0101")) == 1


def test_terrain_and_elevation_come_from_the_board():
    m = Map.from_board(TINY)
    p = m.parse_label
    assert m.terrain(p("A0301")).key == "light_woods"
    assert m.terrain_key(p("A0303")) == "heavy_woods"
    assert m.terrain(p("A0502")).key == "swamp"
    assert m.terrain(p("A0503")).key == "river"
    assert m.elevation(p("A0402")) == 2
    assert m.contains(p("A0604")) and not m.contains(Hex(40, 40))


def test_D20_edges_are_the_sides_of_the_whole_map():
    """D20: units enter and exit through map-edge hexes; edge() names the map sides a hex is on."""
    m = six_tiny_boards()
    p = m.parse_label
    assert m.edge(p("A0101")) == {"N", "W"}
    assert m.edge(p("A0601")) == {"N"}  # the seam with board B is not an edge
    assert m.edge(p("C0604")) == {"E"}
    assert m.edge(p("F0604")) == {"E", "S"}
    assert m.edge(p("E0302")) == frozenset() and not m.is_edge(p("E0302"))
    west = m.edge_hexes("W")
    assert [m.label(h) for h in west] == [f"A01{r:02d}" for r in range(1, 5)] + [
        f"D01{r:02d}" for r in range(1, 5)
    ]
    assert [m.label(h) for h in m.edge_hexes("N", "B")] == [f"B{c:02d}01" for c in range(1, 7)]


def test_neighbors_stay_on_the_map():
    m = Map.from_board(TINY)
    assert len(m.neighbors(m.parse_label("A0101"))) == 2
    assert len(m.neighbors(m.parse_label("A0302"))) == 6


@settings(deadline=None)  # no time limit: a busy machine is no failure
@given(st.integers(0, 17), st.integers(0, 7))
def test_label_round_trip_property(col, row):
    m = six_tiny_boards()
    h = offset_to_axial(col, row)
    assert m.parse_label(m.label(h)) == h


def test_bundled_boards_share_one_size_so_any_six_make_a_map():
    if len(BUNDLED) < 6:
        pytest.skip("fewer than six bundled boards")
    boards = {b["id"]: b for b in (json.loads(p.read_text()) for p in BUNDLED[:6])}
    spec = {
        "boards": [
            {"board": bid, "label": "ABCDEF"[i], "at": [i % 3, i // 3]}
            for i, bid in enumerate(sorted(boards))
        ]
    }
    m = Map.from_spec(spec, boards)
    assert len(m.hexes) == sum(b["columns"] * b["rows"] for b in boards.values())


HEX_CASES = json.loads((DATA / "hex_cases.json").read_text())


def _blank_board(board_id: str, columns: int, rows: int) -> dict:
    return {"id": board_id, "name": board_id, "columns": columns, "rows": rows,
            "legend": {".": "clear"}, "terrain": ["." * columns] * rows, "elevation": ["0" * columns] * rows}  # fmt: skip


@pytest.mark.parametrize("case", HEX_CASES["labels"], ids=lambda c: c["label"])
def test_labels_match_the_shared_hex_cases(case):
    """The same label cases the browser's hex.js is tested on."""
    layout = case["layout"]
    board = _blank_board("blank", layout["columns"], layout["rows"])
    spec = {
        "boards": [{"board": "blank", "label": k, "at": v} for k, v in layout["boards"].items()]
    }
    m = Map.from_spec(spec, {"blank": board})
    assert m.label(Hex(*case["hex"])) == case["label"]
    assert m.parse_label(case["label"]) == Hex(*case["hex"])


def test_the_board_schema_is_a_valid_json_schema():
    import jsonschema

    schema = json.loads((ROOT / "games" / "rules" / "panzer_grenadier" / "data" / "board.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)


def test_road_kinds_name_the_roads_in_a_hex():
    m = six_tiny_boards()
    p = m.parse_label
    assert m.road_kinds(p("A0604")) == {"road"}
    assert m.road_kinds(p("A0201")) == {"trail"}
    assert m.road_kinds(p("A0402")) == frozenset()


def test_D_MAP_1_a_road_joins_only_a_road_and_only_once_across_a_seam():
    """D-MAP-1: A0604's road end touches B0104 (a road end) and E0101 (a trail end): it joins B only."""
    m = six_tiny_boards()
    p = m.parse_label
    assert m.road_between(p("A0604"), p("B0104")) == "road"
    assert m.road_between(p("A0604"), p("E0101")) is None
    assert m.road_between(p("B0104"), p("E0101")) is None
    assert m.road_between(p("D0604"), p("E0104")) == "road"
