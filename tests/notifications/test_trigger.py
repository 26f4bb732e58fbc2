"""The trigger: after a committed step, the players whose move it became hear it at once on
their open pages (the notification socket) and the rest is queued; a step that changes
nobody's turn tells nobody."""

from __future__ import annotations

import json

import pytest
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from games import broadcast, services
from games.models import Presence
from games.notifications import tasks, trigger
from games.notifications.consumer import NotificationConsumer
from games.notifications.models import Delivery
from games.notifications.preferences import settings_of
from games.rules.panzer_grenadier.engine import who_may_act
from games.rules.panzer_grenadier.legal import legal_commands
from tests.gamekit import seat, started_game, state_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def frames(monkeypatch):
    box: list[tuple[str, dict]] = []
    monkeypatch.setattr(broadcast, "send", lambda messages: box.extend(messages))
    return box


def notices(frames, user) -> list[dict]:
    group = trigger.user_group(user.pk)
    return [json.loads(m["text"]) for g, m in frames if g == group]


def test_after_the_initiative_roll_only_the_side_to_move_is_told(
    axis_player, allied_player, frames, loopback_allowed, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = started_game(axis_player, allied_player)
    # At the start either player may roll for the initiative: both are told.
    assert [n["d"]["kind"] for n in notices(frames, axis_player)] == ["your_move"]
    assert [n["d"]["kind"] for n in notices(frames, allied_player)] == ["your_move"]
    frames.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.command_submit(
            game=game, seat=seat(game, axis_player), command={"type": "roll_initiative"},
            base_version=1, client_id=1,
        )  # fmt: skip
    to_move = state_of(game).active_side
    mover, waiter = (
        (axis_player, allied_player) if to_move == "ge" else (allied_player, axis_player)
    )
    [notice] = notices(frames, mover)
    assert notice["t"] == "notice" and notice["d"]["url"] == f"http://testserver/games/{game.pk}/"
    assert notice["d"]["text"].startswith("It is your move in ")
    assert notices(frames, waiter) == []


def test_a_step_within_an_activation_tells_nobody(
    axis_player, allied_player, frames, loopback_allowed, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = started_game(axis_player, allied_player)
        services.command_submit(
            game=game, seat=seat(game, axis_player), command={"type": "roll_initiative"},
            base_version=1, client_id=1,
        )  # fmt: skip
    state = state_of(game)
    mover = axis_player if state.active_side == "ge" else allied_player
    [seat_id] = who_may_act(state)
    activate = legal_commands(state, seat_id)["activate"][0]
    frames.clear()
    with django_capture_on_commit_callbacks(execute=True):
        outcome = services.command_submit(
            game=game, seat=seat(game, mover), command=activate, base_version=2, client_id=2
        )
    assert outcome.ok
    assert [g for g, _ in frames if g.startswith("notify.")] == []
    assert not Delivery.objects.filter(key__startswith=f"{game.pk}:3:").exists()


def test_resigning_tells_both_players_the_game_is_over(
    axis_player, allied_player, frames, loopback_allowed, django_capture_on_commit_callbacks
):
    settings_of(allied_player)
    with django_capture_on_commit_callbacks(execute=True):
        game = started_game(axis_player, allied_player)
    frames.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game=game, seat=seat(game, axis_player))
    for user in (axis_player, allied_player):
        [notice] = notices(frames, user)
        assert notice["d"]["kind"] == "game_over"
        assert "won" in notice["d"]["text"]


@pytest.mark.django_db(transaction=True)
async def test_the_notification_socket_forwards_the_kinds_the_player_keeps_on(
    axis_player, settings
):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    from asgiref.sync import sync_to_async

    prefs = await sync_to_async(settings_of)(axis_player)
    prefs.browser_game_over = False
    await sync_to_async(prefs.save)()
    socket = WebsocketCommunicator(NotificationConsumer.as_asgi(), "/ws/notifications/v1/")
    socket.scope["user"] = axis_player
    connected, _ = await socket.connect()
    assert connected
    layer = get_channel_layer()
    group = trigger.user_group(axis_player.pk)
    await layer.group_send(group, {"type": trigger.NOTICE, "kind": "game_over", "text": "{}"})
    await layer.group_send(
        group, {"type": trigger.NOTICE, "kind": "your_move", "text": '{"t":"notice"}'}
    )
    assert await socket.receive_from() == '{"t":"notice"}'
    assert await socket.receive_nothing()
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_the_notification_socket_closes_for_a_visitor_not_signed_in():
    from django.contrib.auth.models import AnonymousUser

    socket = WebsocketCommunicator(NotificationConsumer.as_asgi(), "/ws/notifications/v1/")
    socket.scope["user"] = AnonymousUser()
    connected, code = await socket.connect()
    assert not connected and code == 4401


def test_a_player_with_the_game_open_gets_no_mail_the_page_tells_them(
    axis_player, allied_player, frames, loopback_allowed, django_capture_on_commit_callbacks
):
    for user in (axis_player, allied_player):
        prefs = settings_of(user)
        prefs.email, prefs.email_verified = f"{user.username}@example.test", True
        prefs.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = started_game(axis_player, allied_player)
    Delivery.objects.all().delete()
    Presence.objects.create(
        channel_name="test.axis", game=game, user=axis_player, seat=seat(game, axis_player)
    )
    seats = {seat(game, u).seat_id for u in (axis_player, allied_player)}
    for kind in ("your_move", "game_over"):
        tasks.notify(
            game_id=game.pk, version=1, kind=kind,
            seat_ids=seats, after=state_of(game), events=[],
        )  # fmt: skip
    told = sorted(Delivery.objects.values_list("kind", "user__username"))
    assert told == [
        ("game_over", "allied_player"), ("game_over", "axis_player"),
        ("your_move", "allied_player"),
    ]  # fmt: skip
