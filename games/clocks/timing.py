"""The clock arithmetic, pure: settle each side's bank at a moment, given who must decide.

A side's clock is stored as its banked seconds plus, while it runs, the moment it started
(`running_since`) and so its deadline; nothing here keeps a timer, so a restarted server
reads the same deadlines back. `settle` is the one rule for every transition: a step, a
vacation starting or ending, a sweep, more time given.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from games.clocks.control import CORRESPONDENCE, LIVE, bank


@dataclass(frozen=True)
class SideTime:
    """One side's clock: `remaining` seconds as of `running_since` (or now, when stopped)."""

    remaining: float
    running_since: datetime | None = None
    flagged_at: datetime | None = None

    @property
    def running(self) -> bool:
        return self.running_since is not None

    @property
    def deadline(self) -> datetime | None:
        if self.running_since is None:
            return None
        return self.running_since + timedelta(seconds=max(self.remaining, 0.0))

    def left(self, now: datetime) -> float:
        """Seconds left at `now` (never below zero)."""
        if self.running_since is None:
            return max(self.remaining, 0.0)
        return max(self.remaining - (now - self.running_since).total_seconds(), 0.0)


def settle(
    control: dict,
    clock: SideTime,
    *,
    now: datetime,
    should_run: bool,
    decided: bool = False,
    deciding: bool | None = None,
    activations: int = 0,
) -> SideTime:
    """The side's clock at `now`, running from now on if `should_run`.

    `decided`: the side has just made a decision (sent a command). Correspondence gives
    each decision its N days: the bank refills when the side decides and when the decision
    passes from it (its clock stops). `deciding` (default: `should_run`) says whether the
    decision is still the side's although its clock stops (a vacation, an opportunity-fire
    window's own timer): then the clock stops without a hand-over, so no refill.
    `activations`: how many activations (action segments, a pass included) the side has just
    finished; live adds the increment for each, whether or not the side goes on deciding
    (opening segments, a banked segment). A clock that ran past zero is flagged at its
    deadline (a flagged side may still play on until the opponent claims); a flagged clock
    stays stopped until the flag is lifted (more time, a take-over: games.clocks.absence).
    """
    remaining, flagged_at = clock.remaining, clock.flagged_at
    if clock.running_since is not None:
        spent = (now - clock.running_since).total_seconds()
        if spent >= remaining and flagged_at is None:
            flagged_at = clock.deadline
        remaining = max(remaining - spent, 0.0)
    handed_over = clock.running and not (should_run if deciding is None else deciding)
    if control["kind"] == CORRESPONDENCE and (decided or handed_over) and flagged_at is None:
        remaining = bank(control)
    if control["kind"] == LIVE and activations and flagged_at is None:
        remaining += control["increment"] * activations
    return replace(
        clock,
        remaining=remaining,
        running_since=now if should_run and flagged_at is None else None,
        flagged_at=flagged_at,
    )
