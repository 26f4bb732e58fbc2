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

# Each game's time control, as this process has read it (None: untimed). A control never
# changes once chosen and its GameClock row commits with the game's first version, so once
# a version exists neither a step nor a view needs a query to learn it.
_CONTROLS: OrderedDict[str, dict | None] = OrderedDict()


def control_of(game_id: Any) -> dict | None:
    """A started game's time control (None: untimed), read once per process."""
    key = str(game_id)
    if key not in _CONTROLS:
        _CONTROLS[key] = (
            GameClock.objects.filter(pk=game_id).values_list("control", flat=True).first()
        )
        while len(_CONTROLS) > KEEP:
            _CONTROLS.popitem(last=False)
    return _CONTROLS[key]


def remember_control(game_id: Any, control: dict | None) -> None:
    """Keep a game's control as its start chose it (called by the start's step hook)."""
    _CONTROLS[str(game_id)] = control


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
    """The `clocks` key each audience's view carries (absent for an untimed game).

    An untimed game has no readings: asked by every audience of every version, the miss
    would cost a query each time (a missing reading is not cached, as its row may still be
    in an open transaction), so the game's control is asked first, once per process."""
    if version >= 1 and control_of(game_id) is None:
        return {}
    reading = reading_at(game_id, version)
    return {"clocks": reading} if reading is not None else {}
