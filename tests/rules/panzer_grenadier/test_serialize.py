"""State JSON round trip with a schema version; the state hash the verifier compares."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.core.scenario import bundled_scenarios, initial_state
from games.rules.panzer_grenadier.core.serialize import (
    SCHEMA,
    SchemaError,
    canonical_json,
    canonical_state_json,
    encode,
    state_from_json,
    state_hash,
    state_to_json,
)
from games.rules.panzer_grenadier.engine import apply
from tests.rules.panzer_grenadier.turnkit import started, unit


def round_trip(s):
    return state_from_json(json.loads(json.dumps(state_to_json(s))))


def test_every_bundled_opening_state_round_trips_through_json():
    for scen in bundled_scenarios().values():
        s = initial_state(scen)
        assert round_trip(s) == s
        assert state_hash(round_trip(s)) == state_hash(s)


def test_a_state_mid_activation_with_an_opportunity_fire_window_round_trips():
    s = started([unit("ge-1", "ge_rifle", "ge", "A0205"), unit("ge-lt", "ge_ldr_lt_a", "ge",
                                                               "A0205"),
                 unit("su-1", "su_rifle", "su", "A0209")])
    s = apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
              ScriptedDice.of()).state
    s = apply(s, "ge-1", {"type": "move", "unit": "ge-1", "path": ["A0206"]},
              ScriptedDice.of()).state
    assert s.opfire is not None
    assert s.activation.mp_spent["ge-1"] == Fraction(1)
    back = round_trip(s)
    assert back == s
    assert back.opfire.hex == s.opfire.hex


def test_the_document_carries_the_schema_version_and_refuses_another():
    doc = state_to_json(started([unit("ge-1", "ge_rifle", "ge", "A0205")]))
    assert doc["schema"] == SCHEMA == 1
    with pytest.raises(SchemaError):
        state_from_json({**doc, "schema": 2})


def test_the_lookup_cache_is_not_part_of_the_state():
    s = started([unit("ge-1", "ge_rifle", "ge", "A0205")])
    before = canonical_json(state_to_json(s))
    s.units_at(s.units["ge-1"].hex)  # builds the hex index
    assert "_by_hex" not in state_to_json(s)["state"]
    assert canonical_json(state_to_json(s)) == before
    assert replace(s, turn=2)._by_hex is None


def test_the_fast_canonical_text_equals_the_plain_one():
    s = started([unit("ge-1", "ge_rifle", "ge", "A0205", status=st.DISRUPTED),
                 unit("su-1", "su_rifle", "su", "A0909")])
    assert canonical_state_json(s) == canonical_json(state_to_json(s))


def test_the_hash_changes_when_anything_changes():
    s = started([unit("ge-1", "ge_rifle", "ge", "A0205")])
    assert state_hash(s) != state_hash(s.with_unit(replace(s.units["ge-1"], steps=1)))
    assert state_hash(s) != state_hash(replace(s, turn=2))


def test_a_state_after_a_change_encodes_as_a_fresh_encoding_does_reusing_unchanged_counters():
    s = initial_state(bundled_scenarios()["meeting-at-kessel"])
    first = state_to_json(s)
    uid = sorted(s.units)[0]
    moved = replace(s, units={**s.units, uid: replace(s.units[uid], steps=1)})
    second = state_to_json(moved)
    assert json.dumps(second) == json.dumps({"schema": SCHEMA, "state": encode(moved)})
    assert second["state"]["units"][uid]["steps"] == 1
    other = sorted(s.units)[1]
    assert second["state"]["units"][other] is first["state"]["units"][other]


def test_the_state_an_undo_keeps_encodes_as_a_fresh_encoding_does_sharing_the_counters():
    units = [unit("ge-1", "ge_rifle", "ge", "A0101"), unit("ge-lt", "ge_ldr_lt_a", "ge", "A0101"),
             unit("su-1", "su_rifle", "su", "A1006")]
    led = apply(started(units), "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
                ScriptedDice.of()).state
    moved = apply(led, "ge-1", {"type": "move", "unit": "ge-1", "path": ["A0102"]},
                  ScriptedDice.of(*[6] * 20)).state
    assert moved.undo is not None and moved.undo.state.units["su-1"] is moved.units["su-1"]
    doc = state_to_json(moved)
    assert json.dumps(doc) == json.dumps({"schema": SCHEMA, "state": encode(moved)})
    assert round_trip(moved) == moved
    kept = doc["state"]["undo"]["state"]["units"]
    # A counter the move did not touch is the one encoding, not a second copy of it.
    assert kept["su-1"] is doc["state"]["units"]["su-1"]
    assert kept["ge-1"]["hex"] != doc["state"]["units"]["ge-1"]["hex"]
    assert canonical_state_json(moved) == canonical_json(doc)
