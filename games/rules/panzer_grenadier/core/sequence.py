"""The sequence of play: initiative, action segments, passing, marker removal, end of turn (3.0).

Phase transitions happen inside the `apply` of the command that ends the previous phase and
roll what they need with the same dice: the segment that ends the action phase also removes
markers, ends the turn and rolls the next turn's initiative. Only the first initiative of a
game waits for a command (`roll_initiative`), so the game's first step is a real step with
its dice recorded.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from . import hooks
from . import state as st
from .activation import side_can_act
from .commands import Event
from .registry import counter_type, scenario_for
from .serialize import encode
from .smoke import remove_smoke
from .victory import game_result as scenario_result

# D1: the winner takes max(1, floor(difference / 2)) opening segments.
D1_MINIMUM_OPENING = 1
# D2: one point of initiative reduction for every this many loss points.
D2_LOSS_POINTS_PER_REDUCTION = 4


# -- initiative (3.0, D1, D2) ---------------------------------------------------------------


def opening_segments(difference: int) -> int:
    """Opening action segments for winning initiative by `difference` (3.0, D1)."""
    return max(D1_MINIMUM_OPENING, difference // 2)


def loss_points(state: st.GameState, side_id: str) -> int:
    """Loss points counting against a side's initiative (3.0, D2).

    Eliminated combat units count 1, tanks 2; transports and leaders do not count (the
    Formation Activation text, 17.7, implies this reading of the base rule). A counter
    removed by consolidation (17.1) was not eliminated and does not count (D-CONS-1).
    """
    points = 0
    for u in state.units.values():
        if u.side != side_id or not u.eliminated or u.id in state.consolidated:
            continue
        t = counter_type(state, u.type_id)
        if t.is_leader or not t.is_combat_unit:
            continue
        points += 2 if getattr(t, "kind", "") == "tank" else 1
    return points


def current_initiative(state: st.GameState, side: st.SideState) -> int:
    """A side's initiative rating after losses (D2) and what the optional rules in play take
    off (`initiative_cut` hook: a logistics shortfall, 17.10), min 0."""
    base = side.initiative_base if side.initiative_base is not None else side.initiative
    reduction = loss_points(state, side.id) // D2_LOSS_POINTS_PER_REDUCTION
    reduction += sum(cut(state, side.id) for cut in hooks.each("initiative_cut"))
    return max(0, base - reduction)


def roll_initiative(state: st.GameState, dice: Any) -> tuple[st.GameState, list[Event]]:
    """Roll 1d6 + rating per side, re-rolling ties, and open the action phase (3.0, D1)."""
    events: list[Event] = []
    sides = []
    for s in state.sides:
        base = s.initiative_base if s.initiative_base is not None else s.initiative
        s = replace(s, initiative_base=base)
        sides.append(replace(s, initiative=current_initiative(state, s)))
    state = replace(state, sides=tuple(sides))
    a, b = state.sides[0], state.sides[1]
    while True:
        ra = dice.roll(1, f"initiative:{a.id}")[0]
        rb = dice.roll(1, f"initiative:{b.id}")[0]
        ta, tb = ra + a.initiative, rb + b.initiative
        events.append(
            Event(
                "initiative_rolled",
                data={
                    "turn": state.turn,
                    "rolls": {a.id: ra, b.id: rb},
                    "totals": {a.id: ta, b.id: tb},
                },
            )
        )
        if ta != tb:
            break
        events.append(Event("initiative_tied", data={"total": ta}))
    winner = a.id if ta > tb else b.id
    n = opening_segments(abs(ta - tb))
    events.append(Event("initiative_won", side=None, data={"side": winner, "opening_segments": n}))
    state = replace(
        state,
        phase=st.ACTION,
        initiative_side=winner,
        opening_segments_left=n,
        active_side=winner,
        activation=None,
        consecutive_passes=0,
        initiative_rolls={a.id: ta, b.id: tb},
        turn_segments={},
        double_segment=False,
        banked_segment={},  # a saved segment is for the turn it was saved in (17.4)
        fog_ended=False,
    )
    return state, events


# -- action segments (3.0, 3.1) -------------------------------------------------------------


def end_segment(
    state: st.GameState, dice: Any, passed: bool, seat: str | None = None
) -> tuple[st.GameState, list[Event]]:
    """Close the active side's segment and give the next one to the side whose turn it is (3.0).

    The winner of the initiative plays his opening segments in a row; then the sides
    alternate. A pass during the opening segments gives up the rest of them (D-SEQ-1). When
    both sides pass in succession, or neither has anything left to activate, the action phase
    ends (3.0). `seat` is the player whose segment it was (his Fog of War roll, 17.10).
    """
    events: list[Event] = []
    side = state.active_side
    assert side is not None
    counts = dict(state.turn_segments)
    counts[side] = counts.get(side, 0) + 1
    passes = state.consecutive_passes + 1 if passed else 0
    opening = state.opening_segments_left
    if side == state.initiative_side and opening > 0:
        opening = 0 if passed else opening - 1
    state = replace(
        state,
        activation=None,
        segment=state.segment + 1,
        played_segment={**state.played_segment, side: state.segment},
        turn_segments=counts,
        consecutive_passes=passes,
        opening_segments_left=opening,
    )

    if state.fog_ended:  # the saved segment played after Fog of War is over (17.4)
        return _end_action_phase(state, dice, events, reason="fog_of_war")
    # Optional rules read at the end of each segment (17.6 Fog of War, and its 17.10
    # Logistics): one may end the turn at once.
    turn_over = False
    for ended in hooks.each("segment_ended"):
        state, more, over = ended(state, side, dice, seat)
        events.extend(more)
        turn_over = turn_over or over
    if turn_over:
        # 17.4: "A player may use this saved action ... after the turn is directed to end
        # due to Fog of War": a side holding a saved segment plays it (or passes) first.
        saver = next((s.id for s in state.sides if state.banked_segment.get(s.id)), None)
        if saver is not None and side_can_act(state, saver):
            state = replace(
                state,
                fog_ended=True,
                active_side=saver,
                double_segment=False,
                banked_segment={**state.banked_segment, saver: False},
            )
            events.append(Event("saved_segment_after_fog_of_war", data={"side": saver}))
            return state, events
        return _end_action_phase(state, dice, events, reason="fog_of_war")
    if passes >= 2:
        return _end_action_phase(state, dice, events, reason="both_passed")
    if state.double_segment:
        nxt = side  # the banked segment (17.4): the same side goes again
        state = replace(state, double_segment=False)
    elif side == state.initiative_side and opening > 0:
        nxt = side
    else:
        nxt = state.enemy_of(side)
    state = replace(state, active_side=nxt)
    # A side with nothing left to activate passes at once (3.0: the phase lasts until every
    # unit has acted or both pass); two such passes in a row end the phase.

    while not side_can_act(state, state.active_side):
        events.append(Event("passed", data={"side": state.active_side, "automatic": True}))
        passes = state.consecutive_passes + 1
        other = state.enemy_of(state.active_side)
        state = replace(
            state,
            consecutive_passes=passes,
            segment=state.segment + 1,
            opening_segments_left=0
            if state.active_side == state.initiative_side
            else state.opening_segments_left,
        )
        if passes >= 2 or not side_can_act(state, other):
            return _end_action_phase(state, dice, events, reason="nothing_left")
        state = replace(state, active_side=other)
    return state, events


# -- marker removal, end of turn, the last turn (3.0) ----------------------------------------


def _end_action_phase(state, dice, events, reason):
    events.append(Event("action_phase_ended", data={"turn": state.turn, "reason": reason}))
    state = replace(state, phase=st.MARKER_REMOVAL, activation=None, active_side=None)
    state, more = remove_markers(state)
    events.extend(more)

    state, more = remove_smoke(state, dice)
    events.extend(more)
    state, more = hooks.thread("marker_removal", state, dice)  # drumfire, mire (17.2, 17 II)
    events.extend(more)
    state, more = end_turn(state, dice)
    events.extend(more)
    return state, events


def remove_markers(state: st.GameState) -> tuple[st.GameState, list[Event]]:
    """Marker Removal Phase: every Moved/Fired marker goes, and this turn's fire records (3.0)."""
    changed = {}
    for uid, u in state.units.items():
        if u.moved_fired or u.attacks_made or u.attacked_from:
            changed[uid] = replace(u, moved_fired=False, attacks_made=0, attacked_from=frozenset())
    state = state.with_units(changed)
    return state, [Event("markers_removed", data={"turn": state.turn, "counters": len(changed)})]


