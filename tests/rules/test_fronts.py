"""Every bundled battle of both games names its front and its date in its own file, so the
catalogue can show the year and filter by front (issue 48); the schemas know the fronts."""

from __future__ import annotations

import copy
import json
import re

import pytest

from games.rules import registry
from games.rules.common.fronts import FRONTS, front_name
from games.rules.panzer_grenadier.core.scenario import SCHEMA_PATH, load_scenario
from games.rules.panzer_grenadier.presentation import scenario_info as pg_info
from games.rules.panzer_leader.core.scenario import scenario_from_dict
from games.rules.panzer_leader.core.units import DATA as PL_DATA
from games.rules.panzer_leader.presentation import scenario_info as pl_info

BUNDLED = [s for _, s in registry.all_scenarios()]


@pytest.mark.parametrize("scenario", BUNDLED, ids=[s.id for s in BUNDLED])
def test_every_bundled_scenario_names_its_front_and_date(scenario):
    assert scenario.front in FRONTS, f"{scenario.id} names no front of {sorted(FRONTS)}"
    assert re.fullmatch(r"19[34]\d-\d\d-\d\d", scenario.date), scenario.id


def test_both_schemas_offer_exactly_the_catalogues_fronts():
    pg = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    pl = json.loads((PL_DATA / "situation.schema.json").read_text(encoding="utf-8"))
    assert pg["properties"]["front"]["enum"] == list(FRONTS)
    assert pl["properties"]["front"]["enum"] == list(FRONTS)


def test_the_front_is_read_from_the_file_not_guessed_from_the_nationalities():
    # A German side against a Soviet one, set in Italy by its designer: the file decides.
    kessel = registry.ruleset("panzer_grenadier").scenario_document("meeting-at-kessel")
    kessel["front"] = "mediterranean"
    assert pg_info(load_scenario(kessel)).front == "mediterranean"
    hollenbach = json.loads((PL_DATA / "situations" / "pl-hollenbach.json").read_text("utf-8"))
    without = copy.deepcopy(hollenbach)
    del without["front"]
    assert pl_info(scenario_from_dict(hollenbach)).front == "west"
    assert pl_info(scenario_from_dict(without)).front == ""
    assert front_name("west") == "Western Front" and front_name("") == ""
