"""No hidden counter leaks through any frame an audience receives (17.8, 17.9, 18.0).

Canary: every unit's scenario id. Random double-blind games through the engine; every
audience's view, patch and log lines, the seats' legal commands and rejection messages are
searched (games/rules/panzer_grenadier/leakcheck.py). Non-interference: moving an enemy counter that an
audience cannot see, to a hex where it stays unseen and sees nothing new, leaves that
audience's frames byte-identical. `python -m games.rules.panzer_grenadier.leakcheck --games N` runs the large
version; set PGWEB_LEAKCHECK_FRAMES to run it here.
"""

from __future__ import annotations

import os
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from games.rules.panzer_grenadier import leakcheck
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.core.registry import game_map
from games.rules.panzer_grenadier.core.scenario import bundled_scenarios
from games.rules.panzer_grenadier.core.serialize import canonical_json
from games.rules.panzer_grenadier.double_blind import knowledge
from games.rules.panzer_grenadier.double_blind.observation import ADDITIONS
from games.rules.panzer_grenadier.views import redact_events, view_for


def kessel():
    return bundled_scenarios()["meeting-at-kessel"]


def test_the_canary_search_finds_an_enemy_id_as_a_token_and_not_as_a_prefix():
    canaries = frozenset({"su-rifle-1", "ge-tank-2"})
    assert leakcheck.leaks_in('{"a":"su-rifle-1"}', canaries, "") == ["su-rifle-1"]
    assert leakcheck.leaks_in('{"a":"fired by su-rifle-1 (10.1)"}', canaries, "") == ["su-rifle-1"]
    assert leakcheck.leaks_in('{"a":"su-rifle-12"}', canaries, "") == []
    assert leakcheck.leaks_in('{"a":"xx SECRET yy"}', canaries, "SECRET") == ["<secret>"]


def test_a_planted_leak_in_a_view_is_caught(monkeypatch):
    real = leakcheck.view_for

    def leaky(state, aud):
        v = real(state, aud)
        v["debug"] = sorted(state.units)  # every id, as a careless view might
        return v

    monkeypatch.setattr(leakcheck, "view_for", leaky)
    tally = leakcheck.LeakTally()
    leakcheck.play(kessel(), "planted", ("double_blind",), tally, max_steps=3)
    assert tally.leaks > 0


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 10**9), length=hs.integers(20, 160),
       options=hs.sampled_from(leakcheck.OPTION_SETS))
def test_random_double_blind_games_leak_no_canary_in_any_frame(seed, length, options):
    tally = leakcheck.LeakTally()
    hook = leakcheck.patch_hook(tally)
    leakcheck.play(kessel(), f"h{seed}", options, tally, length, hook, probe_every=5)
    assert tally.leaks == 0 and tally.errors == 0, tally.messages[:5]
    assert tally.frames > 5 * tally.steps


def _frames(state, events, aud):
    return canonical_json({"view": view_for(state, aud),
                           "log": redact_events(events, aud, state)})


