"""Leak tests: random games in which no audience ever learns an unfound minefield (17.1) or
what a face-down counter afloat is (19.3), byte for byte.

Each step of a random game is played twice: as it is (A), and in a twin (B) that differs
only in the hidden thing: the minefield taken away, or two face-down counters afloat
swapped between their sea hexes. For every audience that must not know the hidden thing,
the two views, the seat's legal commands and (when the acting side does not know it either)
the events of the step and the views after it must be the same bytes, as long as the thing
is still hidden after the step.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from games.rules.common.dice import SeededDice
from games.rules.common.errors import RulesError
from games.rules.panzer_leader import playtest
from games.rules.panzer_leader.core import hidden
from games.rules.panzer_leader.ruleset import RULESET as rs
from games.rules.panzer_leader.views import knows, redact_events

MAX_STEPS = 140


def audiences(state) -> list[tuple]:
    return ([("side", s) for s in state.sides] + [("seat", s["id"]) for s in state.seats]
            + [("spectator", "public")])


def text(x) -> str:
    return json.dumps(x, sort_keys=True)


def mine_twins(state) -> list[tuple[object, set[str]]]:
    """(twin without the minefield, the sides that do not know it) for each unfound one."""
    out = []
    for label, mine in state.mines.items():
        blind = set(state.sides) - set(mine["known"])
        if blind:
            twin = state.copy()
            del twin.mines[label]
            out.append((twin, blind))
    return out


def afloat_twins(state) -> list[tuple[object, set[str]]]:
    """(twin with two face-down counters swapped, the side that cannot see them)."""
    out = []
    down = sorted((u for u in state.units.values() if hidden.is_hidden(u) and u.on_map),
                  key=lambda u: u.id)
    for a, b in zip(down, down[1:], strict=False):
        if a.side != b.side or a.type_id == b.type_id or a.status != b.status:
            continue
        twin = state.copy()
        twin.units[a.id].hex, twin.units[b.id].hex = b.hex, a.hex
        out.append((twin, set(state.sides) - {a.side}))
    return out


def still_hidden(before, after, blind: set[str]) -> bool:
    """Is the thing that made this twin still unknown to `blind` after the step?"""
    gone = [label for label, m in before.mines.items()
            if set(before.sides) - set(m["known"]) and (
                label not in after.mines or set(after.mines[label]["known"]) & blind)]
    turned = [u for u in before.units.values() if hidden.is_hidden(u)
              and not hidden.is_hidden(after.units[u.id])]
    lost = [u for u in before.units.values() if hidden.is_hidden(u)
            and after.units[u.id].eliminated != u.eliminated]
    return not gone and not turned and not lost


def blind_audiences(state, blind: set[str]) -> list[tuple]:
    """The audiences that know the secrets of no side that knows the hidden thing."""
    return [a for a in audiences(state) if not knows(state, a) - blind]


def check_step(a, twin, blind, seat, command, position, seed) -> None:
    side = a.seat_side(seat)
    for aud in blind_audiences(a, blind):
        assert text(rs.view_for(a, aud)) == text(rs.view_for(twin, aud)), aud
    for s in a.seats:
        if s["side"] in blind:
            assert text(rs.legal_commands(a, s["id"])) == text(rs.legal_commands(twin, s["id"]))
    if side not in blind:
        return  # the side that knows acts on what it knows
    step_a = rs.apply(a, seat, command, SeededDice(seed, position=position))
    try:
        step_b = rs.apply(twin, seat, command, SeededDice(seed, position=position))
    except RulesError as exc:  # pragma: no cover - a refusal would itself be a leak
        raise AssertionError(f"{command} refused only in the twin: {exc}") from exc
    if not still_hidden(a, step_a.state, blind) or not still_hidden(twin, step_b.state, blind):
        return
    for aud in blind_audiences(a, blind):
        assert text(redact_events(list(step_a.events), aud, step_a.state)) == text(
            redact_events(list(step_b.events), aud, step_b.state)), (aud, command)
        assert text(rs.view_for(step_a.state, aud)) == text(rs.view_for(step_b.state, aud))


@pytest.mark.parametrize("scenario_id,game", [
    ("pl-seeufer-landing", 0), ("pl-seeufer-landing", 1), ("pl-hollenbach", 0),
    ("pl-1940-semois-ford", 3),
])
def test_leak_no_audience_learns_an_unfound_minefield_or_a_face_down_counter_afloat(
        scenario_id, game):
    rng = random.Random(f"leak:{scenario_id}:{game}")
    seed = hashlib.sha256(f"leak:{scenario_id}:{game}".encode()).hexdigest()
    dice = SeededDice(seed)
    state = rs.arm(rs.opening_state(scenario_id), [], "a secret for the handles")
    checked = 0
    for _ in range(MAX_STEPS):
        if rs.result(state) is not None:
            break
        choices = [(s, lg) for s in rs.who_may_act(state) if (lg := rs.legal_commands(state, s))]
        seat, legal = rng.choice(choices)
        command = playtest.choose(rng, state, legal)
        for twin, blind in mine_twins(state) + afloat_twins(state):
            check_step(state, twin, blind, seat, command, dice.position, seed)
            checked += 1
        state = rs.apply(state, seat, command, dice).state
    assert checked > 20  # the game really had hidden things to keep


def test_leak_a_face_down_counter_is_named_by_a_handle_that_tells_nothing():
    state = rs.arm(rs.opening_state("pl-seeufer-landing"), [], "another secret")
    view = rs.view_for(state, ("side", "german"))
    down = [u for u in view["units"] if u.get("hidden")]
    assert down and all(u["type"] is None and not u["id"].startswith("al-") for u in down)
    assert set(down[0]) == {"id", "type", "side", "hex", "status", "afloat", "hidden",
                            "eliminated", "chips"}
    # A face-down counter wears only the marks laid on it in public by its handle: what it
    # carries, whether it moved or fired, stay its owner's.
    assert all(u["chips"] == [] for u in down)
    a = next(u for u in state.units.values() if hidden.is_hidden(u))
    a.moved = a.fired = True
    a.status = "dispersed"
    view = rs.view_for(state, ("side", "german"))
    worn = {c["kind"] for u in view["units"] if u.get("hidden") for c in u["chips"]}
    assert worn == {"dispersed"}
    own = rs.view_for(state, ("side", "allied"))
    assert not [u for u in own["units"] if u.get("hidden")]
    state.active_side, state.phase = "german", "combat"
    shots = [c for c in rs.legal_commands(state, "german").get("fire", ())
             if any(t in {u["id"] for u in down} for t in c["targets"])]
    assert shots and "al-" not in text(shots)
