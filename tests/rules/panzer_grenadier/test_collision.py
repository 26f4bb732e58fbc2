"""Collisions in the double-blind variant (18.7, D-DB-COLLIDE) and with hidden units (17.8)."""

from __future__ import annotations

from games.rules.common.dice import ScriptedDice
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.double_blind import collision, knowledge
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.views import redact_events, view_for
from tests.rules.panzer_grenadier.dbkit import at, db_game, unit


def soviets_move(state, uid, path, dice=()):
    s = apply(state, "su-1", {"type": "activate", "kind": "unit", "unit": uid},
              ScriptedDice.of()).state
    # Spare dice: the move may end the activation, the segment and the turn.
    return apply(s, "su-1", {"type": "move", "unit": uid, "path": path},
                 ScriptedDice.of(*dice, *([3] * 30)))


def case_37(**kw):
    # Night: the two sides, four hexes apart, cannot observe each other (2 hexes at night),
    # and the demoralized Germans observe nothing (18.5), so no opportunity-fire window
    # pauses the move; the Soviets' sight on the way is not news until the move is over.
    return db_game([unit("su-r", "su_rifle", "su", "A0205"),
                    unit("ge-r", "ge_rifle", "ge", "A0209", status=st.DEMORALIZED)],
                   night=True, dice=(1, 6), **kw)


def test_case_37_an_unobserved_platoon_moving_into_an_unobserved_enemy_hex_bounces_back():
    """Case 37, D-DB-COLLIDE."""
    s = case_37()
    assert "ge-r" not in knowledge.contact(s)["su"] and "su-r" not in knowledge.contact(s)["ge"]
    step = soviets_move(s, "su-r", ["A0206", "A0207", "A0208", "A0209"])
    after = step.state
    assert after.units["su-r"].hex == at("A0208")  # back in the hex it entered from
    assert after.units["ge-r"].steps == 2 and after.units["su-r"].steps == 2  # no combat
    assert after.activation is None  # its move ended, and with it the activation
    types = [e.type for e in step.events]
    assert "collision" in types and "fire" not in types
    # Both now know of each other, by handle.
    assert "ge-r" in knowledge.contact(after)["su"] and "su-r" in knowledge.contact(after)["ge"]
    su_log = redact_events(step.events, ("side", "su"), after)
    (c,) = [e for e in su_log if e["type"] == "collision"]
    assert c["revealed"] == [knowledge.names(after, "su")["ge-r"]]


def test_a_lone_leader_colliding_with_enemy_combat_units_rolls_for_survival_18_7():
    s = db_game([unit("su-l", "su_ldr_lt_a", "su", "A0205"),
                 unit("ge-r", "ge_rifle", "ge", "A0209", status=st.DEMORALIZED)],
                night=True, dice=(1, 6))
    survives = soviets_move(s, "su-l", ["A0206", "A0207", "A0208", "A0209"], dice=(1, 1))
    assert not survives.state.units["su-l"].eliminated
    ev = [e for e in survives.events if e.type == "leader_survival"]
    assert ev and ev[0].data["survived"] is True
    dies = soviets_move(s, "su-l", ["A0206", "A0207", "A0208", "A0209"], dice=(6, 6))
    assert dies.state.units["su-l"].eliminated


def test_a_hex_the_side_knows_is_held_is_an_assault_not_a_collision_d_move_3():
    s = db_game([unit("su-r", "su_rifle", "su", "A0207"),
                 unit("ge-r", "ge_rifle", "ge", "A0209", moved_fired=True)], dice=(1, 6))
    assert "ge-r" in knowledge.contact(s)["su"]
    assert collision.unknown_enemies(s, "su", at("A0209")) == []
    hidden = db_game([unit("su-r", "su_rifle", "su", "A0206"),
                      unit("ge-r", "ge_rifle", "ge", "A0209", hidden=True)], dice=(1, 6))
    assert [u.id for u in collision.unknown_enemies(hidden, "su", at("A0209"))] == ["ge-r"]


