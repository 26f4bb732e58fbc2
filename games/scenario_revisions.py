"""Which games count for a scenario's win statistics: only those played on the scenario as it
stands now. A scenario's forces may change (PL-E22 rebalanced two situations in place); each
game and arena run records the scenario's revision it was played on (ScenarioInfo.revision),
and every figure of who wins a scenario (its page's balance, the API, the rated games'
table) splits its rows here, or by `current_revision` when it reads many scenarios' rows at
once (games.botplay.balance), so that one rule decides, and says how many were left out.

Rows stored before revisions were recorded carry "" and are left out too: nobody knows
which forces they were played with.
"""

from __future__ import annotations

from django.db.models import QuerySet

from games import engine_adapter as engine


def current_revision(scenario_id: str) -> str:
    """The scenario's revision now; KeyError naming it when no ruleset has the scenario."""
    return engine.scenario(scenario_id).revision


def split_by_revision(rows: QuerySet, scenario_id: str,
                      lookup: str = "scenario_revision") -> tuple[QuerySet, QuerySet]:
    """(rows played on the scenario's current revision, the others: earlier or unknown).

    `rows` are of one scenario already; `lookup` reaches their revision field from them
    ("scenario_revision" for games and arena runs, "rated_game__game__scenario_revision"
    for a rating's changes)."""
    now = current_revision(scenario_id)
    return rows.filter(**{lookup: now}), rows.exclude(**{lookup: now})
