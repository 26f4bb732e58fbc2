"""Names of games (rulesets), paces and scenarios as players read them."""

from __future__ import annotations

from games import engine_adapter as engine

from ..models.ratings import PACES

PACE_NAMES = dict(PACES)


def game_names() -> dict[str, str]:
    """Ruleset id -> its title, for every game pgweb knows."""
    from games.rules import registry

    return {r.id: r.title for r in registry.RULESETS.values()}


def scenario_title(scenario_id: str) -> str:
    try:
        return engine.scenario(scenario_id).title
    except KeyError:
        return scenario_id


def side_names(scenario_id: str) -> dict[str, str]:
    try:
        return {s.id: s.name for s in engine.scenario(scenario_id).sides}
    except KeyError:
        return {}
