"""A side out of time: the opponent claims the win, gives more time or waits; a partner
takes over the absent seat; a bot may take it (hook). Each is a line of the game log."""

from __future__ import annotations

import pytest

from games import engine_adapter as engine
from games.clocks import absence
from games.clocks.models import ClockEvent, StandIn
from games.models import FINISHED, Presence, Seat
from games.services.errors import ServiceError
from tests.clocks.kit import ROLL, log_of, send, sides, sweep, team_game, timed_game
from tests.gamekit import state_of

LIVE = {"kind": "live", "base": 120, "increment": 0, "window": 20}


def one_side_flagged(game, user, clock) -> tuple[str, str]:
    """Roll the initiative, then let the side that must decide run out: (flagged, other)."""
    send(game, user, ROLL)
    busy = set(engine.deciding_sides(state_of(game)))
    assert len(busy) == 1
    flagged = busy.pop()
    clock.shift(121)
    assert sweep()["flagged"] == 1
    return flagged, ({"ge", "su"} - {flagged}).pop()


@pytest.fixture
def out_of_time(axis_player, allied_player, clock):
    game = timed_game(axis_player, allied_player, LIVE)
    flagged, other = one_side_flagged(game, axis_player, clock)
    users = {"ge": axis_player, "su": allied_player}
    return game, flagged, users[flagged], users[other]


def refused(call, **kwargs) -> str:
    with pytest.raises(ServiceError) as error:
        call(**kwargs)
    return error.value.code


def test_the_opponent_is_offered_claim_more_time_or_wait_and_the_absent_side_nothing(out_of_time):
    game, flagged, absent, opponent = out_of_time
    assert absence.outcomes_for(game.pk, opponent) == [
        {"side": flagged, "outcome": "claim"},
        {"side": flagged, "outcome": "more_time"},
        {"side": flagged, "outcome": "wait"},
        # a bot may take the absent seat (games.botplay registers the hook)
        {"side": flagged, "outcome": "bot", "seat": f"{flagged}-1"},
    ]
    assert absence.outcomes_for(game.pk, absent) == []


def test_the_opponent_claims_the_win_and_the_game_ends(out_of_time):
    game, flagged, absent, opponent = out_of_time
    assert refused(absence.claim_win, game=game, user=absent, side=flagged) == "clock/own_side"
    absence.claim_win(game=game, user=opponent, side=flagged)
    game.refresh_from_db()
    assert game.status == FINISHED
    assert game.result["winner"] != flagged
    assert log_of(game)[-1] == ("claim", flagged)
    assert "ran out of time" in ClockEvent.objects.filter(kind="claim").get().text
    # The game is over: every clock has stopped.
    assert all(c.running_since is None for c in sides(game).values())


def test_the_opponent_gives_more_time_and_the_clock_runs_again(out_of_time, clock):
    game, flagged, absent, opponent = out_of_time
    assert refused(
        absence.give_more_time, game=game, user=opponent, side=flagged, seconds=5
    ) == "clock/invalid"
    assert refused(
        absence.give_more_time, game=game, user=opponent, side=flagged, seconds="lots"
    ) == "clock/invalid"
    readings = absence.give_more_time(game=game, user=opponent, side=flagged, seconds=300)
    assert readings["sides"][flagged] == {
        "left": 300.0, "running": True, "flagged": False, "paused": False,
        "deadline": readings["sides"][flagged]["deadline"],
    }  # fmt: skip
    row = sides(game)[flagged]
    assert row.flagged_at is None and row.remaining == 300
    assert log_of(game)[-1] == ("more_time", flagged)
    assert ClockEvent.objects.get(kind="more_time").text.endswith("5 min 0 s more")
    clock.shift(301)
    assert sweep()["flagged"] == 1  # and it can run out again


def test_the_opponent_waits_and_may_still_claim_later(out_of_time):
    game, flagged, absent, opponent = out_of_time
    absence.wait(game=game, user=opponent, side=flagged)
    assert log_of(game)[-1] == ("wait", flagged)
    assert sides(game)[flagged].flagged_at is not None
    absence.claim_win(game=game, user=opponent, side=flagged)
    game.refresh_from_db()
    assert game.status == FINISHED


