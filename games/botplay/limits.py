"""How many games against bots one player may have going (`BOT_GAMES_PLAYED_MAX`): each
one's bots think in the web process, and a guest's handful slowed every page. A refusal
names the games in the way, so a page can link them: finishing or resigning one is the way
on."""

from __future__ import annotations

from typing import Any

from django.conf import settings

from games.lobby.selectors import scenario_brief
from games.models import ACTIVE, OPEN, Game, Seat
from games.services.errors import ServiceError

from .accounts import is_bot

TOO_MANY = "bot/too_many_games"


def bot_games_going(user: Any) -> list[Game]:
    """The user's games with a bot seated, open or being played, the oldest first."""
    return list(
        Game.objects.filter(status__in=(OPEN, ACTIVE), seats__user=user)
        .filter(seats__user__bot__isnull=False)
        .distinct()
        .order_by("created_at", "pk")
    )


def too_many_words(cap: int) -> str:
    """The refusal in a player's words: what the limit is and what to do."""
    games = "one game" if cap == 1 else f"{cap} games"
    return (
        f"You already have {games} against bots going, the most one player may have at once. "
        "Finish or resign one of them to start another."
    )


def check_bot_games_played(user: Any) -> None:
    """Refuse another game against bots past the cap, naming the games going (`games`:
    id, battle title, the player's side and page of each)."""
    cap = settings.BOT_GAMES_PLAYED_MAX
    going = bot_games_going(user)
    if len(going) >= cap:
        # Each with the side the player has in it: several games of one battle read apart.
        sides = dict(
            Seat.objects.filter(game__in=going, user=user).values_list("game_id", "side__name")
        )
        listed = [
            {"id": str(g.pk), "title": scenario_brief(g.scenario)["title"],
             "side": sides.get(g.pk, ""), "url": f"/games/{g.pk}/"}
            for g in going
        ]
        raise ServiceError(TOO_MANY, too_many_words(cap), 409, {"games": listed})


def check_seat_beside_bots(game: Game, user: Any) -> None:
    """hooks.SEAT_CHECKS: a person taking a seat in an open game with a bot seated (another
    player's rematch of a game with bot partners, a game its creator gave a seat to a bot)
    starts a game against bots, so the same cap, the same refusal. A bot is never refused:
    the games that seat them check their opener first (play_against_bot, rematch_bots)."""
    if not Seat.objects.filter(game=game, user__bot__isnull=False).exists() or is_bot(user):
        return
    check_bot_games_played(user)
