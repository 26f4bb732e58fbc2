"""PostgreSQL stopped, restarted and crashed mid-game: requests fail cleanly with 503 and
recover by themselves, sockets close with 4503 and come back, and no command is ever half
applied (one transaction, published and remembered only after its commit)."""

from __future__ import annotations

import asyncio
import random

import pytest
from django.db import OperationalError, connection

from games import broadcast, services
from games import engine_adapter as engine
from games.models import Game, GameStep
from tests.faults.clients import GameClient, Person, assert_converged, open_game, play
from tests.faults.ledger import command_log_problems
from tests.gamekit import legal_by_seat, person, random_move, seat, started_game, state_of

pytestmark = [pytest.mark.fault, pytest.mark.redis, pytest.mark.postgres]


async def test_postgres_down_answers_503_everywhere_then_everything_recovers(
    daphnes, own_postgres, tmp_path
):
    a, b = daphnes
    ann, bob, sam = Person(a.base), Person(b.base), Person(b.base)
    game_id = open_game(ann, bob)
    players = {
        "ge-1": await GameClient(ann, game_id, [a, b], seat="ge-1").start(),
        "su-1": await GameClient(bob, game_id, [b, a], seat="su-1").start(),
    }
    watcher = await GameClient(sam, game_id, [b]).start()
    everyone = [*players.values(), watcher]
    rng = random.Random(5)
    version = await play(rng, players, everyone, 6)

    own_postgres.stop("fast")
    # The API, the pages and the health check answer 503 "try again", naming no server detail.
    game_url = f"/api/v1/games/{game_id}"
    for status, body in (
        ann.call("GET", game_url),
        bob.call("POST", f"{game_url}/commands", {"id": 1, "v": version, "command": {}}),
        sam.call("POST", "/api/v1/auth/guest"),
    ):
        assert status == 503, body
        assert body["code"] == "service/unavailable" and "try again" in body["message"]
    status, health = sam.call("GET", "/healthz")
    assert (status, health) == (503, {"status": "error", "database": "unavailable"})
    status, page = sam.call("GET", "/")
    assert status == 503 and "briefly unavailable" in page and "Traceback" not in page
    # A command sent over a socket now: the socket says why and closes with 4503; the
    # command stays pending in the client, as in the browser.
    acting = next(c for c in players.values() if c.legal())
    groups = acting.legal()
    cid = await acting.send_command(groups[sorted(groups)[0]][0])
    await acting.wait_until(lambda: 4503 in acting.closes, 20, "close 4503")
    assert acting.errors[-1]["code"] == "service/unavailable"
    assert cid not in acting.answers

    own_postgres.start()
    # The client reconnects by itself and resends the command: applied once, acknowledged.
    await acting.wait_until(lambda: cid in acting.answers, 30, "the resent command's answer")
    assert acting.answers[cid] == {"t": "ack", "id": cid, "v": version + 1}
    assert ann.call("GET", game_url)[0] == 200
    assert sam.call("GET", "/healthz") == (200, {"status": "ok"})
    await play(rng, players, everyone, 6, ping_every=0.5, version=version + 1)
    version = await assert_converged(everyone, a.base)
    assert command_log_problems(own_postgres.url, game_id, tmp_path) == (version, [])
    for client in everyone:
        await client.stop()


async def test_a_database_crash_amid_commands_leaves_no_half_applied_command(
    daphnes, own_postgres, tmp_path
):
    a, b = daphnes
    ann, bob, sam = Person(a.base), Person(b.base), Person(a.base)
    game_id = open_game(ann, bob)
    players = {
        "ge-1": await GameClient(ann, game_id, [a, b], seat="ge-1").start(),
        "su-1": await GameClient(bob, game_id, [b, a], seat="su-1").start(),
    }
    watchers = [await GameClient(sam, game_id, [s]).start() for s in (a, b)]
    everyone = [*players.values(), *watchers]
    # Both players keep sending commands while the database crashes (no clean shutdown:
    # open transactions die wherever they are) and comes back.
    playing = asyncio.create_task(
        play(random.Random(7), players, everyone, 24, ping_every=0.5)
    )
    await watchers[0].at(6, timeout=30)
    await asyncio.to_thread(own_postgres.restart, "immediate")
    await playing
    assert any(4503 in c.closes for c in everyone), "the crash was not felt: nothing tested"
    version = await assert_converged(everyone, a.base)
    assert command_log_problems(own_postgres.url, game_id, tmp_path) == (version, [])
    for client in everyone:
        await client.stop()


@pytest.mark.django_db(transaction=True)
def test_a_commit_that_fails_stores_publishes_and_remembers_nothing(monkeypatch):
    """The command's transaction reaches its COMMIT and the database is gone at that moment:
    nothing of the command is kept anywhere, and sending it again applies it once."""
    ann, bob = person("ann"), person("bob")
    game = started_game(ann, bob)
    rng = random.Random(3)
    sent: list = []
    monkeypatch.setattr(broadcast, "send", lambda messages: sent.append(messages))
    seat_id, command = random_move(rng, legal_by_seat(state_of(game)))
    actor = seat(game, ann if seat_id.startswith("ge") else bob)
    before = (game.version, game.state, list(game.units.values_list("hex", "steps", "status")))

    def lost(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    with monkeypatch.context() as patch:
        patch.setattr(connection, "_commit", lost)
        with pytest.raises(OperationalError):
            services.command_submit(game=game, seat=actor, command=command, base_version=1,
                                    client_id=41)  # fmt: skip
    game.refresh_from_db()
    assert (game.version, game.state, list(game.units.values_list("hex", "steps", "status"))) \
        == before  # fmt: skip
    assert not GameStep.objects.filter(game=game, version=2).exists()
    assert sent == [] and engine.cached_state(game.pk, 2) is None

    again = services.command_submit(game=game, seat=actor, command=command, base_version=1,
                                    client_id=41)  # fmt: skip
    assert (again.ok, again.version, again.duplicate) == (True, 2, False)
    assert Game.objects.get(pk=game.pk).version == 2
    frames = [m for batch in sent for group, m in batch if group.startswith(f"game.{game.pk}.")]
    assert sorted(m["v"] for m in frames) == [2, 2, 2]  # each side and the spectators, once
    assert engine.cached_state(game.pk, 2) is not None
