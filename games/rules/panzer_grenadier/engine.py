"""Apply one command to a game state: the engine's single entry point (3.0).

`apply(state, seat, command, dice) -> Step` checks the command's shape, who may send it
now, and whether the rules allow it, then returns the new state, the events and the rolls
it used. It never mutates its input: states are frozen and rebuilt with `replace`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..common.dice import Roll
from ..common.errors import IllegalCommand
from . import rulebook  # noqa: F401  (the optional rules plugged into the core's hooks)
from .core import actions, deployment, hooks, moving, opportunity, sequence, undo
from .core import activation as act
from .core import state as st
from .core.commands import AGREEMENT_TYPES, Command, Event, parse_command
from .core.registry import counter_type, parse_hex, scenario_for
from .core.resign import end_agreed, resign
from .core.victory import record_control
from .double_blind import knowledge, razvedka, redaction


@dataclass(frozen=True, slots=True)
class Step:
    """What one command did: the state after it, the events, and the dice it rolled."""

    state: st.GameState
    events: tuple[Event, ...]
    dice_used: tuple[Roll, ...]


def who_may_act(state: st.GameState) -> tuple[str, ...]:
    """The seats that may send a command now (empty once the game has ended)."""
    if state.phase == st.ENDED:
        return ()
    if state.phase == st.INITIATIVE:
        return tuple(s.id for s in state.seats)
    if state.phase == st.SETUP:  # the side placing its units (D-SETUP-1)
        return tuple(s.id for s in state.seats if s.side == state.active_side)
    answering = hooks.first("answering_side", state)
    if answering is not None:  # an offer (to take back an activation) waits for its answer
        return tuple(s.id for s in state.seats if s.side == answering)
    if state.opfire is not None:
        return tuple(s.id for s in state.seats if s.side == state.opfire.side)
    if state.activation is not None:
        return (state.activation.seat,)
    return tuple(act.seats_that_may_activate(state, state.active_side)) or tuple(
        s.id for s in state.seats if s.side == state.active_side
    )


def apply(state: st.GameState, seat: str, command: Any, dice: Any) -> Step:
    """Apply a seat's command with the given dice (3.0); raises InvalidCommand/IllegalCommand."""
    cmd = parse_command(command)
    if state.phase == st.ENDED:
        raise IllegalCommand("the game is over", code="game/over", rule="3.0")
    me = act.seat(state, seat)
    if me is None:
        raise IllegalCommand(f"no seat {seat!r} in this game", code="seat/none", rule="19.0")
    hides = knowledge.in_force(state)
    if hides:  # handles to ids; fire only at what the side knows (D-DB-VALID)
        cmd = redaction.command_in(state, me.side, cmd)
    if cmd.type == "undo":  # the state before the step, exactly: nothing to recompute
        new_state, events = undo.undo(state, me)
        return Step(state=new_state, events=tuple(events), dice_used=())
    agreement = hooks.AGREEMENTS.get(cmd.type)
    if agreement is not None:  # by agreement, past dice and sightings (a take-back)
        new_state, events = agreement(state, me, cmd.type)
        return Step(state=new_state, events=tuple(events), dice_used=())
    if cmd.type in AGREEMENT_TYPES:
        raise IllegalCommand(f"{cmd.type}: take-backs are not in use in this game "
                             "(D-TAKEBACK-1)", rule="D-TAKEBACK-1")
    if hooks.first("answering_side", state) is not None:
        raise _not_yours(f"{cmd.type}: an offer waits for its answer")
    before = len(getattr(dice, "rolls", []))
    new_state, events = _dispatch(state, me, cmd, dice)
    if new_state.phase == st.SETUP:  # nobody learns anything while sides set up (D-SETUP-3)
        return Step(state=new_state, events=tuple(events), dice_used=())
    if hides:  # what each viewer knows now (17.8, 17.9, 18.0); razvedka (18.10)
        new_state = knowledge.after_step(state, new_state, events)
        new_state, scouted = razvedka.after_initiative(state, new_state, dice)
        events = [*events, *scouted]
    for settle in hooks.each("after_step"):  # e.g. drumfire of a firer just lost (17.2)
        new_state = settle(new_state)
    new_state = _record_control(new_state)
    used = tuple(getattr(dice, "rolls", [])[before:])
    new_state = undo.keep_undo_point(state, new_state, cmd.type, events, bool(used))
    for keep in hooks.each("step_taken"):  # the point a take-back goes back to
        new_state = keep(state, new_state, cmd.type, me)
    return Step(state=new_state, events=tuple(events), dice_used=used)


def _record_control(state: st.GameState) -> st.GameState:
    """Victory hexes change hands as combat units take them (D-VICTORY-1, victory.py)."""
    try:
        scen = scenario_for(state)
    except KeyError:
        return state
    if not getattr(getattr(scen, "victory", None), "hexes", None):
        return state

    return record_control(scen, state)


