"""Bots set up their Panzer Leader forces where a situation gives them set-up areas (PL-E1):
every level places each unit in a hex of its area, the Germans first, and plays the
situation to its end with nothing refused."""

from __future__ import annotations

import pytest

from games.bots.arena import play_game
from games.rules.panzer_leader.core.state import SETUP
from games.rules.registry import ruleset
from tests.designkit import pl_setup_situation

PL = ruleset("panzer_leader")
AREAS = {"ge-rifle-1": {"N-G-3", "N-G-4", "N-H-4"}, "ge-mg-1": {"N-G-3", "N-G-4", "N-H-4"},
         "al-m4-1": {"N-A-2", "N-A-3"}, "al-m4-2": {"N-A-2", "N-A-3"}}


@pytest.mark.parametrize("level", ["recruit", "veteran", "elite"])
def test_pl_e1_every_bot_level_sets_up_in_its_areas_and_plays_to_the_end(level):
    doc = pl_setup_situation()
    PL.load_document(doc)
    seen = []
    record = play_game(doc["id"], {"allied": level, "german": level}, "s1", watch=seen.append)
    assert not record.capped and record.refused == [] and record.result["reason"]
    assert seen[0].phase == SETUP
    start = next(s for s in seen if s.phase != SETUP)
    hexes = {uid: start.units[uid].hex for uid in AREAS}
    for uid, area in AREAS.items():
        assert hexes[uid] in area, (uid, hexes[uid])
