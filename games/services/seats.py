"""Seats before the start: leave, remove a player, divide a side's units; rematch after the end."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from games import engine_adapter as engine
from games.lobby import notify
from games.models import ABANDONED, ACTIVE, FINISHED, OPEN, Game, Rematch, Seat
from games.services.errors import ServiceError
from games.services.lifecycle import OPTION_KEYS, game_create, game_join


def _locked(game: Game | Any) -> Game:
    try:
        return Game.objects.select_for_update().get(pk=getattr(game, "pk", game))
    except Game.DoesNotExist:
        raise ServiceError("game/none", "no such game", 404) from None


def _free(seat: Seat) -> None:
    seat.user, seat.joined_at = None, None
    seat.save(update_fields=["user", "joined_at"])


def _abandon_if_empty(game: Game) -> None:
    if not Seat.objects.filter(game=game, user__isnull=False).exists():
        game.status, game.finished_at = ABANDONED, timezone.now()
        game.save(update_fields=["status", "finished_at"])


@transaction.atomic
def game_leave(*, game: Game | Any, user: Any) -> Game:
    """Give up your seat before the start; a game nobody sits in any more is abandoned."""
    locked = _locked(game)
    seat = Seat.objects.filter(game=locked, user=user).first() if user.is_authenticated else None
    if seat is None:
        raise ServiceError("seat/none", "you have no seat in this game", 403)
    if locked.status != OPEN:
        raise ServiceError("game/started", "the game has started: resign instead", 409)
    _free(seat)
    _abandon_if_empty(locked)
    notify.lobby_changed()
    return locked


@transaction.atomic
def seat_remove(*, game: Game | Any, by: Any, seat_id: str) -> Seat:
    """The game's creator frees another player's seat before the start."""
    locked = _locked(game)
    if locked.created_by_id != getattr(by, "pk", None):
        raise ServiceError("seat/not_creator", "only the game's creator removes players", 403)
    if locked.status != OPEN:
        raise ServiceError("game/started", "players cannot be removed once the game started", 409)
    seat = Seat.objects.filter(game=locked, seat_id=seat_id).first()
    if seat is None:
        raise ServiceError("seat/unknown", f"this game has no seat {seat_id!r}", 404)
    if seat.user_id is None:
        raise ServiceError("seat/free", f"seat {seat_id} is free already", 409)
    if seat.user_id == by.pk:
        raise ServiceError("seat/yours", "to give up your own seat, leave the game", 409)
    removed = seat.user_id
    _free(seat)
    notify.lobby_changed()
    notify.user_frame(removed, {"t": "removed", "d": {"game": str(locked.pk)}})
    return seat


@transaction.atomic
def game_rematch(*, game: Game | Any, user: Any) -> Game:
    """Play a finished game again with sides swapped: the first to ask opens the new game,
    each other player who asks takes their seat on the side they did not play."""
    locked = _locked(game)
    if locked.status != FINISHED:
        raise ServiceError("game/not_over", "a rematch follows a finished game", 409)
    old = Seat.objects.select_related("side").filter(game=locked, user=user).first()
    if old is None:
        raise ServiceError("seat/none", "you did not play in this game", 403)
    sides = list(locked.sides.order_by("order").values_list("side_id", flat=True))
    swapped = sides[(sides.index(old.side.side_id) + 1) % len(sides)]
    link = Rematch.objects.filter(game=locked).select_related("next_game").first()
    if link is None:
        new = game_create(
            user=user,
            scenario=locked.scenario,
            side=swapped,
            seats_per_side=locked.seats_per_side,
            options={k: v for k, v in locked.options.items() if k in OPTION_KEYS},
        )
        Rematch.objects.create(game=locked, next_game=new)
        notify.lobby_changed()
        for seat in Seat.objects.filter(game=locked, user__isnull=False).exclude(user=user):
            notify.user_frame(
                seat.user_id, {"t": "rematch", "d": {"game": str(new.pk), "of": str(locked.pk)}}
            )
        return new
    new = link.next_game
    if not Seat.objects.filter(game=new, user=user).exists():
        game_join(game=new, user=user, side=swapped)
    notify.lobby_changed()
    new.refresh_from_db()
    return new


# -- dividing a side's units between its seats (team games) -------------------------------------


def default_division(game: Game) -> dict[str, list[str]]:
    """Formation ids per seat as the engine deals them: round-robin over the side's seats."""
    scen = engine.scenario(game.scenario)
    out: dict[str, list[str]] = {}
    seats = list(Seat.objects.filter(game=game).select_related("side").order_by("seat_id"))
    for side in scen.sides:
        mine = [s.seat_id for s in seats if s.side.side_id == side.id]
        for seat_id in mine:
            out[seat_id] = []
        for k, f in enumerate(f for f in scen.formations if f.side == side.id):
            out[mine[k % len(mine)]].append(f.id)
    return out


