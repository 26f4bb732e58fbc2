"""A designer's document, however wrong, gets its problems listed and never an exception: the
designer's check endpoint draws the map (`document_map`) and lists the problems
(`check_scenario`) of whatever a page or a script sends. Each field of a small battle of
each ruleset is replaced, one at a time, by each kind of JSON value it should not hold."""

from __future__ import annotations

import pytest

from games.rules.registry import ruleset
from tests.designkit import json_paths, pg_battle, pl_situation, replaced

# A JSON value of every kind: the wrong one for almost every field.
AWKWARD = (None, True, 3, -1, 2.5, "", "x", [], [1], {"a": 1})


@pytest.mark.parametrize(("rules", "doc"), [("panzer_grenadier", pg_battle(id="fuzz")),
                                            ("panzer_leader", pl_situation(id="fuzz"))])
def test_every_field_replaced_by_any_kind_of_value_is_a_problem_listed_never_an_exception(rules, doc):
    rs = ruleset(rules)
    checked = 0
    for where in json_paths(doc):
        for value in AWKWARD:
            wrong = replaced(doc, where, value)
            try:
                rs.document_map(wrong)
            except ValueError:
                pass  # the map cannot be drawn: the problems say why
            problems = rs.check_scenario(wrong)
            assert isinstance(problems, list), (where, value)
            checked += 1
    assert checked > 500  # every field of the battle, not a few


def test_a_map_whose_boards_are_not_a_list_cannot_be_drawn_and_says_why():
    rs = ruleset("panzer_grenadier")
    for value in (True, 3, "A"):
        doc = pg_battle(id="fuzz")
        doc["map"]["boards"] = value
        with pytest.raises(ValueError, match="map.boards: expected a list"):
            rs.document_map(doc)
        assert rs.check_scenario(doc)  # and the check lists it
