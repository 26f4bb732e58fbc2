"""Every resolution explains itself (7.0): JSON events with every shift's reason and every roll."""

from __future__ import annotations

import json

import pytest
from builders import Scene

from games.rules.common.dice import ScriptedDice
from games.rules.panzer_grenadier.combat.assault import AssaultSituation, resolve_assault_round
from games.rules.panzer_grenadier.combat.events import events_to_json
from games.rules.panzer_grenadier.combat.fire import FireDeclaration
from games.rules.panzer_grenadier.combat.resolve import resolve_fire


def scene():
    s = Scene(terrain={"0204": "light_woods"})
    s.add("g", s.infantry(16), "ge", "0203")
    s.add("gun", s.gun(8, 6), "ge", "0202")
    s.add("m", "mortar", "ge", "0201")
    s.add("r", "rifle", "ru", "0204")
    s.add("t", "tank", "ru", "0204")
    s.add("L", "ldr", "ru", "0204")
    return s


def resolutions(s):
    cat = s.catalogue()
    yield (
        "direct",
        lambda d: resolve_fire(s.map, s.state(), FireDeclaration(("g",), s.hex("0204")), d, cat),
    )
    decl = FireDeclaration(("gun",), s.hex("0204"), kind="anti_tank", target_unit="t")
    yield "anti_tank", lambda d: resolve_fire(s.map, s.state(), decl, d, cat)
    bomb = FireDeclaration(("m",), s.hex("0204"), kind="bombardment")
    yield "bombardment", lambda d: resolve_fire(s.map, s.state(), bomb, d, cat)
    a = Scene(terrain={"0204": "light_woods"})
    a.add("x", a.infantry(20), "ge", "0204")
    a.add("X", "ldr", "ge", "0204")
    a.add("r", "rifle", "ru", "0204")
    a.add("L", "ldr", "ru", "0204")
    sit = AssaultSituation(a.hex("0204"), "ge")
    yield "assault", lambda d: resolve_assault_round(a.map, a.state(), sit, d, a.catalogue())


@pytest.mark.parametrize("kind", ["direct", "anti_tank", "bombardment", "assault"])
@pytest.mark.parametrize("low", [True, False])
def test_every_roll_and_every_shift_reason_is_in_the_json_events(kind, low):
    s = scene()
    run = dict(resolutions(s))[kind]
    dice = ScriptedDice.of(*([1, 1] if low else [6, 6]) * 20)
    _, events = run(dice)
    wire = events_to_json(events)
    assert json.loads(json.dumps(wire)) == wire
    # Each roll's event says what it was for; an assault's names its side in its own field
    # ("side", as its fire and result do), never as an id in the words the log shows.
    rolls = [e for e in wire if e["type"] == "roll"]
    said = [f"assault {e['side']}" if e["purpose"] == "assault fire" else e["purpose"] for e in rolls]
    assert said == [r.purpose for r in dice.rolls]
    assert not any(side in e["purpose"].split() for e in rolls for side in ("ge", "ru", "su"))
    assert [e["dice"] for e in wire if e["type"] == "roll"] == [list(r.values) for r in dice.rolls]
    for e in wire:
        if e["type"] == "shift":
            assert isinstance(e["shift"], int) and e["shift"] != 0 and e["reason"]
    assert any(e["type"] == "result" for e in wire)
    assert wire[0]["type"] in ("fire", "assault_round")
