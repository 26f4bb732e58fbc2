"""A bot game through the real socket layer (Redis): the bot's commands reach the person's
socket as versioned frames like anyone's, and the person's commands are answered by it.
The same on two daphne processes, each hearing every version, is in
test_daphne_processes.py (it shares their start)."""

from __future__ import annotations

import asyncio
import random

import pytest
from channels.db import database_sync_to_async

from games.botplay.models import BotClaim
from games.botplay.runner import _act_later
from games.botplay.seats import play_against_bot
from games.models import GameStep
from tests.consumers.conftest import Sock, brief, game_path, sign_in
from tests.gamekit import SCENARIO

pytestmark = [pytest.mark.redis]
in_process = pytest.mark.django_db(transaction=True)


def _legal(view: dict, seat: str) -> list[dict]:
    return [c for cs in view.get("legal", {}).get(seat, {}).values() for c in cs]


def _bot_steps(game_id) -> list[tuple[int, dict]]:
    return list(GameStep.objects.filter(game_id=game_id, seat__user__bot__isnull=False)
                .order_by("version").values_list("version", "command"))


def _unsent(game_id) -> bool:
    return BotClaim.objects.filter(game_id=game_id, applied=False).exists()


async def _bot_tasks_done() -> None:
    """Wait for the bot turns this loop runs (games.botplay.runner._act_later) to end."""
    while running := [t for t in asyncio.all_tasks()
                      if t.get_coro().__qualname__ == _act_later.__qualname__]:
        await asyncio.wait(running)


def _claims(game_id) -> list[int]:
    return list(BotClaim.objects.filter(game_id=game_id).order_by("version")
                .values_list("version", flat=True))


@in_process
async def test_a_person_plays_a_bot_over_the_socket_and_sees_its_every_command(
        app, redis_layer, settings):
    settings.BOT_PAUSE_SECONDS = 0.01
    ann, cookie = await sign_in("ann")
    game = await database_sync_to_async(play_against_bot)(
        user=ann, scenario=SCENARIO, side="ge", level="veteran")
    sock = await Sock(app, game_path(game.pk), cookie).open()
    rng = random.Random(11)
    sent = 0
    while sent < 12:
        # Wait until it is Ann's turn: the bot plays (initiative, its segments, opportunity
        # fire) and each of its commands arrives as the next version.
        await sock.until(lambda f: f["t"] in ("snapshot", "patch", "tick")
                         and bool(_legal(sock.view, "ge-1")), timeout=60)
        if sock.view.get("result"):
            break
        sent += 1
        await sock.send({"t": "cmd", "id": sent, "v": sock.version,
                         "d": brief(rng, _legal(sock.view, "ge-1"))})
        answer = await sock.answer(sent, timeout=30)
        if answer["t"] == "reject":  # the bot got a command in first: play on from there
            assert answer["code"] == "state/stale_version", answer
    steps = await database_sync_to_async(_bot_steps)(game.pk)
    assert len(steps) >= 3
    # Every version the bot made after the socket opened reached it, in order (Sock checks
    # v = previous + 1 for each patch).
    first = sock.versions[0]
    assert {v for v, _ in steps if v > first} <= set(sock.versions)
    # Let a bot turn still under way finish, and start no other: a bot task left running
    # would write to the database while the test's tear-down empties it.
    settings.BOTS_RUN = False
    await _bot_tasks_done()
    assert not await database_sync_to_async(_unsent)(game.pk)  # every claim sent its command
    claims = await database_sync_to_async(_claims)(game.pk)
    # Each bot command came from its own claim on the version before it.
    assert {v for v, _ in steps} <= {v + 1 for v in claims}
    log_seats = {e.get("data", {}).get("seat") for e in sock.log if isinstance(e, dict)}
    assert log_seats  # the log arrived with the patches
