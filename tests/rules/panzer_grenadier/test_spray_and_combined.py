"""Commands the engine could always resolve and the board could not send (issue 13): HMG spray
fire (10.1) and combined bombardment, on-board guns together and off-board increments
together (9.3); each listed, previewed from its resolution's declarations, and applied."""

from __future__ import annotations

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand, InvalidCommand
from games.rules.panzer_grenadier.core.commands import parse_command
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from games.rules.panzer_grenadier.preview import previews
from tests.rules.panzer_grenadier.turnkit import started, unit


def hmg_at_work():
    """A German HMG (7 factors, range 6) activated, two Soviet platoons in sight."""
    s = started([unit("ge-h", "ge_hmg", "ge", "A0101"),
                 unit("su-1", "su_rifle", "su", "A0104"), unit("su-2", "su_rifle", "su", "A0204")])
    return apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-h"},
                 ScriptedDice.of()).state


def test_a_spray_command_needs_two_targets_and_a_count_for_each_10_1():
    ok = {"type": "spray_fire", "firer": "ge-h", "targets": ["A0104", "A0204"], "factors": [4, 3]}
    assert parse_command(ok).get("factors") == (4, 3)
    for bad in ({**ok, "targets": ["A0104"], "factors": [7]},
                {**ok, "factors": [4]}, {**ok, "factors": [4, 0]}, {**ok, "factors": [4, True]}):
        with pytest.raises(InvalidCommand):
            parse_command(bad)


def test_the_board_is_offered_spray_fire_split_evenly_between_two_hexes_d_legal_1():
    s = hmg_at_work()
    sprays = legal_commands(s, "ge-1")["spray_fire"]
    assert {"type": "spray_fire", "firer": "ge-h", "targets": ["A0104", "A0204"],
            "factors": [4, 3]} in sprays


def test_spray_fire_attacks_each_hex_with_its_factors_and_the_hmg_fires_once_10_1():
    s = hmg_at_work()
    cmd = next(iter(legal_commands(s, "ge-1")["spray_fire"]))
    preview = next(p for p in previews(s, "ge-1", "ge-h") if p["command"] == cmd)
    parts = preview["odds"]["parts"]
    assert [p["value"] for p in parts] == cmd["factors"]
    step = apply(s, "ge-1", cmd, ScriptedDice.of(*[6] * 30))
    fires = [e for e in step.events if e.type == "fire"]
    columns = [e for e in step.events if e.type == "column"]
    assert [e.data["value"] for e in fires] == cmd["factors"]  # the preview's values, each part
    assert [e.data["column"] for e in columns] == [p["column"] for p in parts]
    assert step.state.units["ge-h"].moved_fired or "ge-h" in step.state.activation.done


def test_spray_fire_is_refused_below_three_factors_a_hex_or_beyond_the_hmgs_factors():
    s = hmg_at_work()
    for factors, why in (([5, 2], "at least 3"), ([5, 4], "sprays 9")):
        cmd = {"type": "spray_fire", "firer": "ge-h", "targets": ["A0104", "A0204"],
               "factors": factors}
        with pytest.raises(IllegalCommand, match=why):
            apply(s, "ge-1", cmd, ScriptedDice.of(*[6] * 30))


def test_adjacent_guns_are_offered_a_combined_bombardment_9_3():
    s = started([unit("ge-m1", "ge_mortar_81", "ge", "A0101"),
                 unit("ge-m2", "ge_mortar_81", "ge", "A0102"),
                 unit("ge-lt", "ge_ldr_lt_a", "ge", "A0101"),
                 unit("su-1", "su_rifle", "su", "A0106")])
    s = apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
              ScriptedDice.of()).state
    together = [c for c in legal_commands(s, "ge-1")["bombard"] if len(c.get("firers", ())) == 2]
    assert together and together[0]["firers"] == ["ge-m1", "ge-m2"]
    assert not any(c.get("smoke") for c in together)  # smoke is one gun's mission
    odds = next(p for p in previews(s, "ge-1", "ge-m1") if p["command"] == together[0])["odds"]
    assert odds["value"] == 16
    step = apply(s, "ge-1", together[0], ScriptedDice.of(*[6] * 30))
    fire = next(e for e in step.events if e.type == "fire")
    column = next(e for e in step.events if e.type == "column")
    assert fire.data["value"] == 16 and column.data["column"] == odds["column"]
