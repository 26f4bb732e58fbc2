"""Blind bombardments (18.8, D-DB-BLIND-LEGAL) are offered at the hexes with no known enemy
that an activated leader has a line of sight to. Checking every hex of a large map in full
cost tens of milliseconds a step, so the hexes out of the leader's sight even with no smoke
(`los.sight_row`, kept per map and hex) are left out first: the offers must be exactly those
of every hex checked in full, over seeded double-blind games."""

from __future__ import annotations

from games.rules.panzer_grenadier.core import firing, offboard
from games.rules.panzer_grenadier.core.los import has_los, line_of_sight, sight_row
from games.rules.panzer_grenadier.core.registry import game_map, hex_label
from games.rules.panzer_grenadier.double_blind import knowledge
from tests.rules.panzer_grenadier.seeded import RS, seeded_game

# A battle with off-board artillery and mortars whose seeded game soon activates leaders
# with both: the blind bombardments of off-board increments and of units on the map.
SCENARIO, SEED = "sosna-line", "blind-1"
STEPS = 30  # enough for both kinds, a few hundred offers each


def _options(scenario: str) -> list[str]:
    return sorted(RS.scenarios()[scenario].default_options | {"double_blind"})


def test_a_sight_row_holds_every_hex_in_clear_sight_and_is_kept():
    m = game_map(RS.opening_state("meeting-at-kessel", None))
    for a in m.in_order()[::60]:
        row = sight_row(m, a)
        assert row == {b for b in m.hexes if has_los(m, a, b)}
        assert sight_row(m, a) is row  # kept on the map
        assert a in row


def test_smoke_only_takes_hexes_out_of_a_sight_row():
    m = game_map(RS.opening_state("meeting-at-kessel", None))
    a = m.in_order()[len(m.hexes) // 2]
    row = sight_row(m, a)
    smoke = frozenset(sorted(row)[::5])
    assert {b for b in m.hexes if line_of_sight(m, a, b, smoke=smoke).clear} < row


def test_the_blind_bombardments_offered_are_those_of_every_hex_checked_in_full(monkeypatch):
    offered = {"increments": 0, "firers": 0}
    for state, seat, legal, _, _ in seeded_game(SCENARIO, _options(SCENARIO), SEED, STEPS):
        side = next(s.side for s in state.seats if s.id == seat)
        known = {hex_label(state, h) for h in knowledge.known_enemies(state, side)[0]}
        blind = [c for c in legal.get("bombard", []) if c["target"] not in known]
        if not blind:
            continue
        for kind in offered:
            offered[kind] += sum(bool(c.get(kind)) for c in blind)
        with monkeypatch.context() as patched:  # every hex left in, as if all were in sight
            for module in (offboard, firing):
                patched.setattr(module, "sight_row", lambda m, a: m.hexes)
            assert RS.legal_commands(state, seat) == legal
    assert offered["increments"] > 200 and offered["firers"] > 100
