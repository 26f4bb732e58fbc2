"""The one place that knows which rulesets exist: ruleset id -> ruleset object.

A scenario names its ruleset; `for_scenario` finds it. Nothing else in pgweb may ask which
game it runs.
"""

from __future__ import annotations

from collections.abc import Callable
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


# Where scenarios that are no bundled file come from (a designer's published revisions,
# stored by the server): each finder maps a scenario id to (ruleset id, document) or None.
# The server adds its finder at start; the rules never know where documents are kept.
_FINDERS: list[Callable[[str], tuple[str, dict] | None]] = []


def add_finder(finder: Callable[[str], tuple[str, dict] | None]) -> None:
    """Ask `finder` for a scenario no ruleset knows yet (once per process per scenario)."""
    if finder not in _FINDERS:
        _FINDERS.append(finder)


def for_scenario(scenario_id: str) -> Ruleset:
    """The ruleset whose scenarios include this id: bundled, registered, or found by a
    finder and loaded from its document (load_document)."""
    for r in RULESETS.values():
        if scenario_id in r.scenarios():
            return r
    for find in _FINDERS:
        found = find(scenario_id)
        if found is not None:
            ruleset_id, doc = found
            load_document(ruleset_id, doc, scenario_id)
            return ruleset(ruleset_id)
    raise KeyError(f"no ruleset has a scenario {scenario_id!r}")


_DOCUMENT_IDS: set[str] = set()  # scenarios loaded from documents: never listed as bundled


def load_document(ruleset_id: str, doc: dict, play_id: str | None = None) -> Any:
    """Make a checked document's scenario playable under `play_id` or its own id
    (Ruleset.load_document); it is found by `for_scenario` but not listed by `all_scenarios`.
    ValueError if it fails."""
    info = ruleset(ruleset_id).load_document(doc, play_id)
    _DOCUMENT_IDS.add(info.id)
    return info


def all_scenarios() -> list[tuple[str, Any]]:
    """(ruleset id, scenario) for every bundled scenario, grouped by game (the lobby)."""
    return [(r.id, s) for r in RULESETS.values() for sid, s in sorted(r.scenarios().items())
            if sid not in _DOCUMENT_IDS]
