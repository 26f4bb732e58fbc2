"""Keep the clocks: start them with the game, settle them at every step, record readings.

`on_step` runs inside the transaction that stores each version (games.services.hooks), so a
step and its clock readings commit together. `settle_game` is the one way the stored clocks
change, whoever calls it (a step, the sweep, a vacation, an absence outcome); callers hold
the game row's lock, so a command and a sweep never settle the same clocks at once.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games import engine_adapter as engine
from games.clocks import control as controls
from games.clocks import live, signals
from games.clocks.models import ClockEvent, ClockReading, GameClock, SideClock, Vacation
from games.clocks.readings import control_of, readings_of, remember, remember_control
from games.clocks.timing import SideTime, settle
from games.models import ACTIVE, Game, Seat, Side
from games.services.hooks import StepDone


def on_step(done: StepDone) -> None:
    """Start the clocks with the opening state; settle them after every later version.

    A step costs the clocks three queries (live) or four (correspondence: is a deciding
    player on vacation?): their rows locked and read, their change, the version's readings.
    """
    if done.version == 1 and done.before is None:
        started = _start(done.game_id, done.after)
        remember_control(done.game_id, started.control if started else None)
    control = control_of(done.game_id)
    if control is None:
        return  # untimed: nothing to keep
    # The window's timer was set by the step before, if and only if it left a window open.
    window_was_open = done.before is not None and engine.window_open(done.before)
    clock = GameClock(game_id=done.game_id, kind=control["kind"], control=control)
    decided = None
    if done.seat_id is not None and done.before is not None:
        decided = _side_of_seat(done.before, done.seat_id)
    settle_game(
        clock, done.after, done.at, version=done.version, decided_side=decided,
        activations=engine.segments_finished(done.before, done.after),
        window_was_open=window_was_open,
    )  # fmt: skip


def _side_of_seat(state: engine.GameState, seat_id: str) -> str | None:
    return engine.seat_sides(state).get(seat_id)


def _start(game_id: Any, state: engine.GameState) -> GameClock | None:
    options = Game.objects.filter(pk=game_id).values_list("options", flat=True).get()
    control = controls.normalize((options or {}).get("time_control"))
    if control["kind"] == controls.UNTIMED:
        return None
    clock = GameClock.objects.create(game_id=game_id, kind=control["kind"], control=control)
    SideClock.objects.bulk_create(
        SideClock(game_id=game_id, side_id=side, remaining=controls.bank(control))
        for side in engine.side_ids(state)
    )
    return clock


def on_vacation(game_id: Any, state: engine.GameState, now: datetime) -> set[str]:
    """The sides whose deciding seats include a player on vacation now."""
    deciding = engine.deciding_sides(state)
    seats = {seat: side for side, ids in deciding.items() for seat in ids}
    if not seats:
        return set()
    away = Vacation.objects.filter(starts_at__lte=now, ends_at__gt=now).values("user_id")
    return {
        seats[seat]
        for seat in Seat.objects.filter(
            game_id=game_id, seat_id__in=seats, user_id__in=away
        ).values_list("seat_id", flat=True)
    }


def settle_game(
    clock: GameClock,
    state: engine.GameState,
    now: datetime,
    *,
    version: int | None = None,
    decided_side: str | None = None,
    activations: set[str] | frozenset[str] = frozenset(),
    window_was_open: bool | None = None,
) -> dict:
    """Bring a game's side clocks to `now` for `state`; record the readings at `version`.

    `activations`: the sides that finished an activation in this step (live increments);
    `window_was_open`: whether the version before left an opportunity-fire timer running
    (None: as `clock` says).
    Returns the readings. Newly flagged sides get a game-log line, and `clock_flagged` is
    sent after the commit.
    """
    control = clock.control
    ended = engine.is_over(state)
    deciding = {} if ended else engine.deciding_sides(state)
    live_window = control["kind"] == controls.LIVE and not ended and engine.window_open(state)
    paused = on_vacation(clock.game_id, state, now) if control["kind"] == controls.CORRESPONDENCE else set()
    # Locked: a sweep flagging one of them waits for this step, or this step sees its flag.
    rows = list(SideClock.objects.select_for_update().filter(game_id=clock.game_id))
    flags = []
    for row in rows:
        should_run = row.side_id in deciding and not live_window and row.side_id not in paused
        before = SideTime(row.remaining, row.running_since, row.flagged_at)
        after = settle(
            control, before, now=now, should_run=should_run, decided=row.side_id == decided_side,
            deciding=row.side_id in deciding or live_window,
            activations=int(row.side_id in activations),
        )  # fmt: skip
        restarted = after.running_since is not None and after.running_since != before.running_since
        if after == before and row.paused == (row.side_id in paused):
            continue
        row.remaining, row.running_since, row.flagged_at = (
            after.remaining, after.running_since, after.flagged_at,
        )  # fmt: skip
        row.deadline = after.deadline
        row.paused = row.side_id in paused
        if restarted:
            row.remind_at = after.deadline - timedelta(seconds=controls.reminder_at(control))
        elif after.running_since is None:
            row.remind_at = None
        row.save(update_fields=[
            "remaining", "running_since", "deadline", "flagged_at", "paused", "remind_at",
        ])  # fmt: skip
        if before.flagged_at is None and after.flagged_at is not None:
            flags.append(flagged(clock.game_id, row.side_id, after.flagged_at))
    if flags:
        transaction.on_commit(partial(signals.send_flags, flags))
    if version is None:
        return readings_of(clock, now, rows)
    if window_was_open is None:
        window_was_open = clock.window_deadline is not None
    _window(clock, live_window, now, version, window_was_open)
    readings = readings_of(clock, now, rows)
    ClockReading.objects.create(game_id=clock.game_id, version=version, readings=readings)
    # The views of this version read it after the commit: hand it over without a query.
    transaction.on_commit(partial(remember, clock.game_id, version, readings))
    return readings


def _window(clock: GameClock, open_now: bool, now: datetime, version: int, was_open: bool) -> None:
    """A fresh timer for each decision in an open opportunity-fire window (live games); the
    timer is cleared when the window closes."""
    if open_now:
        clock.window_deadline = now + timedelta(seconds=clock.control["window"])
        clock.window_version = version
    elif was_open:
        clock.window_deadline = clock.window_version = None
    else:
        return
    GameClock.objects.filter(pk=clock.game_id).update(
        window_deadline=clock.window_deadline, window_version=clock.window_version
    )


def flagged(game_id: Any, side_id: str, at: datetime) -> dict:
    """Write the flag to the game log; return it for `signals.send_flags` after the commit."""
    log(game_id, "flag", side_id, f"{side_name(game_id, side_id)} ran out of time", at=at)
    return {"game_id": game_id, "side_id": side_id, "seat_ids": seats_of(game_id, side_id), "at": at}


def flagged_many(flags: list[tuple[Any, str, datetime]]) -> list[dict]:
    """`flagged` for a sweep's worth of (game, side, deadline): the same lines, written with a
    handful of queries whatever their number."""
    if not flags:
        return []
    games = {game for game, _, _ in flags}
    versions = dict(Game.objects.filter(pk__in=games).values_list("pk", "version"))
    names = {
        (g, s): n
        for g, s, n in Side.objects.filter(game_id__in=games).values_list("game_id", "side_id", "name")
    }
    seats: dict[tuple, list[str]] = {}
    for game, side, seat in Seat.objects.filter(game_id__in=games).order_by("seat_id").values_list(
        "game_id", "side__side_id", "seat_id"
    ):
        seats.setdefault((game, side), []).append(seat)
    events = ClockEvent.objects.bulk_create(
        ClockEvent(
            game_id=game, version=versions[game], at=at, kind="flag", side_id=side,
            text=f"{names.get((game, side), side)} ran out of time",
        )
        for game, side, at in flags
    )  # fmt: skip
    for event in events:
        live.after_commit(event.game_id, event)
    return [
        {"game_id": game, "side_id": side, "seat_ids": tuple(seats.get((game, side), ())), "at": at}
        for game, side, at in flags
    ]


def seats_of(game_id: Any, side_id: str) -> tuple[str, ...]:
    return tuple(
        Seat.objects.filter(game_id=game_id, side__side_id=side_id)
        .order_by("seat_id")
        .values_list("seat_id", flat=True)
    )


def side_name(game_id: Any, side_id: str) -> str:
    return Side.objects.filter(game_id=game_id, side_id=side_id).values_list(
        "name", flat=True
    ).first() or side_id


def log(game_id: Any, kind: str, side_id: str, text: str, *, at: datetime) -> ClockEvent:
    """A system line of the game log (after the current version), pushed to the open pages."""
    version = Game.objects.filter(pk=game_id).values_list("version", flat=True).get()
    event = ClockEvent.objects.create(
        game_id=game_id, version=version, at=at, kind=kind, side_id=side_id, text=text
    )
    live.after_commit(game_id, event)
    return event


def due(now: datetime) -> Q:
    """Side clocks whose deadline has passed and that have not been flagged."""
    return Q(deadline__lte=now, flagged_at__isnull=True, running_since__isnull=False)


def locked_game(game_id: Any) -> tuple[Game, engine.GameState]:
    """Lock a game's row (as a command does) and decode its current state."""
    game = Game.objects.select_for_update().get(pk=game_id)
    state = engine.cached_state(game.pk, game.version) or engine.decode_state(
        game.pk, game.version, game.state
    )
    return game, state


def settle_now(game_id: Any, now: datetime) -> dict | None:
    """Settle a game's clocks outside a step (call inside a transaction); None if untimed."""
    game, state = locked_game(game_id)
    clock = GameClock.objects.filter(pk=game.pk).first()
    if clock is None or game.status != ACTIVE:
        return None
    return settle_game(clock, state, now)


def lobby_cards(games: list, cards: list[dict], user: Any) -> None:
    """Add each timed game's clocks to my games' cards, and the time left on my side's."""
    now = timezone.now()
    clocks = {c.pk: c for c in GameClock.objects.filter(pk__in=[g.pk for g in games])}
    for game, card in zip(games, cards, strict=True):
        clock = clocks.get(game.pk)
        if clock is None or game.status != ACTIVE:
            continue
        readings = readings_of(clock, now)
        card["clock"] = readings
        mine = {s.side.side_id for s in game.seats.all() if s.user_id == user.pk}
        left = [readings["sides"][side]["left"] for side in mine if side in readings["sides"]]
        if left:
            card["time_left"] = min(left)
