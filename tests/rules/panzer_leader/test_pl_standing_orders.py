"""Standing orders answer Panzer Leader's opportunity-fire windows (21.2, PL-E3) the way the
side set them: fire the best shot over a chance, pass, or ask (PL-E26)."""

from __future__ import annotations

import pytest

from games.rules.panzer_leader.legal import legal_commands
from games.rules.panzer_leader.ruleset import RULESET

from .kit import clear, do, lab, world

ROAD = [[4, r] for r in range(12)]


def window():
    """An American truck loads a rifle platoon in sight of a Panzer IV: Germany's window."""
    s = world(clear(10, 12), units=[("t", "us_truck", "allied", "4,2"),
                                    ("r", "us_rifle", "allied", "4,2"),
                                    ("g", "de_pz4", "german", "4,6")],
              phase="move_vehicles", roads=[ROAD])
    s, _ = do(s, "allied", {"type": "load", "carrier": "t", "passenger": "r"})
    assert s.pending and s.pending["targets"] == ["t"]
    return s


def order(**kw):
    return RULESET.check_standing_order(window(), "german", kw)


def test_a_fire_order_sends_the_shot_a_click_would_send():
    s = window()
    answer = RULESET.standing_order_answer(s, "german", [order()])
    assert answer == {"type": "opportunity_fire", "units": ["g"], "target": "t"}
    assert answer in legal_commands(s, "german")["opportunity_fire"]


def test_an_afv_order_passes_over_a_truck_and_never_declines():
    s = window()
    assert RULESET.standing_order_answer(s, "german", [order(at={"kind": "afv"})]) is None
    assert RULESET.standing_order_answer(s, "german", [order(answer="never")]) == {
        "type": "decline"}


def test_range_and_hexes_decide_whether_an_order_applies():
    s = window()
    assert RULESET.standing_order_answer(s, "german", [order(at={"kind": "within",
                                                                 "range": 3})]) is None
    assert RULESET.standing_order_answer(s, "german", [order(at={"kind": "within",
                                                                 "range": 4})])
    assert RULESET.standing_order_answer(s, "german", [order(at={"kind": "hexes",
                                                                 "hexes": [lab("4,2")]})])


def test_a_shot_below_the_chance_asked_is_not_taken():
    """A Sherman driving down the road: the Panzer IV has it with 5 chances in 6 (83%)."""
    s = world(clear(10, 12), units=[("m", "us_m4", "allied", "4,1"),
                                    ("g", "de_pz4", "german", "4,8")],
              phase="move_vehicles", roads=[ROAD])
    s, _ = do(s, "allied", {"type": "move", "unit": "m", "to": lab("4,5")})
    assert s.pending and s.pending["targets"] == ["m"]
    assert RULESET.standing_order_answer(s, "german", [order(min_chance=84)]) is None
    assert RULESET.standing_order_answer(s, "german", [order(min_chance=83)])
    assert RULESET.standing_order_answer(s, "german", [order(at={"kind": "afv"})])


@pytest.mark.parametrize("bad, says", [
    ({"units": {"kind": "formation", "id": "x"}}, "units.kind"),
    ({"units": {"kind": "type", "type": "battleship"}}, "units.type"),
    ({"at": {"kind": "hexes", "hexes": ["nowhere"]}}, "is not a hex of this map"),
    ({"answer": "later"}, "answer"),
])
def test_it_refuses_a_malformed_order(bad, says):
    with pytest.raises(ValueError, match=says):
        order(**bad)
