"""A scenario rebalanced under a running server, for the balance tests: the learning scenario
registered again with one German rifle platoon made a submachine-gun platoon and one more
point for a victory hex, as a redeploy with new forces would leave it (bundled data is not
touched)."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from contextlib import contextmanager

from games.rules.panzer_grenadier.core.registry import register_scenario, unregister_scenario
from games.rules.panzer_grenadier.core.scenario import SCENARIO_DIR, load_scenario
from tests.gamekit import SCENARIO


@contextmanager
def rebalanced() -> Iterator[None]:
    """While inside, SCENARIO has new forces (and so a new revision)."""
    raw = copy.deepcopy(json.loads((SCENARIO_DIR / f"{SCENARIO}.json").read_text(encoding="utf-8")))
    next(u for u in raw["units"] if u["type"] == "ge_rifle")["type"] = "ge_smg"
    raw["victory"]["hexes"][0]["points"] += 1
    register_scenario(load_scenario(raw))
    try:
        yield
    finally:
        unregister_scenario(SCENARIO)