def test_nothing_can_be_claimed_from_a_side_with_time_left(axis_player, allied_player, clock):
    game = timed_game(axis_player, allied_player, LIVE)
    assert refused(absence.claim_win, game=game, user=axis_player, side="su") == "clock/not_flagged"
    assert refused(absence.wait, game=game, user=allied_player, side="ge") == "clock/not_flagged"


@pytest.fixture
def team_out_of_time(db, clock):
    """A two-seats-a-side live game whose deciding seat ran out of time."""
    game, (ann, bob, cid, dan) = team_game(LIVE)
    users = {"ge-1": ann, "ge-2": bob, "su-1": cid, "su-2": dan}
    send(game, ann, ROLL)
    ((side, seats),) = engine.deciding_sides(state_of(game)).items()
    absent_seat = seats[0]
    partner_seat = next(s for s in users if s.startswith(side) and s != absent_seat)
    opponent = next(u for s, u in users.items() if not s.startswith(side))
    clock.shift(121)
    assert sweep()["flagged"] == 1
    return game, side, absent_seat, users[absent_seat], users[partner_seat], opponent


def test_a_partner_takes_over_the_absent_seat_and_the_side_plays_on_with_a_fresh_clock(
    team_out_of_time, clock
):
    game, side, absent_seat, absent, partner, opponent = team_out_of_time
    assert {"side": side, "outcome": "take_over", "seat": absent_seat} in absence.outcomes_for(
        game.pk, partner
    )
    assert refused(absence.take_over, game=game, user=opponent, seat_id=absent_seat) == "seat/invalid"
    absence.take_over(game=game, user=partner, seat_id=absent_seat)
    assert StandIn.objects.get().user == partner
    assert log_of(game)[-1] == ("take_over", side)
    # The flag is lifted and the side has a fresh allowance (a quarter of 120 s, at least a
    # minute), running: no claim stands while the partner plays.
    row = sides(game)[side]
    assert row.flagged_at is None and row.remaining == 60.0 and row.running_since is not None
    assert refused(absence.claim_win, game=game, user=opponent, side=side) == "clock/not_flagged"
    assert absence.acting_for(game.pk, partner) == [
        {"seat": absent_seat, "player": absent.username, "why": "absence"}
    ]
    game.refresh_from_db()
    command = engine.legal_for(state_of(game), absent_seat)[0]
    outcome = absence.command_for_seat(
        game=game, user=partner, seat_id=absent_seat, command=command, base_version=game.version
    )
    assert outcome.ok, outcome


def test_a_seat_is_taken_over_once_and_a_stand_in_out_of_time_can_be_claimed_against(
    team_out_of_time, clock
):
    game, side, absent_seat, absent, partner, opponent = team_out_of_time
    absence.take_over(game=game, user=partner, seat_id=absent_seat)
    clock.shift(61)
    assert sweep()["flagged"] == 1  # the stand-in ran out too
    assert not [o for o in absence.outcomes_for(game.pk, partner) if o["outcome"] == "take_over"]
    assert refused(absence.take_over, game=game, user=partner, seat_id=absent_seat) == (
        "clock/taken_over"
    )
    absence.claim_win(game=game, user=opponent, side=side)
    game.refresh_from_db()
    assert game.status == FINISHED


def test_the_player_coming_back_takes_the_seat_back_from_the_partner(team_out_of_time):
    game, side, absent_seat, absent, partner, opponent = team_out_of_time
    absence.take_over(game=game, user=partner, seat_id=absent_seat)
    seat = Seat.objects.get(game=game, seat_id=absent_seat)
    # The partner opening the game is no return; the player opening it is.
    Presence.objects.create(channel_name="partner.1", game=game, user=partner, seat=seat)
    assert StandIn.objects.exists()
    Presence.objects.create(channel_name="absent.1", game=game, user=absent, seat=seat)
    assert not StandIn.objects.exists()
    assert log_of(game)[-1] == ("hand_back", side)
    assert absence.acting_for(game.pk, partner) == []
    game.refresh_from_db()
    command = engine.legal_for(state_of(game), absent_seat)[0]
    outcome = absence.command_for_seat(
        game=game, user=partner, seat_id=absent_seat, command=command, base_version=game.version
    )
    assert outcome.code == "seat/not_yours"