def end_turn(state: st.GameState, dice: Any) -> tuple[st.GameState, list[Event]]:
    """End the turn: after the last turn the game ends with its result; else the next turn."""
    events = [Event("turn_ended", data={"turn": state.turn})]
    if state.turn >= state.last_turn:
        return finish(state, events, reason="last_turn")
    scen = _scenario(state)
    turn = state.turn + 1
    night = is_night(scen, turn)
    state = replace(state, turn=turn, night=night, phase=st.INITIATIVE)
    events.append(Event("turn_started", data={"turn": turn, "night": night}))
    entering = sorted(
        u.id
        for u in state.units.values()
        if u.entry_turn == turn and u.hex is None and not u.eliminated
    )
    if entering:
        events.append(Event("reinforcements_available", units=tuple(entering), data={"turn": turn}))
    state, more = roll_initiative(state, dice)
    events.extend(more)
    return state, events


def finish(state: st.GameState, events: list[Event], reason: str):
    """End the game and record its result (victory conditions are the scenario's)."""
    result = game_result(state)
    state = replace(
        state, phase=st.ENDED, activation=None, active_side=None, opfire=None, result=result
    )
    events.append(Event("game_ended", data={"reason": reason, "result": result}))
    return state, events


def game_result(state: st.GameState) -> dict:
    """The game's result from the scenario's victory conditions (victory.py)."""
    raw = scenario_result(_scenario(state), state)
    if hasattr(raw, "to_json"):
        raw = raw.to_json()
    elif not isinstance(raw, dict):
        raw = encode(raw)
    return dict(raw)


def is_night(scen: Any, turn: int) -> bool:
    """Whether a turn is a night turn on the scenario's turn record."""
    nights = getattr(scen, "night_turns", None) or ()
    return turn in nights


def _scenario(state: st.GameState) -> Any:
    try:
        return scenario_for(state)
    except KeyError:
        return None
