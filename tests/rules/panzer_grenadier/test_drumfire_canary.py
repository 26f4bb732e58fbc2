"""Drumfire keeps its firers' ids in the target hex (17.2); no audience that has not seen the
firer may learn its id from the map markers or the log, in any hidden-information mode
(17.8 hidden units, 17.9 limited intelligence, 18.0 double-blind; D-DB-DRUMFIRE).

Canary: the firing mortar's scenario id, searched byte for byte (as a whole token) in every
audience's frame (view plus redacted log) except its own side's.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.rules.common.dice import ScriptedDice
from games.rules.panzer_grenadier.core.serialize import canonical_json
from games.rules.panzer_grenadier.engine import apply
from games.rules.panzer_grenadier.leakcheck import audiences, leaks_in
from games.rules.panzer_grenadier.views import redact_events, view_for
from tests.rules.panzer_grenadier.dbkit import at, db_game, unit

FIRER = "ge-mortar-canary"
TARGET = "A0105"
MODES = (
    ("double_blind",),
    ("hidden_units",),
    ("limited_intelligence",),
    ("double_blind", "limited_intelligence"),
)


def _shelled(modes: tuple[str, ...]):
    """The mortar, spotted by its leader, bombards a hex it bombarded last turn: the
    bombardment record and the drumfire markers both name it."""
    hidden = "hidden_units" in modes
    units = [
        unit(FIRER, "ge_mortar_81", "ge", "A0101", hidden=hidden),
        unit("ge-a", "ge_rifle", "ge", "A0101"),  # on top of the mortar's stack (17.9)
        unit("ge-l", "ge_ldr_lt_a", "ge", "A0102"),
        unit("su-r", "su_rifle", "su", TARGET),
        unit("su-far", "su_rifle", "su", "A2012"),
    ]
    s = db_game(units, options=(*modes, "drumfire"), turn=2)
    h = at(TARGET)
    s = replace(s, markers={**s.markers, h: frozenset({f"bombarded:1:{FIRER}"})})
    seat = s.seats[0].id
    s = apply(s, seat, {"type": "activate", "kind": "leader", "unit": "ge-l"},
              ScriptedDice.of(*[3] * 10)).state  # fmt: skip
    cmd = {"type": "bombard", "firers": [FIRER], "target": TARGET, "spotter": "ge-l"}
    return apply(s, seat, cmd, ScriptedDice.of(*[3] * 20))


@pytest.mark.parametrize("modes", MODES, ids="+".join)
def test_no_audience_but_the_firers_side_reads_the_firer_id_in_any_frame_d_db_drumfire(modes):
    step = _shelled(modes)
    s = step.state
    marks = s.markers_at(at(TARGET))
    assert f"bombarded:2:{FIRER}" in marks and f"drumfire:{FIRER}:0:on" in marks
    checked = 0
    for aud in audiences(s):
        text = canonical_json({"view": view_for(s, aud),
                               "log": redact_events(step.events, aud, s)})  # fmt: skip
        own = aud in (("side", "ge"), ("seat", s.seats[0].id))
        found = leaks_in(text, frozenset({FIRER}), "")
        if own:
            assert found, aud  # the firer's side still has its own records
        else:
            assert found == [], (aud, text[:400])
            assert "spotted:2" in text  # the hex's Spotted markers are for all to see
            checked += 1
    assert checked == 3  # the enemy side, its seat and the spectators
