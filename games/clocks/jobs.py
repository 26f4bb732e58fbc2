"""The clocks' sweep jobs: flag clocks that ran out, remind sides running short, decline
opportunity-fire offers whose timer ran out, and restart clocks when a vacation ends.

Each job claims its work so that two workers sweeping at once do it once: flags and
reminders by taking their rows (`_claim`), vacation ends by a conditional UPDATE, declines
through command_submit's version check.
"""

from __future__ import annotations

from datetime import datetime
from functools import partial

from django.db import connection, transaction
from django.db.models import F, QuerySet

from games import engine_adapter as engine
from games.clocks import control as controls
from games.clocks import service, signals
from games.clocks.models import GameClock, SideClock, SweepSchedule, Vacation
from games.models import ACTIVE, Game, Seat
from games.services.commands import command_submit

BATCH = 500  # rows a job takes per sweep; the next sweep takes the rest


def _claim(rows: QuerySet, *fields: str) -> list[tuple]:
    """Take the rows of `rows` for this worker, inside the caller's transaction: the ones no
    other worker is taking at this moment. PostgreSQL locks them, skipping rows another
    worker has locked (a row another worker already changed no longer matches). SQLite has
    one writer: taking its write lock first means no other worker writes until this one
    commits, so the rows read here are the rows this worker changes."""
    if connection.features.has_select_for_update_skip_locked:
        rows = rows.select_for_update(skip_locked=True, of=("self",))
    else:
        SweepSchedule.objects.filter(pk__isnull=True).update(scheduled_at=None)  # the write lock
    return list(rows.values_list("pk", *fields)[:BATCH])


def flag_due(now: datetime) -> int:
    """Flag every running clock whose deadline has passed; returns how many this call flagged.

    A flag needs no rules: the clock ran since the last step settled it, so it only stops at
    its deadline (the flag is dated then). The clocks are claimed (`_claim`) and flagged by
    one UPDATE; a step settling the same clock waits for it, or it waits for the step, whose
    settling then leaves the clock no longer due. No clock is flagged twice.
    """
    with transaction.atomic():
        rows = _claim(
            SideClock.objects.filter(service.due(now), game__status=ACTIVE),
            "game_id", "side_id", "deadline",
        )  # fmt: skip
        SideClock.objects.filter(service.due(now), pk__in=[r[0] for r in rows]).update(
            flagged_at=F("deadline"), remaining=0.0, running_since=None, deadline=None,
            remind_at=None,
        )  # fmt: skip
        flags = service.flagged_many([(game, side, deadline) for _, game, side, deadline in rows])
        transaction.on_commit(partial(signals.send_flags, flags))
    return len(flags)


def remind(now: datetime) -> int:
    """Tell each running side once per stretch that its time is running out (claimed as the
    flags are, and sent to the listeners in one batch after the commit)."""
    with transaction.atomic():
        rows = _claim(
            SideClock.objects.filter(
                remind_at__lte=now, running_since__isnull=False, flagged_at__isnull=True,
                game__status=ACTIVE,
            ),
            "game_id", "side_id", "deadline",
        )  # fmt: skip
        SideClock.objects.filter(pk__in=[r[0] for r in rows]).update(remind_at=None)
        seats: dict[tuple, list[str]] = {}
        for game_id, side_id, seat_id in Seat.objects.filter(
            game_id__in={r[1] for r in rows}
        ).order_by("seat_id").values_list("game_id", "side__side_id", "seat_id"):
            seats.setdefault((game_id, side_id), []).append(seat_id)
        reminders = [
            {
                "game_id": game_id, "side_id": side_id,
                "seat_ids": tuple(seats.get((game_id, side_id), ())), "deadline": deadline,
                "remaining": max((deadline - now).total_seconds(), 0.0),
            }
            for _, game_id, side_id, deadline in rows
        ]  # fmt: skip
        transaction.on_commit(partial(signals.send_reminders, reminders))
    return len(reminders)


def decline_windows(now: datetime) -> int:
    """Decline, for the deciding player, each opportunity-fire offer whose timer ran out."""
    due = list(
        GameClock.objects.filter(window_deadline__lte=now, game__status=ACTIVE).values_list(
            "pk", "window_version"
        )[:BATCH]
    )
    declined = 0
    for game_id, version in due:
        game = Game.objects.only("pk", "version", "state").get(pk=game_id)
        if game.version != version:
            continue  # someone decided meanwhile; that step reset the timer
        state = engine.cached_state(game.pk, version) or engine.decode_state(
            game.pk, version, game.state
        )
        seats = engine.who_may_act(state)
        seat = Seat.objects.filter(game_id=game_id, seat_id__in=seats).order_by("seat_id").first()
        if seat is None or not engine.window_open(state):
            continue
        outcome = command_submit(
            game=game_id, seat=seat, command={"type": "decline"}, base_version=version
        )
        if outcome.ok:
            declined += 1
            with transaction.atomic():
                side = engine.seat_sides(state)[seat.seat_id]
                service.log(
                    game_id, "window", side,
                    f"The opportunity-fire offer timed out: declined for {seat.seat_id}", at=now,
                )  # fmt: skip
    return declined


def end_vacations(now: datetime) -> int:
    """Restart the clocks a vacation paused once it is over, and say so in each game's log."""
    ended = list(
        Vacation.objects.filter(ends_at__lte=now, settled=False).values_list(
            "pk", "user_id", "user__username", "ends_at"
        )[:BATCH]
    )
    done = 0
    for pk, user_id, username, ends_at in ended:
        with transaction.atomic():
            if not Vacation.objects.filter(pk=pk, settled=False).update(settled=True):
                continue  # another worker ended it
            for game_id in timed_games_of(user_id, controls.CORRESPONDENCE):
                service.settle_now(game_id, now)
                service.log(
                    game_id, "vacation", "", f"{username}'s vacation is over", at=ends_at
                )
            done += 1
    return done


def timed_games_of(user_id: int, kind: str | None = None) -> list:
    """The active timed games where a user holds a seat (of one kind, if given)."""
    clocks = GameClock.objects.filter(
        game__status=ACTIVE,
        game__seats__user_id=user_id,
    )
    if kind is not None:
        clocks = clocks.filter(kind=kind)
    return list(clocks.values_list("pk", flat=True).distinct())