def _unseen_moves(state, side, rng):
    """(unit, hex) moves of an enemy counter that change nothing `side` or the public knows,
    and nothing the counter's side sees of `side` (its own units' "revealed"), nor how near
    it sees anything: under generic markers a counter seen from further than the marker
    range shows as a marker (18.11), so moving a side's nearest observer away rightly turns
    what it sees, and the public view, from exact to markers."""
    now = knowledge.contact(state)
    busy = set()
    if state.activation is not None:
        busy |= set(state.activation.units)
    if state.opfire is not None:
        busy |= {state.opfire.mover, *state.opfire.movers}
    candidates = [u for u in state.units_on_map() if u.side != side and u.id not in busy
                  and u.id not in now[side] and u.carried_by is None
                  and not any(x.carried_by == u.id for x in state.units.values())]
    m = game_map(state)
    empty = [h for h in m.hexes if not state.units_at(h)]
    rng.shuffle(candidates)
    for u in candidates[:4]:
        for h in rng.sample(empty, min(30, len(empty))):
            other = replace(state, units={**state.units, u.id: replace(u, hex=h)})
            later = knowledge.contact(other)
            if later == now:
                yield u.id, other
                break


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 10**9), options=hs.sampled_from(leakcheck.OPTION_SETS))
def test_moving_an_unseen_enemy_elsewhere_unseen_changes_no_byte_of_the_audiences_frames(
        seed, options):
    rng = random.Random(seed)
    states: list[tuple[st.GameState, tuple]] = []
    # Play a little, keeping the states and their events.
    from games.rules.common.dice import SeededDice
    from games.rules.panzer_grenadier.core.scenario import initial_state
    from games.rules.panzer_grenadier.engine import apply, who_may_act
    from games.rules.panzer_grenadier.legal import legal_commands

    s = initial_state(kessel(), options=set(options) - set(ADDITIONS))
    s = knowledge.start(s, "noninterference-secret", set(options) & set(ADDITIONS))
    dice = SeededDice(str(seed))
    for _ in range(rng.randint(10, 60)):
        if s.phase == st.ENDED:
            break
        choices = [(x, lg) for x in who_may_act(s) if (lg := legal_commands(s, x))]
        seat, legal = rng.choice(choices)
        step = apply(s, seat, rng.choice(legal[rng.choice(sorted(legal))]), dice)
        s = step.state
        states.append((s, step.events))
    compared = 0
    for s, events in states[-3:]:
        for aud in leakcheck.audiences(s):
            side = leakcheck._side_of(s, aud)
            for side_ in ([side] if side else [x.id for x in s.sides]):
                for uid, other in _unseen_moves(s, side_, rng):
                    if side is None and uid in knowledge.contact(s)[knowledge.PUBLIC]:
                        continue
                    assert _frames(s, events, aud) == _frames(other, events, aud), (aud, uid)
                    compared += 1
    assert compared or not states  # almost always some unseen counter can move unseen


@pytest.mark.timeout(3600)  # asked for by hand, ten thousand frames take minutes
def test_ten_thousand_frames_when_asked():
    want = int(os.environ.get("PGWEB_LEAKCHECK_FRAMES", "0"))
    if not want:
        pytest.skip("set PGWEB_LEAKCHECK_FRAMES=10000 (or run python -m games.rules.panzer_grenadier.leakcheck)")
    tally = leakcheck.LeakTally()
    hook = leakcheck.patch_hook(tally)
    g = 0
    while tally.frames < want:
        for _sid, scen in sorted(bundled_scenarios().items()):
            leakcheck.play(scen, f"big{g}", leakcheck.OPTION_SETS[g % 4], tally, 400, hook)
        g += 1
    assert tally.leaks == 0 and tally.errors == 0, tally.messages[:5]


def test_an_unseen_enemys_state_changes_no_byte_of_the_audiences_frames():
    """A counter's chips (disrupted, moved/fired, reduced, dug in, mired: chips.py) are its own
    side's to see while the enemy cannot see it: changing all of them leaves every other
    audience's frames byte-identical, while its own side's view shows them."""
    from games.rules.common.dice import SeededDice
    from games.rules.panzer_grenadier.core.scenario import initial_state
    from games.rules.panzer_grenadier.engine import apply, who_may_act
    from games.rules.panzer_grenadier.legal import legal_commands

    rng = random.Random(47)
    s = knowledge.start(initial_state(kessel(), options={"double_blind"}), "chips-secret", set())
    dice = SeededDice("chips")
    events: tuple = ()
    for _ in range(40):  # play until counters are on the map
        choices = [(x, lg) for x in who_may_act(s) if (lg := legal_commands(s, x))]
        seat, legal = rng.choice(choices)
        step = apply(s, seat, rng.choice(legal[rng.choice(sorted(legal))]), dice)
        s, events = step.state, step.events
    compared = 0
    now = knowledge.contact(s)
    for side in (x.id for x in s.sides):
        unseen = [u for u in s.units_on_map() if u.side != side and u.id not in now[side]
                  and u.id not in now[knowledge.PUBLIC] and u.carried_by is None]
        for u in unseen[:3]:
            worn = replace(u, status=st.DEMORALIZED, moved_fired=True, dug_in=True, steps=1,
                           mired=1)
            other = replace(s, units={**s.units, u.id: worn})
            for aud in (("side", side), ("spectator", "public")):
                assert _frames(s, events, aud) == _frames(other, events, aud), (aud, u.id)
            own = next(e for e in view_for(other, ("side", u.side))["units"] if e["id"] == u.id)
            assert {"demoralized", "moved_fired", "dug_in", "mired"} <= {
                c["kind"] for c in own["chips"]}
            compared += 1
    assert compared
