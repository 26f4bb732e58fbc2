"""No notification carries what its recipient may not know: a double-blind game of the canary
scenario (every unit id ends in its side's marker) played at random through the services,
with every channel on for both players; each mail (raw and decoded), push payload (decrypted),
webhook body and browser notice is searched byte for byte for the enemy's marker."""

from __future__ import annotations

import json
import random

import pytest

from games import broadcast, services
from games.models import Game
from games.notifications.models import Delivery
from games.notifications.preferences import settings_of
from games.rules.panzer_grenadier.legal import legal_commands
from tests.gamekit import random_move, seat, state_of
from tests.notifications.servers import Browser
from tests.notifications.test_push import subscribe
from tests.services.test_double_blind_frames import canary_scenario, marker  # noqa: F401

pytestmark = pytest.mark.django_db

SIDES = ("ge", "su")
STEPS = 80


def test_no_channel_carries_a_hidden_enemy_counter(
    axis_player, allied_player, smtp_server, receiver, client, monkeypatch,
    django_capture_on_commit_callbacks, canary_scenario,  # noqa: F811
):  # fmt: skip
    frames: list[tuple[str, dict]] = []
    monkeypatch.setattr(broadcast, "send", lambda messages: frames.extend(messages))
    players = {"ge": axis_player, "su": allied_player}
    browsers = {}
    for side, user in players.items():
        prefs = settings_of(user)
        prefs.email = f"{side}@example.test"
        prefs.webhook_url = receiver.url(f"/hook/{side}")
        prefs.save()
        browsers[side] = Browser()
        subscribe(client, user, receiver, browsers[side], path=f"/push/{side}")
    with django_capture_on_commit_callbacks(execute=True):
        game = services.game_create(
            user=axis_player, scenario=canary_scenario, side="ge",
            options={"double_blind": True, "optional_rules": [], "spectators": "public"},
        )  # fmt: skip
        services.game_join(game=game, user=allied_player, side="su")
    game = Game.objects.get(pk=game.pk)
    rng = random.Random(14)
    for n in range(STEPS):
        state = state_of(game)
        if state.phase == "ended":
            break
        legal = {s.id: legal_commands(state, s.id) for s in state.seats}
        seat_id, command = random_move(rng, legal)
        user = players[next(s.side for s in state.seats if s.id == seat_id)]
        with django_capture_on_commit_callbacks(execute=True):
            outcome = services.command_submit(
                game=game, seat=seat(game, user), command=command,
                base_version=game.version, client_id=n + 1,
            )  # fmt: skip
        assert outcome.ok, outcome

    def enemy(side: str) -> bytes:
        return marker("su" if side == "ge" else "ge").encode()

    found: dict[str, int] = {"mail": 0, "push": 0, "webhook": 0, "browser": 0}
    lines = 0
    for raw, mail in zip(smtp_server.inbox.raw, smtp_server.messages, strict=True):
        side = mail["To"].split("@")[0]
        decoded = b"".join(
            part.get_content().encode() for part in mail.walk() if not part.is_multipart()
        )
        assert enemy(side) not in raw and enemy(side) not in decoded
        found["mail"] += 1
    for request in receiver.requests:
        side = request.path.rsplit("/", 1)[-1]
        if request.path.startswith("/push/"):
            payload = browsers[side].decrypt(request.body)
            assert enemy(side) not in payload and enemy(side) not in request.body
            found["push"] += 1
        else:
            assert enemy(side) not in request.body
            lines += len(json.loads(request.body)["pgweb"]["lines"])
            found["webhook"] += 1
    for group, message in frames:
        if group.startswith("notify.user."):
            side = "ge" if group == f"notify.user.{axis_player.pk}" else "su"
            assert enemy(side) not in message["text"].encode()
            found["browser"] += 1
    # Not vacuous: every channel carried notifications, with the steps' log lines in them.
    assert min(found.values()) >= 5, found
    assert lines > 0
    assert Delivery.objects.filter(status="sent").count() == sum(
        found[c] for c in ("mail", "push", "webhook")
    )
