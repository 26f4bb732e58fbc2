"""Open a game, take seats, start it when the last seat is filled, resign."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import broadcast, steplog
from games import engine_adapter as engine
from games.models import (
    ACTIVE,
    OPEN,
    SPECTATE_PUBLIC,
    SPECTATOR_POLICIES,
    Game,
    GameStep,
    Seat,
    Side,
    Unit,
)
from games.services import hooks
from games.services.division import divided_opening_state
from games.services.endings import end_step
from games.services.errors import ServiceError

MAX_SEATS_PER_SIDE = 4
OPTION_KEYS = ("double_blind", "optional_rules", "spectators", "private")


def option_keys() -> tuple[str, ...]:
    """Every option a game may carry: the base ones and those other apps register."""
    return OPTION_KEYS + tuple(hooks.OPTION_CHECKS)


def normalize_options(scenario_id: str, raw: Any) -> dict:
    """Check a game's options and fill in every default."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise ServiceError("options/invalid", "options must be an object")
    unknown = sorted(set(raw) - set(option_keys()))
    if unknown:
        raise ServiceError("options/invalid", f"unknown option(s): {', '.join(unknown)}")
    scen = engine.scenario(scenario_id)
    double_blind = raw.get("double_blind", "double_blind" in scen.default_options)
    if not isinstance(double_blind, bool):
        raise ServiceError("options/invalid", "double_blind must be true or false")
    rules = raw.get("optional_rules")
    if rules is None:
        rules = sorted(scen.default_options - {"double_blind"})
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        raise ServiceError("options/invalid", "optional_rules must be a list of rule names")
    known = engine.option_ids(scenario_id)
    bad = sorted(set(rules) - known)
    if double_blind and "double_blind" not in known:
        bad.append("double_blind")
    if bad:
        raise ServiceError(
            "options/invalid",
            f"unknown optional rule(s): {', '.join(bad)}; known: {', '.join(sorted(known))}",
        )
    spectators = raw.get("spectators", SPECTATE_PUBLIC)
    if spectators not in SPECTATOR_POLICIES:
        raise ServiceError(
            "options/invalid", f"spectators must be one of {', '.join(SPECTATOR_POLICIES)}"
        )
    private = raw.get("private", False)
    if not isinstance(private, bool):
        raise ServiceError("options/invalid", "private must be true or false")
    out = {
        "double_blind": double_blind or "double_blind" in rules,
        "optional_rules": sorted(set(rules) - {"double_blind"}),
        "spectators": spectators,
        "private": private,
        **{name: check(raw.get(name)) for name, check in hooks.OPTION_CHECKS.items()},
    }
    if out.get("rated") and "takebacks" in out["optional_rules"]:
        raise ServiceError(
            "options/invalid", "take-backs are for unrated games only (D-TAKEBACK-1)"
        )
    return out


@transaction.atomic
def _check_open_games(user: Any) -> None:
    """Refuse a new game to a player who already has `settings.PGWEB_MAX_OPEN_GAMES` of their
    own waiting for opponents: one script could otherwise fill the lobby (a guest made 120 in
    17 s)."""
    cap = settings.PGWEB_MAX_OPEN_GAMES
    if Game.objects.filter(created_by=user, status=OPEN).count() >= cap:
        raise ServiceError(
            "games/too_many_open",
            f"you already have {cap} open games waiting for opponents; "
            "start or leave one before opening another",
            409,
        )


def seat_choices(scenario: str) -> range:
    """The seats a side may have in a game of `scenario`: up to one per formation of the side
    with fewest (engine.most_seats_a_side), never more than MAX_SEATS_PER_SIDE."""
    return range(1, min(MAX_SEATS_PER_SIDE, engine.most_seats_a_side(scenario)) + 1)


def game_create(
    *,
    user: Any,
    scenario: str,
    side: str | None,
    seats_per_side: int = 1,
    options: dict | None = None,
    capped: bool = False,
) -> Game:
    """Open a game of a bundled scenario; the creator takes the first seat on `side`, or
    none with `side` None (a game bots play while its opener watches: botplay's bots_play),
    every seat then being taken through game_join.

    `capped`: a player opening a game of their own to wait for opponents (the API's
    POST /games, a rematch waiting for the other players), refused past
    `settings.PGWEB_MAX_OPEN_GAMES` waiting ones. Games made for players (quick match,
    tournaments, bot games) are not capped: they start at once or were asked for by both
    sides."""
    if not getattr(user, "is_authenticated", False):
        raise ServiceError("auth/required", "sign in to open a game", 401)
    try:
        scen = engine.scenario(scenario)
    except KeyError:
        raise ServiceError("scenario/unknown", f"no scenario {scenario!r}", 404) from None
    for check in hooks.OPEN_CHECKS:
        check(scenario, user)
    if side is not None and side not in {s.id for s in scen.sides}:
        raise ServiceError(
            "side/unknown",
            f"{scenario} has no side {side!r}; its sides are "
            + ", ".join(s.id for s in scen.sides),
        )
    if (
        not isinstance(seats_per_side, int)
        or isinstance(seats_per_side, bool)
        or not 1 <= seats_per_side <= MAX_SEATS_PER_SIDE
    ):
        raise ServiceError("seats/invalid", f"seats_per_side must be 1 to {MAX_SEATS_PER_SIDE}")
    if seats_per_side not in seat_choices(scenario):  # a seat with no formation commands nothing
        most = seat_choices(scenario)[-1]
        raise ServiceError(
            "seats/invalid",
            f"{scen.title} is played with at most {most} seat{'s' if most > 1 else ''} a side "
            "(a side's seats divide its formations)",
        )
    opts = normalize_options(scenario, options)
    if capped:
        _check_open_games(user)
    seed = engine.new_seed()
    game = Game.objects.create(
        scenario=scenario,
        ruleset=scen.ruleset,
        scenario_revision=scen.revision,
        options=opts,
        seats_per_side=seats_per_side,
        seed=seed,
        commitment=engine.commitment(seed),
        created_by=user,
    )
    for order, s in enumerate(scen.sides):
        row = Side.objects.create(game=game, side_id=s.id, name=s.name, order=order)
        for n in range(1, seats_per_side + 1):
            Seat.objects.create(game=game, side=row, seat_id=f"{s.id}-{n}")
    if side is not None:
        _take_seat(game, user, side)
    return game


