"""Who commands what in a game: each seat's player and formations, for the game page's seats
panel, and which seat commands each of the viewer's side's units (team games)."""

from __future__ import annotations

from typing import Any

from games import engine_adapter as engine
from games.models import Game, Seat
from games.player_names import player_name
from games.services import hooks
from games.services.division import division


def seat_roster(game: Game, user: Any) -> list[dict]:
    """Every seat in side order: its player, whether it is the viewer's, its formations."""
    scen = engine.scenario(game.scenario)
    names = {f.id: f.name for f in scen.formations}
    # Under sector command (19) a seat commands a band of the map, not formations.
    sectors = "sector_command" in (game.options.get("optional_rules") or [])
    plan = {} if sectors else division(game)
    me = getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
    seats = (Seat.objects.filter(game=game).select_related("game", "side", "user")
             .order_by("side__pk", "seat_id"))
    return [
        {
            "id": s.seat_id,
            "side": s.side.side_id,
            "user": player_name(s.user) if s.user_id else None,
            "you": me is not None and s.user_id == me,
            "formations": [names[f] for f in plan.get(s.seat_id, []) if f in names],
            "stand_in": hooks.stand_in_for(s),  # the bot its player chose (botplay)
        }
        for s in seats
    ]


def commanders(game: Game, side: str | None) -> dict[str, str]:
    """Unit id -> the seat commanding it, for the viewer's own side only (None: nobody's)."""
    if side is None:
        return {}
    seats = Seat.objects.filter(game=game, side__side_id=side).only("seat_id", "units")
    return {unit: s.seat_id for s in seats for unit in s.units}