def division(game: Game) -> dict[str, list[str]]:
    """Formation ids per seat: the side's first seat's choice, or the default."""
    scen = engine.scenario(game.scenario)
    chosen = game.options.get("division") if isinstance(game.options, dict) else None
    plan = default_division(game)
    if chosen:
        by_unit = {f.id: f for f in scen.formations}
        for seat_id, forms in chosen.items():
            if seat_id in plan:
                plan[seat_id] = [f for f in forms if f in by_unit]
    return plan


def divided_opening_state(game: Game, options: list[str]) -> engine.GameState | None:
    """The opening state with the seats' chosen division, or None to let the engine deal."""
    if not (isinstance(game.options, dict) and game.options.get("division")):
        return None
    from games.rules.scenario import initial_state
    from games.rules.state import SeatState

    scen = engine.scenario(game.scenario)
    forms = {f.id: f for f in scen.formations}
    plan = division(game)
    seats = list(Seat.objects.filter(game=game).select_related("side").order_by("seat_id"))
    out = []
    for side in scen.sides:
        mine = [s for s in seats if s.side.side_id == side.id]
        in_formation = {u for f in scen.formations if f.side == side.id for u in f.units}
        for n, seat in enumerate(mine):
            units = {u for fid in plan.get(seat.seat_id, []) for u in forms[fid].units}
            if n == 0:
                units |= {
                    p.id for p in scen.units if p.side == side.id and p.id not in in_formation
                }
            out.append(SeatState(id=seat.seat_id, side=side.id, units=frozenset(units)))
    plain = [o for o in options if o not in engine.DB_ADDITIONS]
    return initial_state(scen, options=plain, seats=tuple(out))


@transaction.atomic
def division_set(*, game: Game | Any, user: Any, side: str, seats: dict[str, list[str]]) -> dict:
    """The side's first seat gives each of the side's seats its formations, before the start.

    Every formation of the side goes to exactly one of its seats; units outside any
    formation stay with the first seat.
    """
    locked = _locked(game)
    if locked.status != OPEN:
        raise ServiceError("game/started", "units are divided before the start", 409)
    mine = list(Seat.objects.filter(game=locked, side__side_id=side).order_by("seat_id"))
    if not mine:
        raise ServiceError("side/unknown", f"this game has no side {side!r}")
    if mine[0].user_id != getattr(user, "pk", None):
        raise ServiceError(
            "division/not_first_seat", "the side's first seat divides its units", 403
        )
    if not isinstance(seats, dict) or set(seats) != {s.seat_id for s in mine}:
        raise ServiceError(
            "division/invalid", "name every seat of the side: " + ", ".join(s.seat_id for s in mine)
        )
    scen = engine.scenario(locked.scenario)
    side_forms = sorted(f.id for f in scen.formations if f.side == side)
    given = [f for forms in seats.values() if isinstance(forms, list) for f in forms]
    if not all(isinstance(forms, list) for forms in seats.values()) or sorted(given) != side_forms:
        raise ServiceError(
            "division/invalid",
            "give each of the side's formations to exactly one seat: " + ", ".join(side_forms),
        )
    options = dict(locked.options)
    chosen = dict(options.get("division") or {})
    chosen.update({k: list(v) for k, v in seats.items()})
    options["division"] = chosen
    locked.options = options
    locked.save(update_fields=["options"])
    notify.lobby_changed()
    return division(locked)


def is_playing(game: Game) -> bool:
    return game.status == ACTIVE
