"""The rules' answers kept per state (common/per_state.py): found again for the very state
they were worked out of, never for an equal one, and only for the last few states."""

from __future__ import annotations

from games.rules.common.per_state import PerState


class State:
    """Stands in for a state: equal to every other, so only identity can tell them apart."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State)

    __hash__ = object.__hash__


def test_an_answer_is_worked_out_once_per_state_and_key():
    kept, built = PerState(kept=4), []
    one = State()
    build = lambda: built.append(1) or len(built)  # noqa: E731
    assert kept.get(one, "contact", build) == 1
    assert kept.get(one, "contact", build) == 1
    assert kept.get(one, ("engineers", "ge"), build) == 2
    assert kept.get(one, ("engineers", "ge"), build) == 2
    assert len(built) == 2


def test_an_equal_state_is_not_the_same_state():
    kept = PerState(kept=4)
    first, second = State(), State()
    assert first == second
    assert kept.get(first, "k", lambda: "first") == "first"
    assert kept.get(second, "k", lambda: "second") == "second"


def test_only_the_last_few_answers_are_kept():
    kept = PerState(kept=2)
    states = [State() for _ in range(3)]
    for i, s in enumerate(states):
        kept.get(s, "k", lambda i=i: i)
    assert kept.get(states[2], "k", lambda: "again") == 2
    assert kept.get(states[1], "k", lambda: "again") == 1
    assert kept.get(states[0], "k", lambda: "again") == "again"  # the oldest went first


def test_an_answer_asked_for_while_another_is_built_is_kept_too():
    # The double-blind contact asks for the observation while it is built; the observation
    # is then asked for again on its own (knowledge.after_step), and must not be observed
    # a second time.
    kept, observed = PerState(kept=8), []
    state = State()

    def observation():
        return kept.get(state, "obs", lambda: observed.append(1) or "seen")

    assert kept.get(state, "contact", lambda: f"contact from {observation()}") == "contact from seen"
    assert observation() == "seen"
    assert len(observed) == 1
