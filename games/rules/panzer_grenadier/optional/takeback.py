"""Taking back a whole activation by agreement (D-TAKEBACK-1), in games played with the
`takebacks` option (the server offers it only for unrated, open games). It is no rule of the
game but the players' agreement, so it is a plug-in like the optional rules (core/hooks.py):
with the hook table empty nobody may offer, and the core plays on as if it were unknown. The
saved point and the pending offer stay fields of the core's state (`GameState.takeback`,
`takeback_offer`) so saved games read the same with or without it.

Unlike an undo (D-UNDO-1), a take-back may reach past dice rolled and things seen, so the
other side must agree. The engine keeps the state from before the last activation began
(`GameState.takeback`, replaced at each new activation, dropped when a new turn
begins); a seat of the side that made it may offer to take it back, the other side accepts or
declines, and on acceptance the game goes back to that state exactly. The dice stream goes
on (the rolls of the activation taken back stay spent), so the verifier replays the whole
log, offer and answer included, and reaches the same state.

Hidden information never mixes with it: restoring a state would make a side "forget" what
its player saw, so the option is refused in double-blind, hidden-unit and
limited-intelligence games.
"""

from __future__ import annotations

from dataclasses import replace

from ...common.errors import IllegalCommand
from ..core import state as st
from ..core.commands import Event
from ..core.hooks import Plugin
from ..double_blind import knowledge

OPTION = "takebacks"
COMMANDS = frozenset({"offer_takeback", "accept_takeback", "decline_takeback"})
RULE = "D-TAKEBACK-1"


def in_use(state: st.GameState) -> bool:
    return OPTION in state.options and not knowledge.in_force(state)


def keep_point(before: st.GameState, after: st.GameState, command: str,
               me: st.SeatState) -> st.GameState:
    """After a step: a new activation (or formation attempt) keeps the state before it as
    the point to go back to; a new turn drops it."""
    if not in_use(after):
        return after
    if command == "activate":
        point = replace(before, takeback=None, takeback_offer=None, undo=None)
        return replace(after, takeback=st.TakebackPoint(me.side, me.id, point))
    if after.takeback is not None and after.takeback.state.turn != after.turn:
        return replace(after, takeback=None)  # only the current turn's last activation
    return after


def may_offer(state: st.GameState, seat: st.SeatState) -> bool:
    """A seat of the side whose activation is the last one, no offer pending, no short
    decision (an opportunity-fire window or a waiting sortie) open."""
    return (
        in_use(state)
        and state.takeback is not None
        and state.takeback.side == seat.side
        and state.takeback_offer is None
        and state.opfire is None
        and state.air_pending is None
        and state.phase == st.ACTION
    )


def answering_side(state: st.GameState) -> str | None:
    """The side that must accept or decline a pending offer (it alone may act then)."""
    if state.takeback_offer is None:
        return None
    return state.enemy_of(state.takeback_offer)


def apply(state: st.GameState, me: st.SeatState, command: str) -> tuple[st.GameState, list]:
    """Offer, accept or decline a take-back (D-TAKEBACK-1)."""
    if not in_use(state):
        raise IllegalCommand(f"{command}: take-backs are not in use in this game ({RULE})",
                             rule=RULE)
    if command == "offer_takeback":
        if not may_offer(state, me):
            raise IllegalCommand(
                f"{command}: only the side of the last activation may offer, once, while "
                f"no offer or opportunity-fire window is open ({RULE})", rule=RULE)
        return replace(state, takeback_offer=me.side), [
            Event("takeback_offered", data={"side": me.side})]
    if answering_side(state) != me.side:
        raise IllegalCommand(f"{command}: no take-back offered to your side ({RULE})", rule=RULE)
    if command == "decline_takeback":
        return replace(state, takeback_offer=None), [
            Event("takeback_declined", data={"side": me.side})]
    point = state.takeback
    return point.state, [Event("activation_taken_back", data={
        "side": point.side, "accepted_by": me.side})]


def standing_offers(state: st.GameState, seat: st.SeatState) -> dict[str, list[dict]]:
    """What a seat may send about a take-back, in or out of turn: the answer when its side
    must answer, the offer when its side made the last activation."""
    if answering_side(state) == seat.side:
        return {"accept_takeback": [{"type": "accept_takeback"}],
                "decline_takeback": [{"type": "decline_takeback"}]}
    if may_offer(state, seat):
        return {"offer_takeback": [{"type": "offer_takeback"}]}
    return {}


PLUGIN = Plugin(
    "takebacks",
    agreements={kind: apply for kind in sorted(COMMANDS)},
    answering_side=answering_side,
    step_taken=keep_point,
    standing_offers=standing_offers,
)
