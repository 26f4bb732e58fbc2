"""A Panzer Leader state is stored under the keys saved games and exports already use
(core/state.py: to_json, from_json), whatever its fields are called in code."""

from __future__ import annotations

from games.rules.panzer_leader.core.state import from_json, state_hash, to_json

from .kit import clear, world


def test_the_phasing_side_is_stored_under_active_as_saved_games_have_it():
    s = world(clear(), units=[("r", "us_rifle", "allied", "4,4")], active="german")
    raw = to_json(s)
    assert raw["active"] == "german" and "active_side" not in raw
    assert state_hash(from_json(raw)) == state_hash(s)
