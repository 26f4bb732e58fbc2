"""Presence: open sockets counted per seat and spectators, across processes, in the database."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games import selectors, services
from games.clocks.sweep import run_sweep
from games.models import LobbyPresence, Presence
from tests.gamekit import person, seat, started_game


def test_sockets_are_counted_per_seat_and_spectators(axis_player, allied_player, stranger):
    game = started_game(axis_player, allied_player)
    ge = seat(game, axis_player)
    services.presence_enter(channel_name="a1", game_id=game.pk, user=axis_player, seat_pk=ge.pk)
    services.presence_enter(channel_name="a2", game_id=game.pk, user=axis_player, seat_pk=ge.pk)
    frame = services.presence_enter(channel_name="s1", game_id=game.pk, user=stranger, seat_pk=None)
    assert frame == {"t": "presence", "d": {"seats": {"ge-1": 2}, "spectators": 1}}
    frame = services.presence_leave(channel_name="a2", game_id=game.pk)
    assert frame["d"] == {"seats": {"ge-1": 1}, "spectators": 1}


def test_a_socket_of_a_process_that_died_stops_counting_after_a_minute(axis_player, allied_player):
    game = started_game(axis_player, allied_player)
    watcher = person("watcher")
    services.presence_enter(channel_name="gone", game_id=game.pk, user=watcher, seat_pk=None)
    services.presence_enter(channel_name="here", game_id=game.pk, user=watcher, seat_pk=None)
    old = timezone.now() - timedelta(minutes=5)
    Presence.objects.filter(channel_name__in=["gone", "here"]).update(seen_at=old)
    services.presence_touch(channel_name="here")  # its browser pinged
    assert selectors.presence(game.pk)["d"]["spectators"] == 1


def test_the_worker_sweep_deletes_the_rows_of_sockets_gone_without_a_goodbye(
        axis_player, allied_player):
    game = started_game(axis_player, allied_player)
    for name in ("crashed", "alive", "recent"):
        services.presence_enter(channel_name=name, game_id=game.pk, user=axis_player, seat_pk=None)
    for name in ("lobby-crashed", "lobby-alive"):
        LobbyPresence.objects.create(channel_name=name, user=None)
    now = timezone.now()
    Presence.objects.filter(channel_name="crashed").update(seen_at=now - timedelta(minutes=3))
    Presence.objects.filter(channel_name="recent").update(seen_at=now - timedelta(seconds=90))
    LobbyPresence.objects.filter(channel_name="lobby-crashed").update(seen_at=now - timedelta(minutes=3))
    done = run_sweep(now)
    assert done["games.presence"] == 2
    assert sorted(Presence.objects.values_list("channel_name", flat=True)) == ["alive", "recent"]
    assert list(LobbyPresence.objects.values_list("channel_name", flat=True)) == ["lobby-alive"]
    assert run_sweep(now)["games.presence"] == 0

def test_many_sockets_presence_is_refreshed_in_one_write(
    axis_player, allied_player, django_assert_num_queries
):
    game = started_game(axis_player, allied_player)
    names = [f"socket-{n}" for n in range(30)]
    for name in names:
        services.presence_enter(channel_name=name, game_id=game.pk, user=axis_player, seat_pk=None)
    old = timezone.now() - timedelta(minutes=5)
    Presence.objects.filter(channel_name__in=names).update(seen_at=old)
    with django_assert_num_queries(1):
        services.presence_touch_many(channel_names=names)
    assert not Presence.objects.filter(channel_name__in=names, seen_at=old).exists()


def test_the_versions_of_many_games_are_read_in_one_query(
    axis_player, allied_player, django_assert_num_queries
):
    games = [started_game(axis_player, allied_player) for _ in range(3)]
    with django_assert_num_queries(1):
        versions = selectors.versions_of([g.pk for g in games])
    assert versions == {str(g.pk): 1 for g in games}
