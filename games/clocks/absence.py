"""When a side's time runs out: the opponent claims the win, gives more time or waits; a
team partner takes over the absent seat; a bot may take the seat (hook below).

Every outcome is a system line in the game log (ClockEvent), which every audience sees.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.clocks import control as controls
from games.clocks import service
from games.clocks.models import GameClock, SideClock, StandIn, Vacation
from games.models import Seat
from games.services.commands import Outcome, command_submit
from games.services.errors import ServiceError
from games.services.lifecycle import game_resign

CLAIM, MORE_TIME, WAIT, TAKE_OVER, BOT = "claim", "more_time", "wait", "take_over", "bot"

# "A bot takes over the seat": the bots app appends a callable (game_id, seat_id) -> bool that
# seats a bot in the absent seat until its player returns, and returns whether it did. The
# outcome is offered only while at least one hook is registered.
BOT_TAKEOVER_HOOKS: list[Callable[[Any, str], bool]] = []

MORE_TIME_BOUNDS = {controls.LIVE: (10, 3600), controls.CORRESPONDENCE: (3600, 14 * 86_400)}


def _seat_of(game_id: Any, user: Any) -> Seat | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return Seat.objects.filter(game_id=game_id, user=user).select_related("side").first()


def flagged_sides(game_id: Any) -> list[str]:
    return list(
        SideClock.objects.filter(game_id=game_id, flagged_at__isnull=False).values_list(
            "side_id", flat=True
        )
    )


def outcomes_for(game_id: Any, user: Any) -> list[dict]:
    """What this user may do about each flagged side now (for the board's buttons)."""
    seat = _seat_of(game_id, user)
    if seat is None:
        return []
    out = []
    for side in flagged_sides(game_id):
        if seat.side.side_id != side:
            kinds = [CLAIM, MORE_TIME, WAIT]
        else:
            kinds = [TAKE_OVER] if absent_seats(game_id, side, exclude=seat) else []
        if BOT_TAKEOVER_HOOKS and (seat.side.side_id != side or kinds):
            kinds.append(BOT)  # the opponent, or a partner of the absent seat; never itself
        out.extend({"side": side, "outcome": k} for k in kinds)
    return out


def absent_seats(game_id: Any, side: str, exclude: Seat | None = None) -> list[Seat]:
    seats = Seat.objects.filter(game_id=game_id, side__side_id=side).order_by("seat_id")
    if exclude is not None:
        seats = seats.exclude(pk=exclude.pk)
    return list(seats)


def _opponent(game_id: Any, user: Any, side: str) -> Seat:
    seat = _seat_of(game_id, user)
    if seat is None:
        raise ServiceError("seat/none", "you have no seat in this game", 403)
    if side not in flagged_sides(game_id):
        raise ServiceError("clock/not_flagged", f"side {side!r} has not run out of time", 409)
    if seat.side.side_id == side:
        raise ServiceError("clock/own_side", "only the opponent may decide this", 403)
    return seat


def claim_win(*, game: Any, user: Any, side: str) -> int:
    """The opponent of a side out of time claims the win: the flagged side resigns."""
    game_id = getattr(game, "pk", game)
    with transaction.atomic():
        service.locked_game(game_id)
        me = _opponent(game_id, user, side)
        loser = absent_seats(game_id, side)[0]
        version = game_resign(game=game_id, seat=loser)
        service.log(
            game_id, "claim", side,
            f"{me.side.name} claimed the win: {service.side_name(game_id, side)} ran out of time",
            at=timezone.now(),
        )  # fmt: skip
    return version


def give_more_time(*, game: Any, user: Any, side: str, seconds: Any) -> dict:
    """The opponent gives a side out of time `seconds` more; its clock runs again."""
    game_id = getattr(game, "pk", game)
    with transaction.atomic():
        _, state = service.locked_game(game_id)
        me = _opponent(game_id, user, side)
        clock = GameClock.objects.get(pk=game_id)
        low, high = MORE_TIME_BOUNDS[clock.kind]
        if not isinstance(seconds, int) or isinstance(seconds, bool) or not low <= seconds <= high:
            raise ServiceError(
                "clock/invalid", f"more time must be {low} to {high} seconds, not {seconds!r}"
            )
        SideClock.objects.filter(game_id=game_id, side_id=side).update(
            remaining=float(seconds), running_since=None, deadline=None, flagged_at=None,
            remind_at=None,
        )  # fmt: skip
        now = timezone.now()
        readings = service.settle_game(clock, state, now)
        service.log(
            game_id, "more_time", side,
            f"{me.side.name} gave {service.side_name(game_id, side)} {_duration(seconds)} more",
            at=now,
        )  # fmt: skip
    return readings


def wait(*, game: Any, user: Any, side: str) -> None:
    """The opponent waits for a side out of time (it may still move; a claim stays open)."""
    game_id = getattr(game, "pk", game)
    with transaction.atomic():
        me = _opponent(game_id, user, side)
        service.log(
            game_id, "wait", side,
            f"{me.side.name} waits for {service.side_name(game_id, side)}", at=timezone.now(),
        )  # fmt: skip


def take_over(*, game: Any, user: Any, seat_id: str) -> StandIn:
    """A partner on a side out of time takes over an absent seat's formations."""
    game_id = getattr(game, "pk", game)
    with transaction.atomic():
        me = _seat_of(game_id, user)
        target = Seat.objects.filter(game_id=game_id, seat_id=seat_id).select_related("side").first()
        if me is None or target is None or target.pk == me.pk:
            raise ServiceError("seat/invalid", "name another seat of your side", 403)
        if target.side_id != me.side_id:
            raise ServiceError("seat/invalid", "only a partner on the same side may take over", 403)
        if target.side.side_id not in flagged_sides(game_id):
            raise ServiceError("clock/not_flagged", "your side has not run out of time", 409)
        stand_in, _ = StandIn.objects.update_or_create(
            seat=target, defaults={"user": user, "reason": "absence"}
        )
        service.log(
            game_id, "take_over", target.side.side_id,
            f"{user.get_username()} takes over {seat_id}'s formations", at=timezone.now(),
        )  # fmt: skip
    return stand_in


def bot_take_over(*, game: Any, user: Any, seat_id: str) -> bool:
    """Ask the registered bot hooks to take an absent seat until its player returns."""
    game_id = getattr(game, "pk", game)
    if not BOT_TAKEOVER_HOOKS:
        raise ServiceError("clock/no_bot", "no bot can take a seat here", 409)
    if _seat_of(game_id, user) is None:
        raise ServiceError("seat/none", "you have no seat in this game", 403)
    target = Seat.objects.filter(game_id=game_id, seat_id=seat_id).select_related("side").first()
    if target is None or target.side.side_id not in flagged_sides(game_id):
        raise ServiceError("clock/not_flagged", "that seat's side has not run out of time", 409)
    for hook in BOT_TAKEOVER_HOOKS:
        if hook(game_id, seat_id):
            with transaction.atomic():
                service.log(
                    game_id, "bot", target.side.side_id,
                    f"A bot takes over {seat_id} until its player returns", at=timezone.now(),
                )  # fmt: skip
            return True
    return False


def may_act_for(game_id: Any, user: Any, seat: Seat) -> bool:
    """A partner may act for a seat whose player is on vacation, or one they took over."""
    me = _seat_of(game_id, user)
    if me is None or me.side_id != seat.side_id or me.pk == seat.pk:
        return False
    if StandIn.objects.filter(seat=seat, user=user).exists():
        return True
    now = timezone.now()
    return seat.user_id is not None and Vacation.objects.filter(
        user_id=seat.user_id, starts_at__lte=now, ends_at__gt=now
    ).exists()


def command_for_seat(
    *, game: Any, user: Any, seat_id: str, command: Any, base_version: int, client_id: Any = None
) -> Outcome:
    """Submit a command for a partner's seat (vacation or take-over), refereed as any other."""
    game_id = getattr(game, "pk", game)
    seat = Seat.objects.filter(game_id=game_id, seat_id=seat_id).first()
    if seat is None or not may_act_for(game_id, user, seat):
        return Outcome(client_id, code="seat/not_yours", message=f"you may not act for {seat_id}")
    return command_submit(
        game=game_id, seat=seat, command=command, base_version=base_version, client_id=client_id
    )


def _duration(seconds: int) -> str:
    delta = timedelta(seconds=seconds)
    if seconds >= 86_400:
        return f"{seconds / 86_400:g} day(s)"
    if seconds >= 3600:
        return f"{seconds / 3600:g} hour(s)"
    return f"{delta.seconds // 60} min {delta.seconds % 60} s"
