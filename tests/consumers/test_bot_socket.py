"""A bot game through the real socket layer (Redis): the bot's commands reach the person's
socket as versioned frames like anyone's, and the person's commands are answered by it."""

from __future__ import annotations

import asyncio
import random

import pytest
from channels.db import database_sync_to_async

from games.botplay.models import BotClaim
from games.botplay.runner import _act_later
from games.botplay.seats import play_against_bot
from games.models import GameStep
from tests.conftest import manage
from tests.consumers.conftest import Sock, game_path, sign_in
from tests.consumers.test_daphne_processes import Browser, legal, server_env  # noqa: F401
from tests.gamekit import SCENARIO
from tests.servicekit import Daphne

pytestmark = [pytest.mark.redis]
in_process = pytest.mark.django_db(transaction=True)


def _legal(view: dict, seat: str) -> list[dict]:
    return [c for cs in view.get("legal", {}).get(seat, {}).values() for c in cs]


def _brief(rng: random.Random, legal: list[dict]) -> dict:
    """Ann keeps her turns short (so the bot gets many): end or pass when she may."""
    for wanted in ("end_activation", "pass", "decline"):
        found = [c for c in legal if c["type"] == wanted]
        if found and rng.random() < 0.8:
            return found[0]
    return rng.choice(legal)


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
                         "d": _brief(rng, _legal(sock.view, "ge-1"))})
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


# -- two daphne processes, PostgreSQL and Redis ------------------------------------------------


@pytest.fixture
def bot_env(server_env):  # noqa: F811 - the imported fixture
    """The shared environment, bots running with a short pause (the sweep is the worker's)."""
    return {**server_env, "PGWEB_BOTS_RUN": "1", "PGWEB_BOT_PAUSE_SECONDS": "0.05",
            "PGWEB_BOT_STEP_SECONDS": "0.01"}


def _shell(env: dict, code: str) -> str:
    out = manage("shell", "-c", code, env={**env, "PGWEB_BOTS_RUN": "0"})
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().splitlines()[-1]


@pytest.mark.postgres
async def test_two_daphne_processes_hearing_of_every_version_let_the_bot_act_once_on_each(
        bot_env, tmp_path):
    a = Daphne(bot_env, tmp_path / "daphne-a.log").start()
    b = Daphne(bot_env, tmp_path / "daphne-b.log").start()
    try:
        ann = Browser(a.base)
        name = ann.call("GET", "/api/v1/auth/session")[1]["username"]
        # The game waits at version 1 for the bot (its initiative roll): nobody kicked it.
        game_id = _shell(bot_env, (
            "from django.contrib.auth import get_user_model as U\n"
            "from games.botplay.seats import play_against_bot\n"
            f"ann = U().objects.get(username={name!r})\n"
            "print(play_against_bot(user=ann, scenario='meeting-at-kessel', side='ge',"
            " level='recruit').pk)"))
        socks = {"a": await ann.socket(a, game_id), "b": await ann.socket(b, game_id)}
        rng = random.Random(18)
        sent = 0
        while sent < 15:
            # Both processes heard the socket open (each kicks the bots) and hear every
            # version; wait until it is Ann's turn on both.
            for sock in socks.values():
                await sock.pump(lambda s=sock: s.view is not None and (
                    bool(legal(s.view, "ge-1")) or bool(s.view.get("result"))), timeout=60)
            here = socks["a" if sent % 2 else "b"]
            if here.view.get("result"):
                break
            sent += 1
            answer = await here.command(sent, _brief(rng, [
                c for cs in legal(here.view, "ge-1").values() for c in cs]))
            if answer["t"] == "reject":
                assert answer["code"] == "state/stale_version", answer
            # A fresh socket on the other process makes it kick the bots too.
            other = "b" if here is socks["a"] else "a"
            await socks[other].ws.close()
            socks[other] = await ann.socket(a if other == "a" else b, game_id)
        for sock in socks.values():
            await sock.ws.close()
        settled = _shell(bot_env, (
            "import time\n"
            "from games.botplay.models import BotClaim\n"
            "from games.models import GameStep\n"
            f"g = {game_id!r}\n"
            "for _ in range(300):\n"
            "    if not BotClaim.objects.filter(game_id=g, applied=False).exists(): break\n"
            "    time.sleep(0.1)\n"
            "claims = list(BotClaim.objects.filter(game_id=g).values_list("
            "'version', 'attempts', 'applied'))\n"
            "steps = list(GameStep.objects.filter(game_id=g, seat__user__bot__isnull=False)"
            ".values_list('version', flat=True))\n"
            "people = list(GameStep.objects.filter(game_id=g, seat__user__bot__isnull=True)"
            ".values_list('version', flat=True))\n"
            "print({'claims': claims, 'steps': steps, 'people': people})"))
        found = eval(settled)  # noqa: S307 - the dict printed by our own shell line
        claims, steps, people = found["claims"], found["steps"], found["people"]
        assert len(steps) >= 5
        # One claim per version, taken once and settled; every bot command has its claim. A
        # claim without a bot command is one where Ann's command came first (both sides may
        # act at once: the initiative roll): the bot's was then stale, and moot.
        claimed = {v + 1 for v, _, _ in claims}
        assert len(claimed) == len(claims) and set(steps) <= claimed
        assert claimed - set(steps) <= set(people), found
        assert all(attempts == 1 and applied for _, attempts, applied in claims)
        logs = (tmp_path / "daphne-a.log").read_text() + (tmp_path / "daphne-b.log").read_text()
        lines = logs.splitlines()
        trouble = [i for i, line in enumerate(lines) if "refused" in line or "Traceback" in line]
        assert not trouble, "\n".join(lines[trouble[0]:trouble[0] + 40])
    finally:
        a.kill()
        b.kill()
