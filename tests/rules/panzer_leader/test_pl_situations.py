"""The full-size boards (2.1-2.5) and the situations built from the published forces (PL-E25).

The forces are checked against `tests/data/pl_counters.json`, which copies pl-counters.md,
section 3 (the published situations as the OpenPanzerBlitz transcription gives them).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from games.rules.panzer_leader.core import setup
from games.rules.panzer_leader.core.board import board_file, build_map
from games.rules.panzer_leader.core.scenario import bundled_scenarios, register, scenario_from_dict
from games.rules.panzer_leader.core.units import catalogue
from games.rules.panzer_leader.presentation import map_payload

TRANSCRIPTION = json.loads(
    (Path(__file__).resolve().parents[2] / "data" / "pl_counters.json").read_text(encoding="utf-8"))
PUBLISHED = {sid: s for sid, s in bundled_scenarios().items() if s.raw.get("source")}
FULL = ("E", "F", "G", "H")
AIR = {"us_p47": {"bombs": "p-47-bombs", "rockets": "p-47-rockets"}, "us_l5": {None: "l-5"},
       "gb_typhoon": {"rockets": "typhoon-rockets"}}


def number(sit) -> str:
    return sit.raw["source"].rsplit(" ", 1)[1]


def test_at_least_twelve_situations_come_from_the_published_forces():
    assert len(PUBLISHED) >= 12
    assert all(s.raw["source"].startswith("pl-counters.md, section 3, situation ")
               for s in PUBLISHED.values())


@pytest.mark.parametrize("sid", sorted(PUBLISHED))
def test_pl_e25_each_situation_fields_the_published_forces_turns_and_first_mover(sid):
    sit = PUBLISHED[sid]
    published = TRANSCRIPTION["situations"][number(sit)]
    assert sit.turns == published["turns"]
    mover = {"GE": "german", "US": "allied", "UK": "allied"}[published["moves_first"]]
    assert sit.sides[0]["id"] == mover == sit.raw["victory"]["attacker"]
    for side in ("allied", "german"):
        want = Counter()
        for code, force in published["forces"].items():
            if {"GE": "german"}.get(code, "allied") == side:
                want.update(force)
        got = Counter()
        for g in sit.raw["forces"]:
            if g["side"] == side:
                got[catalogue()[g["type"]].source] += int(g["count"])
        for a in sit.raw.get("aircraft", ()):
            if a["side"] == side:
                got[AIR[a["type"]][a.get("ordnance")]] += int(a["count"])
        blocks = len(sit.raw.get("blocks", ()))
        if blocks and "block" in want:
            got["block"] += blocks
        assert got == want, side


@pytest.mark.parametrize("sid", sorted(PUBLISHED))
def test_each_published_situation_sets_up_where_the_rules_allow(sid):
    sit = PUBLISHED[sid]
    assert setup.problems(sit) == []
    assert sit.raw["victory"]["objectives"]
    assert {e["board"] for e in sit.raw["map"]} <= set(FULL)


@pytest.mark.parametrize("board", FULL)
def test_the_full_size_boards_are_a_published_sections_33_by_11_hexes(board):
    raw = board_file(board)
    assert len(raw["terrain"]) == len(raw["elevation"]) == 11
    assert {len(row) for row in raw["terrain"]} == {33}


@pytest.mark.parametrize("a", ["E", "F", "G"])
@pytest.mark.parametrize("b", FULL)
def test_2_1_any_two_boards_join_long_edge_to_long_edge_and_e_f_g_short_to_short(a, b):
    """The sea edge of H joins nothing: H goes below another board, never beside one."""
    build_map([{"board": a, "at": [0, 0]}, {"board": b, "at": [0, 10], "join": True}])
    if b != "H":
        build_map([{"board": a, "at": [0, 0]}, {"board": b, "at": [32, 0], "join": True}])
    else:
        with pytest.raises(ValueError, match="drawn differently"):
            build_map([{"board": a, "at": [0, 0]}, {"board": b, "at": [32, 0], "join": True}])


def test_2_2_qa_g3_two_half_hexes_make_one_hex_named_from_either_board():
    m = build_map([{"board": "E", "at": [0, 0]}, {"board": "G", "at": [32, 0], "join": True}])
    assert len(m.hexes) == 2 * 33 * 11 - 11
    h = m.hex("E-GG-6")
    assert m.hex("G-A-6") == h and m.label(h) == "E-GG-6" and m.interior_half(h)
    assert not m.interior_half(m.hex("E-A-6"))  # an outer edge half hex is whole for play
    # the roads that cross every board's short edge at row 6 run on through the joined hex
    assert sum(m.is_road(h, n) for n in m.neighbors(h)) == 2


def test_2_2_qa_g2_no_unit_sets_up_and_no_objective_lies_in_an_interior_half_hex():
    raw = {"id": "half-hex-test", "title": "t", "turns": 3,
           "sides": [{"id": "allied"}, {"id": "german"}],
           "map": [{"board": "E", "at": [0, 0]}, {"board": "G", "at": [32, 0], "join": True}],
           "forces": [{"side": "german", "type": "de_rifle", "at": ["G-A-3"], "count": 1}],
           "victory": {"attacker": "allied", "objectives": ["E-H-6"],
                       "levels": {"decisive": 9, "tactical": 6, "marginal": 2}}}
    sit = scenario_from_dict(raw)
    register(sit)
    assert any("interior half hex" in p for p in setup.problems(sit))
    with pytest.raises(ValueError, match="interior half hex"):
        scenario_from_dict({**raw, "victory": {**raw["victory"], "objectives": ["G-A-3"]}})


def test_pl_e24_a_board_draws_cliffs_slope_runs_and_ridges_as_hexside_data():
    m = build_map([{"board": "F", "at": [0, 0]}])
    ridge = m.symbols(m.hex("F-Q-5"), m.hex("F-Q-6"))
    assert {"ridge", "brown"} <= ridge  # sight reads a ridge as a brown hexside
    assert "cliff" in m.symbols(m.hex("F-M-6"), m.hex("F-M-7"))
    with pytest.raises(ValueError, match="unknown hexside symbols"):
        build_map([{"board": "T", "drawing": {
            "id": "T", "terrain": ["..", ".."], "elevation": ["00", "00"],
            "hexsides": [{"a": [0, 0], "b": [0, 1], "features": ["wall"]}]}}])


def test_pl_e24_the_board_payload_carries_the_drawn_hexsides():
    sid = next(s for s in sorted(PUBLISHED) if any(e["board"] == "F"
                                                   for e in PUBLISHED[s].raw["map"]))
    features = {f for side in map_payload(sid)["hexsides"] for f in side["features"]}
    assert {"ridge", "cliff", "green", "brown"} <= features
