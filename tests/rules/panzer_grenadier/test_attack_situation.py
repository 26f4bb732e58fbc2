"""One attack situation for the preview and the resolution: the preview is the resolution
minus the dice (7.0, 9.4, 10.3, 11.1, 12.4, 13.0)."""

from __future__ import annotations

from dataclasses import replace

from games.rules.common.dice import ScriptedDice
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.preview import previews
from tests.rules.panzer_grenadier.turnkit import at, started, unit


def resolution_column(events):
    """The column and shifts of the first attack a resolution's events report."""
    shifts = []
    for e in events:
        data = e.data if hasattr(e, "data") else e
        if e.type == "shift":
            shifts.append((data["shift"], data["reason"], data.get("rule")))
        if e.type == "column":
            return data["column"], shifts
    raise AssertionError("no column event")


def opfire_window():
    s = started([
        unit("ge-1", "ge_rifle", "ge", "A0205"),
        unit("ge-lt", "ge_ldr_lt_a", "ge", "A0205"),
        unit("su-1", "su_rifle", "su", "A0209"),
    ])
    s = apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
              ScriptedDice.of()).state
    return apply(s, "ge-1", {"type": "move", "unit": "ge-1", "path": ["A0206", "A0207"]},
                 ScriptedDice.of()).state


def test_the_opportunity_fire_preview_has_the_13_0_shift_and_the_column_the_attack_uses():
    state = opfire_window()
    cmd = {"type": "opportunity_fire", "firers": ["su-1"], "target": "ge-1",
           "fire_type": "direct"}
    shown = next(p for p in previews(state, "su-1", "su-1") if p["command"] == cmd)
    odds = shown["odds"]
    assert {"shift": 1, "reason": "opportunity fire", "rule": "13.0"} in odds["shifts"]
    step = apply(state, "su-1", cmd, ScriptedDice.of(*[1] * 20))
    column, shifts = resolution_column(step.events)
    assert odds["column"] == column
    assert [(s["shift"], s["reason"], s.get("rule")) for s in odds["shifts"]] == shifts


def activated(units, leader, options=()):
    s = started(units, options=options)
    return apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": leader},
                 ScriptedDice.of()).state


def side_resolution(events, side):
    """(value, shifts, column) of one side's fire in the first assault round."""
    end = next(i for i, e in enumerate(events)
               if e.type == "assault_round" and e.data["order"] == "end")
    events = events[:end]
    fire = next(e for e in events if e.type == "fire" and e.side == side)
    shifts = [(e.data["shift"], e.data["reason"], e.data.get("rule"))
              for e in events if e.type == "shift" and e.side == side]
    column = next(e.data["column"] for e in events if e.type == "column" and e.side == side)
    return fire.data["value"], shifts, column


def test_an_assault_preview_gives_a_defender_on_a_hill_its_12_4_shift_as_the_round_does():
    """A0312 is a level-1 hill above A0412: the defender there fires at +1 on round 1,
    the attackers having come from A0412 (D-COMBAT-HILL-FROM)."""
    state = activated([
        unit("ge-1", "ge_rifle", "ge", "A0412"),
        unit("ge-lt", "ge_ldr_lt_a", "ge", "A0412"),
        unit("su-1", "su_rifle", "su", "A0312", moved_fired=True),  # no opportunity fire
    ], "ge-lt")
    cmd = {"type": "assault", "units": ["ge-1", "ge-lt"], "target": "A0312"}
    shown = next(p for p in previews(state, "ge-1", "ge-1") if p["command"] == cmd)["odds"]
    hill = {"shift": 1, "rule": "12.4",
            "reason": "defender on a hill, higher than every hex the attackers came from"}
    assert hill in shown["sides"]["su"]["shifts"]
    step = apply(state, "ge-1", cmd, ScriptedDice.of(*[6] * 20))
    for side in ("ge", "su"):
        want = shown["sides"][side]
        value, shifts, column = side_resolution(step.events, side)
        assert (want["value"], want["column"]) == (value, column)
        assert [(s["shift"], s["reason"], s.get("rule")) for s in want["shifts"]] == shifts


def test_a_move_ending_in_an_enemy_hex_is_previewed_as_the_assault_it_is_12_1():
    state = activated([
        unit("ge-1", "ge_rifle", "ge", "A0412"),
        unit("ge-lt", "ge_ldr_lt_a", "ge", "A0412"),
        unit("su-1", "su_rifle", "su", "A0312", moved_fired=True),
    ], "ge-lt")
    move = next(p for p in previews(state, "ge-1", "ge-1")
                if p["command"]["type"] == "move" and p["command"]["path"] == ["A0312"])
    assault = next(p for p in previews(state, "ge-1", "ge-1")
                   if p["command"] == {"type": "assault", "units": ["ge-1"], "target": "A0312"})
    assert move["cost"] and move["odds"] == assault["odds"]


