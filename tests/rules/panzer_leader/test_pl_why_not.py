"""Why not, in Panzer Leader: for a unit and a hex, the reason each of move, fire, overrun and
close assault would be refused is the engine's own: the same code and rule applying the
command gets (3, 9.1, 15), said once, in words, with no command-name prefix."""

from __future__ import annotations

import pytest

from games.rules.common.errors import RulesError
from games.rules.panzer_leader import engine
from games.rules.panzer_leader.answers import why_not
from tests.rules.panzer_leader.kit import clear, lab, world

TANKS = [("m", "us_m4", "allied", "4,6"), ("i", "de_rifle", "german", "4,0")]


def at(phase: str, units=TANKS, active="allied"):
    return world(clear(), units=units, phase=phase, active=active)


# (situation, seat, action, command): every refusal of the four commands the board asks about.
REFUSALS = {
    "move outside the movement phase (3)": (lambda: at("combat"), "allied", "move",
                                            {"type": "move", "unit": "m", "to": lab("4,5")}),
    "fire outside the combat phase (3)": (lambda: at("move_vehicles"), "allied", "fire",
                                          {"type": "fire", "units": ["m"], "targets": ["i"]}),
    "overrun outside the movement phase (3)": (lambda: at("combat"), "allied", "overrun",
                                               {"type": "overrun", "units": ["m"], "target": lab("4,0")}),
    "assault outside the close assault phase (3)": (lambda: at("combat"), "allied", "assault",
                                             {"type": "assault", "units": ["m"], "target": lab("4,0")}),
    "not your turn (3)": (lambda: at("combat", active="german"), "allied", "fire",
                          {"type": "fire", "units": ["m"], "targets": ["i"]}),
    "fire beyond range (8.1)": (lambda: world(clear(12, 40), units=[("m", "us_m4", "allied", "4,39"),
                                                                    ("i", "de_rifle", "german", "4,0")],
                                              phase="combat"), "allied", "fire",
                                {"type": "fire", "units": ["m"], "targets": ["i"]}),
    "assault from afar (15)": (lambda: at("assault", units=[("r", "us_rifle", "allied", "4,6"),
                                                             ("i", "de_rifle", "german", "4,0")]),
                               "allied", "assault", {"type": "assault", "units": ["r"], "target": lab("4,0")}),
}


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_the_why_not_gives_the_code_and_rule_the_engine_refuses_the_command_with(name):
    build, seat, action, command = REFUSALS[name]
    s = build()
    with pytest.raises(RulesError) as refused:
        engine.apply(s, seat, command, None)
    label = command.get("to") or command.get("target") or s.units[command["targets"][0]].hex
    units = command.get("units") or [command["unit"]]
    (answer,) = [a for a in why_not(s, seat, units, label)["actions"] if a["action"] == action]
    assert not answer["ok"]
    r = answer["reasons"][0]  # the engine's refusal first; what the preview finds after it
    assert (r["code"], r["rule"]) == (refused.value.code, refused.value.rule), (refused.value.message, r)


def test_a_refusal_says_its_rule_once_and_not_the_commands_name():
    s = at("combat")
    (answer,) = [a for a in why_not(s, "allied", ["m"], lab("4,5"))["actions"] if a["action"] == "move"]
    r = answer["reasons"][0]
    assert r["message"] == "only in your movement phase" and r["rule"] == "3"


def test_out_of_turn_the_why_not_also_says_what_would_stop_the_unit_in_its_own():
    s = world(clear(12, 40), units=[("m", "us_m4", "allied", "4,39"), ("i", "de_rifle", "german", "4,0")],
              phase="combat", active="german")
    (answer,) = [a for a in why_not(s, "allied", ["m"], lab("4,0"))["actions"] if a["action"] == "fire"]
    assert [r["code"] for r in answer["reasons"]] == ["command/not_your_activation", "command/illegal"]
    assert "out of range" in answer["reasons"][1]["message"]
