"""The Veteran reads a move into the enemy's hex as the assault it is (12.1), by the odds of
its preview; it counts on leaders to advance (a leaderless activation may not close with the
enemy, 3.1); and it weighs what a counter risks by what its loss would score the enemy."""

from __future__ import annotations

from games.bots import harness, levels
from games.bots.facts import public_facts
from games.bots.panzer_grenadier import odds
from games.bots.panzer_grenadier.board import Board
from games.bots.panzer_grenadier.judge import Judge, command_key
from games.bots.panzer_grenadier.recruit import RecruitJudge
from games.rules.common.dice import SeededDice
from games.rules.registry import for_scenario

SCENARIO = "meeting-at-kessel"


def _assault_moves(seed: str = "assault", wanted: int = 3):
    """Decisions of a Veteran-against-Recruit game of Kessel where the Germans may move into
    a hex the Soviets hold (their squads in the village), with those moves."""
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
        if sides[seat] == "ge" and moves:
            found.append((d, moves))
            if len(found) == wanted:
                return found, facts
        level = "veteran" if sides[seat] == "ge" else "recruit"
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


def _counter(uid: str, side: str, type_id: str, hex_label: str, leader: bool = False) -> dict:
    return {"id": uid, "side": side, "own": side == "su", "type": type_id, "hex": hex_label,
            "steps": 1 if leader else 2, "status": "good", "moved_fired": False,
            "dug_in": False, "leader": leader}


def _board(*counters: dict, scenario: str = SCENARIO) -> Board:
    view = {"turn": 2, "last_turn": 8, "units": list(counters), "markers": []}
    return Board.from_view(view, "su", public_facts(scenario, []))


def test_a_unit_activated_without_a_leader_is_not_counted_on_to_close_with_the_enemy():
    # A Soviet rifle platoon with its lieutenant, a German machine-gun (range 6) in the
    # crossroads between them and the church: alone, the platoon may not step nearer (3.1, D3).
    b = _board(_counter("su-rifle", "su", "su_rifle", "A1510"),
                      _counter("su-lt", "su", "su_ldr_lt_b", "A1510", leader=True),
                      _counter("ge-hmg", "ge", "ge_hmg", "A1107"))
    rifle = b.by_id("su-rifle")
    assert b.nearer_to_harm(rifle, b.scen.hex("A1409"))
    assert not b.nearer_to_harm(rifle, b.scen.hex("A1611"))
    judge = Judge(b)
    assert judge.unit_potential(rifle, leaderless=True) < judge.unit_potential(rifle)
    alone = judge.activation_score({"type": "activate", "kind": "unit", "unit": "su-rifle"})
    led = judge.activation_score({"type": "activate", "kind": "leader", "unit": "su-lt"})
    stack = judge.activation_score({"type": "activate", "kind": "stack", "hex": "A1510"})
    assert alone < led == stack  # the stack holds the lieutenant: it is led


def test_a_recruit_overlooks_command_and_expects_as_much_of_a_lone_unit():
    b = _board(_counter("su-rifle", "su", "su_rifle", "A1510"),
                      _counter("ge-hmg", "ge", "ge_hmg", "A1107"))
    rifle = b.by_id("su-rifle")
    recruit = RecruitJudge(b)
    assert recruit.unit_potential(rifle, leaderless=True) == recruit.unit_potential(rifle)


def test_what_a_counter_risks_under_fire_counts_the_points_its_loss_gives_the_enemy():
    rifle = _counter("su-rifle", "su", "su_rifle", "A1510")
    kessel = _board(rifle)  # a Soviet step lost scores the Germans 1
    melnitsa = _board(rifle, scenario="melnitsa-bridgehead")  # and 0 here
    assert kessel.at_risk(kessel.by_id("su-rifle")) == kessel.worth(kessel.by_id("su-rifle")) == 2
    assert melnitsa.loss_value(melnitsa.by_id("su-rifle")) == 0
    assert melnitsa.at_risk(melnitsa.by_id("su-rifle")) == 1


def test_a_leader_goes_where_units_want_leading_not_to_the_objective_his_side_holds():
    # The knoll (A1603) is ours, held by a platoon; a second lieutenant stands there already.
    # The captain would add nothing there: a platoon with no leader waits in A1510.
    b = _board(_counter("su-garrison", "su", "su_rifle", "A1603"),
                      _counter("su-lt", "su", "su_ldr_lt_b", "A1603", leader=True),
                      _counter("su-cpt", "su", "su_ldr_cpt_a", "A1603", leader=True),
                      _counter("su-rifle", "su", "su_rifle", "A1510"),
                      _counter("ge-hmg", "ge", "ge_hmg", "A0206"))
    b.held[b.scen.hex("A1603")] = "su"
    judge = Judge(b)
    captain = b.by_id("su-cpt")
    assert judge.leads_from(captain, b.scen.hex("A1603")) == 0
    assert judge.leads_from(captain, b.scen.hex("A1510")) == 1
    assert judge.hex_value(captain, b.scen.hex("A1510")) > judge.hex_value(
        captain, b.scen.hex("A1603"))


def test_a_tank_leader_leads_the_tanks_in_his_own_hex():
    b = _board(_counter("su-t34", "su", "su_t34_76", "A1805"),
                      _counter("su-tank-lt", "su", "su_ldr_tank_lt", "A1905", leader=True),
                      _counter("ge-hmg", "ge", "ge_hmg", "A0206"))
    judge = Judge(b)
    tank_lt = b.by_id("su-tank-lt")
    assert judge.leads_from(tank_lt, b.scen.hex("A1905")) == 0  # beside the tank is not enough
    assert judge.leads_from(tank_lt, b.scen.hex("A1805")) == 1
