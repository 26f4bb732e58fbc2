"""Why not: why a selected unit may not move to, fire at, assault or bombard a hex, each
reason with its rule (3.1, 5.1, 7.3, 8.4, 9.1, 12.1, 13.0, 14.3), from what its side knows
(17.8, 18.0)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.common.errors import IllegalCommand
from games.rules.panzer_grenadier.double_blind import knowledge
from games.rules.panzer_grenadier.double_blind.knowledge import seen_by
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.why_not import why_not
from tests.rules.panzer_grenadier.turnkit import at, game, started, unit


def action(answer: dict, name: str) -> dict:
    return next(a for a in answer["actions"] if a["action"] == name)


def codes(answer: dict, name: str) -> list[tuple[str, str]]:
    return [(r["code"], r["rule"]) for r in action(answer, name)["reasons"]]


def activated(units, leader="ge-lt", **kw):
    s = started(units, **kw)
    return apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": leader},
                 ScriptedDice.of()).state


PAIR = [unit("ge-1", "ge_rifle", "ge", "A0109"), unit("ge-lt", "ge_ldr_lt_a", "ge", "A0109")]


def test_a_unit_not_yet_activated_is_told_to_activate_first_and_what_else_stops_it_3_1():
    s = started([*PAIR, unit("su-1", "su_rifle", "su", "A0509")])
    answer = why_not(s, "ge-1", ["ge-1"], "A0509")
    assert codes(answer, "fire") == [("turn/not_activated", "3.1"), ("fire/out_of_range", "7.3")]
    assert all(not a["ok"] for a in answer["actions"])


def test_fire_beyond_range_says_how_far_the_unit_reaches_7_3():
    s = activated([*PAIR, unit("su-1", "su_rifle", "su", "A0509")])
    fire = action(why_not(s, "ge-1", ["ge-1"], "A0509"), "fire")
    assert not fire["ok"]
    assert fire["reasons"][0]["message"] == "Grenadier platoon reaches 3 hexes; the hex is 4 away"


def test_fire_without_line_of_sight_names_the_blocking_woods_8_4():
    s = activated([*PAIR, unit("su-1", "su_rifle", "su", "A0408")])
    fire = action(why_not(s, "ge-1", ["ge-1"], "A0408"), "fire")
    (r,) = fire["reasons"]
    assert r["code"] == "fire/cannot_spot" and r["rule"] == "8.4"
    assert "light woods at A0309" in r["message"]


def test_a_legal_fire_and_move_are_ok_and_an_empty_hex_has_no_target_10_0():
    s = activated([*PAIR, unit("su-1", "su_rifle", "su", "A0111")])
    answer = why_not(s, "ge-1", ["ge-1"], "A0111")
    assert action(answer, "fire") == {"action": "fire", "ok": True, "reasons": []}
    assert codes(answer, "assault") == [("assault/not_adjacent", "12.1")]
    empty = why_not(s, "ge-1", ["ge-1"], "A0110")
    assert action(empty, "move")["ok"]
    assert codes(empty, "fire") == [("fire/no_target", "10.1")]


def test_a_unit_that_has_fired_may_not_move_in_the_same_activation_3_1():
    s = activated([*PAIR, unit("su-1", "su_rifle", "su", "A0111")])
    s = apply(s, "ge-1", {"type": "fire", "firers": ["ge-1"], "target": "A0111"},
              ScriptedDice.of(*[1] * 10)).state
    answer = why_not(s, "ge-1", ["ge-1"], "A0110")
    assert codes(answer, "move") == [("unit/acted", "3.1")]


def test_a_demoralized_unit_may_neither_fire_nor_move_forward_14_3():
    s = activated([unit("ge-1", "ge_rifle", "ge", "A0109", status="demoralized"),
                   unit("ge-lt", "ge_ldr_lt_a", "ge", "A0109"),
                   unit("su-1", "su_rifle", "su", "A0111")])
    answer = why_not(s, "ge-1", ["ge-1"], "A0111")
    assert ("unit/demoralized", "14.3") in codes(answer, "fire")
    assert ("unit/demoralized", "14.3") in codes(answer, "move")


def test_an_assault_needs_an_adjacent_enemy_hex_12_1_and_good_order_12_5():
    s = activated([*PAIR, unit("su-1", "su_rifle", "su", "A0110", moved_fired=True)])
    assert action(why_not(s, "ge-1", ["ge-1"], "A0110"), "assault")["ok"]
    assert codes(why_not(s, "ge-1", ["ge-1"], "A0209"), "assault") == [
        ("assault/no_target", "12.1")
    ]


def test_a_rifle_has_no_bombardment_value_7_3():
    s = activated([*PAIR, unit("su-1", "su_rifle", "su", "A0111")])
    assert codes(why_not(s, "ge-1", ["ge-1"], "A0111"), "bombard") == [("fire/no_value", "7.3")]


def test_other_seats_units_and_unknown_ids_get_the_same_answer_d21():
    s = activated([*PAIR, unit("su-1", "su_rifle", "su", "A0111")])
    theirs = why_not(s, "ge-1", ["su-1"], "A0111")
    assert theirs == why_not(s, "ge-1", ["no-such-unit"], "A0111")
    assert codes(theirs, "move") == [("unit/not_yours", "D21")]


def test_during_opportunity_fire_only_the_mover_in_the_hex_it_entered_is_a_target_13_0():
    s = activated([unit("ge-1", "ge_rifle", "ge", "A0205"),
                   unit("ge-lt", "ge_ldr_lt_a", "ge", "A0205"),
                   unit("su-1", "su_rifle", "su", "A0209")])
    s = apply(s, "ge-1", {"type": "move", "unit": "ge-1", "path": ["A0206", "A0207"]},
              ScriptedDice.of()).state
    assert s.opfire is not None
    here = why_not(s, "su-1", ["su-1"], "A0206")
    assert action(here, "fire")["ok"]
    assert codes(here, "move")[0] == ("turn/opportunity_fire", "13.0")
    assert codes(why_not(s, "su-1", ["su-1"], "A0205"), "fire") == [
        ("fire/not_the_mover", "13.0")
    ]


def hidden_game(extra):
    s = game([*PAIR, unit("su-1", "su_rifle", "su", "A0509"), *extra], options=("hidden_units",))
    s = knowledge.start(s, "ab" * 32)
    s = apply(s, "ge-1", {"type": "roll_initiative"}, ScriptedDice.of(6, 1)).state
    return apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
                 ScriptedDice.of()).state


def test_a_hex_holding_a_hidden_enemy_gets_the_answer_an_empty_hex_gets_17_8():
    with_hidden = hidden_game([unit("su-2", "su_rifle", "su", "A0309", hidden=True)])
    assert "su-2" not in knowledge.known_enemies(with_hidden, "ge")[1]
    empty = replace(with_hidden, units={
        **with_hidden.units, "su-2": replace(with_hidden.units["su-2"], hex=at("A0509"))})
    for label in ("A0309", "A0209", "A0110"):
        assert why_not(with_hidden, "ge-1", ["ge-1"], label) == why_not(
            empty, "ge-1", ["ge-1"], label)
    assert codes(why_not(with_hidden, "ge-1", ["ge-1"], "A0309"), "fire") == [
        ("fire/no_target", "10.1")
    ]
    assert seen_by(with_hidden, "ge").units["su-2"].hex is None


def test_a_hex_already_holding_three_friendly_combat_units_is_too_crowded_to_enter_4_1():
    s = activated([*PAIR, *(unit(f"ge-{i}", "ge_rifle", "ge", "A0110") for i in (2, 3, 4)),
                   unit("su-1", "su_rifle", "su", "A0509")])
    (r,) = action(why_not(s, "ge-1", ["ge-1"], "A0110"), "move")["reasons"]
    assert (r["code"], r["rule"]) == ("move/stacking", "4.1")
    assert r["message"] == "4 combat units would be in the hex; the limit is 3 per side"


def test_the_answer_names_counters_as_the_board_prints_them_never_by_id_or_ratings():
    """Issue 12: "Leutnant (8-1-1) is a leader" read like a catalogue; the board's names
    ("2nd Grenadier platoon", "Leutnant Becker") are what a player reads."""
    import json

    from games.rules.panzer_grenadier.core.scenario import bundled_scenarios, initial_state
    from games.rules.panzer_grenadier.engine import who_may_act

    scen = bundled_scenarios()["meeting-at-kessel"]
    s = initial_state(scen)
    dice = ScriptedDice.of(6, 1)
    s = apply(s, who_may_act(s)[0], {"type": "roll_initiative"}, dice).state
    seat = who_may_act(s)[0]
    side = next(x.side for x in s.seats if x.id == seat)
    one = sorted(u.id for u in s.units_on_map() if u.side == side)[0]
    answer = why_not(s, seat, [one], "A0505")
    messages = [r["message"] for a in answer["actions"] for r in a["reasons"]]
    named = [m for m in messages if m.startswith("activate ")]
    assert named, messages
    assert one not in json.dumps(answer) and not any("(" in m for m in named)


def test_a_validators_text_names_the_players_own_counters_by_their_printed_names():
    """Issue 12: "ge-m cannot spot the target; name a spotting leader" read like an id; the
    answer says the counter's printed name wherever the engine's own text named it by id."""
    import json

    s = started([unit("ge-m", "ge_mortar_81", "ge", "A0101"), unit("su-1", "su_rifle", "su", "A0111")])
    s = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-m"}, ScriptedDice.of()).state
    answer = why_not(s, "ge-1", ["ge-m"], "A0111")
    bombard = next(a for a in answer["actions"] if a["action"] == "bombard")
    assert any("cannot spot the target" in r["message"] for r in bombard["reasons"])
    assert "ge-m" not in json.dumps(answer)


def leaderless(units, uid="ge-1"):
    """`uid` activated on its own, without a leader (3.1)."""
    s = started(units)
    return apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": uid}, ScriptedDice.of()).state


def test_a_leaderless_move_toward_an_enemy_that_could_harm_it_names_the_enemy_and_the_leader_d3():
    s = leaderless([unit("ge-1", "ge_rifle", "ge", "A0109"), unit("ge-lt", "ge_ldr_lt_a", "ge", "A0110"),
                    unit("su-1", "su_rifle", "su", "A0509")])
    (r,) = action(why_not(s, "ge-1", ["ge-1"], "A0209"), "move")["reasons"]
    assert (r["code"], r["rule"]) == ("move/leaderless", "D3")
    assert "Rifle platoon in A0509 (reaches 3 hexes)" in r["message"]
    assert r["message"].endswith("; activated by Leutnant in A0110 it could")


def test_a_move_the_leaderless_rule_does_not_stop_keeps_its_own_reason_5_1():
    s = leaderless([unit("ge-1", "ge_rifle", "ge", "A0109"), unit("su-1", "su_rifle", "su", "A0909")])
    assert codes(why_not(s, "ge-1", ["ge-1"], "A0901"), "move") == [("move/out_of_reach", "5.1")]


# Every refusal the engine makes of a move, fire, assault or bombard, in a situation of its
# own: the why-not for that unit and hex gives the rule applying the command is refused with.
PLAIN = [*PAIR, unit("su-1", "su_rifle", "su", "A0509")]
REFUSALS = {
    "leaderless (D3)": (lambda: leaderless([unit("ge-1", "ge_rifle", "ge", "A0109"),
                                            unit("su-1", "su_rifle", "su", "A0509")]),
                        {"type": "move", "unit": "ge-1", "path": ["A0209"]}, "move", "A0209"),
    "movement points (5.1)": (lambda: activated(PLAIN),
                              {"type": "move", "unit": "ge-1", "path": [f"A01{n:02d}" for n in range(8, 0, -1)]},
                              "move", "A0101"),
    "demoralized (14.3)": (lambda: activated([unit("ge-1", "ge_rifle", "ge", "A0109", status="demoralized"),
                                              *PAIR[1:], unit("su-1", "su_rifle", "su", "A0509")]),
                           {"type": "move", "unit": "ge-1", "path": ["A0110"]}, "move", "A0110"),
    "fired, so no move (3.1)": (lambda: apply(activated([*PAIR, unit("su-1", "su_rifle", "su", "A0111")]), "ge-1",
                                              {"type": "fire", "firers": ["ge-1"], "target": "A0111"},
                                              ScriptedDice.of(*[1] * 10)).state,
                                {"type": "move", "unit": "ge-1", "path": ["A0110"]}, "move", "A0110"),
    "fire out of range (7.3)": (lambda: activated(PLAIN),
                                {"type": "fire", "firers": ["ge-1"], "target": "A0509"}, "fire", "A0509"),
    "fire at an empty hex (10.0)": (lambda: activated(PLAIN),
                                    {"type": "fire", "firers": ["ge-1"], "target": "A0209"}, "fire", "A0209"),
    "fire without line of sight (8.4)": (lambda: activated([*PAIR, unit("su-1", "su_rifle", "su", "A0408")]),
                                         {"type": "fire", "firers": ["ge-1"], "target": "A0408"}, "fire", "A0408"),
    "a leader fires (6.0)": (lambda: activated([*PAIR, unit("su-1", "su_rifle", "su", "A0111")]),
                             {"type": "fire", "firers": ["ge-lt"], "target": "A0111"}, "fire", "A0111"),
    "assault, not adjacent (12.1)": (lambda: activated(PLAIN),
                                     {"type": "assault", "units": ["ge-1"], "target": "A0509"}, "assault", "A0509"),
    "assault, no enemy (12.1)": (lambda: activated(PLAIN),
                                 {"type": "assault", "units": ["ge-1"], "target": "A0209"}, "assault", "A0209"),
    "stacking (4.1)": (lambda: activated([*PAIR, *(unit(f"ge-{i}", "ge_rifle", "ge", "A0110") for i in (2, 3, 4)),
                                          unit("su-1", "su_rifle", "su", "A0509")]),
                       {"type": "move", "unit": "ge-1", "path": ["A0110"]}, "move", "A0110"),
    "not activated (3.1)": (lambda: started(PLAIN),
                            {"type": "move", "unit": "ge-1", "path": ["A0110"]}, "move", "A0110"),
    "a unit outside the activation (3.1)": (lambda: activated([*PAIR, unit("ge-9", "ge_rifle", "ge", "A0909"),
                                                               unit("su-1", "su_rifle", "su", "A0509")]),
                                            {"type": "move", "unit": "ge-9", "path": ["A0910"]}, "move", "A0910"),
    "bombard, no value (7.3)": (lambda: activated([*PAIR, unit("su-1", "su_rifle", "su", "A0111")]),
                                {"type": "bombard", "firers": ["ge-1"], "target": "A0111"}, "bombard", "A0111"),
}


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_the_why_not_gives_the_rule_the_engine_refuses_the_command_with(name):
    build, command, act, label = REFUSALS[name]
    s = build()
    with pytest.raises(IllegalCommand) as refused:
        apply(s, "ge-1", command, ScriptedDice.of(*[1] * 20))
    answer = action(why_not(s, "ge-1", command.get("firers") or command.get("units") or [command["unit"]], label), act)
    assert not answer["ok"]
    told = {rule.strip() for r in answer["reasons"] for rule in r["rule"].split(",")}
    cited = {refused.value.rule} | {rule.strip() for group in re.findall(r"\(([^()]*)\)", refused.value.message)
                                    for rule in group.split(",")}
    assert told & cited, (refused.value.message, answer["reasons"])