def test_a_bot_taking_the_seat_lifts_the_flag_and_gives_a_fresh_allowance(
    out_of_time, monkeypatch
):
    game, flagged, absent, opponent = out_of_time
    monkeypatch.setattr(absence, "BOT_TAKEOVER_HOOKS", [lambda g, s: True])
    assert absence.bot_take_over(game=game, user=opponent, seat_id=f"{flagged}-1") is True
    row = sides(game)[flagged]
    assert row.flagged_at is None and row.remaining == 60.0
    assert refused(absence.claim_win, game=game, user=opponent, side=flagged) == "clock/not_flagged"
    assert log_of(game)[-1] == ("bot", flagged)


def test_a_bot_that_cannot_take_the_seat_changes_nothing(out_of_time, monkeypatch):
    game, flagged, absent, opponent = out_of_time
    monkeypatch.setattr(absence, "BOT_TAKEOVER_HOOKS", [lambda g, s: False])
    assert absence.bot_take_over(game=game, user=opponent, seat_id=f"{flagged}-1") is False
    assert sides(game)[flagged].flagged_at is not None
    assert log_of(game)[-1] == ("flag", flagged)


def test_a_bot_is_offered_only_when_a_bot_hook_can_take_the_seat(out_of_time, monkeypatch):
    monkeypatch.setattr(absence, "BOT_TAKEOVER_HOOKS", [])  # as without the bots app
    game, flagged, absent, opponent = out_of_time
    seat_id = f"{flagged}-1"
    monkeypatch.setattr(absence, "BOT_TAKEOVER_HOOKS", [])  # as without games.botplay
    assert "bot" not in {o["outcome"] for o in absence.outcomes_for(game.pk, opponent)}
    assert refused(absence.bot_take_over, game=game, user=opponent, seat_id=seat_id) == "clock/no_bot"
    asked = []
    monkeypatch.setattr(absence, "BOT_TAKEOVER_HOOKS", [lambda g, s: asked.append(s) or True])
    assert "bot" in {o["outcome"] for o in absence.outcomes_for(game.pk, opponent)}
    assert absence.bot_take_over(game=game, user=opponent, seat_id=seat_id) is True
    assert asked == [seat_id]
    assert log_of(game)[-1] == ("bot", flagged)


def _last_text(game, kind: str) -> str:
    return ClockEvent.objects.filter(game=game, kind=kind).order_by("-pk").first().text


def test_the_log_names_the_players_of_a_take_over_and_a_hand_back_not_their_seats(
    team_out_of_time,
):
    game, side, absent_seat, absent, partner, opponent = team_out_of_time
    absence.take_over(game=game, user=partner, seat_id=absent_seat)
    text = _last_text(game, "take_over")
    assert text.startswith(f"{partner.username} takes over {absent.username}'s formations "
                           "until they return (")
    seat = Seat.objects.get(game=game, seat_id=absent_seat)
    Presence.objects.create(channel_name="absent.1", game=game, user=absent, seat=seat)
    text = _last_text(game, "hand_back")
    assert text == f"{absent.username} is back: {partner.username} hands the seat back"
    assert absent_seat not in text


def test_a_bot_taking_over_is_logged_under_the_players_name(out_of_time, monkeypatch):
    game, flagged, absent, opponent = out_of_time
    monkeypatch.setattr(absence, "BOT_TAKEOVER_HOOKS", [lambda g, s: True])
    absence.bot_take_over(game=game, user=opponent, seat_id=f"{flagged}-1")
    assert _last_text(game, "bot").startswith(
        f"A bot takes over for {absent.username} until they return (")


def test_a_bot_taking_over_for_a_deleted_account_names_a_deleted_player(
    out_of_time, monkeypatch
):
    game, flagged, absent, opponent = out_of_time
    absent.username = "deleted player 3f9a"  # as services.account_life renames it
    absent.save()
    monkeypatch.setattr(absence, "BOT_TAKEOVER_HOOKS", [lambda g, s: True])
    absence.bot_take_over(game=game, user=opponent, seat_id=f"{flagged}-1")
    text = _last_text(game, "bot")
    assert text.startswith("A bot takes over for deleted player until they return (")
    assert "3f9a" not in text
