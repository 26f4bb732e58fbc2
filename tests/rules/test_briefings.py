"""Every bundled battle of both games briefs each side: the battle's page and the new-game
page show each side's briefing, and a side without one reads "No briefing."."""

from __future__ import annotations

import pytest

from games.rules import registry

BUNDLED = [s for _, s in registry.all_scenarios()]


def unbriefed(scenario) -> list[str]:
    """The sides of a scenario (ScenarioInfo) with no briefing, or one of blanks only."""
    return [s.id for s in scenario.sides if not s.briefing.strip()]


@pytest.mark.parametrize("scenario", BUNDLED, ids=[s.id for s in BUNDLED])
def test_every_bundled_battle_briefs_each_side(scenario):
    assert len(scenario.sides) == 2
    assert unbriefed(scenario) == [], f"{scenario.id}: a side has no briefing"


def test_a_side_with_an_empty_blank_or_missing_briefing_is_found():
    pg = registry.ruleset("panzer_grenadier")
    kessel = pg.scenario_document("meeting-at-kessel")
    kessel["sides"][1]["briefing"] = ""
    # Played under ids of their own: loading under a bundled id would replace the bundled
    # battle for every later test of this process.
    assert unbriefed(pg.load_document(kessel, "briefing-test-kessel")) == ["su"]
    pl = registry.ruleset("panzer_leader")
    hollenbach = pl.scenario_document("pl-hollenbach")
    hollenbach["sides"][0]["briefing"] = "  "
    hollenbach["sides"][1].pop("briefing", None)
    assert unbriefed(pl.load_document(hollenbach, "briefing-test-hollenbach")) == ["allied", "german"]
