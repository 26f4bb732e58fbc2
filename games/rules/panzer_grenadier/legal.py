"""Every command a seat may send now, as complete objects, grouped for the board (3.0).

`legal_commands(state, seat)` is empty for a seat that may not act. Groups are keyed by
command type, in a fixed order; each entry is a complete command that `apply` accepts.
"""

from __future__ import annotations

from . import rulebook  # noqa: F401  (the optional rules plugged into the core's hooks)
from .core import actions, deployment, hooks, opportunity
from .core import activation as act
from .core import state as st
from .double_blind import knowledge, redaction
from .engine import can_bank, must_still_recover, who_may_act

GROUP_ORDER = (
    "deploy",
    "undeploy",
    "setup_done",
    "roll_initiative",
    "opportunity_fire",
    "decline",
    "activate",
    "bank_segment",
    "double_segment",
    "move",
    "exit",
    "fire",
    "spray_fire",
    "bombard",
    "assault",
    "recover",
    "load",
    "unload",
    "dig_in",
    "air_strike",
    "air_attack",
    "consolidate",
    "end_activation",
    "pass",
    "offer_takeback",
    "accept_takeback",
    "decline_takeback",
)


# The last few answers, by state identity: a step's state is asked for by the playtest, by
# each seat's view and by the service; states are immutable, so an answer never goes stale.
_CACHE: list[tuple[st.GameState, str, dict]] = []
_CACHE_SIZE = 8


def legal_commands(state: st.GameState, seat: str) -> dict[str, list[dict]]:
    """The seat's legal commands grouped by type (empty when it may not act)."""
    for s, who, answer in _CACHE:
        if s is state and who == seat:
            return _copy(answer)
    answer = _legal_commands(state, seat)
    _CACHE.append((state, seat, answer))
    del _CACHE[:-_CACHE_SIZE]
    return _copy(answer)


def _copy(groups: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """A copy the caller may change without touching the cached answer."""
    return {
        k: [{f: list(x) if isinstance(x, list) else x for f, x in c.items()} for c in v]
        for k, v in groups.items()
    }


def _legal_commands(state: st.GameState, seat: str) -> dict[str, list[dict]]:
    me = act.seat(state, seat)
    # In or out of turn: a take-back offer or its answer (a plug-in's, D-TAKEBACK-1).
    standing = {}
    if me is not None:
        for offer in hooks.each("standing_offers"):
            standing.update(offer(state, me))
    if seat not in who_may_act(state) or hooks.first("answering_side", state) is not None:
        return standing  # out of turn, or while an offer waits: nothing else
    groups: dict[str, list[dict]] = dict(standing)
    if state.phase == st.SETUP:
        groups.update(deployment.offers(state, me))
    elif state.phase == st.INITIATIVE:
        groups["roll_initiative"] = [{"type": "roll_initiative"}]
    elif state.opfire is not None:
        groups["opportunity_fire"] = opportunity.opportunity_fire_options(state, me)
        groups["decline"] = [{"type": "decline"}]
    elif state.air_pending is not None:  # the sortie overhead chooses its hex first (18.9)
        groups["air_attack"] = hooks.offers("air_attack", state, me)
    elif state.activation is not None:
        groups.update(actions.offers(state, me))
        if not must_still_recover(state):
            groups["end_activation"] = [{"type": "end_activation"}]
    else:
        groups["activate"] = act.activation_choices(state, seat)
        if "excess_initiative" in state.options:
            if can_bank(state, me.side):
                groups["bank_segment"] = [{"type": "bank_segment"}]
            if state.banked_segment.get(me.side) and not state.double_segment:
                groups["double_segment"] = [{"type": "double_segment"}]
        groups["pass"] = [{"type": "pass"}]
    out = {k: groups[k] for k in GROUP_ORDER if groups.get(k)}
    if knowledge.in_force(state):  # enemy counters by the seat's handles (18.0)
        out = redaction.legal_out(state, me.side, out)
    return out


def legal_list(state: st.GameState, seat: str) -> list[dict]:
    """The same commands as one flat list, in group order."""
    return [c for cs in legal_commands(state, seat).values() for c in cs]