def test_an_efficient_move_and_fire_preview_has_the_17_3_shift_the_attack_uses():
    state = activated([
        unit("ge-1", "ge_pz_iv", "ge", "A0205"),
        unit("ge-lt", "ge_ldr_tank_lt", "ge", "A0205"),
        unit("su-1", "su_rifle", "su", "A0207", moved_fired=True),
    ], "ge-lt", options=("efficient_move_fire",))
    cmd = next(p for p in previews(state, "ge-1", "ge-1")
               if p["command"].get("move_and_fire") and p["command"]["fire_type"] == "direct")
    odds = cmd["odds"]
    assert {"shift": -1, "reason": "efficient move & fire", "rule": "17.3"} in odds["shifts"]
    step = apply(state, "ge-1", cmd["command"], ScriptedDice.of(*[1] * 20))
    column, shifts = resolution_column(step.events)
    assert odds["column"] == column
    assert [(s["shift"], s["reason"], s.get("rule")) for s in odds["shifts"]] == shifts


def test_a_smoke_mission_is_previewed_as_smoke_not_as_a_bombardment_d18():
    state = activated([
        unit("ge-1", "ge_mortar_81", "ge", "A0205"),
        unit("ge-lt", "ge_ldr_lt_a", "ge", "A0205"),
        unit("su-1", "su_rifle", "su", "A0207", moved_fired=True),
    ], "ge-lt")
    shown = {p["command"].get("smoke", False): p["odds"] for p in previews(state, "ge-1", "ge-1")
             if p["command"]["type"] == "bombard" and p["command"]["target"] == "A0207"}
    assert shown[True]["kind"] == "smoke" and "probabilities" not in shown[True]
    assert shown[False]["kind"] == "bombardment" and shown[False]["column"]


def test_a_move_into_a_drumfire_hex_previews_the_attack_the_entry_resolves_17_2():
    s = started([
        unit("ge-1", "ge_rifle", "ge", "A0205"),
        unit("ge-lt", "ge_ldr_lt_a", "ge", "A0205"),
        unit("su-m", "su_mortar_82", "su", "A0912", moved_fired=True),
    ], options=("drumfire",))
    s = replace(s, markers={**s.markers, at("A0206"): frozenset({"drumfire",
                                                                 "drumfire:su-m:0:on"})})
    s = apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
              ScriptedDice.of()).state
    move = next(p for p in previews(s, "ge-1", "ge-1")
                if p["command"]["type"] == "move" and p["command"]["path"] == ["A0206"])
    (hex_,) = move["drumfire"]
    (attack,) = hex_["attacks"]
    assert hex_["hex"] == "A0206" and attack["kind"] == "drumfire" and attack["value"] > 0
    step = apply(s, "ge-1", move["command"], ScriptedDice.of(*[6] * 20))
    fire = next(i for i, e in enumerate(step.events)
                if e.type == "fire" and e.data.get("kind") == "drumfire")
    column, shifts = resolution_column(step.events[fire:])
    assert step.events[fire].data["value"] == attack["value"] and attack["column"] == column
    assert [(x["shift"], x["reason"], x.get("rule")) for x in attack["shifts"]] == shifts


def test_an_assault_on_leaders_alone_previews_their_survival_rolls_not_assault_fire_6_71():
    state = activated([
        unit("ge-1", "ge_rifle", "ge", "A0412"),
        unit("ge-lt", "ge_ldr_lt_a", "ge", "A0412"),
        unit("su-l", "su_ldr_lt_a", "su", "A0312", moved_fired=True),
    ], "ge-lt")
    cmd = {"type": "assault", "units": ["ge-1"], "target": "A0312"}
    odds = next(p for p in previews(state, "ge-1", "ge-1") if p["command"] == cmd)["odds"]
    (roll,) = odds["overrun"]
    assert odds["sides"] == {} and roll["unit"] == "su-l" and roll["rule"] == "6.71"
    step = apply(state, "ge-1", cmd, ScriptedDice.of(*[1] * 10))
    survival = next(e for e in step.events if e.type == "leader_survival")
    assert survival.data["morale"] == roll["morale"] and survival.data["survived"]