def test_no_opportunity_fire_window_opens_for_a_mover_the_enemy_cannot_see_13_0_18_0():
    """D-DB-OPFIRE: the window opens when the other side sees the mover, and only then."""
    # Night; an HMG (no OPs next to it) sees 2 hexes. It has fired: the window still opens
    # once it sees the mover, or its absence would tell the Soviets it cannot fire.
    s = db_game([unit("su-r", "su_rifle", "su", "A0205"),
                 unit("ge-m", "ge_hmg", "ge", "A0209", moved_fired=True)],
                night=True, dice=(1, 6))
    step = soviets_move(s, "su-r", ["A0206"])
    assert step.state.opfire is None
    close = soviets_move(s, "su-r", ["A0206", "A0207"])
    assert close.state.opfire is not None  # two hexes at night: seen
    from games.rules.panzer_grenadier.legal import legal_commands

    assert legal_commands(close.state, "ge-1") == {"decline": [{"type": "decline"}]}


def test_a_leader_led_collision_may_assault_and_the_assaulters_fire_first_d_db_collide():
    """D-DB-COLLIDE-ASSAULT."""
    s = db_game([unit("su-r", "su_rifle", "su", "A0205"), unit("su-l", "su_ldr_lt_a", "su", "A0205"),
                 unit("ge-r", "ge_rifle", "ge", "A0209", status=st.DEMORALIZED)],
                night=True, dice=(1, 6))
    bounced = soviets_move(s, "su-r", ["A0206", "A0207", "A0208", "A0209"])
    assert bounced.state.units["su-r"].hex == at("A0208")  # without the leader: it bounces
    s = apply(s, "su-1", {"type": "activate", "kind": "stack", "hex": "A0205"},
              ScriptedDice.of()).state
    step = apply(s, "su-1", {"type": "move", "units": ["su-l", "su-r"],
                             "path": ["A0206", "A0207", "A0208", "A0209"],
                             "assault_on_collision": True}, ScriptedDice.of(*([4] * 40)))
    after = step.state
    fires = [e for e in step.events if e.type == "fire"]
    assert "collision" in [e.type for e in step.events]
    assert fires and fires[0].side == "su"  # the assaulters fire first
    assert after.units["su-r"].hex == at("A0209") or after.units["su-r"].eliminated


def test_units_activated_with_the_leader_that_have_not_moved_join_a_collision_assault_18_7():
    """18.7: "Other units which activated in the hex with the leader may join the assault, if
    they have not already moved" (D-DB-COLLIDE-ASSAULT)."""
    from dataclasses import replace

    from games.rules.panzer_grenadier.double_blind.collision import joiners

    s = db_game([unit("su-r", "su_rifle", "su", "A0205"), unit("su-l", "su_ldr_lt_a", "su", "A0205"),
                 unit("su-r2", "su_rifle", "su", "A0205"), unit("su-d", "su_rifle", "su", "A0205",
                                                               status=st.DISRUPTED),
                 unit("ge-r", "ge_rifle", "ge", "A0209")], night=True, dice=(1, 6))
    s = apply(s, "su-1", {"type": "activate", "kind": "stack", "hex": "A0205"},
              ScriptedDice.of()).state
    assert joiners(s, ("su-l", "su-r"), at("A0205")) == ("su-r2",)  # not the disrupted one
    a = s.activation
    moved = replace(s, activation=replace(a, mp_spent={**a.mp_spent, "su-r2": 1}))
    assert joiners(moved, ("su-l", "su-r"), at("A0205")) == ()
    assert joiners(s, ("su-l", "su-r"), at("A0206")) == ()  # only from the hex they left


def test_the_sides_view_offers_the_assault_on_collision_only_to_a_leader_led_activation_18_7():
    """The board offers `assault_on_collision` from what the view says, not from a copy of
    18.7 of its own: a leader in the side's own activation, never told to the other side."""
    s = db_game([unit("ge-l", "ge_ldr_lt_a", "ge", "A0205"), unit("ge-r", "ge_rifle", "ge", "A0205"),
                 unit("ge-x", "ge_rifle", "ge", "A0305"), unit("su-r", "su_rifle", "su", "A0209")])
    led = apply(s, "ge-1", {"type": "activate", "kind": "stack", "hex": "A0205"}, ScriptedDice.of()).state
    assert view_for(led, ("side", "ge"))["activation"]["assault_on_collision"] is True
    assert "assault_on_collision" not in view_for(led, ("side", "su"))["activation"]
    alone = apply(s, "ge-1", {"type": "activate", "kind": "unit", "unit": "ge-x"}, ScriptedDice.of()).state
    assert "assault_on_collision" not in view_for(alone, ("side", "ge"))["activation"]
