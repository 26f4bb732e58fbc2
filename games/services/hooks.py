"""Hook tables other apps fill in at start-up, so the services never import them.

- `AFTER_STEP`: called inside the transaction that stores a new version (the opening state,
  each accepted command, a resignation), after the step is written; a hook that raises
  rolls the step back. The clocks app charges and starts the clocks here, so a step and its
  clock readings commit together.
- `OPTION_CHECKS`: extra game options by name; each checker takes the raw value and returns
  the normalised one or raises ServiceError (the clocks app checks `time_control`).
- `SEAT_CHECKS`: (game, user) before a user takes a seat; raise ServiceError to refuse (the
  community app: guests and bots stay out of rated games, blocked players out of each
  other's games).
- `CHAT_CHECKS`: (game, user, text) -> text before a chat line is stored; return the text
  to store (a word filter masks) or raise ServiceError (a silenced player, a line too long).
- `MUTED_BY`: (user) -> ids of the users whose chat this user does not want to see.
- `SEEK_STORED`: (seek, options) inside the transaction that queues a quick-match seek, with
  the extra game options the seeker asked for (the community app keeps `rated`).
- `SEEK_FITS`: (seek, other, now) -> False when two seekers must not share a game now
  (blocked, a rated and a casual seek, ratings further apart than their waits allow).
- `SEEK_OPTIONS`: (seeks) -> extra options for the game a quick-match group opens.
- `ACT_FOR`: (game id, user, seat) -> True when the user may act for that seat of a partner
  (the clocks app: a seat they took over, or whose player is on vacation); the socket then
  sends their commands for it through the same command_submit.
- `ACCOUNT_ERASERS`: (user) inside the transaction that deletes an account: each app removes
  the personal data it keeps (the notifications app its addresses, webhooks and push
  subscriptions; the clocks app vacations).
- `ABORT_CHECKS`: (game) before a game is aborted; raise ServiceError to refuse (the
  community app: a tournament game is played out, drawn or resigned, never aborted).
- `DRAW_OFFERED`: (game id, offering side, seat ids, key) after the commit of a draw offer's
  change: the seats asked to answer it (its side's partners, then every other seat once it
  stands); `key` names the notice, so each is sent once (the notifications app).
- `ACCOUNT_EXPORTS`: (user) -> {name: plain data}: each app's settings of the player for
  their data export (games.account_export).
- `SEAT_STAND_IN`: (seat) -> the bot level its player chose to stand in for them while away,
  where an opponent may call it (an untimed game), else None; shown with the seat to the
  game's players (the botplay app).
- `REMATCH_OPENED`: (finished game, its rematch, {side: side it swaps to}) inside the
  transaction that opens a rematch: the botplay app seats the finished game's bots again,
  on the sides they swap to, so a rematch of a bot game starts at once.
- `EMAIL_CONFIRMED`: (user, old address, new address) when a player has confirmed their
  account's new address (the notifications app follows it, the address being verified).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class StepDone:
    """A version just written: who sent it (None for the opening state) and the states."""

    game_id: Any
    version: int
    seat_id: str | None
    before: Any  # engine GameState before the step (None for the opening state)
    after: Any  # engine GameState after it
    at: datetime


AFTER_STEP: list[Callable[[StepDone], None]] = []
OPTION_CHECKS: dict[str, Callable[[Any], Any]] = {}
SEAT_CHECKS: list[Callable[[Any, Any], None]] = []
CHAT_CHECKS: list[Callable[[Any, Any, str], str]] = []
MUTED_BY: list[Callable[[Any], set]] = []
SEEK_STORED: list[Callable[[Any, dict], None]] = []
SEEK_FITS: list[Callable[[Any, Any, datetime], bool]] = []
SEEK_OPTIONS: list[Callable[[list], dict]] = []
ACT_FOR: list[Callable[[Any, Any, Any], bool]] = []
ACCOUNT_ERASERS: list[Callable[[Any], None]] = []
EMAIL_CONFIRMED: list[Callable[[Any, str, str], None]] = []
ACCOUNT_EXPORTS: list[Callable[[Any], dict]] = []
SEAT_STAND_IN: list[Callable[[Any], str | None]] = []


def stand_in_for(seat: Any) -> str | None:
    """The bot level an opponent may call for `seat`'s player while they are away (the
    first answer of SEAT_STAND_IN), or None: what the roster and the REST seat show."""
    if not seat.user_id:
        return None
    return next((level for hook in SEAT_STAND_IN if (level := hook(seat))), None)
REMATCH_OPENED: list[Callable[[Any, Any, dict[str, str]], None]] = []
DRAW_OFFERED: list[Callable[[Any, str, set, str], None]] = []
ABORT_CHECKS: list[Callable[[Any], None]] = []
# (scenario id, user): raise ServiceError when the user may not open a game of it (a hidden
# players' battle, someone else's draft being tried).
OPEN_CHECKS: list[Callable[[str, Any], None]] = []


def after_step(done: StepDone) -> None:
    for hook in AFTER_STEP:
        hook(done)


def seat_check(game: Any, user: Any) -> None:
    for check in SEAT_CHECKS:
        check(game, user)


def chat_checked(game: Any, user: Any, text: str) -> str:
    for check in CHAT_CHECKS:
        text = check(game, user, text)
    return text


def muted_by(user: Any) -> set:
    out: set = set()
    for hook in MUTED_BY:
        out |= hook(user)
    return out


def seeks_fit(seek: Any, other: Any, now: datetime) -> bool:
    return all(fit(seek, other, now) for fit in SEEK_FITS)


def seek_options(seeks: list) -> dict:
    out: dict = {}
    for hook in SEEK_OPTIONS:
        out.update(hook(seeks))
    return out


def may_act_for(game_id: Any, user: Any, seat: Any) -> bool:
    return any(check(game_id, user, seat) for check in ACT_FOR)
