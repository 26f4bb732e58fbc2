"""What an observation point sees (18.5) is kept per map and conditions across states, the
assault hexes (18.5) are worked out once per look, and the enemies a side knows (D-DB-VALID)
once per state: every kept answer must equal the one worked out afresh, and the reveal
procedure (18.4) must come out the same, in the same order, with nothing kept, over seeded
double-blind games (with the 18.11 additions, smoke and night among them). The observation
and the contact a step worked out are kept for the state it returns, whose memories alone
differ: they must equal the ones worked out afresh for that state."""

from __future__ import annotations

from dataclasses import replace

from games.rules.common.lru import Lru
from games.rules.common.per_state import PerState
from games.rules.panzer_grenadier.core.scenario import bundled_scenarios
from games.rules.panzer_grenadier.double_blind import knowledge, observation
from games.rules.panzer_grenadier.playtest import EXTRA_OPTIONS
from tests.rules.panzer_grenadier.seeded import seeded_game

GAMES = [("meeting-at-kessel", "o1"), ("kursk-shoulder", "o2"), ("birch-night-raid", "o3")]


def _options(scenario: str) -> list[str]:
    return sorted(
        bundled_scenarios()[scenario].default_options
        | (EXTRA_OPTIONS - {"hidden_units"})
        | {"double_blind", *observation.ADDITIONS}
    )


def _contested_afresh(state) -> frozenset:
    return frozenset(
        u.hex for u in state.units_on_map() if len(state.occupied_by(u.hex)) > 1
    )


def test_kept_sightings_and_the_reveal_equal_fresh_ones(monkeypatch):
    looked = kept = 0
    for scenario, seed in GAMES:
        for s, *_ in seeded_game(scenario, _options(scenario), seed, 70):
            assert observation._contested(s) == _contested_afresh(s)
            for side in sorted({u.side for u in s.units.values()}):
                assert knowledge.known_enemies(s, side) == knowledge._known_enemies(s, side)
            warm = observation.observe(s)
            table = observation._sees_table(s)
            for (op, h, hidden, low), seen in list(table.items()):
                assert seen == observation.op_sees(s, op, h, hidden=hidden, low_profile=low)
                kept += 1
            with monkeypatch.context() as m:
                m.setattr(observation, "_SEES", Lru(8))
                cold = observation.observe(s)
            # Equal, and in the same order: the order of the observed reaches the views.
            for side, seen_now in warm.observed.items():
                assert list(seen_now.items()) == list(cold.observed[side].items())
            for side, ops in warm.ops.items():
                assert list(ops.items()) == list(cold.ops[side].items())
            looked += 1
    assert looked > 150 and kept > 1000


def test_a_table_is_the_maps_and_conditions_own_and_is_emptied_past_its_size(monkeypatch):
    s = next(iter(seeded_game("meeting-at-kessel", _options("meeting-at-kessel"), "o4", 1)))[0]
    table = observation._sees_table(s)
    assert observation._sees_table(s) is table
    assert observation._sees_table(replace(s, night=not s.night)) is not table
    h = next(iter(s.units_on_map())).hex
    smoked = replace(s, markers={**s.markers, h: frozenset({"smoke"})})
    assert observation._sees_table(smoked) is not table
    monkeypatch.setattr(observation, "_SEES_LIMIT", 3)
    table.update({("x", i, False, False): True for i in range(4)})
    assert observation._sees_table(s) is table and not table


def test_the_observation_and_contact_kept_for_a_steps_state_equal_fresh_ones(monkeypatch):
    compared = 0
    for scenario, seed in GAMES:
        for s, *_ in seeded_game(scenario, _options(scenario), seed, 40):
            kept_obs, kept_contact = knowledge.observation_of(s), knowledge.contact(s)
            with monkeypatch.context() as m:
                m.setattr(knowledge, "_cached", PerState(kept=8).get)  # nothing kept
                fresh_obs, fresh_contact = knowledge.observation_of(s), knowledge.contact(s)
            assert fresh_obs is not kept_obs
            for side, seen in fresh_obs.observed.items():
                assert list(seen.items()) == list(kept_obs.observed[side].items())
            assert fresh_obs.ops == kept_obs.ops
            assert fresh_contact == kept_contact
            compared += 1
    assert compared > 100
