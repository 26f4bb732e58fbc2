"""Standing orders answer an opportunity-fire window for the side that set them (13.0, 13.21,
D-ORDERS-1): checked as data, read top to bottom, built only from what the side may know."""

from __future__ import annotations

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.legal import legal_commands
from games.rules.panzer_grenadier.preview import attack_odds
from games.rules.panzer_grenadier.ruleset import RULESET
from tests.rules.panzer_grenadier.turnkit import started, unit


def window(*extra):
    """A German rifle platoon led into A0206, in sight of Soviet units: the Soviets' window."""
    s = started([
        unit("ge-1", "ge_rifle", "ge", "A0205"),
        unit("ge-lt", "ge_ldr_lt_a", "ge", "A0205"),
        unit("su-1", "su_rifle", "su", "A0209"),
        *extra,
    ])
    s = apply(s, "ge-1", {"type": "activate", "kind": "leader", "unit": "ge-lt"},
              ScriptedDice.of()).state
    s = apply(s, "ge-1", {"type": "move", "unit": "ge-1", "path": ["A0206", "A0207"]},
              ScriptedDice.of()).state
    assert s.opfire is not None and s.opfire.side == "su"
    return s


def order(**kw):
    return RULESET.check_standing_order(window(), "su", kw)


def test_an_order_is_checked_and_put_in_its_normal_form():
    assert order() == {"units": {"kind": "all"}, "at": {"kind": "any"}, "min_chance": 0,
                       "answer": "fire"}
    assert order(units={"kind": "hex", "hex": "a0209"}, at={"kind": "within", "range": 3},
                 min_chance=40, answer="never") == {
        "units": {"kind": "hex", "hex": "A0209"}, "at": {"kind": "within", "range": 3},
        "min_chance": 40, "answer": "never"}


@pytest.mark.parametrize("bad, says", [
    ({"answer": "maybe"}, "answer must be one of"),
    ({"units": {"kind": "hex", "hex": "Z9999"}}, "is not a hex of this map"),
    ({"units": {"kind": "formation", "id": "nope"}}, "is no formation of su"),
    ({"units": {"kind": "type", "type": "battleship"}}, "units.type must be one of"),
    ({"at": {"kind": "within", "range": -1}}, "at.range"),
    ({"at": {"kind": "hexes", "hexes": []}}, "at.hexes"),
    ({"min_chance": 101}, "min_chance"),
    ({"min_chance": True}, "min_chance"),
])
def test_it_refuses_a_malformed_order_saying_what_is_wrong(bad, says):
    with pytest.raises(ValueError, match=says):
        order(**bad)


def test_a_fire_order_sends_the_attack_a_click_would_send_13_0():
    s = window()
    orders = [order()]
    answer = RULESET.standing_order_answer(s, "su-1", orders)
    assert answer == {"type": "opportunity_fire", "firers": ["su-1"], "target": "ge-1",
                      "fire_type": "direct"}
    assert answer in legal_commands(s, "su-1")["opportunity_fire"]


def test_a_fire_order_holds_its_fire_below_its_chance_and_the_next_order_decides():
    s = window()
    cmd = legal_commands(s, "su-1")["opportunity_fire"][0]
    chance = attack_odds(s, cmd, "su")["any_effect"] * 100
    assert 0 < chance < 100
    too_high = order(min_chance=int(chance) + 1)
    assert RULESET.standing_order_answer(s, "su-1", [too_high]) is None
    assert RULESET.standing_order_answer(s, "su-1", [too_high, order(answer="never")]) == {
        "type": "decline"}
    assert RULESET.standing_order_answer(s, "su-1", [order(min_chance=int(chance))])


def test_never_declines_and_ask_leaves_the_window_to_the_player():
    s = window()
    assert RULESET.standing_order_answer(s, "su-1", [order(answer="never")]) == {
        "type": "decline"}
    assert RULESET.standing_order_answer(s, "su-1", [order(answer="ask"), order()]) is None
    assert RULESET.standing_order_answer(s, "su-1", []) is None


