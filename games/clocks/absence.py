"""When a side's time runs out: the opponent claims the win, gives more time or waits; a
team partner takes over the absent seat; a bot may take the seat (hook below).

The rules, in order:
- A flag stops the side's clock; the side may play on, and its opponent may claim the win
  at any moment while the flag stands.
- More time (the opponent's gift) or a take-over (a partner, or a bot) lifts the flag: the
  clock runs again, with the seconds given or a fresh allowance (`fresh_allowance`), and
  no claim stands until the side runs out again.
- A seat is taken over once: a seat someone already stands in for is not offered again, so
  a stand-in who runs out too can be claimed against. The stand-in gives the seat back
  when its player returns (opens the game again): `hand_back`.

Every outcome is a system line in the game log (ClockEvent), which every audience sees.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import engine_adapter as engine
from games.clocks import control as controls
from games.clocks import service
from games.clocks.models import GameClock, SideClock, StandIn, Vacation
from games.models import Game, Seat
from games.player_names import player_name, seat_player
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


def fresh_allowance(control: dict) -> float:
    """The time a side gets when its absent seat is taken over: a correspondence decision's N
    days, or a quarter of a live game's base time (at least a minute)."""
    if control["kind"] == controls.LIVE:
        return float(max(60, control["base"] // 4))
    return controls.bank(control)


def outcomes_for(game_id: Any, user: Any) -> list[dict]:
    """What this user may do about each flagged side now (for the board's buttons)."""
    seat = _seat_of(game_id, user)
    if seat is None:
        return []
    out = []
    for side in flagged_sides(game_id):
        absent = absent_seats(game_id, side, exclude=seat)
        if seat.side.side_id != side:
            out.extend({"side": side, "outcome": k} for k in (CLAIM, MORE_TIME, WAIT))
        else:
            out.extend({"side": side, "outcome": TAKE_OVER, "seat": s.seat_id} for s in absent)
        if BOT_TAKEOVER_HOOKS:  # the opponent, or a partner of the absent seat; never itself
            out.extend({"side": side, "outcome": BOT, "seat": s.seat_id} for s in absent)
    return out


def absent_seats(game_id: Any, side: str, exclude: Seat | None = None) -> list[Seat]:
    """The seats of a side out of time that nobody stands in for yet: those that must decide
    (all of the side's, when none must), `exclude` left out."""
    seats = Seat.objects.filter(game_id=game_id, side__side_id=side).order_by("seat_id")
    if exclude is not None:
        seats = seats.exclude(pk=exclude.pk)
    seats = list(seats.exclude(pk__in=StandIn.objects.values("seat_id")))
    game = Game.objects.filter(pk=game_id).only("pk", "version", "state").first()
    deciding: set[str] = set()
    if game is not None:
        state = engine.cached_state(game.pk, game.version) or engine.decode_state(
            game.pk, game.version, game.state
        )
        deciding = set(engine.deciding_sides(state).get(side, ()))
    return [s for s in seats if s.seat_id in deciding] or seats


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
    """The opponent of a side out of time claims the win: the flagged side resigns. Only
    while the flag stands: a take-over or more time lifts it."""
    game_id = getattr(game, "pk", game)
    with transaction.atomic():
        service.locked_game(game_id)
        me = _opponent(game_id, user, side)
        loser = Seat.objects.filter(game_id=game_id, side__side_id=side).order_by("seat_id")[0]
        version = game_resign(game=game_id, seat=loser)
        service.log(
            game_id, "claim", side,
            f"{me.side.name} claimed the win: {service.side_name(game_id, side)} ran out of time",
            at=timezone.now(),
        )  # fmt: skip
    return version


def _restart(game_id: Any, state: Any, side: str, seconds: float) -> dict:
    """Lift a side's flag with `seconds` on its clock, running again if it must decide."""
    clock = GameClock.objects.get(pk=game_id)
    SideClock.objects.filter(game_id=game_id, side_id=side).update(
        remaining=float(seconds), running_since=None, deadline=None, flagged_at=None,
        remind_at=None,
    )  # fmt: skip
    return service.settle_game(clock, state, timezone.now())


def give_more_time(*, game: Any, user: Any, side: str, seconds: Any) -> dict:
    """The opponent gives a side out of time `seconds` more; its clock runs again."""
    game_id = getattr(game, "pk", game)
    with transaction.atomic():
        _, state = service.locked_game(game_id)
        me = _opponent(game_id, user, side)
        kind = GameClock.objects.values_list("kind", flat=True).get(pk=game_id)
        low, high = MORE_TIME_BOUNDS[kind]
        if not isinstance(seconds, int) or isinstance(seconds, bool) or not low <= seconds <= high:
            raise ServiceError(
                "clock/invalid", f"more time must be {low} to {high} seconds, not {seconds!r}"
            )
        readings = _restart(game_id, state, side, seconds)
        service.log(
            game_id, "more_time", side,
            f"{me.side.name} gave {service.side_name(game_id, side)} {_duration(seconds)} more",
            at=timezone.now(),
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


def _absent_target(game_id: Any, seat_id: str) -> tuple[Seat, str]:
    """The seat to take over, checked: its side is out of time and nobody stands in yet."""
    target = Seat.objects.filter(game_id=game_id, seat_id=seat_id).select_related("side").first()
    if target is None:
        raise ServiceError("seat/invalid", f"there is no seat {seat_id!r} in this game", 404)
    side = target.side.side_id
    if side not in flagged_sides(game_id):
        raise ServiceError("clock/not_flagged", "that seat's side has not run out of time", 409)
    if StandIn.objects.filter(seat=target).exists():
        raise ServiceError("clock/taken_over", f"{seat_player(target)} has been taken over "
                           "already", 409)
    return target, side


def take_over(*, game: Any, user: Any, seat_id: str) -> StandIn:
    """A partner on a side out of time takes over an absent seat's formations until its
    player returns: the flag is lifted and the side gets a fresh allowance
    (`fresh_allowance`), so no claim stands while the partner plays."""
    game_id = getattr(game, "pk", game)
    with transaction.atomic():
        _, state = service.locked_game(game_id)
        me = _seat_of(game_id, user)
        target = Seat.objects.filter(game_id=game_id, seat_id=seat_id).select_related("side").first()
        if me is None or target is None or target.pk == me.pk:
            raise ServiceError("seat/invalid", "name another seat of your side", 403)
        if target.side_id != me.side_id:
            raise ServiceError("seat/invalid", "only a partner on the same side may take over", 403)
        target, side = _absent_target(game_id, seat_id)
        stand_in = StandIn.objects.create(seat=target, user=user, reason="absence")
        control = GameClock.objects.values_list("control", flat=True).get(pk=game_id)
        allowance = fresh_allowance(control)
        _restart(game_id, state, side, allowance)
        service.log(
            game_id, "take_over", side,
            f"{player_name(user)} takes over {seat_player(target)}'s formations until they return "
            f"({_duration(int(allowance))} on the clock)", at=timezone.now(),
        )  # fmt: skip
    return stand_in


def bot_take_over(*, game: Any, user: Any, seat_id: str) -> bool:
    """Ask the registered bot hooks to take an absent seat until its player returns; when one
    does, the flag is lifted and the side gets a fresh allowance, as for a partner."""
    game_id = getattr(game, "pk", game)
    if not BOT_TAKEOVER_HOOKS:
        raise ServiceError("clock/no_bot", "no bot can take a seat here", 409)
    with transaction.atomic():
        _, state = service.locked_game(game_id)
        if _seat_of(game_id, user) is None:
            raise ServiceError("seat/none", "you have no seat in this game", 403)
        target, side = _absent_target(game_id, seat_id)
        if not any(hook(game_id, seat_id) for hook in BOT_TAKEOVER_HOOKS):
            return False
        control = GameClock.objects.values_list("control", flat=True).get(pk=game_id)
        allowance = fresh_allowance(control)
        _restart(game_id, state, side, allowance)
        service.log(
            game_id, "bot", side,
            f"A bot takes over for {seat_player(target)} until they return "
            f"({_duration(int(allowance))} on the clock)", at=timezone.now(),
        )  # fmt: skip
    return True


def hand_back(seat: Seat) -> bool:
    """The seat's player is back: a partner standing in for them gives the seat back (the
    game log says so). True if someone was standing in."""
    with transaction.atomic():
        stand_in = StandIn.objects.select_related("user").filter(seat=seat).first()
        if stand_in is None or not StandIn.objects.filter(pk=stand_in.pk).delete()[0]:
            return False
        side = Seat.objects.filter(pk=seat.pk).values_list("side__side_id", flat=True).get()
        service.log(
            seat.game_id, "hand_back", side,
            f"{seat_player(seat)} is back: {player_name(stand_in.user)} hands the seat back",
            at=timezone.now(),
        )  # fmt: skip
    return True


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


def acting_for(game_id: Any, user: Any) -> list[dict]:
    """The partners' seats this user may act for now: taken over, or whose player is on
    vacation (the board offers to act for each)."""
    me = _seat_of(game_id, user)
    if me is None:
        return []
    now = timezone.now()
    partners = Seat.objects.filter(game_id=game_id, side_id=me.side_id).exclude(pk=me.pk)
    taken = set(StandIn.objects.filter(seat__in=partners, user=user).values_list("seat_id", flat=True))
    away = set(
        Vacation.objects.filter(starts_at__lte=now, ends_at__gt=now).values_list("user_id", flat=True)
    )
    out = []
    for seat in partners.select_related("user").order_by("seat_id"):
        why = "absence" if seat.pk in taken else "vacation" if seat.user_id in away else ""
        if why:
            player = seat.user.get_username() if seat.user_id else ""
            out.append({"seat": seat.seat_id, "player": player, "why": why})
    return out


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
