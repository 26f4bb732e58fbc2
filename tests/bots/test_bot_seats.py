"""Bots on the server: play against a bot, a bot in an empty seat, the runner answering each
commit through command_submit, one claim per version, take-over and hand-back, balance."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games import engine_adapter as engine
from games import services
from games.botplay import runner, standin
from games.botplay.accounts import is_bot
from games.botplay.models import ArenaRun, BotClaim, BotStandIn
from games.botplay.seats import bots_play, is_bot_game, play_against_bot, seat_to_bot
from games.models import ACTIVE, FINISHED, OPEN, Game, GameStep, Presence, Seat
from games.rules.panzer_grenadier.engine import who_may_act
from games.rules.panzer_grenadier.legal import legal_commands
from games.services import command_submit, game_create, hooks
from games.services.errors import ServiceError
from tests.gamekit import SCENARIO, person, started_game, state_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_pause(settings):
    settings.BOT_PAUSE_SECONDS = 0
    settings.BOTS_RUN = True


def bot_steps(game: Game) -> list[GameStep]:
    return list(GameStep.objects.filter(game=game, seat__user__bot__isnull=False)
                .order_by("version"))


def human_turn(game: Game, seat_id: str) -> bool:
    return seat_id in who_may_act(state_of(game))


def test_playing_against_a_bot_starts_at_once_and_the_bot_plays_until_you_must_act(
        django_capture_on_commit_callbacks):
    ann = person("ann")
    with django_capture_on_commit_callbacks(execute=True):
        game = play_against_bot(user=ann, scenario=SCENARIO, side="ge", level="recruit")
    game.refresh_from_db()
    assert game.status == ACTIVE
    bot_seat = Seat.objects.get(game=game, side__side_id="su")
    assert is_bot(bot_seat.user) and bot_seat.user.bot.level == "recruit"
    assert is_bot_game(game)
    state = state_of(game)
    # The bot acted (at least the initiative roll) and stopped where only Ann may act.
    assert bot_steps(game)
    assert who_may_act(state) and "su-1" not in who_may_act(state)


def test_the_bot_answers_each_command_through_command_submit_once_per_version(
        django_capture_on_commit_callbacks):
    ann = person("ann")
    with django_capture_on_commit_callbacks(execute=True):
        game = play_against_bot(user=ann, scenario=SCENARIO, side="ge", level="veteran")
    seat = Seat.objects.get(game=game, user=ann)
    rng = random.Random(3)
    for _ in range(25):
        game.refresh_from_db()
        if game.status == FINISHED:
            break
        state = state_of(game)
        assert seat.seat_id in who_may_act(state)  # the bot never leaves the game waiting
        groups = legal_commands(state, seat.seat_id)
        command = rng.choice(groups[rng.choice(sorted(groups))])
        with django_capture_on_commit_callbacks(execute=True):
            outcome = command_submit(game=game, seat=seat, command=command,
                                     base_version=game.version)
        assert outcome.ok, outcome
    steps = bot_steps(game)
    assert len(steps) >= 5
    claims = BotClaim.objects.filter(game=game)
    assert sorted(c.version + 1 for c in claims) == [s.version for s in steps]
    assert all(c.applied and c.attempts == 1 for c in claims)
    assert all(c.command == s.command for c, s in zip(claims.order_by("version"), steps,
                                                      strict=True))


def test_a_second_runner_on_a_claimed_version_does_nothing():
    ann = person("ann")
    game = play_against_bot(user=ann, scenario=SCENARIO, side="ge", level="recruit")  # no hook
    game.refresh_from_db()
    assert runner.act_once(game.pk) is True  # version 1: the bot rolls for initiative
    BotClaim.objects.create(game=game, version=2, seat_id="su-1",  # another process holds it
                            lease_until=timezone.now() + timedelta(minutes=5))
    before = GameStep.objects.filter(game=game).count()
    if "su-1" in who_may_act(state_of(game)):
        assert runner.act_once(game.pk) is False
    assert GameStep.objects.filter(game=game).count() == before


def test_only_the_creator_may_give_an_empty_seat_to_a_bot_and_the_game_then_starts():
    ann, bob = person("ann"), person("bob")
    game = game_create(user=ann, scenario=SCENARIO, side="ge", seats_per_side=2)
    with pytest.raises(ServiceError) as exc:
        seat_to_bot(game=game, user=bob, side="su", level="veteran")
    assert exc.value.code == "bot/not_creator"
    seat_to_bot(game=game, user=ann, side="ge", level="veteran")  # a bot partner
    seat_to_bot(game=game, user=ann, side="su", level="elite")
    game.refresh_from_db()
    assert game.status == OPEN
    seat_to_bot(game=game, user=ann, side="su", level="elite")  # a second elite: its own user
    game.refresh_from_db()
    assert game.status == ACTIVE
    names = sorted(Seat.objects.filter(game=game).values_list("user__username", flat=True))
    assert names == ["EliteBot", "EliteBot-2", "VeteranBot", "ann"]
    with pytest.raises(ServiceError):
        seat_to_bot(game=game, user=ann, side="su", level="general")


def test_watching_bots_play_seats_every_bot_through_the_seat_checks(monkeypatch):
    """*Watch bots play it*: each seat is taken as any seat is, so the plug-in seat checks
    (hooks.SEAT_CHECKS: blocks, rated games) see every bot, and never the onlooker."""
    checked = []
    monkeypatch.setattr(hooks, "SEAT_CHECKS",
                        [*hooks.SEAT_CHECKS, lambda game, user: checked.append(user.username)])
    ann = person("ann")
    game = bots_play(user=ann, scenario=SCENARIO, level="veteran")
    assert game.status == ACTIVE and game.created_by == ann
    assert sorted(checked) == ["VeteranBot", "VeteranBot-2"]
    assert sorted(Seat.objects.filter(game=game).values_list("user__username", flat=True)) == (
        sorted(checked))


def test_a_seat_check_refusing_the_first_bot_seated_opens_no_game(monkeypatch):
    def not_the_first_seat(game, user):
        if is_bot(user) and not Seat.objects.filter(game=game, user__isnull=False).exists():
            raise ServiceError("seat/refused", "the first seat is not for a bot", 403)

    monkeypatch.setattr(hooks, "SEAT_CHECKS", [*hooks.SEAT_CHECKS, not_the_first_seat])
    with pytest.raises(ServiceError, match="the first seat is not for a bot"):
        bots_play(user=person("ann"), scenario=SCENARIO, level="veteran")
    assert not Game.objects.exists()


def test_a_bot_takes_over_a_seat_whose_player_left_and_hands_it_back_when_they_return(
        django_capture_on_commit_callbacks):
    ann, bob = person("ann"), person("bob")
    game = started_game(ann, bob)
    bob_seat = Seat.objects.get(game=game, user=bob)
    with django_capture_on_commit_callbacks(execute=True):
        assert standin.take_over(game.pk, "su-1") is True
    game.refresh_from_db()
    # The bot rolled initiative for Bob (and played on while only Bob's seat could act).
    assert GameStep.objects.filter(game=game, seat=bob_seat).exists()
    assert BotStandIn.objects.filter(seat=bob_seat).exists()
    assert "su-1" not in who_may_act(state_of(game)) or "ge-1" in who_may_act(state_of(game))
    # Bob opens the game again: the seat is his.
    Presence.objects.create(channel_name="bob-socket", game=game, user=bob, seat=bob_seat)
    assert not BotStandIn.objects.filter(seat=bob_seat).exists()
    # From now on nobody acts for Bob: play Ann's side until Bob must act.
    ann_seat = Seat.objects.get(game=game, user=ann)
    rng = random.Random(5)
    for _ in range(200):
        game.refresh_from_db()
        state = state_of(game)
        if "su-1" in who_may_act(state) and "ge-1" not in who_may_act(state):
            break
        groups = legal_commands(state, "ge-1")
        command = rng.choice(groups[rng.choice(sorted(groups))])
        steps = GameStep.objects.filter(game=game).count()
        with django_capture_on_commit_callbacks(execute=True):
            assert command_submit(game=game, seat=ann_seat, command=command,
                                  base_version=game.version).ok
        assert GameStep.objects.filter(game=game).count() == steps + 1  # no bot answered
    game.refresh_from_db()
    assert "su-1" in who_may_act(state_of(game))


def test_a_take_over_is_refused_for_a_game_not_being_played():
    ann = person("ann")
    game = game_create(user=ann, scenario=SCENARIO, side="ge")
    assert standin.take_over(game.pk, "su-1") is False


def test_the_scenario_page_shows_balance_from_people_and_from_bots_by_levels():
    ann, bob, cy = person("ann"), person("bob"), person("cy")
    game = started_game(ann, bob)
    Game.objects.filter(pk=game.pk).update(status=FINISHED, result={"winner": "ge"})
    # A game where a bot stood in is not a game between people.
    stood_in = started_game(cy, person("dee"))
    assert standin.take_over(stood_in.pk, "su-1", level="recruit")
    Game.objects.filter(pk=stood_in.pk).update(status=FINISHED, result={"winner": "su"})
    now = engine.scenario(SCENARIO).revision  # runs on an earlier one: test_balance_revisions
    ArenaRun.objects.create(scenario=SCENARIO, scenario_revision=now, levels="veteran,veteran",
                            games=3, side_wins={"ge": 2, "draw": 1})
    ArenaRun.objects.create(scenario=SCENARIO, scenario_revision=now, levels="recruit,recruit",
                            games=2, side_wins={"su": 2})
    page = Client().get(f"/scenarios/{SCENARIO}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="balance-people-games">1<' in html
    assert 'data-levels="veteran,veteran">3<' in html and 'data-levels="recruit,recruit">2<' in html
    assert "Bots: Veteran v Veteran" in html
    assert "Play against a bot" in html
    data = Client().get(f"/api/v1/scenarios/{SCENARIO}/balance").json()
    assert data["people"]["games"] == 1 and data["people"]["sides"][0] == {
        "side": "ge", "wins": 1, "rate": 1.0}
    assert [(b["levels"], b["games"]) for b in data["bots"]] == [
        ("recruit,recruit", 2), ("veteran,veteran", 3)]


def test_the_lobby_form_starts_a_game_against_a_bot_and_goes_to_it():
    ann = person("ann")
    c = Client()
    c.force_login(ann)
    assert "play-bot-form" in c.get("/").content.decode()
    assert "play-bot-form" in c.get("/new-game/").content.decode()
    r = c.post("/bots/play", {"scenario": SCENARIO, "side": "su", "level": "recruit",
                              "optional_rules": ["mire", "no_such_rule"], "double_blind": "on",
                              "time_control": "days-3"})
    assert r.status_code == 302 and r.url.startswith("/games/")
    game = Game.objects.get(created_by=ann)
    assert Seat.objects.get(game=game, user=ann).side.side_id == "su"
    assert game.options["optional_rules"] == ["mire"] and game.options["double_blind"] is True
    assert game.options["time_control"] == {"kind": "correspondence", "days": 3}
    r = c.post("/bots/play", {"scenario": SCENARIO, "side": "xx", "level": "recruit"})
    assert r.status_code == 302 and r.url == "/"


def test_the_api_plays_against_a_bot_and_refuses_an_unknown_level():
    ann = person("ann")
    c = Client()
    c.force_login(ann)
    r = c.post("/api/v1/bots/play", {"scenario": SCENARIO, "side": "ge", "level": "elite"},
               content_type="application/json")
    assert r.status_code == 201, r.content
    r = c.post("/api/v1/bots/play", {"scenario": SCENARIO, "side": "ge", "level": "general"},
               content_type="application/json")
    assert r.status_code == 400


def test_the_bots_app_offers_its_take_over_to_the_clocks_absence_outcomes():
    from games.clocks import absence

    assert standin.take_over in absence.BOT_TAKEOVER_HOOKS


def test_a_panzer_leader_game_against_a_bot_is_played_to_the_end_through_the_services(
        django_capture_on_commit_callbacks):
    from games import engine_adapter as engine

    ann = person("ann")
    with django_capture_on_commit_callbacks(execute=True):
        game = play_against_bot(user=ann, scenario="pl-hollenbach", side="german",
                                level="recruit")
    seat = Seat.objects.get(game=game, user=ann)
    rng = random.Random(15)
    for _ in range(400):
        game.refresh_from_db()
        if game.status == FINISHED:
            break
        state = engine.decode_state(game.pk, game.version, game.state)
        legal = engine.legal_for(state, seat.seat_id)
        assert legal, "the bot left the person waiting"
        with django_capture_on_commit_callbacks(execute=True):
            assert command_submit(game=game, seat=seat, command=rng.choice(legal),
                                  base_version=game.version).ok
    assert game.status == FINISHED and game.result is not None
    assert len(bot_steps(game)) >= 10


def test_a_rematch_against_a_bot_starts_at_once_with_the_same_bot_and_the_sides_swapped(
        django_capture_on_commit_callbacks):
    """Else the rematch waits for a bot that never joins: an open game for good, past the
    cap on open games (a guest filled the lobby with twelve)."""
    ann = person("ann")
    with django_capture_on_commit_callbacks(execute=True):
        game = play_against_bot(user=ann, scenario=SCENARIO, side="ge", level="recruit")
    services.game_resign(game=game, seat=Seat.objects.get(game=game, user=ann))
    with django_capture_on_commit_callbacks(execute=True):
        again = services.game_rematch(game=game, user=ann)
    again.refresh_from_db()
    assert again.status == ACTIVE
    assert Seat.objects.get(game=again, user=ann).side.side_id == "su"
    bot = Seat.objects.get(game=again, side__side_id="ge").user
    assert is_bot(bot) and bot.bot.level == "recruit" and is_bot_game(again)
    assert not Game.objects.filter(created_by=ann, status=OPEN).exists()


def test_a_player_may_have_only_so_many_games_against_bots_going(settings):
    """Each one's bots think in the web process: a guest's handful slowed every page."""
    settings.BOT_GAMES_PLAYED_MAX = 2
    ann = person("ann")
    first = play_against_bot(user=ann, scenario=SCENARIO, side="ge", level="recruit")
    play_against_bot(user=ann, scenario=SCENARIO, side="su", level="recruit")
    with pytest.raises(ServiceError) as err:
        play_against_bot(user=ann, scenario=SCENARIO, side="ge", level="recruit")
    assert err.value.code == "bot/too_many_games" and "2 games against bots" in err.value.message
    assert Game.objects.filter(created_by=ann).count() == 2
    services.game_resign(game=first, seat=Seat.objects.get(game=first, user=ann))
    assert play_against_bot(user=ann, scenario=SCENARIO, side="ge", level="recruit")


def test_watching_bots_play_again_ends_the_game_one_watched_before(settings):
    """The watcher has no seat to resign with; the new game is the one they want to see."""
    settings.BOT_GAMES_WATCHED_MAX = 1
    ann, bob = person("ann"), person("bob")
    old = bots_play(user=ann, scenario=SCENARIO, level="recruit")
    bobs = bots_play(user=bob, scenario=SCENARIO, level="recruit")
    new = bots_play(user=ann, scenario=SCENARIO, level="recruit")
    assert Game.objects.get(pk=old.pk).status == FINISHED
    assert Game.objects.get(pk=new.pk).status == ACTIVE
    assert Game.objects.get(pk=bobs.pk).status == ACTIVE  # another player's is theirs


def test_a_game_only_bots_play_goes_slower_while_nobody_watches_it(settings):
    from games.botplay import pacing

    settings.BOT_PAUSE_SECONDS, settings.BOT_UNWATCHED_SLOWER = 1.0, 5
    ann = person("ann")
    watched = bots_play(user=ann, scenario=SCENARIO, level="recruit",
                        options={"time_control": {"kind": "correspondence", "days": 3}})
    assert pacing.pause_now(watched.pk, None) == 5.0  # nobody has it open: not flat out
    Presence.objects.create(game=watched, user=ann, channel_name="x")
    assert pacing.pause_now(watched.pk, None) == 1.0
    against = play_against_bot(user=ann, scenario=SCENARIO, side="ge", level="recruit")
    assert pacing.pause_now(against.pk, None) == 0.0  # untimed, not open: at once, as before
