"""No byte of the other side reaches a coach, nor of either side a public spectator, in
double-blind and hidden-unit games: live frames, snapshots, chat and presence frames on their
sockets, the game page's embedded data (the `pg-boot` JSON block) and the REST answers.

The canary scenario (tests/services/test_double_blind_frames.py) is the learning scenario
with every unit id ending in its side's marker (`zqgecanary`, `zqsucanary`): the other
side's marker may appear nowhere in what a coach receives, and neither marker in what a
spectator receives, not even inside a longer string. Each side's chat carries its marker
too. The game's seed and its secret are canaries for everyone.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games import engine_adapter as engine
from games import services
from games.models import Game, Seat
from games.rules.panzer_grenadier.leakcheck import OPTION_SETS
from games.services import spectators
from tests.consumers.conftest import Sock, game_path, sign_in
from tests.gamekit import legal_by_seat, random_move
from tests.services.test_double_blind_frames import (  # noqa: F401  (a fixture, found by name)
    canary_scenario,
    marker,
)

pytestmark = pytest.mark.django_db(transaction=True)

STEPS = 24


def open_game(scenario: str, ann, bob, options: tuple[str, ...], delay: int) -> Game:
    game = services.game_create(
        user=ann, scenario=scenario, side="ge",
        options={"double_blind": True, "optional_rules": sorted(set(options) - {"double_blind"}),
                 "spectators": "coach", "spectator_delay": delay},
    )  # fmt: skip
    services.game_join(game=game, user=bob, side="su")
    game.refresh_from_db()
    spectators.coach_invite(game=game, user=ann, username="cleo")
    return game


def play_step(game: Game, rng: random.Random) -> int:
    game.refresh_from_db()
    state = engine.decode_state(game.pk, game.version, game.state)
    seat_id, command = random_move(rng, legal_by_seat(state))
    seat = Seat.objects.select_related("side").get(game=game, seat_id=seat_id)
    outcome = services.command_submit(
        game=game.pk, seat=seat, command=command, base_version=game.version, client_id=game.version
    )
    assert outcome.ok, outcome.frame()
    return outcome.frame()["v"]


def secrets_of(game_id) -> list[str]:
    game = Game.objects.get(pk=game_id)
    state = engine.decode_state(game.pk, game.version, game.state)
    assert not engine.is_over(state)  # after the end everything is shown: nothing to check
    return [s for s in (game.seed, getattr(state, "secret", "")) if s]


def leaks(text: str, forbidden: list[str]) -> list[str]:
    return [f for f in forbidden if f in text]


def page_and_rest(game_id, user) -> dict[str, str]:
    """What one viewer reads beside the socket: the game page and the REST answers."""
    client = Client()
    client.force_login(user)
    base = f"/api/v1/games/{game_id}"
    page = client.get(f"/games/{game_id}/").content.decode()
    boot = re.search(r'<script id="pg-boot" type="application/json">(.*?)</script>', page, re.S)
    assert boot, "the page has its data block"
    out = {"page": page, "boot": boot.group(1)}
    for path in ("/view", "/log", "", "/coaches", "/legal", "/history"):
        out[f"rest{path or ' game'}"] = client.get(base + path).content.decode()
    out["rest games"] = client.get("/api/v1/games", {"status": "active"}).content.decode()
    out["rest lobby"] = client.get("/api/v1/lobby").content.decode()
    return out


@pytest.mark.parametrize("options, delay", [(OPTION_SETS[0], 0), (OPTION_SETS[2], 2)])
async def test_a_coach_gets_nothing_of_the_other_side_and_a_spectator_nothing_of_either(
    app, memory_layer, canary_scenario, options, delay  # noqa: F811
):
    ann, ann_cookie = await sign_in("ann")
    bob, bob_cookie = await sign_in("bob")
    cleo, cleo_cookie = await sign_in("cleo")
    sam, sam_cookie = await sign_in("sam")
    game = await database_sync_to_async(open_game)(canary_scenario, ann, bob, options, delay)
    coach = await Sock(app, game_path(game.pk), cleo_cookie).open()
    watcher = await Sock(app, game_path(game.pk), sam_cookie).open()
    ge = await Sock(app, game_path(game.pk), ann_cookie).open()
    su = await Sock(app, game_path(game.pk), bob_cookie).open()
    for sock in (coach, watcher, ge, su):
        await sock.at_version(1)
    rng = random.Random(f"coach-leaks:{options}")
    version = 1
    for n in range(STEPS):
        version = await database_sync_to_async(play_step)(game, rng)
        if n % 6 == 2:  # each side plans on its own channel, naming its marker
            await ge.send({"t": "chat", "d": {"channel": "side", "text": f"plan {marker('ge')}"}})
            await su.send({"t": "chat", "d": {"channel": "side", "text": f"plan {marker('su')}"}})
        if n % 8 == 4:  # someone leaves and comes back: presence frames for every audience
            await su.close()
            su = await Sock(app, game_path(game.pk, v=version), bob_cookie).open()
    await coach.at_version(version)
    await watcher.at_version(version - delay)
    await watcher.quiet(0.3)
    await coach.quiet(0.3)
    secrets = await database_sync_to_async(secrets_of)(game.pk)

    kinds = {f["t"] for f in coach.frames} | {f["t"] for f in watcher.frames}
    assert {"snapshot", "presence"} <= kinds and ({"patch", "tick"} & kinds)
    own_plans = [f for f in coach.frames if f["t"] == "chat" and marker("ge") in f["d"]["text"]]
    assert own_plans  # its own side's plans reach it
    for frame in coach.frames:
        text = json.dumps(frame, ensure_ascii=False)
        assert not leaks(text, [marker("su"), *secrets]), f"coach frame: {text[:300]}"
    for frame in watcher.frames:
        text = json.dumps(frame, ensure_ascii=False)
        assert not leaks(text, [marker("su"), marker("ge"), *secrets]), f"spectator: {text[:300]}"

    coach_reads = await database_sync_to_async(page_and_rest)(game.pk, cleo)
    watcher_reads = await database_sync_to_async(page_and_rest)(game.pk, sam)
    assert json.loads(coach_reads["boot"])["coach"] is True
    for where, text in coach_reads.items():
        assert not leaks(text, [marker("su"), *secrets]), f"coach {where}: {text[:300]}"
    for where, text in watcher_reads.items():
        assert not leaks(text, [marker("su"), marker("ge"), *secrets]), f"spectator {where}"
    # The canary is there to be found: the coach's own side's counters carry theirs.
    enemy_reads = await database_sync_to_async(page_and_rest)(game.pk, bob)
    assert marker("ge") in coach_reads["rest/view"] and marker("su") in enemy_reads["rest/view"]
