"""Time controls chosen when a game is opened: untimed, live and correspondence clocks,
checked, charged only while a side must decide, and recorded at every version."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.dispatch import receiver

from games import engine_adapter as engine
from games import services
from games.clocks import signals
from games.clocks.models import ClockEvent, ClockReading, GameClock, SideClock
from games.models import Game
from tests.clocks.conftest import START
from tests.clocks.kit import ROLL, log_of, play_until, send, sides, sweep, timed_game
from tests.gamekit import SCENARIO, started_game, state_of

LIVE = {"kind": "live", "base": 600, "increment": 15, "window": 20}


@pytest.mark.parametrize(
    "control, says",
    [
        ({"kind": "blitz"}, "kind must be one of"),
        ({"kind": "live", "base": 5}, "base must be 60 to 14400"),
        ({"kind": "live", "base": "10m"}, "whole number of seconds"),
        ({"kind": "live", "delay": 3}, "has no delay"),
        ({"kind": "correspondence", "days": 4}, "days must be one of 1, 2, 3, 5, 7, 14"),
        ({"kind": "correspondence"}, "days must be one of"),
        ("days-4", "unknown time control 'days-4'"),
        (42, "preset name or an object"),
    ],
)
def test_a_malformed_time_control_gets_a_clear_error_and_opens_no_game(
    axis_player, control, says
):
    with pytest.raises(services.ServiceError) as error:
        services.game_create(
            user=axis_player, scenario=SCENARIO, side="ge", options={"time_control": control}
        )
    assert error.value.code == "time_control/invalid"
    assert says in error.value.message
    assert not Game.objects.exists()


def test_an_untimed_game_keeps_no_clock_and_its_view_has_none(axis_player, allied_player):
    game = started_game(axis_player, allied_player)
    assert game.options["time_control"] == {"kind": "untimed"}
    assert not GameClock.objects.exists() and not SideClock.objects.exists()
    view = engine.audience_view(game.pk, 1, state_of(game), "side:ge")
    assert "clocks" not in view


def test_a_live_clock_runs_only_while_its_side_must_decide(axis_player, allied_player, clock):
    game = timed_game(axis_player, allied_player, LIVE)
    # The initiative roll is open to every seat (who_may_act), so both clocks run.
    assert {s: c.running_since is not None for s, c in sides(game).items()} == {"ge": True, "su": True}
    clock.shift(40)
    send(game, axis_player, ROLL)
    deciding = set(engine.deciding_sides(state_of(game)))
    now = sides(game)
    for side, c in now.items():
        assert (c.running_since is not None) == (side in deciding)
    idle = ({"ge", "su"} - deciding).pop()
    assert now[idle].remaining == 600 - 40  # charged; a roll is no activation: no increment
    busy = deciding.pop()
    assert now[busy].remaining == 600 - 40
    assert now[busy].deadline is not None
    clock.shift(100)
    assert sides(game)[busy].remaining == 560  # stored, not ticking: a deadline does that


def test_a_live_clock_adds_the_increment_for_each_activation_its_side_finishes(
    axis_player, allied_player, clock
):
    game = timed_game(axis_player, allied_player, LIVE)
    users = {"ge": axis_player, "su": allied_player}
    send(game, axis_player, ROLL)
    state = state_of(game)
    first = state.active_side
    seat_id = engine.deciding_sides(state)[first][0]
    # An activation: activate, then end it; the increment comes once, at its end.
    activate = next(c for c in engine.legal_for(state, seat_id) if c["type"] == "activate")
    clock.shift(10)
    send(game, users[first], activate)
    assert sides(game)[first].remaining == 600 - 10  # still activating: nothing yet
    clock.shift(5)
    send(game, users[first], {"type": "end_activation"})
    after = state_of(game)
    assert after.played_segment.get(first) is not None
    assert sides(game)[first].remaining == 600 - 15 + 15
    # A pass is an activation given up: it earns the increment too.
    second = after.active_side
    seat_id = engine.deciding_sides(after)[second][0]
    assert any(c["type"] == "pass" for c in engine.legal_for(after, seat_id))
    before = sides(game)[second].remaining
    clock.shift(7)
    send(game, users[second], {"type": "pass"})
    assert sides(game)[second].remaining == before - 7 + 15


def test_each_version_records_the_clock_readings_and_every_view_carries_them(
    axis_player, allied_player, clock
):
    game = timed_game(axis_player, allied_player, "live-15+10")
    clock.shift(12)
    version = send(game, axis_player, ROLL)
    readings = ClockReading.objects.get(game=game, version=version).readings
    assert readings["control"] == {"kind": "live", "base": 900, "increment": 10, "window": 30}
    assert readings["label"] == "15 min + 10 s"
    assert set(readings["sides"]) == {"ge", "su"}
    assert ClockReading.objects.filter(game=game).count() == 2  # version 1 and 2
    state = state_of(game)
    for audience in ("side:ge", "side:su", "public"):
        assert engine.audience_view(game.pk, version, state, audience)["clocks"] == readings


def test_a_live_clock_that_runs_out_is_flagged_once_by_the_sweep(
    axis_player, allied_player, clock, django_capture_on_commit_callbacks
):
    game = timed_game(axis_player, allied_player, LIVE)
    heard = []

    @receiver(signals.clock_flagged, weak=False)
    def listen(sender, **kw):
        heard.extend(f["side_id"] for f in kw["flags"])

    try:
        clock.shift(599)
        assert sweep()["flagged"] == 0
        clock.shift(2)
        with django_capture_on_commit_callbacks(execute=True):
            assert sweep()["flagged"] == 2  # both were deciding the initiative roll
        assert sweep()["flagged"] == 0
    finally:
        signals.clock_flagged.disconnect(listen)
    assert sorted(heard) == ["ge", "su"]
    assert sorted(log_of(game)) == [("flag", "ge"), ("flag", "su")]
    event = ClockEvent.objects.filter(game=game).first()
    assert event.text.endswith("ran out of time")
    assert all(c.flagged_at is not None and c.remaining == 0 for c in sides(game).values())


def test_a_correspondence_bank_refills_at_each_decision(axis_player, allied_player, clock):
    game = timed_game(axis_player, allied_player, {"kind": "correspondence", "days": 3})
    assert sides(game)["ge"].remaining == 3 * 86_400
    clock.shift(2 * 86_400)
    send(game, axis_player, ROLL)
    deciding = set(engine.deciding_sides(state_of(game)))
    for side, c in sides(game).items():
        if side in deciding:
            # Deciding since the start, or just decided and deciding again: the bank is
            # what was left, or full again after its own decision.
            assert c.remaining in (86_400, 3 * 86_400)
        else:
            assert c.remaining == 3 * 86_400 and c.running_since is None


def test_a_correspondence_side_that_lets_n_days_pass_is_flagged(
    axis_player, allied_player, clock
):
    game = timed_game(axis_player, allied_player, "days-1")
    clock.shift(86_399)
    assert sweep()["flagged"] == 0
    clock.shift(1)
    assert sweep()["flagged"] == 2
    # Flagged at the deadline itself, whenever the sweep noticed; the clocks stop.
    assert {c.flagged_at for c in sides(game).values()} == {START + timedelta(days=1)}
    assert {c.deadline for c in sides(game).values()} == {None}


def test_a_reminder_goes_out_once_when_time_runs_short(
    axis_player, allied_player, clock, django_capture_on_commit_callbacks
):
    timed_game(axis_player, allied_player, "days-2")
    heard = []

    @receiver(signals.time_running_out, weak=False)
    def listen(sender, **kw):
        heard.extend((r["side_id"], r["seat_ids"], round(r["remaining"])) for r in kw["reminders"])

    try:
        clock.shift(129_600 - 1)  # a quarter of the bank and a second left: not yet
        assert sweep()["reminded"] == 0
        clock.shift(2)
        with django_capture_on_commit_callbacks(execute=True):
            assert sweep()["reminded"] == 2
        assert sweep()["reminded"] == 0
    finally:
        signals.time_running_out.disconnect(listen)
    assert sorted(heard) == [("ge", ("ge-1",), 43_199), ("su", ("su-1",), 43_199)]


def test_an_opportunity_fire_offer_left_too_long_is_declined_for_the_player(
    axis_player, allied_player, clock
):
    game = timed_game(axis_player, allied_player, LIVE)
    state = play_until(game, {"ge": axis_player, "su": allied_player}, engine.window_open)
    game.refresh_from_db()
    window = GameClock.objects.get(pk=game.pk)
    assert window.window_version == game.version
    firing = state.opfire.side
    before = sides(game)[firing].remaining
    clock.shift(19)
    assert sweep()["declined"] == 0
    clock.shift(2)
    assert sweep()["declined"] == 1
    game.refresh_from_db()
    assert game.version == window.window_version + 1
    assert (firing and ("window", firing) in log_of(game))
    # The window's own timer ran, not the side's bank.
    assert sides(game)[firing].remaining >= before
