"""`{% play_bot_form %}`: the small "Play against a bot" form for the lobby and new-game page."""

from __future__ import annotations

from django import template

from games import engine_adapter as engine
from games.bots.levels import PLAYABLE

register = template.Library()

LEVEL_WORDS = {
    "recruit": "Recruit: simple, a little random",
    "veteran": "Veteran: takes objectives, uses cover",
    "elite": "Elite: looks ahead (slower)",
}


@register.inclusion_tag("botplay/play_bot_form.html", takes_context=True)
def play_bot_form(context, scenario_id: str = "") -> dict:
    choices = []
    for s in engine.scenarios().values():
        for side in s.sides:
            choices.append((f"{s.id}:{side.id}", f"{s.title}: {side.name}", s.id))
    return {
        "choices": choices,
        "selected": next((v for v, _, sid in choices if sid == scenario_id), ""),
        "levels": [(lv, LEVEL_WORDS.get(lv, lv)) for lv in PLAYABLE],
        "csrf_token": context.get("csrf_token"),
        "user": context.get("user"),
    }
