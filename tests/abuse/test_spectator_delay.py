"""A spectator delay: the public watches a live game as it stood that many commands ago, in
every channel (live frames, the snapshot on connect, the log, line of sight, the page's
data), while its players and invited coaches watch it live; the delay lifts at the end."""

from __future__ import annotations

import json
import random
import re

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.utils import timezone

from games import broadcast, selectors, services
from games import engine_adapter as engine
from games.clocks import live
from games.clocks.models import ClockEvent
from games.lobby.selectors import lobby_lists
from games.models import Game, Seat
from games.services.errors import ServiceError
from tests.consumers.conftest import Sock, game_path, sign_in
from tests.gamekit import legal_by_seat, person, random_move, started_game, state_of

DELAY = 3


def play(game: Game, steps: int, seed: int = 5) -> int:
    """Random legal commands through the service; the version reached."""
    rng = random.Random(seed)
    for _ in range(steps):
        game.refresh_from_db()
        seat_id, command = random_move(rng, legal_by_seat(state_of(game)))
        seat = Seat.objects.select_related("side").get(game=game, seat_id=seat_id)
        outcome = services.command_submit(
            game=game.pk, seat=seat, command=command, base_version=game.version,
            client_id=game.version,
        )  # fmt: skip
        assert outcome.ok, outcome.frame()
    game.refresh_from_db()
    return game.version


def public_view_at(game: Game, version: int) -> dict:
    return engine.audience_view(game.pk, version, selectors.state_at(game.pk, version), engine.PUBLIC)


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
def test_the_option_is_checked_and_rated_games_are_delayed_unless_their_creator_chose(settings):
    ann, bob = person("ann"), person("bob")
    for bad in (-1, 201, "5", 2.5, True):
        with pytest.raises(ServiceError) as refused:
            services.game_create(user=ann, scenario="meeting-at-kessel", side="ge",
                                 options={"spectator_delay": bad})  # fmt: skip
        assert refused.value.code == "options/invalid"
    settings.PGWEB_RATED_SPECTATOR_DELAY = 7
    assert started_game(ann, bob).spectator_delay == 0
    assert started_game(ann, bob, spectator_delay=4).spectator_delay == 4
    rated = Game(options={"rated": True, "spectator_delay": None})
    assert rated.spectator_delay == 7
    assert Game(options={"rated": True, "spectator_delay": 0}).spectator_delay == 0


@pytest.mark.django_db
def test_the_public_reads_the_game_as_it_was_delay_commands_ago_and_players_read_it_now():
    ann, bob, sam = person("ann"), person("bob"), person("sam")
    game = started_game(ann, bob, spectator_delay=DELAY)
    now = play(game, 8)
    shown = now - DELAY
    base = f"/api/v1/games/{game.pk}"
    watcher = as_user(sam)
    frame = watcher.get(f"{base}/view").json()
    assert frame["v"] == shown and frame["d"] == public_view_at(game, shown)
    assert as_user(ann).get(f"{base}/view").json()["v"] == now
    log = watcher.get(f"{base}/log").json()
    assert log["v"] == shown and {line["v"] for line in log["lines"]} <= set(range(1, shown + 1))
    assert watcher.get(f"{base}/log", {"upto": now}).json()["lines"] == log["lines"]
    assert as_user(ann).get(f"{base}/log").json()["v"] == now
    assert watcher.get(base).json()["version"] == shown
    assert as_user(bob).get(base).json()["version"] == now
    page = watcher.get(f"/games/{game.pk}/").content.decode()
    boot = json.loads(re.search(r'id="pg-boot" type="application/json">(.*?)</script>', page, re.S)[1])
    assert boot["version"] == shown and f"{DELAY} commands behind" in page
    # A socket catching up from the log stops where the public may see.
    frames = selectors.catch_up(game.pk, engine.PUBLIC, 1)
    assert [v for v, _ in frames] == list(range(2, shown + 1))
    assert selectors.catch_up(game.pk, "side:ge", now - 1)[-1][0] == now


@pytest.mark.django_db
def test_each_command_sends_the_public_the_frame_of_delay_commands_ago(
    monkeypatch, django_capture_on_commit_callbacks
):
    sent: list = []
    monkeypatch.setattr(broadcast, "send", lambda messages: sent.extend(messages))
    ann, bob = person("ann"), person("bob")
    with django_capture_on_commit_callbacks(execute=True):
        game = started_game(ann, bob, spectator_delay=DELAY)
        now = play(game, 7)
    public = broadcast.spectators_group(game.pk)
    versions = [m["v"] for g, m in sent if g == public]
    assert versions == list(range(1, now - DELAY + 1))  # the opening, then one per command
    sides = [m["v"] for g, m in sent if g == broadcast.side_group(game.pk, "ge")]
    assert sides == list(range(1, now + 1))
    for group, message in sent:
        if group == public and message["v"] > 1:
            v = message["v"]
            expected = broadcast.step_frame(
                game.pk, v, selectors.state_at(game.pk, v - 1), selectors.state_at(game.pk, v),
                list(game.steps.get(version=v).events), engine.PUBLIC,
            )  # fmt: skip
            assert json.loads(message["text"]) == json.loads(json.dumps(expected))


