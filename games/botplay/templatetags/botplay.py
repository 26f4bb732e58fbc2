"""`{% play_bot_form %}`: the "Play against a bot" form for the lobby, the new-game page and
a scenario's page: the chosen battle (another is chosen from the catalogue of battle cards),
your side, level, the game's optional rules (double-blind among them) and a time control."""

from __future__ import annotations

from django import template

from games import engine_adapter as engine
from games.botplay.balance import levels_title
from games.bots.levels import PLAYABLE
from games.clocks import control
from games.designer.catalogue import chosen_battle, first_battle

register = template.Library()
register.filter("levels_title", levels_title)

LEVEL_WORDS = {
    "recruit": "Recruit: simple, a little random",
    "veteran": "Veteran: takes objectives, uses cover",
    "elite": "Elite: looks ahead (slower)",
}


@register.inclusion_tag("botplay/play_bot_form.html", takes_context=True)
def play_bot_form(context, scenario_id: str = "") -> dict:
    """The form for `scenario_id`, else the page's chosen battle, else the first bundled one.
    A page with the catalogue on it chooses another there; any other, on the battles page."""
    battle = (chosen_battle(scenario_id, context.get("user")) or context.get("battle")
              or first_battle())
    games = []
    for g in engine.games_list():
        options = engine.option_choices(g["id"])
        games.append({**g,
                      "double_blind": next((o for o in options if o["id"] == "double_blind"),
                                           None),
                      "optional_rules": [o for o in options if o["id"] != "double_blind"]})
    here = context.get("request")
    choose = "/battles/"
    if "catalogue" in context and here is not None:
        choose = f"{here.path}?browse=1&scenario={battle['play_id']}#battles"
    return {
        "battle": battle,
        "choose_url": choose,
        "levels": [(lv, LEVEL_WORDS.get(lv, lv)) for lv in PLAYABLE],
        "games": games,
        "time_controls": control.choices(),
        "csrf_token": context.get("csrf_token"),
        # A refusal brings the player back here, its message above the form.
        "back": here.path if here is not None else "",
        "user": context.get("user"),
    }
