"""Per-viewer handles for enemy counters (18.0, D-DB-HANDLE)."""

from __future__ import annotations

import json

import pytest

from games.rules.common.errors import IllegalCommand
from games.rules.common.handles import MissingSecret, handle, resolve
from games.rules.panzer_grenadier.double_blind import knowledge
from games.rules.panzer_grenadier.views import view_for
from tests.rules.panzer_grenadier.dbkit import SECRET, db_game, moved, unit


def test_a_handle_depends_on_the_secret_the_viewer_the_unit_and_the_epoch_d_db_handle():
    h = handle("s", "ge", "su-1", 0)
    assert h == handle("s", "ge", "su-1", 0)  # deterministic: replays reproduce it
    assert len({h, handle("t", "ge", "su-1", 0), handle("s", "public", "su-1", 0),
                handle("s", "ge", "su-2", 0), handle("s", "ge", "su-1", 1)}) == 5
    assert "su-1" not in h


def test_without_a_secret_no_handle_is_made_d_db_handle():
    with pytest.raises(MissingSecret):
        handle("", "ge", "su-1", 0)


def test_an_unknown_string_is_refused_alike_whatever_it_names_d_db_handle():
    names = {"su-1": "uabc"}
    assert resolve(names, "uabc", "fire") == "su-1"
    with pytest.raises(IllegalCommand) as a:
        resolve(names, "su-1", "fire")
    with pytest.raises(IllegalCommand) as b:
        resolve(names, "no-such-unit", "fire")
    assert a.value.message.replace("su-1", "X") == b.value.message.replace("no-such-unit", "X")


def game():
    return db_game([unit("ge-r", "ge_rifle", "ge", "A0101"), unit("su-r", "su_rifle", "su", "A0104")])


def test_the_same_unit_has_different_handles_for_each_audience_d_db_handle():
    s = game()
    ge = knowledge.names(s, "ge")["su-r"]
    public = knowledge.names(s, knowledge.PUBLIC)["su-r"]
    assert ge != public
    assert ge in json.dumps(view_for(s, ("side", "ge")))
    assert ge not in json.dumps(view_for(s, ("spectator", "public")))
    assert "su-r" not in json.dumps(view_for(s, ("side", "ge")))


def test_a_handle_is_reissued_when_contact_is_lost_d_db_handle():
    s = game()
    first = knowledge.names(s, "ge")["su-r"]
    gone = moved(s, "su-r", "A2012")
    assert "su-r" not in knowledge.names(gone, "ge")
    back = moved(gone, "su-r", "A0104")
    again = knowledge.names(back, "ge")["su-r"]
    assert again != first
    assert back.intel["ge"].contact["su-r"] == 1


def test_the_secret_never_appears_in_a_view():
    s = game()
    for aud in (("side", "ge"), ("seat", "su-1"), ("spectator", "public")):
        assert SECRET not in json.dumps(view_for(s, aud))
