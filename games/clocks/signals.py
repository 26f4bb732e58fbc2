"""What the clocks tell the rest of pgweb, so listeners plug in without being imported here.

Every signal is sent after the transaction that made it true has committed, once per event
even when several workers sweep at the same moment (each is claimed by a conditional UPDATE).

- `time_running_out(game_id, side_id, seat_ids, deadline, remaining)`: a side's clock
  passed its reminder threshold while it must decide (notifications send "your time is
  running out").
- `clock_flagged(game_id, side_id, seat_ids)`: a side's time ran out (the opponent may now
  claim the win, give more time or wait).
"""

from __future__ import annotations

from django.dispatch import Signal

time_running_out = Signal()
clock_flagged = Signal()