@pytest.mark.django_db(transaction=True)
async def test_a_spectators_socket_stays_behind_while_the_players_play_then_sees_the_end(
    app, memory_layer
):
    ann, ann_cookie = await sign_in("ann")
    bob, _ = await sign_in("bob")
    _sam, sam_cookie = await sign_in("sam")
    game = await database_sync_to_async(started_game)(ann, bob, spectator_delay=DELAY)
    player = await Sock(app, game_path(game.pk), ann_cookie).open()
    watcher = await Sock(app, game_path(game.pk), sam_cookie).open()
    await player.at_version(1)
    await watcher.at_version(1)
    now = await database_sync_to_async(play)(game, 6)
    await player.at_version(now)
    await watcher.at_version(now - DELAY)
    assert not [f for f in await watcher.quiet(0.3) if f["t"] in ("patch", "tick", "snapshot")]
    assert watcher.version == now - DELAY
    assert watcher.view == await database_sync_to_async(public_view_at)(game, now - DELAY)
    late = await Sock(app, game_path(game.pk), sam_cookie).open()  # a snapshot on connect
    await late.at_version(now - DELAY)
    assert late.frames[0]["t"] == "snapshot" and late.frames[0]["v"] == now - DELAY
    ann_seat = await database_sync_to_async(Seat.objects.select_related("side").get)(
        game=game, user=ann
    )
    end = await database_sync_to_async(services.game_resign)(game=game, seat=ann_seat)
    await watcher.at_version(end)
    assert watcher.versions == list(range(1, end + 1))  # no gap, nothing twice


@pytest.mark.django_db
def test_the_lobby_does_not_say_whose_turn_it_is_in_a_delayed_game():
    live = started_game(person("ann"), person("bob"))
    delayed = started_game(person("cid"), person("dan"), spectator_delay=DELAY)
    cards = {c["id"]: c for c in lobby_lists(None)["watch"]}
    assert "turn" in cards[str(live.pk)] and "turn" not in cards[str(delayed.pk)]


LIVE_CLOCK = {"kind": "live", "base": 600, "increment": 0, "window": 20}


@pytest.mark.django_db
def test_the_clock_endpoint_shows_a_delayed_public_the_clocks_its_version_was_made_with():
    ann, bob, sam = person("ann"), person("bob"), person("sam")
    game = started_game(ann, bob, spectator_delay=DELAY, time_control=LIVE_CLOCK)
    now = play(game, 8)
    shown = now - DELAY
    path = f"/api/v1/games/{game.pk}/clock"
    for watcher in (as_user(sam), Client()):
        clock = watcher.get(path).json()
        assert clock["v"] == shown, clock
        # Exactly the clocks the delayed view of that version carries, not the live ones.
        assert clock["clocks"] == public_view_at(game, shown)["clocks"]
        assert all(e["v"] <= shown for e in clock["events"])
    live = as_user(ann).get(path).json()
    assert live["v"] == now and live["clocks"]["at"] != public_view_at(game, shown)["clocks"]["at"]


@pytest.mark.django_db
def test_the_game_list_shows_a_delayed_public_the_delayed_version_and_players_the_live_one():
    ann, bob, sam = person("ann"), person("bob"), person("sam")
    game = started_game(ann, bob, spectator_delay=DELAY)
    now = play(game, 8)
    for who, expected in ((as_user(sam), now - DELAY), (Client(), now - DELAY),
                          (as_user(ann), now), (as_user(bob), now)):  # fmt: skip
        listed = {g["id"]: g for g in who.get("/api/v1/games", {"status": "active"}).json()}
        assert listed[str(game.pk)]["version"] == expected


@pytest.mark.django_db
def test_live_clock_frames_of_a_delayed_game_go_to_its_sides_only(monkeypatch):
    sent: list = []
    monkeypatch.setattr(broadcast, "send", lambda messages: sent.extend(messages))
    ann, bob = person("ann"), person("bob")
    delayed = started_game(ann, bob, spectator_delay=DELAY, time_control=LIVE_CLOCK)
    plain = started_game(person("cid"), person("dan"), time_control=LIVE_CLOCK)
    batch = {}
    for game in (delayed, plain):
        event = ClockEvent.objects.create(game=game, version=game.version, at=timezone.now(),
                                          kind="more_time", side_id="ge", text="more time")  # fmt: skip
        batch[str(game.pk)] = (event.pk,)
    groups = {group for group, _ in live._frames(batch)}
    assert broadcast.spectators_group(plain.pk) in groups
    assert broadcast.spectators_group(delayed.pk) not in groups
    assert broadcast.side_group(delayed.pk, "ge") in groups
