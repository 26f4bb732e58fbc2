"""Taking back moves within an activation (D-UNDO-1).

A player may take back a move, a load or an unload of the activation being played, one step
at a time, until something new is learned or a die is rolled. The engine keeps the state
before such a step as the undo point of the state after it (`GameState.undo`, a chain while
the steps stay undoable); any other step drops the chain. A step is undoable when:

- it is a `move`, `load` or `unload`, and the same seat's activation goes on after it;
- it rolled no dice (no drumfire, mire, fuel or opportunity-fire roll);
- no opportunity-fire window opened, nobody collided, no hidden counter was revealed;
- no side spots (or, under hidden information, is in contact with) a different set of
  enemy counters than before it;
- in double-blind, no side observes a hex it did not observe before: seeing that a hex is
  empty is learning too (18.0), so a scouting move is never taken back.

`undo` gives back the state before the step exactly, so every audience's view is the one it
had before the step; the log says only which side took back what kind of command.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from ...common.errors import IllegalCommand
from ...common.hexgrid import Hex
from ..double_blind import knowledge, observation
from . import state as st
from .commands import Event
from .registry import game_map
from .spotting import conditions_of
from .visibility import Visibility

UNDOABLE = frozenset({"move", "load", "unload"})
REVEALING_EVENTS = frozenset({"collision", "revealed"})


# The last few answers in open play, by the identity of the counters and markers they were
# worked out from: a step's state after is, less its undo point, the next step's state
# before, and states never change, so an answer never goes stale (and the counters are not
# spotted for twice). Each keeps its `Visibility`, never changed once kept: a state whose
# counters differ from a kept one's only by where some of them stand (a move) takes a copy
# moved on for those counters (`Visibility.after_move`) instead of spotting for every pair
# again (tests/rules/panzer_grenadier/test_undo_spotting_memo.py).
_SPOTTED: list[tuple[Any, Any, bool, str, dict[str, frozenset[str]], Visibility]] = []
_SPOTTED_SIZE = 4
# Past this many counters moved, spotting afresh costs less than moving each on.
_MOVED_AT_MOST = 6


def spotting(state: st.GameState) -> dict[str, frozenset[str]]:
    """The enemy counters each side spots now (8.1-8.4), or is in contact with under hidden
    information (knowledge.py). The answer is shared: callers only read it."""
    if knowledge.in_force(state):
        return {side: frozenset(seen) for side, seen in knowledge.contact(state).items()}
    for units, markers, night, scenario, seen, _ in _SPOTTED:
        if (units is state.units and markers is state.markers and night == state.night
                and scenario == state.scenario_id):  # fmt: skip
            return seen
    vis = _moved_on(state) or _open_visibility(state)
    seen = vis.spotted_by_side()  # type: ignore[assignment]
    _SPOTTED.append((state.units, state.markers, state.night, state.scenario_id, seen, vis))
    del _SPOTTED[:-_SPOTTED_SIZE]
    return seen


def _moved_on(state: st.GameState) -> Visibility | None:
    """A kept spotting's `Visibility` moved on to this state, when the two differ only by the
    hexes some counters stand in (the same counters on the map, hidden alike, the same
    markers and light); None otherwise."""
    for units, markers, night, scenario, _, vis in reversed(_SPOTTED):
        if markers is not state.markers or night != state.night or scenario != state.scenario_id:
            continue
        moves = _moves_between(units, state.units)
        if moves is None:
            continue
        vis = vis.copy()
        for uid, frm, to in moves:
            vis.after_move(uid, frm, to)
        return vis
    return None


def _moves_between(
    before: Mapping[str, st.UnitState], after: Mapping[str, st.UnitState]
) -> list[tuple[str, Hex, Hex]] | None:
    """(counter, from, to) for each counter standing elsewhere in `after`, or None when the
    counters differ in anything else spotting reads (on the map or not, hidden, side)."""
    if len(before) != len(after):
        return None
    moves = []
    for uid, u in after.items():
        old = before.get(uid)
        if old is u:
            continue
        if old is None or old.on_map != u.on_map or old.hidden != u.hidden or old.side != u.side:
            return None
        if u.on_map and old.hex != u.hex:
            moves.append((uid, old.hex, u.hex))
    return moves if len(moves) <= _MOVED_AT_MOST else None


def _open_visibility(state: st.GameState) -> Visibility:
    on_map = [u for u in state.units_on_map()]
    return Visibility(
        game_map(state),
        {u.id: u.hex for u in on_map},
        {u.id: u.side for u in on_map},
        hidden=[u.id for u in on_map if u.hidden],
        conditions=conditions_of(state),
    )


def is_undoable(
    before: st.GameState, after: st.GameState, command: str, events: Iterable[Any], rolled: bool
) -> bool:
    """Whether the step from `before` to `after` may be taken back (D-UNDO-1)."""
    a, b = before.activation, after.activation
    if command not in UNDOABLE or rolled or a is None or b is None or a.seat != b.seat:
        return False
    if after.phase != st.ACTION or after.opfire is not None or after.air_pending is not None:
        return False
    if any(getattr(e, "type", None) in REVEALING_EVENTS for e in events):
        return False
    if any(u.hidden and not after.units[uid].hidden for uid, u in before.units.items()):
        return False
    return spotting(before) == spotting(after) and not _observes_more(before, after)


def _observes_more(before: st.GameState, after: st.GameState) -> bool:
    """Double-blind: some side's OPs now observe a hex they did not (18.0, D-DB-FOG)."""
    was, now = knowledge.observation_of(before), knowledge.observation_of(after)
    if was is None or now is None:
        return False
    return any(
        observation.unobserved(before, was.ops[side]) - observation.unobserved(after, now.ops[side])
        for side in now.ops
    )


def keep_undo_point(
    before: st.GameState, after: st.GameState, command: str, events: Iterable[Any], rolled: bool
) -> st.GameState:
    """The state after a step, carrying `before` as its undo point when the step may be taken
    back, and no undo point otherwise."""
    if is_undoable(before, after, command, events, rolled):
        return replace(after, undo=st.UndoPoint(command, before))
    return replace(after, undo=None) if after.undo is not None else after


def may_undo(state: st.GameState, seat: str) -> bool:
    """Whether the seat may take back its last step now (the board offers Undo only then)."""
    a = state.activation
    return state.undo is not None and a is not None and a.seat == seat and state.opfire is None


def undo(state: st.GameState, me: st.SeatState) -> tuple[st.GameState, list]:
    """Give back the state before the seat's last undoable step (D-UNDO-1)."""
    if not may_undo(state, me.id):
        raise IllegalCommand(
            "undo: nothing to take back: only moves, loads and unloads of your activation "
            "since the last die roll or anything new was seen (D-UNDO-1)",
            rule="D-UNDO-1",
        )
    # Only the side and the kind of command: a seat id may read like a unit id in the log.
    ev = Event("undone", data={"side": me.side, "command": state.undo.command})
    return state.undo.state, [ev]
