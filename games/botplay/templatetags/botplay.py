"""`{% play_bot_form %}`: the "Play against a bot" form for the lobby, the new-game page and
a scenario's page: scenario and side, level, the game's optional rules (double-blind among
them) and a time control."""

from __future__ import annotations

from django import template

from games import engine_adapter as engine
from games.bots.levels import PLAYABLE
from games.clocks import control
from games.designer.catalogue import players_battles

register = template.Library()

LEVEL_WORDS = {
    "recruit": "Recruit: simple, a little random",
    "veteran": "Veteran: takes objectives, uses cover",
    "elite": "Elite: looks ahead (slower)",
}


@register.inclusion_tag("botplay/play_bot_form.html", takes_context=True)
def play_bot_form(context, scenario_id: str = "") -> dict:
    choices = []
    game_titles = {g["id"]: g["title"] for g in engine.games_list()}
    # The bundled scenarios, then players' published battles marked with their author.
    offered = [(s, "") for s in engine.scenarios().values()]
    offered += players_battles(context.get("user"))
    for s, author in offered:
        defaults = ",".join(sorted(s.default_options))
        title = f"{s.title} (by {author})" if author else s.title
        for side in s.sides:
            choices.append({"value": f"{s.id}:{side.id}",
                            "label": f"{game_titles.get(s.ruleset, s.ruleset)}: {title}, {side.name}",
                            "scenario": s.id, "ruleset": s.ruleset, "defaults": defaults})
    games = []
    for g in engine.games_list():
        options = engine.option_choices(g["id"])
        games.append({**g,
                      "double_blind": next((o for o in options if o["id"] == "double_blind"),
                                           None),
                      "optional_rules": [o for o in options if o["id"] != "double_blind"]})
    selected = next((c["value"] for c in choices if c["scenario"] == scenario_id), "")
    return {
        "choices": choices,
        "selected": selected,
        "levels": [(lv, LEVEL_WORDS.get(lv, lv)) for lv in PLAYABLE],
        "games": games,
        "time_controls": control.choices(),
        "csrf_token": context.get("csrf_token"),
        "user": context.get("user"),
    }
