"""Razvedka (18.10), air attack declarations (18.9) and blind artillery (18.8)."""

from __future__ import annotations

from games.rules.common.dice import ScriptedDice
from games.rules.panzer_grenadier.combat.bombardment import is_blind_fire, resolve_bombardment
from games.rules.panzer_grenadier.combat.fire import BOMBARDMENT, FireDeclaration
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.core.registry import catalogue_for, game_map
from games.rules.panzer_grenadier.double_blind import air_declaration, knowledge, razvedka
from games.rules.panzer_grenadier.views import redact_events, view_for
from tests.rules.panzer_grenadier.dbkit import at, db_game, unit


def scouted_game():
    # Soviets at A0101; Germans unobserved in woods far away (A1001, A0909 swamp-free woods)
    return db_game([unit("su-r", "su_rifle", "su", "A0101"),
                    unit("ge-a", "ge_rifle", "ge", "A1001"), unit("ge-b", "ge_hmg", "ge", "A1001"),
                    unit("ge-l", "ge_ldr_lt_a", "ge", "A1001"),
                    unit("ge-t", "ge_pz_iv", "ge", "A1110")])


def test_razvedka_reports_unit_types_in_unobserved_hexes_never_leaders_d_db_razvedka():
    s = scouted_game()
    assert not knowledge.contact(s)["su"]
    after, events = razvedka.roll(s, "su", ScriptedDice.of(6, 1))
    assert [e.data["success"] for e in events] == [True, False]
    (report,) = after.intel["su"].reports
    assert report.hex == at("A1001") and report.types == ("infantry",)
    v = view_for(after, ("side", "su"))
    assert v["reports"] == [{"hex": "A1001", "types": ["infantry"], "count": report.count,
                             "turn": 1}]
    assert "reports" not in view_for(after, ("side", "ge"))
    # Which hexes were rolled for would place the unseen Germans: only their owner reads it.
    assert redact_events(events, ("side", "su"), after) == []
    assert redact_events(events, ("spectator", "public"), after) == []
    assert len(redact_events(events, ("side", "ge"), after)) == 2


def test_razvedka_gives_numbers_only_in_line_of_sight_of_an_op_d_db_razvedka():
    s = db_game([unit("su-r", "su_rifle", "su", "A0101"),
                 unit("ge-a", "ge_rifle", "ge", "A0110", hidden=True),
                 unit("ge-b", "ge_rifle", "ge", "A0110", hidden=True)])
    after, _ = razvedka.roll(s, "su", ScriptedDice.of(5))
    assert after.intel["su"].reports[0].count == 2  # clear line down the column


def test_razvedka_rolls_before_turn_1_in_a_scenario_with_the_rule_d_db_razvedka():
    from games.rules.common.dice import SeededDice
    from games.rules.panzer_grenadier.core.scenario import bundled_scenarios, initial_state
    from games.rules.panzer_grenadier.engine import apply

    scen = bundled_scenarios()["sosna-line"]
    s = knowledge.start(initial_state(scen, options={"double_blind"}), "secret")
    assert razvedka.scouting_side(s) == "su"
    step = apply(s, s.seats[0].id, {"type": "roll_initiative"}, SeededDice("r"))
    rolls = [e for e in step.events if e.type == "razvedka"]
    assert rolls and all(e.side == "su" for e in rolls)
    assert all("leader" not in e.data.get("types", []) for e in rolls)


def test_air_attack_declares_types_within_3_hexes_and_only_occupied_in_far_woods_18_9():
    """D-DB-AIR."""
    s = db_game([unit("su-r", "su_rifle", "su", "A2012", status=st.DEMORALIZED),
                 unit("ge-t", "ge_pz_iv", "ge", "A0205"), unit("ge-r", "ge_rifle", "ge", "A0205"),
                 unit("ge-w", "ge_rifle", "ge", "A0209"),  # light woods, 3 hexes from the target
                 unit("ge-far", "ge_rifle", "ge", "A0212")])
    out = air_declaration.declare(s, "su", at("A0206"))
    assert {"hex": "A0205", "types": ["armor", "infantry"]} in out
    assert {"hex": "A0209", "occupied": True} in out
    assert all(d["hex"] != "A0212" for d in out)


def test_an_observed_hex_is_not_declared_18_9():
    s = db_game([unit("su-r", "su_rifle", "su", "A0203"), unit("ge-r", "ge_rifle", "ge", "A0205")])
    assert air_declaration.declare(s, "su", at("A0205")) == []


def _bombard(options):
    s = db_game([unit("su-m", "su_mortar_82", "su", "A0101"),
                 unit("su-l", "su_ldr_lt_a", "su", "A0103"),
                 unit("ge-r", "ge_rifle", "ge", "A2012")], options=options)
    decl = FireDeclaration(firers=("su-m",), target_hex=at("A0106"), kind=BOMBARDMENT,
                           spotter="su-l")
    _, events = resolve_bombardment(game_map(s), s, decl, ScriptedDice.of(*[3] * 20),
                                    catalogue_for(s))
    return s, events[0]["value"]


def test_blind_artillery_fires_at_half_strength_d_db_blind():
    s, blind = _bombard(("double_blind",))
    assert is_blind_fire(s, "su", at("A0106"))
    _, open_play = _bombard(())
    assert blind == max(1, open_play // 2) and blind < open_play
