"""What every audience may see of a game's clocks: the readings now, and the readings each
version was made with (kept in `ClockReading`, cached here since they never change).

Views, frames, snapshots, the lobby, the API and replays all read the clocks through these
functions, so they all show the same thing.
"""

from __future__ import annotations

from collections import OrderedDict
from datetime import datetime
from typing import Any

from games.clocks import control as controls
from games.clocks.models import ClockReading, GameClock, SideClock
from games.clocks.timing import SideTime

KEEP = 4096  # readings kept in this process


def iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def readings_of(clock: GameClock, now: datetime, rows: list[SideClock] | None = None) -> dict:
    """What every audience may see of the clocks at `now` (plain JSON)."""
    sides = {}
    if rows is None:
        rows = list(SideClock.objects.filter(game_id=clock.game_id))
    for row in rows:
        t = SideTime(row.remaining, row.running_since, row.flagged_at)
        sides[row.side_id] = {
            "left": round(t.left(now), 3),
            "running": t.running,
            "deadline": iso(t.deadline),
            "flagged": row.flagged_at is not None,
            "paused": row.paused,
        }
    window = None
    if clock.window_deadline is not None:
        window = {
            "deadline": iso(clock.window_deadline),
            "left": round(max((clock.window_deadline - now).total_seconds(), 0.0), 3),
        }
    return {
        "control": clock.control,
        "label": controls.label(clock.control),
        "at": iso(now),
        "sides": sides,
        "window": window,
    }


_READINGS: OrderedDict[tuple[str, int], dict | None] = OrderedDict()


def remember(game_id: Any, version: int, readings: dict) -> None:
    """Keep a version's readings (called once its transaction has committed)."""
    _READINGS[(str(game_id), version)] = readings
    while len(_READINGS) > KEEP:
        _READINGS.popitem(last=False)


def reading_at(game_id: Any, version: int) -> dict | None:
    """The clocks a version was made with (None for an untimed game); cached, never changes."""
    key = (str(game_id), version)
    if key in _READINGS:
        return _READINGS[key]
    hit = ClockReading.objects.filter(game_id=game_id, version=version).values_list(
        "readings", flat=True
    ).first()
    if hit is not None:  # a missing row may still be in an open transaction: ask again later
        remember(game_id, version, hit)
    return hit


def view_extra(game_id: Any, version: int) -> dict:
    """The `clocks` key each audience's view carries (absent for an untimed game)."""
    reading = reading_at(game_id, version)
    return {"clocks": reading} if reading is not None else {}
