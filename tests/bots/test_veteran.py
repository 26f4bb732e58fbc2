"""The Veteran reads a move into the enemy's hex as the assault it is (12.1): by the odds of
its preview, not by the victory points standing in that hex."""

from __future__ import annotations

from games.bots import harness, levels, odds
from games.bots.board import Board
from games.bots.facts import public_facts
from games.bots.judge import Judge, command_key
from games.rules.common.dice import SeededDice
from games.rules.registry import for_scenario

SCENARIO = "meeting-at-kessel"


def _assault_moves(seed: str = "assault", wanted: int = 3):
    """Decisions of a Veteran-against-Recruit game of Kessel where the Soviets may move into
    a hex the Germans hold, with those moves."""
    rules = for_scenario(SCENARIO)
    s = rules.arm(rules.opening_state(SCENARIO, [], None), [], "secret")
    facts = public_facts(SCENARIO, [])
    sides = rules.seat_sides(s)
    dice = SeededDice(seed)
    found = []
    for n in range(600):
        if rules.is_over(s):
            break
        seat = rules.who_may_act(s)[0]
        d = harness.decision_for(rules, s, seat, f"{seed}:{n}")
        enemy_hexes = {u["hex"] for u in d.view["units"] if not u.get("own") and u.get("hex")}
        moves = [c for c in d.legal.get("move", ()) if c["path"][-1] in enemy_hexes]
        if sides[seat] == "su" and moves:
            found.append((d, moves))
            if len(found) == wanted:
                return found, facts
        level = "veteran" if sides[seat] == "su" else "recruit"
        s = rules.apply(s, seat, levels.decide(level, d, facts), dice).state
    raise AssertionError(f"only {len(found)} decisions with an assault move found")


def test_a_move_into_the_enemys_hex_comes_with_the_assaults_odds():
    found, _ = _assault_moves()
    for d, moves in found:
        odds_of = {command_key(p["command"]): p["odds"] for p in d.previews if "odds" in p}
        for m in moves:
            assert odds_of.get(command_key(m), {}).get("sides"), m


def test_the_veteran_scores_an_assault_move_by_its_odds_and_makes_none_that_loses():
    found, facts = _assault_moves(wanted=6)
    tempting = 0
    for d, moves in found:
        judge = Judge(Board.from_view(d.view, d.side, facts), d.previews)
        # Blind to the odds, a move into the enemy's hex is scored as a walk into its hex.
        blind = Judge(Board.from_view(d.view, d.side, facts), [
            p for p in d.previews if p["command"]["type"] != "move"])
        chosen = levels.decide("veteran", d, facts)
        for m in moves:
            assert judge.move_score(m) == judge.assault_score(m)
            if odds.assault_balance(judge.odds[command_key(m)], d.side) < 0:
                assert chosen != m
                tempting += blind.move_score(m) > 0
    assert tempting, "no losing assault looked good without its odds: the test shows nothing"