def _in_activation(kind: str) -> bool:
    """A command sent within an activation: an action, or ending it (3.1)."""
    return kind == "end_activation" or actions.is_action(kind)


def _not_yours(message: str, rule: str = "3.0") -> IllegalCommand:
    return IllegalCommand(message, code="command/not_your_activation", rule=rule)


def _dispatch(state: st.GameState, me: st.SeatState, cmd: Command, dice: Any):
    t = cmd.type
    if t == "resign":  # any seat, in or out of turn (D-RESIGN-1)

        return resign(state, me)
    if t == "end_agreed":  # the server has checked every seat agreed (D-AGREE-1)
        return end_agreed(state, me, cmd.get("outcome"))
    if state.phase == st.SETUP:
        if t not in deployment.COMMANDS:
            raise IllegalCommand(f"{t}: the battle starts with the set-up (D-SETUP-1)",
                                 rule=deployment.RULE)
        return deployment.apply(state, me, cmd)
    if t in deployment.COMMANDS:
        raise IllegalCommand(f"{t}: the set-up is over (D-SETUP-1)", rule=deployment.RULE)
    if state.phase == st.INITIATIVE:
        if t != "roll_initiative":
            raise IllegalCommand(f"{t}: the turn starts with the initiative roll (3.0)", rule="3.0")
        return sequence.roll_initiative(state, dice)
    if t == "roll_initiative":
        raise IllegalCommand(
            "roll_initiative: initiative has been rolled this turn (3.0)", rule="3.0"
        )
    if state.opfire is not None:
        if me.side != state.opfire.side:
            raise _not_yours(f"{t}: the other side is deciding on opportunity fire (13.0)", "13.0")
        if t not in ("opportunity_fire", "decline"):
            raise IllegalCommand(f"{t}: only opportunity_fire or decline now (13.0)", rule="13.0")
        state, events = opportunity.opportunity_fire(state, me, cmd, dice)
        return _maybe_auto_end(state, events, dice)
    if t in ("opportunity_fire", "decline"):
        raise IllegalCommand(f"{t}: no moving unit to fire at (13.0)", rule="13.0")
    if me.side != state.active_side:
        raise _not_yours(f"{t}: it is the other side's action segment (3.0)")
    if state.activation is not None:
        if state.activation.seat != me.id:
            raise _not_yours(f"{t}: another seat of your side is activating (D21)", "D21")
        if not _in_activation(t):
            raise IllegalCommand(
                f"{t}: finish the activation first (end_activation, 3.1)", rule="3.1"
            )
        if state.air_pending is not None and t != "air_attack":
            raise IllegalCommand(
                f"{t}: the sortie overhead attacks first: choose its hex (air_attack, 18.9)",
                rule="18.9",
            )
        if t == "end_activation":
            pending = must_still_recover(state)
            if pending:
                raise IllegalCommand(
                    f"end_activation: {', '.join(pending)} demoralized and activated: must try "
                    "to recover first (14.3, D-ACT-5)", rule="14.3")
            return _end_activation(state, dice)
        state, events = actions.action(t)(state, me, cmd, dice)
        return _maybe_auto_end(state, events, dice)
    if _in_activation(t):
        raise IllegalCommand(f"{t}: activate a unit, stack or leader first (3.1)", rule="3.1")
    if t == "activate":
        return _activate(state, me, cmd, dice)
    if t == "pass":
        events = [Event("passed", data={"side": me.side, "seat": me.id})]
        state, more = sequence.end_segment(state, dice, passed=True, seat=me.id)
        return state, events + more
    if t == "bank_segment":
        return _bank_segment(state, me)
    if t == "double_segment":
        return _double_segment(state, me)
    raise IllegalCommand(f"{t}: not allowed now", rule="3.0")


