"""Clock changes made outside a step reach the open pages at once: a `clock` frame to every
audience's group of the game, and a nudge to its players' lobbies (whose *my games* show the
time left), one batch per commit however many clocks a sweep flags."""

from __future__ import annotations

import json

import pytest

from games import broadcast
from games.clocks import absence
from games.lobby import notify as lobby_notify
from tests.clocks.kit import ROLL, send, sweep, timed_game

LIVE = {"kind": "live", "base": 120, "increment": 0, "window": 20}


@pytest.fixture
def sent(monkeypatch):
    box: list[list[tuple[str, dict]]] = []
    monkeypatch.setattr(broadcast, "send", lambda messages: box.append(list(messages)))
    return box


def clock_frames(batch) -> dict[str, dict]:
    return {g: json.loads(m["text"]) for g, m in batch if m.get("type") == broadcast.TEXT}


def test_a_flag_reaches_every_audience_and_both_players_lobbies(
    axis_player, allied_player, clock, sent, django_capture_on_commit_callbacks
):
    games = [timed_game(axis_player, allied_player, LIVE) for _ in range(3)]
    clock.shift(121)
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep()["flagged"] == 6
    [batch] = [b for b in sent if clock_frames(b)]  # one batch for the whole sweep
    frames = clock_frames(batch)
    for game in games:
        for audience in (f"game.{game.pk}.side.ge", f"game.{game.pk}.side.su", f"game.{game.pk}.spectators"):
            frame = frames[audience]
            assert frame["t"] == "clock"
            assert sorted(e["text"] for e in frame["d"]["events"]) == [
                "German ran out of time", "Soviet ran out of time",
            ]  # fmt: skip
            assert all(s["flagged"] for s in frame["d"]["clocks"]["sides"].values())
    nudged = [g for g, m in batch if m.get("type") == lobby_notify.CHANGED]
    assert sorted(nudged) == sorted(
        lobby_notify.user_group(u.pk) for u in (axis_player, allied_player) for _ in games
    )


def test_more_time_is_pushed_with_the_clock_running_again(
    axis_player, allied_player, clock, sent, django_capture_on_commit_callbacks
):
    game = timed_game(axis_player, allied_player, LIVE)
    send(game, axis_player, ROLL)
    clock.shift(121)
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep()["flagged"] == 1
    flagged = next(
        s for s in ("ge", "su") if absence.flagged_sides(game.pk) == [s]
    )
    opponent = allied_player if flagged == "ge" else axis_player
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        absence.give_more_time(game=game, user=opponent, side=flagged, seconds=60)
    frame = next(iter(clock_frames(sent[-1]).values()))
    assert [e["kind"] for e in frame["d"]["events"]] == ["more_time"]
    side = frame["d"]["clocks"]["sides"][flagged]
    assert (side["flagged"], side["running"], side["left"]) == (False, True, 60.0)