def test_an_order_for_afvs_only_passes_over_an_infantry_mover():
    s = window()
    assert RULESET.standing_order_answer(s, "su-1", [order(at={"kind": "afv"})]) is None


def test_target_hexes_and_range_decide_whether_an_order_applies():
    s = window()
    assert RULESET.standing_order_answer(s, "su-1", [order(at={"kind": "hexes",
                                                               "hexes": ["A0206"]})])
    assert RULESET.standing_order_answer(s, "su-1", [order(at={"kind": "hexes",
                                                               "hexes": ["A0207"]})]) is None
    assert RULESET.standing_order_answer(s, "su-1", [order(at={"kind": "within", "range": 2})]) \
        is None  # A0209 is three hexes from A0206
    assert RULESET.standing_order_answer(s, "su-1", [order(at={"kind": "within", "range": 3})])


def test_units_named_by_hex_or_type_are_the_only_ones_it_fires_with():
    s = window(unit("su-2", "su_rifle", "su", "A0208"))
    by_hex = order(units={"kind": "hex", "hex": "A0209"})
    assert RULESET.standing_order_answer(s, "su-1", [by_hex])["firers"] == ["su-1"]
    tanks = order(units={"kind": "type", "type": "tank"})
    assert RULESET.standing_order_answer(s, "su-1", [tanks]) is None


def test_the_other_side_gets_no_answer_from_its_orders():
    s = window()
    assert RULESET.standing_order_answer(s, "ge-1", [order()]) is None


def test_a_fire_order_answers_again_while_the_window_stays_open_each_unit_once_13_21():
    s = window(unit("su-2", "su_rifle", "su", "A0208"))
    orders = [order()]
    first = RULESET.standing_order_answer(s, "su-1", orders)
    after = apply(s, "su-1", first, ScriptedDice.of(3, 4)).state  # no effect
    assert after.opfire is not None
    second = RULESET.standing_order_answer(after, "su-1", orders)
    assert second["firers"] != first["firers"]


def test_the_choices_name_what_an_order_may_name():
    s = window()
    choices = RULESET.standing_order_choices(s, "su")
    assert {"kind": "type", "type": "infantry"} in choices["units"]
    assert choices["answers"] == ["fire", "never", "ask"]


# -- combined shots, windows with no shot, take-back offers (D-ORDERS-2) -----------------------


def test_a_combining_order_fires_a_hexs_units_together_with_their_leader_10_1_13_0():
    s = window(unit("su-2", "su_rifle", "su", "A0209"), unit("su-lt", "su_ldr_lt_a", "su", "A0209"))
    alone = RULESET.standing_order_answer(s, "su-1", [order()])
    assert len(alone["firers"]) == 1 and "leader" not in alone
    together = RULESET.standing_order_answer(s, "su-1", [order(combine=True)])
    assert together == {"type": "opportunity_fire", "firers": ["su-1", "su-2"], "target": "ge-1",
                        "fire_type": "direct", "leader": "su-lt"}
    # It is the attack the board would preview and the engine accept, with the best odds.
    assert attack_odds(s, together, "su")["any_effect"] > attack_odds(s, alone, "su")["any_effect"]
    fired = apply(s, "su-1", together, ScriptedDice.of(*[3] * 10)).state
    assert {"su-1", "su-2"} <= set(fired.units) and fired.units["su-2"].moved_fired


def test_a_combining_order_combines_only_the_units_it_names():
    s = window(unit("su-2", "su_rifle", "su", "A0208"), unit("su-3", "su_rifle", "su", "A0209"))
    by_hex = order(units={"kind": "hex", "hex": "A0209"}, combine=True)
    assert RULESET.standing_order_answer(s, "su-1", [by_hex])["firers"] == ["su-1", "su-3"]
    with pytest.raises(ValueError, match="combine must be true or false"):
        order(combine="yes")
    assert "combine" not in order()  # orders stored before the option read the same


