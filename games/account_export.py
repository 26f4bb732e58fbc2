"""A player's own data as one JSON document: the account, the settings, every game they sat
in with the commands they sent, and their chat lines (the "download my data" of the account
page and GET /api/v1/account/export).

Only what the player themselves gave or may see: their own commands (never another seat's,
never a state, a die or a seed), the game's public facts (scenario, sides, players, result),
their own chat lines. Read-only: a selector, no service.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from games.models import ChatMessage, GameStep, Seat
from games.player_names import player_name
from games.services import hooks

FORMAT = "pgweb-account-export/1"


def _when(value: Any) -> str | None:
    return value.isoformat() if value is not None else None


def _games(user: Any) -> list[dict]:
    seats = (
        Seat.objects.filter(user=user)
        .select_related("game", "side")
        .order_by("game__created_at", "seat_id")
    )
    out = []
    for seat in seats:
        game = seat.game
        players = [
            {"seat": s.seat_id, "side": s.side.side_id, "player": player_name(s.user)}
            for s in Seat.objects.filter(game=game, user__isnull=False)
            .select_related("side", "user")
            .order_by("seat_id")
        ]
        steps = GameStep.objects.filter(game=game, seat=seat).order_by("version")
        out.append({
            "game": str(game.pk),
            "scenario": game.scenario,
            "ruleset": game.ruleset,
            "status": game.status,
            "options": game.options,
            "your_seat": seat.seat_id,
            "your_side": seat.side.side_id,
            "players": players,
            "result": game.result,
            "created_at": _when(game.created_at),
            "started_at": _when(game.started_at),
            "finished_at": _when(game.finished_at),
            "your_commands": [
                {"version": v, "command": c, "at": _when(at)}
                for v, c, at in steps.values_list("version", "command", "created_at")
            ],
        })  # fmt: skip
    return out


def _chat(user: Any) -> list[dict]:
    rows = ChatMessage.objects.filter(user=user).order_by("created_at")
    return [
        {"game": str(g), "channel": c, "side": s or None, "text": t, "at": _when(at)}
        for g, c, s, t, at in rows.values_list("game_id", "channel", "side_id", "text", "created_at")
    ]


def account_export(user: Any) -> dict:
    """Everything of the player's own, as plain JSON data."""
    settings = {}
    for part in hooks.ACCOUNT_EXPORTS:
        settings.update(part(user))
    return {
        "format": FORMAT,
        "exported_at": _when(timezone.now()),
        "account": {
            "username": user.get_username(),
            "email": user.email or "",
            "date_joined": _when(user.date_joined),
            "last_login": _when(user.last_login),
        },
        "settings": settings,
        "games": _games(user),
        "chat": _chat(user),
    }
