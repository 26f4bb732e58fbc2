"""Small double-blind games for the knowledge tests: a started game armed with a secret."""

from __future__ import annotations

from dataclasses import replace

from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.double_blind import knowledge
from tests.rules.panzer_grenadier.turnkit import at, started, unit

SECRET = "test-secret-0123456789"

__all__ = ["SECRET", "at", "db_game", "moved", "refresh", "unit"]


def db_game(units, options=("double_blind",), additions=(), **kw) -> st.GameState:
    """A game in its action phase with hidden information on and the opening contact made."""
    s = started(units, options=options, **kw)
    return knowledge.start(s, SECRET, additions)


def refresh(before: st.GameState, after: st.GameState, events=()) -> st.GameState:
    """What the engine does after a step: bring every viewer's knowledge up to date."""
    return knowledge.after_step(before, after, events)


def moved(state: st.GameState, uid: str, label: str, **kw) -> st.GameState:
    """The state with one counter put elsewhere (and its knowledge brought up to date)."""
    after = state.with_unit(replace(state.units[uid], hex=at(label), **kw))
    return refresh(state, after)
