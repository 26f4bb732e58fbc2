"""Each ruleset charts its own terrain (`terrain_chart`): a name players read and the colour
the board fills it with, which the maps drawn outside the board (the battle cards'
thumbnails) take too."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.lobby.thumbnail import UNKNOWN_FILL
from games.rules.registry import RULESETS

LAYERS_JS = Path(__file__).parents[2] / "static" / "games" / "js" / "board" / "layers.js"


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_every_terrain_of_every_bundled_map_has_a_name_and_a_colour_of_its_own(ruleset_id):
    rules = RULESETS[ruleset_id]
    chart = rules.terrain_chart()
    drawn = {h["terrain"] for sid in rules.scenarios() for h in rules.map_payload(sid)["hexes"]}
    assert drawn and drawn <= set(chart), drawn - set(chart)
    for terrain in drawn:
        assert chart[terrain]["fill"] != UNKNOWN_FILL
        assert chart[terrain]["name"] and "_" not in chart[terrain]["name"]


def test_panzer_leaders_woods_stream_beach_and_sea_are_coloured_as_its_board_draws_them():
    chart = RULESETS["panzer_leader"].terrain_chart()
    assert {chart[t]["name"] for t in ("woods", "stream", "beach", "sea")} == {
        "Woods", "Stream", "Beach", "Sea"}
    assert len({c["fill"] for c in chart.values()}) == len(chart)  # no two terrains alike


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_the_board_fills_each_terrain_with_the_rulesets_colour(ruleset_id):
    # The board paints a pattern over the fill (layers.js); the fill itself is the chart's.
    board = dict(re.findall(r'^\s+(\w+): \{ fill: "(#[0-9a-f]{6})"', LAYERS_JS.read_text(),
                            re.MULTILINE))
    chart = RULESETS[ruleset_id].terrain_chart()
    assert {t: board.get(t) for t in chart} == {t: c["fill"] for t, c in chart.items()}
