"""Who may read and write a side's plans: its seats write, its coaches read; once the game
is over, whoever may watch its replay reads every side's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games import selectors, spectating
from games.models import ABANDONED, ACTIVE, FINISHED, Game, Seat
from games.services.errors import ServiceError


@dataclass(frozen=True)
class Planner:
    """A viewer of a game's plans: the side whose plans they see (None: every side, after
    the end), their seat if they sit on it, and whether they may change the plans."""

    game: Game
    side_id: str | None
    seat: Seat | None
    may_write: bool


def planner(game: Game | Any, user: Any, *, write: bool = False) -> Planner:
    """The viewer's access to a game's plans, or ServiceError 403/404 with nothing shown."""
    if not isinstance(game, Game):
        game = selectors.game_or_none(str(game))
        if game is None:
            raise ServiceError("game/not_found", "no such game", 404)
    if not getattr(user, "is_authenticated", False):
        raise ServiceError("auth/required", "sign in first", 401)
    seat = selectors.seat_of(game, user)
    over = game.status in (FINISHED, ABANDONED)
    if seat is not None and not over:
        return Planner(game, seat.side.side_id, seat, game.status == ACTIVE)
    coached = spectating.coach_side(game, user) if game.status == ACTIVE else None
    if coached is not None and not write:
        return Planner(game, coached, None, False)
    if not write and selectors.may_review(game, user):
        return Planner(game, None, seat, False)  # the replay shows each side's plans
    if write and (seat is not None or coached is not None):
        raise ServiceError("planning/read_only", "only a side's seats change its plans while "
                           "the game is played", 403)
    raise ServiceError("planning/not_your_side", "a side's plans are its players' and its "
                       "coaches' only", 403)