def no_shot_window():
    """Night in double-blind: a German HMG that has fired sees a Soviet platoon two hexes
    off; the window opens (D-DB-OPFIRE) with nothing to fire."""
    from tests.rules.panzer_grenadier.dbkit import db_game
    from tests.rules.panzer_grenadier.dbkit import unit as db_unit

    s = db_game([db_unit("su-r", "su_rifle", "su", "A0205"),
                 db_unit("ge-m", "ge_hmg", "ge", "A0209", moved_fired=True)],
                night=True, dice=(1, 6))
    s = apply(s, "su-1", {"type": "activate", "kind": "unit", "unit": "su-r"},
              ScriptedDice.of()).state
    s = apply(s, "su-1", {"type": "move", "unit": "su-r", "path": ["A0206", "A0207"]},
              ScriptedDice.of(*[3] * 30)).state
    assert legal_commands(s, "ge-1") == {"decline": [{"type": "decline"}]}
    return s


def test_a_no_shot_order_declines_a_window_where_nothing_may_fire_d_db_opfire():
    s = no_shot_window()
    decline_empty = RULESET.check_standing_order(s, "ge", {"window": "no_shot", "answer": "never"})
    assert decline_empty == {"window": "no_shot", "answer": "never"}
    assert RULESET.standing_order_answer(s, "ge-1", [decline_empty]) == {"type": "decline"}
    ask = RULESET.check_standing_order(s, "ge", {"window": "no_shot", "answer": "ask"})
    assert RULESET.standing_order_answer(s, "ge-1", [ask, decline_empty]) is None
    # Fire orders say nothing of a window with no shot: the player is asked, as before.
    fire = RULESET.check_standing_order(s, "ge", {"answer": "never"})
    assert RULESET.standing_order_answer(s, "ge-1", [fire]) is None


def test_a_no_shot_order_does_not_decline_a_window_where_it_has_a_shot():
    s = window()
    decline_empty = RULESET.check_standing_order(s, "su", {"window": "no_shot", "answer": "never"})
    assert RULESET.standing_order_answer(s, "su-1", [decline_empty]) is None
    assert RULESET.standing_order_answer(s, "su-1", [decline_empty, order()])["firers"] == ["su-1"]


def offered_takeback():
    from tests.rules.panzer_grenadier.test_takeback import OFFER, fought

    _, s = fought()
    return apply(s, "ge-1", OFFER, ScriptedDice.of()).state


@pytest.mark.parametrize("answer, command", [("accept", {"type": "accept_takeback"}),
                                             ("decline", {"type": "decline_takeback"}),
                                             ("ask", None)])
def test_a_takeback_order_answers_the_other_sides_offer_d_takeback_1(answer, command):
    s = offered_takeback()
    mine = RULESET.check_standing_order(s, "su", {"window": "takeback", "answer": answer})
    assert RULESET.standing_order_answer(s, "su-1", [order(), mine]) == command
    assert RULESET.orders_may_answer(s)
    if command is not None:
        assert command in [c for cs in legal_commands(s, "su-1").values() for c in cs]
    assert RULESET.standing_order_answer(s, "ge-1", [mine]) is None  # not the offering side


def test_a_takeback_offer_with_no_takeback_order_waits_for_the_player():
    s = offered_takeback()
    assert RULESET.standing_order_answer(s, "su-1", [order(answer="never")]) is None


@pytest.mark.parametrize("bad, says", [
    ({"window": "collision"}, "window must be one of"),
    ({"window": "takeback", "answer": "fire"}, "takeback order's answer must be one of"),
    ({"window": "no_shot", "answer": "fire"}, "no_shot order's answer must be one of"),
])
def test_it_refuses_an_order_for_a_window_the_engine_does_not_ask_d_orders_2(bad, says):
    with pytest.raises(ValueError, match=says):
        order(**bad)


def test_the_choices_name_only_the_other_decisions_the_game_can_ask():
    def windows(state, side):
        return [w["window"] for w in RULESET.standing_order_choices(state, side)["windows"]]

    assert windows(window(), "su") == []  # open play, no take-backs
    assert windows(no_shot_window(), "ge") == ["no_shot"]  # hidden information
    assert windows(offered_takeback(), "su") == ["takeback"]
