"""Previews: the MP cost of each legal move and the odds of each legal attack (5.0, 10.2, 12.4)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from games.rules.common.dice import SeededDice
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.core.registry import counter_type, parse_hex
from games.rules.panzer_grenadier.core.scenario import bundled_scenarios, initial_state
from games.rules.panzer_grenadier.engine import apply, who_may_act
from games.rules.panzer_grenadier.legal import legal_commands
from games.rules.panzer_grenadier.preview import previews


@pytest.fixture(scope="module")
def hmg_activated():
    """Melnitsa after the initiative, with the side holding it activating its HMG (it has a
    target from the first segment, whichever side wins)."""
    scen = bundled_scenarios()["melnitsa-bridgehead"]
    dice = SeededDice("preview")
    state = initial_state(scen)
    while state.phase == st.INITIATIVE:
        state = apply(state, who_may_act(state)[0], {"type": "roll_initiative"}, dice).state
    seat = who_may_act(state)[0]
    hmg = {"su": "su-hmg-1", "ge": "ge-hmg-4"}[seat]
    state = apply(state, seat, {"type": "activate", "kind": "unit", "unit": hmg}, dice).state
    return state, seat, hmg


def test_every_legal_move_of_the_unit_has_its_mp_cost_within_the_allowance(hmg_activated):
    state, seat, hmg = hmg_activated
    moves = [p for p in previews(state, seat, hmg) if p["command"]["type"] == "move"]
    legal = [c for c in legal_commands(state, seat)["move"] if c.get("unit") == hmg]
    assert [p["command"] for p in moves] == legal
    allowance = counter_type(state, state.units[hmg].type_id).full.movement
    costs = [Fraction(p["cost"]) for p in moves]
    assert costs and all(0 < c <= allowance for c in costs)
    # A longer path to the same side of the board never costs less than its first hex.
    by_path = {tuple(p["command"]["path"]): Fraction(p["cost"]) for p in moves}
    assert all(by_path[path] >= by_path[path[:1]] for path in by_path if path[:1] in by_path)


def test_a_legal_fire_has_its_column_shifts_with_reasons_and_probabilities_summing_to_one(
    hmg_activated,
):
    state, seat, hmg = hmg_activated
    fires = [p for p in previews(state, seat, hmg) if p["command"]["type"] == "fire"]
    assert fires
    odds = fires[0]["odds"]
    assert odds["legal"] and odds["column"]
    assert all(s["reason"] and s["rule"] for s in odds["shifts"])
    assert sum(Fraction(r["fraction"]) for r in odds["probabilities"].values()) == 1


def test_a_unit_outside_the_activation_or_a_seat_that_may_not_act_gets_nothing(hmg_activated):
    state, seat, hmg = hmg_activated
    other = next(s.id for s in state.seats if s.id != seat)
    assert previews(state, other, hmg) == []
    assert previews(state, seat, "no-such-unit") == []


def test_no_odds_are_given_at_a_hex_holding_a_hidden_enemy_17_8(hmg_activated):
    """Odds computed with a hidden counter in them would tell the player it is there."""
    state, seat, hmg = hmg_activated
    fire = next(p for p in previews(state, seat, hmg) if p["command"]["type"] == "fire")
    target = parse_hex(state, fire["command"]["target"])
    side = state.units[hmg].side
    # Another enemy counter slips, hidden, into the hex under fire.
    other = next(u for u in state.units_on_map() if u.side != side and u.hex != target)
    hidden = {other.id: replace(other, hex=target, hidden=True)}
    again = previews(state.with_units(hidden), seat, hmg)
    same = next(p for p in again if p["command"] == fire["command"])
    assert fire["odds"] is not None and same["odds"] is None


def test_a_composed_fire_from_two_hexes_is_previewed_by_the_resolutions_odds():
    """D-LEGAL-1: fire from several hexes joined by a leader is not listed; the board composes
    it and the referee previews it with the odds its resolution would use (10.1, D4)."""
    import pytest

    from games.rules.common.dice import ScriptedDice
    from games.rules.common.errors import InvalidCommand
    from games.rules.panzer_grenadier.engine import apply
    from games.rules.panzer_grenadier.preview import attack_odds, composed_preview
    from tests.rules.panzer_grenadier.turnkit import started, unit

    s = started([unit("ge-1", "ge_rifle", "ge", "A0205"), unit("ge-2", "ge_rifle", "ge", "A0305"),
                 unit("ge-lt", "ge_ldr_lt_a", "ge", "A0205"), unit("su-1", "su_rifle", "su", "A0207")])
    s = apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
              ScriptedDice.of()).state
    cmd = {"type": "fire", "firers": ["ge-1", "ge-2"], "target": "A0207", "leader": "ge-lt"}
    answer = composed_preview(s, "ge-1", cmd)
    assert answer["odds"] == attack_odds(s, answer["command"])
    with pytest.raises(InvalidCommand):
        composed_preview(s, "ge-1", {**cmd, "firers": ["su-1"]})


def _mortar_game(extra=()):
    from tests.rules.panzer_grenadier.dbkit import db_game
    from tests.rules.panzer_grenadier.turnkit import unit

    units = [unit("ge-m", "ge_mortar_81", "ge", "A0101"), unit("ge-lt", "ge_ldr_lt_a", "ge", "A0101"),
             unit("su-1", "su_rifle", "su", "A0106"), *extra]
    s = db_game(units, options=("double_blind", "hidden_units"))
    return apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
                 SeededDice("x")).state


def test_under_hidden_information_the_odds_are_the_sides_own_18_0():
    """D-DB-ODDS (issue 12): a double-blind player sees odds too, computed from what his side
    knows (`known_only`), never null merely because the game hides things."""
    state = _mortar_game()
    shots = [p for p in previews(state, "ge-1", "ge-m") if p["command"]["type"] == "bombard"]
    assert shots and all(p["odds"] and p["odds"]["known_only"] for p in shots)
    at_the_platoon = next(p for p in shots if p["command"]["target"] == "A0106")
    assert at_the_platoon["odds"]["legal"] and at_the_platoon["odds"]["column"]


def test_a_hidden_counter_in_the_target_hex_changes_no_byte_of_the_odds_18_0():
    """Non-interference: odds computed without the counters the side cannot see are the same
    whether or not a hidden enemy stands in the hex."""
    import json

    from tests.rules.panzer_grenadier.turnkit import unit

    plain = _mortar_game()
    hidden = _mortar_game([unit("su-h", "su_rifle", "su", "A0106", hidden=True)])
    assert hidden.units["su-h"].hidden

    def shots(s):
        return json.dumps([p for p in previews(s, "ge-1", "ge-m")
                           if p["command"]["type"] == "bombard"], sort_keys=True)

    assert shots(plain) == shots(hidden)


def test_no_odds_against_a_stack_known_only_by_its_top_counter_17_9():
    from tests.rules.panzer_grenadier.dbkit import db_game
    from tests.rules.panzer_grenadier.turnkit import unit

    units = [unit("ge-m", "ge_mortar_81", "ge", "A0101"), unit("ge-lt", "ge_ldr_lt_a", "ge", "A0101"),
             unit("su-1", "su_rifle", "su", "A0106"), unit("su-2", "su_hmg", "su", "A0106")]
    s = db_game(units, options=("limited_intelligence",))
    s = apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
              SeededDice("x")).state
    shots = [p for p in previews(s, "ge-1", "ge-m") if p["command"]["type"] == "bombard"]
    assert shots and all(p["odds"] is None for p in shots)


def test_odds_under_double_blind_name_no_enemy_counter_by_its_id_18_0():
    """An assault's odds list each side's counters: under hidden information the enemy's
    are named by the side's handles, as everywhere else (D-DB-LOG)."""
    import json

    from tests.rules.panzer_grenadier.dbkit import db_game
    from tests.rules.panzer_grenadier.turnkit import unit

    units = [unit("ge-1", "ge_rifle", "ge", "A0101"), unit("ge-lt", "ge_ldr_lt_a", "ge", "A0101"),
             unit("su-secret-id", "su_rifle", "su", "A0102")]
    s = db_game(units)
    s = apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
              SeededDice("x")).state
    into = [p for p in previews(s, "ge-1", "ge-1") if p.get("odds")
            and p["command"]["type"] in ("assault", "move")]
    assert into, "the adjacent Soviet platoon may be assaulted"
    text = json.dumps(into)
    assert "su-secret-id" not in text and "known_only" in text


def test_an_attacks_problems_name_the_players_counters_as_the_board_prints_them():
    """Issue 12: a refused attack's reasons ("ge-x is not on the assaulting side") read like
    ids; the preview names the player's counters as the board does."""
    from games.rules.panzer_grenadier.presentation import in_words

    scen = bundled_scenarios()["meeting-at-kessel"]
    state = initial_state(scen)
    ge = next(u for u in state.units.values() if u.side == "ge")
    text = in_words(state, "ge", f"{ge.id} cannot spot the target (9.1)")
    assert ge.id not in text and text.endswith("cannot spot the target (9.1)")
    assert in_words(state, "su", f"{ge.id} is not yours") == f"{ge.id} is not yours"