def _activate(state: st.GameState, me: st.SeatState, cmd: Command, dice: Any = None):
    """Open an activation of one unit, a stack, a leader group or an AFV group (3.1-3.3)."""
    kind = cmd.get("kind")
    listed = cmd.get("units")  # what the player was shown it activates, if sent (3.1)
    formation = hooks.variant("activate", cmd)
    if formation is not None:  # Formation Activation (17.7, D-FORM-2): checks `units` itself
        return formation(state, me, cmd, dice)
    if kind == "stack":
        try:
            h = parse_hex(state, cmd.get("hex"))
        except ValueError as exc:
            raise IllegalCommand(f"activate: {exc} (3.1)", rule="3.1") from None
        units = act.stack_group(state, h, me.side, me.id)
        if not units:
            raise IllegalCommand(
                f"activate: you have no unmarked counter in {cmd.get('hex')} (3.1)", rule="3.1"
            )
        has_leader = any(act.is_leader(state, state.units[u]) for u in units)
        return act.begin(state, me.id, "stack", units, None, leaderless=not has_leader,
                         listed=listed)
    uid = cmd.get("unit")
    unit = state.units.get(uid)
    if unit is None or unit.side != me.side:
        raise IllegalCommand(f"activate: you have no unit {uid!r} (3.1)", rule="3.1")
    if not act.commands_unit(state, me.id, unit):
        raise _not_yours(f"activate: {uid} is commanded by another seat (D21)", "D21")
    if not act.is_available(state, unit):
        reason = "is marked Moved/Fired" if unit.moved_fired else "cannot be activated now"
        raise IllegalCommand(f"activate: {uid} {reason} (3.1)", rule="3.1")
    t = counter_type(state, unit.type_id)
    if kind == "unit":
        return act.begin(
            state,
            me.id,
            "unit",
            frozenset({uid}),
            uid if t.is_leader else None,
            leaderless=not t.is_leader,
            listed=listed,
        )
    if unit.hex is None:
        raise IllegalCommand(f"activate: {uid} is not on the map yet (16.5)", rule="16.5")
    if kind == "leader":
        if not t.is_leader:
            raise IllegalCommand(f"activate: {uid} is not a leader (6.0)", rule="6.0")
        if unit.status == st.DEMORALIZED:
            raise IllegalCommand(
                f"activate: {uid} is demoralized and activates no one (D-ACT-2)", rule="D-ACT-2"
            )
        return act.begin(
            state, me.id, "leader", act.leader_group(state, unit, me.id), uid, leaderless=False,
            listed=listed,
        )
    if kind == "afv_group":
        if not t.is_afv:
            raise IllegalCommand(f"activate: {uid} is not an AFV (3.3)", rule="3.3")
        group = act.afv_group(state, unit, me.id)
        led = act.has_tank_leader(state, unit.hex, unit.side)
        return act.begin(state, me.id, "afv_group", group, None, leaderless=not led,
                         listed=listed)
    raise IllegalCommand(f"activate: unknown kind {kind!r}", rule="3.1")


def must_still_recover(state: st.GameState) -> list[str]:
    """Activated demoralized counters that have not yet tried to recover (14.3, D-ACT-5)."""
    a = state.activation
    return sorted(
        u for u in a.units
        if u not in a.acted and state.units[u].on_map and state.units[u].status == st.DEMORALIZED
    )


def _end_activation(state: st.GameState, dice: Any):
    seat = state.activation.seat
    state, events = moving.continuing_assaults(state, dice)
    state, more = act.finish(state)
    events += more
    state, more = sequence.end_segment(state, dice, passed=False, seat=seat)
    return state, events + more


def _maybe_auto_end(state: st.GameState, events: list, dice: Any):
    """End the activation by itself once every activated counter has acted (3.1)."""
    if (state.phase != st.ACTION or state.opfire is not None or state.activation is None
            or state.air_pending is not None):
        return state, events
    a = state.activation
    live = {u for u in a.units if not state.units[u].eliminated}
    if live <= a.done:
        state, more = _end_activation(state, dice)
        return state, events + more
    return state, events


def _bank_segment(state: st.GameState, me: st.SeatState):
    """Excess Initiative (17.4): bank one of three or more opening segments."""
    if "excess_initiative" not in state.options:
        raise IllegalCommand("bank_segment: Excess Initiative (17.4) is not in use", rule="17.4")
    if not can_bank(state, me.side):
        raise IllegalCommand(
            "bank_segment: only the initiative winner with 3+ opening "
            "segments may bank one, once, before using them (17.4)",
            rule="17.4",
        )
    state = replace(
        state,
        opening_segments_left=state.opening_segments_left - 1,
        banked_segment={**state.banked_segment, me.side: True},
    )
    return state, [Event("segment_banked", data={"side": me.side})]


def can_bank(state: st.GameState, side: str) -> bool:
    """The initiative winner at the start of his 3+ opening segments, nothing banked (17.4)."""
    return (
        state.initiative_side == side
        and state.active_side == side
        and state.opening_segments_left >= 3
        and state.turn_segments.get(side, 0) == 0
        and not state.banked_segment.get(side)
    )


def _double_segment(state: st.GameState, me: st.SeatState):
    """Excess Initiative (17.4): spend the banked segment as a double segment, in one's own."""
    if not state.banked_segment.get(me.side) or state.double_segment:
        raise IllegalCommand("double_segment: no banked segment to spend (17.4)", rule="17.4")
    state = replace(
        state, double_segment=True, banked_segment={**state.banked_segment, me.side: False}
    )
    return state, [Event("double_segment", data={"side": me.side})]
