"""Smoke missions (16, D18, D-SMOKE-1): placed instead of an attack, block sight, removal rolls."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.combat import board
from games.rules.panzer_grenadier.core.registry import game_map
from games.rules.panzer_grenadier.core.sequence import _end_action_phase
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from tests.rules.panzer_grenadier.turnkit import at, started, unit

SMOKE = {"type": "bombard", "firers": ["ge-m"], "target": "A0204", "smoke": True}


def mortar_game(**kw):
    s = started([unit("ge-m", "ge_mortar_81", "ge", "A0202", steps=1),
                 unit("su-1", "su_rifle", "su", "A0205")], **kw)
    return apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-m"},
                 ScriptedDice.of()).state


def test_d18_a_smoke_mission_places_a_marker_instead_of_attacking():
    step = apply(mortar_game(), "ge-1", SMOKE, ScriptedDice.of())
    s = step.state
    assert "smoke" in s.markers_at(at("A0204"))
    assert [e.type for e in step.events][0] == "smoke_placed"
    assert not any(e.type in ("fire", "roll") for e in step.events)  # no attack, no dice
    assert s.units["ge-m"].moved_fired and s.units["su-1"].steps == 2


def test_d18_smoke_blocks_the_line_of_sight_through_its_hex():
    s = mortar_game()
    m = game_map(s)
    assert board.can_see(m, s, s.units["ge-m"], at("A0205"))
    s = apply(s, "ge-1", SMOKE, ScriptedDice.of()).state
    assert not board.can_see(m, s, s.units["ge-m"], at("A0205"))


def test_d18_a_smoke_mission_is_offered_beside_each_bombardment():
    groups = legal_commands(mortar_game(), "ge-1")
    plain = [c for c in groups["bombard"] if not c.get("smoke")]
    smoke = [c for c in groups["bombard"] if c.get("smoke")]
    assert plain and len(smoke) == len(plain)


def test_d18_smoke_needs_what_a_bombardment_needs():
    s = mortar_game()
    with pytest.raises(IllegalCommand) as exc:
        apply(s, "ge-1", {**SMOKE, "target": "A1510"}, ScriptedDice.of())  # out of range
    assert exc.value.rule == "D18"


def test_d_smoke_1_a_smoke_mission_does_not_count_toward_drumfire():
    s = mortar_game(options=("drumfire",))
    s = apply(s, "ge-1", SMOKE, ScriptedDice.of()).state
    assert not any(m.startswith("bombarded") for m in s.markers_at(at("A0204")))


@pytest.mark.parametrize(("roll", "removed"), [(3, True), (4, False)])
def test_d_smoke_1_the_marker_removal_phase_removes_smoke_on_1_to_3(roll, removed):
    s = apply(mortar_game(), "ge-1", SMOKE, ScriptedDice.of()).state
    s = replace(s, activation=None)
    s, events = _end_action_phase(s, ScriptedDice.of(roll, 6, 1), [], reason="test")
    ev = next(e for e in events if e.type == "smoke_removal")
    assert ev.data == {"hex": "A0204", "roll": roll, "removed": removed}
    assert ("smoke" in s.markers_at(at("A0204"))) is not removed
