"""The designer's sides and victory, told in a player's words: each value the *Sides and
victory* section can set wrong is listed by the check with its field, the rule and what a
right value is (initiative 3.0, morale 14.0, the decision, Panzer Leader's levels 23.4)."""

from __future__ import annotations

import pytest

from games.rules.registry import ruleset
from tests.designkit import pg_battle, pl_situation


def only(problems: list[dict]) -> tuple[str, str, str]:
    assert len(problems) == 1, problems
    p = problems[0]
    return p["field"], p["message"], p["rule"]


def side(doc: dict, **changes) -> dict:
    doc["sides"][0].update(changes)
    return doc


def decision(**d) -> dict:
    doc = pg_battle()
    doc["victory"]["decision"] = d
    return doc


@pytest.mark.parametrize(
    ("doc", "expected"),
    [
        (
            side(pg_battle(), initiative=9),
            (
                "sides[0].initiative",
                "initiative must be a whole number from 0 to 6, not 9",
                "3.0 Initiative",
            ),
        ),
        (
            side(pg_battle(), initiative=""),
            (
                "sides[0].initiative",
                'initiative must be a whole number from 0 to 6, not ""',
                "3.0 Initiative",
            ),
        ),
        (
            side(pg_battle(), morale=1),
            ("sides[0].morale", "morale must be a whole number from 2 to 12, not 1", "14.0 Morale"),
        ),
        (
            side(pg_battle(), name=""),
            (
                "sides[0].name",
                "the name must not be empty",
                "the scenario format (scenario.schema.json)",
            ),
        ),
        (
            side(pg_battle(), nationality="martian"),
            (
                "sides[0].nationality",
                "the game has no counters of nationality 'martian': choose one of german, soviet",
                "0.0 Unit data: the counter catalogue",
            ),
        ),
        (
            decision(method="threshold", at_least=3),
            (
                "victory.decision",
                "a threshold decision needs the side that must reach the points",
                "scenario victory conditions",
            ),
        ),
        (
            decision(method="margin", at_least=0),
            (
                "victory.decision.at_least",
                "the points needed must be a whole number, 1 or more, not 0",
                "scenario victory conditions",
            ),
        ),
        (
            decision(method="threshold", side="attacker", at_least=3, draw_at_least=3),
            (
                "victory.decision.draw_at_least",
                "a draw must need fewer points than the win (3), not 3",
                "scenario victory conditions",
            ),
        ),
    ],
)
def test_panzer_grenadier_sides_and_victory_in_words(doc, expected):
    assert only(ruleset("panzer_grenadier").check_scenario(doc)) == expected


def test_an_objective_worth_less_than_nothing_is_named():
    doc = pg_battle()
    doc["victory"]["hexes"][0]["points"] = -1
    field, message, _ = only(ruleset("panzer_grenadier").check_scenario(doc))
    assert (field, message) == (
        "victory.hexes[0].points",
        "an objective's points must be a whole number, 0 or more, not -1",
    )


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d["sides"][0].update(name=""), ("sides[0].name", "the name must not be empty")),
        (
            lambda d: d["sides"][1].update(nationality="soviet"),
            (
                "sides[1].nationality",
                "the game has no counters of nationality 'soviet': choose one of british, french,"
                " german, us",
            ),
        ),
        (
            lambda d: d["victory"]["levels"].update(tactical="x"),
            ("victory.levels.tactical", 'the tactical level must be a whole number, not "x"'),
        ),
    ],
)
def test_panzer_leader_sides_and_levels_in_words(change, expected):
    doc = pl_situation()
    change(doc)
    assert only(ruleset("panzer_leader").check_scenario(doc))[:2] == expected
