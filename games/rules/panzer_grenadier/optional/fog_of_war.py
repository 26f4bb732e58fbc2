"""Fog of War, the optional rule (17.6): once each side has had three segments, a 3d6 roll at
the end of each segment (+1 at night) of 16 or more ends the turn at once; what the turn's
end does with a saved segment (17.4) is the core's (core/sequence.py). The natural roll is
handed on to the rules that read it (`fog_of_war_rolled` hook: a Logistics shortfall, 17.10).
"""

from __future__ import annotations

from typing import Any

from ..core import hooks
from ..core import state as st
from ..core.commands import Event
from ..core.hooks import Plugin


def segment_ended(
    state: st.GameState, side: str, dice: Any, seat: str | None = None
) -> tuple[st.GameState, list, bool]:
    """Fog of War (17.6) at the end of a side's segment, and what the optional rules in play
    make of the roll (`fog_of_war_rolled` hook: a Logistics shortfall, 17.10).

    17.6: "After both players have conducted three activation segments each, then each
    player rolls ... at the end of each of his subsequent activation segments": the segment
    just ended rolls only if both sides had had three before it began (D-SEQ-4), so the one
    that completes the three does not."""
    if "fog_of_war" not in state.options:
        return state, [], False
    had = {**state.turn_segments, side: state.turn_segments.get(side, 0) - 1}  # before it
    if any(had.get(s.id, 0) < 3 for s in state.sides):
        return state, [], False
    roll = dice.roll(3, f"fog_of_war:{side}")
    total = sum(roll) + (1 if state.night else 0)
    events = [Event("fog_of_war_rolled", data={"side": side, "roll": list(roll), "total": total})]
    state, more = hooks.thread("fog_of_war_rolled", state, side, seat, sum(roll))
    events += more
    if total >= 16:
        events.append(Event("turn_ended_by_fog_of_war", data={"total": total}))
        return state, events, True
    return state, events, False


PLUGIN = Plugin("fog_of_war", segment_ended=segment_ended)
