"""Divide a team side's units between its seats by formation (team games): the default deal,
the side's first seat's choice before the start, and the opening state that follows it."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games import engine_adapter as engine
from games.lobby import notify
from games.models import OPEN, Game, Seat
from games.services.errors import ServiceError
from games.services.locking import locked_game


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
    scen = engine.scenario(game.scenario)
    forms = {f.id: f for f in scen.formations}
    plan = division(game)
    seats = list(Seat.objects.filter(game=game).select_related("side").order_by("seat_id"))
    out: dict[str, tuple[str, frozenset[str]]] = {}
    for side in scen.sides:
        mine = [s for s in seats if s.side.side_id == side.id]
        in_formation = {u for f in scen.formations if f.side == side.id for u in f.units}
        for n, seat in enumerate(mine):
            units = {u for fid in plan.get(seat.seat_id, []) for u in forms[fid].units}
            if n == 0:
                units |= {
                    uid for uid, owner in scen.units if owner == side.id and uid not in in_formation
                }
            out[seat.seat_id] = (side.id, frozenset(units))
    return engine.divided_opening_state(game.scenario, options, out)


@transaction.atomic
def division_set(*, game: Game | Any, user: Any, side: str, seats: dict[str, list[str]]) -> dict:
    """The side's first seat gives each of the side's seats its formations, before the start.

    Every formation of the side goes to exactly one of its seats; units outside any
    formation stay with the first seat.
    """
    locked = locked_game(game)
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
