"""What the clocks tell the rest of pgweb, so listeners plug in without being imported here.

Every signal is sent after the transaction that made it true has committed, once per event
even when several workers sweep at the same moment (each is claimed by a conditional UPDATE).
A sweep sends each signal once with everything it found, so a listener can do its work in
bulk (a sweep over thousands of games may remind hundreds of sides at once).

- `time_running_out(reminders)`: sides whose clock passed its reminder threshold while they
  must decide (notifications send "your time is running out"). Each reminder is a dict:
  `game_id, side_id, seat_ids, deadline, remaining` (seconds).
- `clock_flagged(flags)`: sides whose time ran out (the opponent may now claim the win, give
  more time or wait; a partner or a bot may take the absent seat over). Each flag is a
  dict: `game_id, side_id, seat_ids, at` (the deadline it ran out at).
"""

from __future__ import annotations

from django.dispatch import Signal

time_running_out = Signal()
clock_flagged = Signal()


def send_reminders(reminders: list[dict]) -> None:
    """Tell the listeners about a batch of reminders (call after the commit)."""
    if reminders:
        time_running_out.send(sender=None, reminders=reminders)


def send_flags(flags: list[dict]) -> None:
    """Tell the listeners about a batch of flags (call after the commit)."""
    if flags:
        clock_flagged.send(sender=None, flags=flags)
