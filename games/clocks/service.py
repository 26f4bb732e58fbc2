"""Keep the clocks: start them with the game, settle them at every step, record readings.

`on_step` runs inside the transaction that stores each version (games.services.hooks), so a
step and its clock readings commit together. `settle_game` is the one way the stored clocks
change, whoever calls it (a step, the sweep, a vacation, an absence outcome); callers hold
the game row's lock, so a command and a sweep never settle the same clocks at once.
"""

from __future__ import annotations

from collections import OrderedDict
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
from games.clocks.readings import readings_of, remember
from games.clocks.timing import SideTime, settle
from games.models import ACTIVE, Game, Seat, Side
from games.services.hooks import StepDone

# Games known to be untimed in this process: a time control never changes once chosen, so
# an untimed game's steps cost no query here.
_UNTIMED: OrderedDict[str, None] = OrderedDict()
_KEEP = 4096


def on_step(done: StepDone) -> None:
    """Start the clocks with the opening state; settle them after every later version."""
    if str(done.game_id) in _UNTIMED:
        return
    if done.version == 1 and done.before is None:
        clock = _start(done.game_id, done.after)
    else:
        clock = GameClock.objects.filter(pk=done.game_id).first()
    if clock is None:
        _UNTIMED[str(done.game_id)] = None
        while len(_UNTIMED) > _KEEP:
            _UNTIMED.popitem(last=False)
        return  # untimed: nothing to keep
    decided = None
    if done.seat_id is not None and done.before is not None:
        decided = _side_of_seat(done.before, done.seat_id)
    settle_game(
        clock, done.after, done.at, version=done.version, decided_side=decided,
        activations=engine.segments_finished(done.before, done.after),
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
    users = dict(
        Seat.objects.filter(game_id=game_id, seat_id__in=seats, user__isnull=False).values_list(
            "seat_id", "user_id"
        )
    )
    away = set(
        Vacation.objects.filter(
            user_id__in=set(users.values()), starts_at__lte=now, ends_at__gt=now
        ).values_list("user_id", flat=True)
    )
    return {seats[seat] for seat, user in users.items() if user in away}


def settle_game(
    clock: GameClock,
    state: engine.GameState,
    now: datetime,
    *,
    version: int | None = None,
    decided_side: str | None = None,
    activations: set[str] | frozenset[str] = frozenset(),
) -> dict:
    """Bring a game's side clocks to `now` for `state`; record the readings at `version`.

    `activations`: the sides that finished an activation in this step (live increments).
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
    _window(clock, live_window, now, version)
    readings = readings_of(clock, now, rows)
    ClockReading.objects.create(game_id=clock.game_id, version=version, readings=readings)
    # The views of this version read it after the commit: hand it over without a query.
    transaction.on_commit(partial(remember, clock.game_id, version, readings))
    return readings


def _window(clock: GameClock, open_now: bool, now: datetime, version: int) -> None:
    """A fresh timer for each decision in an open opportunity-fire window (live games)."""
    if open_now:
        clock.window_deadline = now + timedelta(seconds=clock.control["window"])
        clock.window_version = version
    elif clock.window_deadline is None:
        return
    else:
        clock.window_deadline = clock.window_version = None
    clock.save(update_fields=["window_deadline", "window_version"])


def flagged(game_id: Any, side_id: str, at: datetime) -> dict:
    """Write the flag to the game log; return it for `signals.send_flags` after the commit."""
    log(game_id, "flag", side_id, f"{side_name(game_id, side_id)} ran out of time", at=at)
    return {"game_id": game_id, "side_id": side_id, "seat_ids": seats_of(game_id, side_id), "at": at}


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
