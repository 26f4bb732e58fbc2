"""Off-board artillery increments fired through `bombard` (9.2, D-OFFBOARD-1)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand, InvalidCommand
from games.rules.panzer_grenadier.combat.bombardment import validate_bombardment
from games.rules.panzer_grenadier.combat.fire import BOMBARDMENT, FireDeclaration, OffBoardIncrement
from games.rules.panzer_grenadier.core import activation as act
from games.rules.panzer_grenadier.core import offboard
from games.rules.panzer_grenadier.core.acting import known_enemies
from games.rules.panzer_grenadier.core.commands import parse_command
from games.rules.panzer_grenadier.core.registry import (
    catalogue_for,
    game_map,
    hex_label,
    register_scenario,
)
from games.rules.panzer_grenadier.core.scenario_model import Increment, SpecialRule
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from tests.rules.panzer_grenadier.seeded import seeded_game
from tests.rules.panzer_grenadier.turnkit import board_map, game, unit


@dataclass
class ArtScenario:
    id: str
    special_rules: tuple
    map: Any = field(default_factory=board_map)
    night_turns: tuple = ()
    victory: Any = None
    extra: dict = field(default_factory=dict)


def art_game(options=(), batteries=1):
    units = [unit("ge-lt", "ge_ldr_lt_a", "ge", "A0505"), unit("ge-r", "ge_rifle", "ge", "A0505"),
             unit("su-r", "su_rifle", "su", "A0307")]
    s = game(units, scenario_id="test-offboard", options=options)
    increments = (Increment("ge-art", "10.5 cm battery", 20, 1, 2),
                  Increment("ge-art2", "15 cm battery", 30, 1, 2))[:batteries]
    rule = SpecialRule("offboard_artillery", "A battery.", "ge", increments=increments)
    register_scenario(ArtScenario("test-offboard", (rule,)))
    s = apply(s, "ge-1", {"type": "roll_initiative"}, ScriptedDice.of(6, 1)).state
    return apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
                 ScriptedDice.of()).state


SHOT = {"type": "bombard", "increments": ["ge-art"], "target": "A0307", "spotter": "ge-lt"}


def test_an_increment_fires_through_bombard_spotted_by_an_activated_leader_9_2():
    """D-OFFBOARD-1: offered by the legal commands, resolved as a bombardment of 20."""
    s = art_game()
    assert SHOT in legal_commands(s, "ge-1")["bombard"]
    step = apply(s, "ge-1", SHOT, ScriptedDice.of(*[3] * 10))
    fire = next(e for e in step.events if e.type == "fire").to_json()
    assert fire["increments"] == ["ge-art"] and fire["value"] == 20 and fire["firers"] == []
    assert "ge-art@1" in step.state.increments_fired


def test_an_increment_fires_once_a_turn_and_needs_a_spotter_of_the_activation_9_2():
    s = apply(art_game(), "ge-1", SHOT, ScriptedDice.of(*[3] * 10)).state
    assert s.activation is not None
    with pytest.raises(IllegalCommand, match="9.2"):
        apply(s, "ge-1", SHOT, ScriptedDice.of(*[3] * 10))
    s2 = art_game()
    with pytest.raises(IllegalCommand, match="spotting leader"):
        apply(s2, "ge-1", {**SHOT, "spotter": None}, ScriptedDice.of())


def test_a_bombard_names_firers_or_increments_never_both_9_3():
    with pytest.raises(InvalidCommand, match="exactly one"):
        parse_command({**SHOT, "firers": ["ge-r"]})
    with pytest.raises(InvalidCommand, match="exactly one"):
        parse_command({"type": "bombard", "target": "A0307"})


def test_an_increment_bombarding_its_last_turns_hex_places_drumfire_17_2():
    s = art_game(options=("drumfire",))
    h = s.units["su-r"].hex
    s = replace(s, markers={h: frozenset({"bombarded:0:ge-art"})})  # it fired there last turn
    step = apply(s, "ge-1", SHOT, ScriptedDice.of(*[3] * 10))
    assert "drumfire:ge-art:20:off" in step.state.markers_at(h)


def test_the_increments_left_are_offered_together_and_fire_as_one_bombardment_9_3():
    """Off-board increments combine (9.3): listed together, resolved as one attack."""
    s = art_game(batteries=2)
    both = {"type": "bombard", "increments": ["ge-art", "ge-art2"], "target": "A0307",
            "spotter": "ge-lt"}
    assert both in legal_commands(s, "ge-1")["bombard"]
    step = apply(s, "ge-1", both, ScriptedDice.of(*[3] * 10))
    fire = next(e for e in step.events if e.type == "fire").to_json()
    assert fire["increments"] == ["ge-art", "ge-art2"] and fire["value"] == 50


def test_in_double_blind_increments_may_fire_blind_at_a_hex_a_leader_can_see_18_8():
    """D-DB-BLIND-LEGAL: off-board increments too, at hexes with no known enemy that an
    activated leader has a line of sight to."""
    from games.rules.panzer_grenadier.double_blind import knowledge

    s = knowledge.start(art_game(options=("double_blind",)), "secret")
    blind = [c for c in legal_commands(s, "ge-1")["bombard"]
             if c.get("increments") and c["target"] != "A0307"]
    assert blind and all(c["spotter"] == "ge-lt" for c in blind)


def _offered_one_by_one(state, seat, targets):
    """The offers as D-LEGAL-1 states them, every declaration judged whole: each increment
    left (and all of them together) at each target, with the first activated leader for
    whom the bombardment may be made."""
    m, cat = game_map(state), catalogue_for(state)
    left = offboard.increments_left(state, seat.side)
    leaders = sorted(
        x for x in state.activation.units
        if cat[state.units[x].type_id].is_leader and state.units[x].on_map
        and state.units[x].status != "demoralized"
    )  # fmt: skip
    out = []
    together = [left] if len(left) > 1 else []
    for incs in [[i] for i in left] + together:
        for h in targets:
            for sp in leaders:
                decl = FireDeclaration(
                    firers=(), target_hex=h, kind=BOMBARDMENT, spotter=sp,
                    increments=tuple(OffBoardIncrement(i.id, i.strength) for i in incs),
                )  # fmt: skip
                if not validate_bombardment(m, state, decl, cat):
                    out.append({"type": "bombard", "increments": [i.id for i in incs],
                                "target": hex_label(state, h), "spotter": sp})  # fmt: skip
                    break
    return out


def test_who_spots_each_target_is_asked_once_and_the_offers_are_those_judged_one_by_one():
    """The leaders who may spot a target are found once for all the increments (9.1, D12):
    the offers are the same as judging every increment, target and leader whole."""
    offered = 0
    for scenario, seed in [("sosna-line", "ob1"), ("kursk-shoulder", "ob2")]:
        for s, seat_id, *_ in seeded_game(scenario, None, seed, 90):
            if s.activation is None or s.opfire is not None:
                continue
            seat = act.seat(s, seat_id)
            if seat is None or not offboard.increments_left(s, seat.side):
                continue
            targets = sorted(known_enemies(s, seat.side)[0])
            mine = offboard.options(s, seat, targets)  # (not double-blind: no blind fire)
            assert mine == _offered_one_by_one(s, seat, targets)
            offered += len(mine)
    assert offered > 100, offered
