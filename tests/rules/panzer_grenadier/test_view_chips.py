"""Each counter's chips in a Panzer Grenadier view (chips.py): the server decides what a
counter wears, the board draws it as sent. Reduced, then status, Moved/Fired, dug in, seen
and mired, each with its label, title and severity."""

from __future__ import annotations

import pytest

from games.rules.common.chips import SEVERITIES, chip
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.views import view_for
from tests.rules.panzer_grenadier.turnkit import started, unit


def _chips(view, uid):
    return next(e for e in view["units"] if e["id"] == uid)["chips"]


def _worn():
    return started([
        unit("ge-1", "ge_rifle", "ge", "A0101", steps=1, status=st.DISRUPTED, moved_fired=True,
             dug_in=True, mired=2),
        unit("ge-2", "ge_rifle", "ge", "A0102"),
        unit("su-1", "su_rifle", "su", "A0105", status=st.DEMORALIZED),
    ])


def test_a_worn_counter_wears_each_chip_in_order_with_words_for_a_screen_reader():
    chips = _chips(view_for(_worn(), ("side", "su")), "ge-1")
    assert [(c["kind"], c["label"]) for c in chips] == [
        ("reduced", "R"), ("disrupted", "D"), ("moved_fired", "M/F"), ("dug_in", "DI"),
        ("mired", "MIRE")]
    assert all(c["title"] and c["severity"] in SEVERITIES for c in chips)


def test_a_fresh_counter_wears_none_and_demoralized_is_graver_than_disrupted():
    view = view_for(_worn(), ("spectator", "public"))
    assert _chips(view, "ge-2") == []
    (dm,) = _chips(view, "su-1")
    (d,) = [c for c in _chips(view, "ge-1") if c["kind"] == "disrupted"]
    assert SEVERITIES.index(dm["severity"]) > SEVERITIES.index(d["severity"])


def test_every_audience_is_sent_the_same_chips_of_a_counter_it_sees_whole():
    s = _worn()
    seen = {aud: _chips(view_for(s, aud), "ge-1")
            for aud in (("side", "ge"), ("side", "su"), ("spectator", "public"))}
    assert len({repr(v) for v in seen.values()}) == 1


def test_a_chip_has_a_severity_the_page_can_colour():
    with pytest.raises(ValueError, match="purple"):
        chip("odd", "O", "Odd", "purple")
