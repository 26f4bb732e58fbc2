"""The one place that knows which rulesets exist: ruleset id -> ruleset object.

A scenario names its ruleset; `for_scenario` finds it. Nothing else in pgweb may ask which
game it runs.
"""

from __future__ import annotations

from typing import Any

from .interface import Ruleset
from .panzer_grenadier.ruleset import RULESET as PANZER_GRENADIER
from .panzer_leader.ruleset import RULESET as PANZER_LEADER

DEFAULT = PANZER_GRENADIER.id  # games stored before rulesets existed are Panzer Grenadier
RULESETS: dict[str, Ruleset] = {r.id: r for r in (PANZER_GRENADIER, PANZER_LEADER)}


def ruleset(ruleset_id: str | None) -> Ruleset:
    """The ruleset by id (None: the default); KeyError naming it when unknown."""
    try:
        return RULESETS[ruleset_id or DEFAULT]
    except KeyError:
        raise KeyError(f"unknown ruleset {ruleset_id!r}") from None


def for_scenario(scenario_id: str) -> Ruleset:
    """The ruleset whose bundled scenarios include this id."""
    for r in RULESETS.values():
        if scenario_id in r.scenarios():
            return r
    raise KeyError(f"no ruleset has a scenario {scenario_id!r}")


def all_scenarios() -> list[tuple[str, Any]]:
    """(ruleset id, scenario) for every bundled scenario, grouped by game (the lobby)."""
    return [(r.id, s) for r in RULESETS.values() for _, s in sorted(r.scenarios().items())]
