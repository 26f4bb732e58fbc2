"""Each counter's chips in a Panzer Grenadier view (chips.py): the server decides what a
counter wears, the board draws it as sent. Reduced, then status, Moved/Fired, dug in, seen
and mired, each with its label, title and severity."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.rules.common.chips import SEVERITIES, chip
from games.rules.panzer_grenadier import chips as chips_module
from games.rules.panzer_grenadier.core import state as st
from games.rules.panzer_grenadier.core.units import Catalogue, catalogue
from games.rules.panzer_grenadier.double_blind import knowledge
from games.rules.panzer_grenadier.views import view_for
from tests.rules.panzer_grenadier.dbkit import db_game
from tests.rules.panzer_grenadier.turnkit import scenario, started, unit


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


def test_a_counter_that_did_not_change_is_one_entry_chips_and_all_in_every_view(monkeypatch):
    """Every audience's view of every version carries every counter: a counter object the
    step left alone is one kept entry, chips and all, in the views of both versions and of
    the audiences that see it alike (the frame's patch passes it by identity, without a
    comparison), and its look is not read again (its counter type is not looked up)."""
    s = _worn()
    first = view_for(s, ("side", "su"))
    read = []
    real = chips_module.counter_type
    monkeypatch.setattr(chips_module, "counter_type",
                        lambda state, type_id: read.append(type_id) or real(state, type_id))
    later = s.with_unit(replace(s.units["su-1"], status=st.DISRUPTED))
    again = view_for(later, ("spectator", "public"))
    assert read == ["su_rifle"]  # only the counter the step changed
    entry = next(e for e in first["units"] if e["id"] == "ge-1")
    assert next(e for e in again["units"] if e["id"] == "ge-1") is entry
    assert [c["label"] for c in entry["chips"]] == ["R", "D", "M/F", "DI", "MIRE"]


def test_a_double_blind_view_adds_what_its_side_knows_to_a_copy_of_the_kept_entry():
    """Under hidden information a side's own counter carries whether the enemy sees it (and
    wears SEEN when it does): that goes on the side's copy, never on the entry every other
    view shares."""
    units = [unit("ge-1", "ge_rifle", "ge", "A0101"), unit("su-1", "su_rifle", "su", "A0103")]
    s = db_game(units)
    own = next(e for e in view_for(s, ("side", "ge"))["units"] if e["id"] == "ge-1")
    assert own["revealed"] is True and [c["kind"] for c in own["chips"]] == ["seen"]
    open_play = replace(s, options=s.options - knowledge.MODES)  # the same counter objects
    shared = next(e for e in view_for(open_play, ("side", "ge"))["units"] if e["id"] == "ge-1")
    assert shared["own"] and "revealed" not in shared and shared["chips"] == []


def test_the_chips_follow_the_catalogue_of_the_scenario_registered_now():
    """A scenario registered again under the same id with its own catalogue (a draft being
    tried, a test's) is read afresh: here its rifles have no reduced face to show."""
    s = _worn()
    assert "reduced" in [c["kind"] for c in _chips(view_for(s, ("side", "ge")), "ge-1")]
    bundled = catalogue()
    rifle = replace(bundled["ge_rifle"], reduced=None)
    redrawn = scenario(id=s.scenario_id)
    redrawn.catalogue = Catalogue(types={**bundled.types, "ge_rifle": rifle})
    try:
        kinds = [c["kind"] for c in _chips(view_for(s, ("side", "ge")), "ge-1")]
    finally:
        scenario(id=s.scenario_id)  # the plain test scenario back for the other tests
    assert kinds == ["disrupted", "moved_fired", "dug_in", "mired"]