def _take_seat(game: Game, user: Any, side: str) -> Seat:
    if Seat.objects.filter(game=game, user=user).exists():
        raise ServiceError("seat/taken", "you already have a seat in this game", 409)
    hooks.seat_check(game, user)
    seat = (
        Seat.objects.filter(game=game, side__side_id=side, user__isnull=True)
        .order_by("seat_id")
        .first()
    )
    if seat is None:
        if not Side.objects.filter(game=game, side_id=side).exists():
            raise ServiceError("side/unknown", f"this game has no side {side!r}")
        raise ServiceError("seat/full", f"every seat on side {side!r} is taken", 409)
    seat.user = user
    seat.joined_at = timezone.now()
    seat.save(update_fields=["user", "joined_at"])
    if not Seat.objects.filter(game=game, user__isnull=True).exists():
        game_start(game=game)
    return seat


@transaction.atomic
def game_join(*, game: Game | Any, user: Any, side: str) -> Seat:
    """Take a free seat on `side`; the game starts when its last seat is filled."""
    if not getattr(user, "is_authenticated", False):
        raise ServiceError("auth/required", "sign in to join a game", 401)
    locked = Game.objects.select_for_update().get(pk=getattr(game, "pk", game))
    if locked.status != OPEN:
        raise ServiceError("game/not_open", f"the game is {locked.status}", 409)
    return _take_seat(locked, user, side)


@transaction.atomic
def game_start(*, game: Game) -> Game:
    """Deal the units to the seats, store the opening state as version 1, tell everyone."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.status != OPEN:
        raise ServiceError("game/not_open", f"the game is {game.status}", 409)
    seats = list(
        Seat.objects.filter(game=game).select_related("side").order_by("side__order", "seat_id")
    )
    # A team game's side may have chosen its own division of units (services.division).

    state = divided_opening_state(game, engine.game_options(game.options)) or engine.opening_state(
        game.scenario, engine.game_options(game.options), {s.seat_id: s.side.side_id for s in seats}
    )
    state = engine.arm(state, engine.game_options(game.options))
    units_by_seat = engine.seat_units(state)
    for seat in seats:
        seat.units = units_by_seat.get(seat.seat_id, [])
    Seat.objects.bulk_update(seats, ["units"])
    Unit.objects.bulk_create(
        Unit(game=game, unit_id=uid, **row) for uid, row in engine.unit_rows(state).items()
    )
    raw = engine.encode_state(state)
    GameStep.objects.create(game=game, version=1, checkpoint=steplog.pack(raw), command=None)
    game.state = raw
    game.version = 1
    game.status = ACTIVE
    game.started_at = timezone.now()
    # The forces are laid out now: a game opened before a redeploy plays today's scenario.
    game.scenario_revision = engine.scenario(game.scenario).revision
    game.save(update_fields=["state", "version", "status", "started_at", "scenario_revision"])
    hooks.after_step(hooks.StepDone(game.pk, 1, None, None, state, game.started_at))
    transaction.on_commit(partial(engine.remember_state, game.pk, 1, state))  # once committed
    transaction.on_commit(partial(broadcast.publish_snapshot, game.pk, 1, state, game.spectators))
    return game


@transaction.atomic
def game_resign(*, game: Game | Any, seat: Seat) -> int:
    """Concede for the seat's side: the game ends with the other side the winner."""
    locked = Game.objects.select_for_update().get(pk=getattr(game, "pk", game))
    if seat is None or seat.game_id != locked.pk:
        raise ServiceError("seat/none", "you have no seat in this game", 403)
    if locked.status != ACTIVE:
        raise ServiceError("game/over", f"the game is {locked.status}", 409)
    # The engine's resign command (D-RESIGN-1): stored and replayed like any other step.
    return end_step(locked, seat, {"type": "resign"})
