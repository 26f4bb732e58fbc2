"""A quick-match seek lives while its player has the lobby open: the matched notice reaches a
player only through the lobby socket. The sweep marks a seeker with no live lobby socket, a
marked seeker is neither paired nor counted, and one still away SEEK_ABSENCE later leaves the
queue; a seeker back in the lobby (a page reload) keeps their place."""

from __future__ import annotations

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games import services
from games.clocks import sweep
from games.models import CANCELLED, MATCHED, WAITING, LobbyPresence, Seek
from games.selectors import PRESENCE_TTL
from games.services.matchmaking import SEEK_ABSENCE, expire_absent_seeks, queue_counts
from tests.consumers.conftest import Sock, sign_in

LOBBY = "/ws/lobby/v1/"


def in_lobby(user, seen_at=None) -> LobbyPresence:
    """The row a lobby socket of `user` keeps (games.lobby.consumer)."""
    row = LobbyPresence.objects.create(channel_name=f"lobby-{user.username}", user=user)
    if seen_at is not None:
        LobbyPresence.objects.filter(pk=row.pk).update(seen_at=seen_at)
    return row


def status_of(seek: Seek) -> str:
    seek.refresh_from_db()
    return seek.status


@pytest.mark.django_db
def test_a_seeker_in_the_lobby_keeps_waiting_through_every_sweep(people):
    (ann,) = people("ann")
    in_lobby(ann)
    seek = services.seek_create(user=ann)
    now = timezone.now()
    for later in (now, now + SEEK_ABSENCE / 2, now + SEEK_ABSENCE - timedelta(seconds=1)):
        assert expire_absent_seeks(later) == 0
    seek.refresh_from_db()
    assert seek.status == WAITING and seek.absent_since is None
    assert queue_counts()["1"] == 1


@pytest.mark.django_db
def test_a_seeker_who_left_the_lobby_is_not_paired_and_leaves_the_queue(people):
    ann, bob = people("ann", "bob")
    seek = services.seek_create(user=ann)  # ann's lobby page is gone: no presence row
    now = timezone.now()
    assert expire_absent_seeks(now) == 0
    seek.refresh_from_db()
    assert seek.absent_since == now and seek.status == WAITING
    assert queue_counts()["1"] == 0  # not counted: nobody can be paired with her

    in_lobby(bob)
    bobs = services.seek_create(user=bob)
    assert bobs.status == WAITING, "bob was paired with a seeker who is not there"

    assert expire_absent_seeks(now + SEEK_ABSENCE - timedelta(seconds=1)) == 0
    assert status_of(seek) == WAITING
    assert expire_absent_seeks(now + SEEK_ABSENCE) == 1
    seek.refresh_from_db()
    assert seek.status == CANCELLED and seek.closed_at == now + SEEK_ABSENCE
    assert status_of(bobs) == WAITING and queue_counts()["1"] == 1


@pytest.mark.django_db
def test_a_seeker_back_in_the_lobby_keeps_their_place_and_is_paired(people):
    ann, bob = people("ann", "bob")
    seek = services.seek_create(user=ann)
    now = timezone.now()
    expire_absent_seeks(now)  # ann reloads the lobby: her socket is gone for a moment
    in_lobby(ann)
    assert expire_absent_seeks(now + SEEK_ABSENCE) == 0
    seek.refresh_from_db()
    assert seek.status == WAITING and seek.absent_since is None
    in_lobby(bob)
    assert services.seek_create(user=bob).status == MATCHED
    assert status_of(seek) == MATCHED


@pytest.mark.django_db
def test_a_lobby_socket_silent_past_the_presence_window_counts_as_away(people):
    (ann,) = people("ann")
    now = timezone.now()
    in_lobby(ann, seen_at=now - PRESENCE_TTL - timedelta(seconds=1))  # its process died
    seek = services.seek_create(user=ann)
    expire_absent_seeks(now)
    assert expire_absent_seeks(now + SEEK_ABSENCE) == 1
    assert status_of(seek) == CANCELLED


@pytest.mark.django_db
def test_the_sweep_runs_the_absence_check(people):
    (ann,) = people("ann")
    seek = services.seek_create(user=ann)
    now = timezone.now()
    sweep.run_sweep(now)
    assert sweep.run_sweep(now + SEEK_ABSENCE)["games.seeks"] == 1
    assert status_of(seek) == CANCELLED


@pytest.mark.django_db(transaction=True)
async def test_an_open_lobby_socket_holds_the_seek_and_closing_it_lets_it_go(app, memory_layer):
    ann, cookie = await sign_in("ann")
    lobby = await Sock(app, LOBBY, cookie).open()
    await lobby.until(lambda f: f["t"] == "lobby")
    seek = await database_sync_to_async(services.seek_create)(user=ann)
    now = timezone.now()
    expire = database_sync_to_async(expire_absent_seeks)
    assert await expire(now) == 0 and await expire(now + SEEK_ABSENCE) == 0
    await lobby.close()
    assert await expire(now + SEEK_ABSENCE) == 0  # marked away now
    assert await expire(now + 2 * SEEK_ABSENCE) == 1
    assert await database_sync_to_async(status_of)(seek) == CANCELLED
