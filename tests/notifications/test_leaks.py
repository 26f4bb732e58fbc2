"""No notification carries what its recipient may not know: a double-blind game and a
hidden-units game of the canary scenario (every unit id ends in its side's marker) played at
random through the services, with every channel on for both players. After each step, each
mail (raw and decoded), push payload (decrypted), webhook body and browser notice it sent is
searched byte for byte for the enemy's marker, and for the hexes where enemy counters stood
that the recipient's side could not see."""

from __future__ import annotations

import json
import random
import re

import pytest

from games import broadcast, selectors, services
from games import engine_adapter as engine
from games.models import Game, GameStep
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


def _texts_of_mail(mail) -> list[str]:
    return [p.get_content() for p in mail.walk() if not p.is_multipart()]


URL = re.compile(r"https?://\S+")
HEX = re.compile(r"\b[A-Z]?\d{4}\b")


def hexes_named(text: str) -> set[str]:
    """The hex labels a text names, links left out (a game id may hold four digits)."""
    return set(HEX.findall(URL.sub(" ", text)))


def secret_hexes(game, version: int, side: str, events: list[dict]) -> set[str]:
    """Hexes holding an enemy counter that `side` could not see at this version (nor just
    before it), and that its own share of the step's events does not name."""
    state = selectors.state_at(game.pk, version)
    audience = engine.side_audience(side)
    seen: set[str] = set()
    for v in {version, max(version - 1, 1)}:
        view = engine.audience_view(game.pk, v, selectors.state_at(game.pk, v), audience)
        seen |= {u.get("hex") for u in view["units"].values() if u.get("hex")}
    told = hexes_named(json.dumps(engine.events_for(events, state, audience)))
    enemy = {r["hex"] for r in engine.unit_rows(state).values() if r["side"] != side and r["hex"]}
    return enemy - seen - told


@pytest.mark.parametrize(
    "options",
    [
        {"double_blind": True, "optional_rules": [], "spectators": "public"},
        {"optional_rules": ["hidden_units"], "spectators": "public"},
    ],
    ids=["double-blind", "hidden-units"],
)
def test_no_channel_carries_a_hidden_enemy_counter_or_where_it_stands(
    axis_player, allied_player, smtp_server, receiver, client, monkeypatch,
    django_capture_on_commit_callbacks, canary_scenario, options,  # noqa: F811
):  # fmt: skip
    frames: list[tuple[str, dict]] = []
    monkeypatch.setattr(broadcast, "send", lambda messages: frames.extend(messages))
    players = {"ge": axis_player, "su": allied_player}
    browsers = {}
    for side, user in players.items():
        prefs = settings_of(user)
        prefs.email, prefs.email_verified = f"{side}@example.test", True
        prefs.webhook_url = receiver.url(f"/hook/{side}")
        prefs.save()
        browsers[side] = Browser()
        subscribe(client, user, receiver, browsers[side], path=f"/push/{side}")
    with django_capture_on_commit_callbacks(execute=True):
        game = services.game_create(
            user=axis_player, scenario=canary_scenario, side="ge", options=options
        )
        services.game_join(game=game, user=allied_player, side="su")
    game = Game.objects.get(pk=game.pk)

    def enemy(side: str) -> bytes:
        return marker("su" if side == "ge" else "ge").encode()

    found: dict[str, int] = {"mail": 0, "push": 0, "webhook": 0, "browser": 0}
    seen = {"mail": 0, "requests": 0, "frames": 0}
    checked = {"lines": 0, "secret hexes": 0}

    def check_what_went_out(version: int, events: list[dict]) -> None:
        """Every notification this step sent, searched for the enemy's counters and for
        where the enemy's unseen counters stand."""
        texts: list[tuple[str, str]] = []  # (recipient side, text)
        for raw, mail in list(zip(smtp_server.inbox.raw, smtp_server.messages, strict=True))[seen["mail"] :]:
            side = mail["To"].split("@")[0]
            decoded = "".join(_texts_of_mail(mail))
            assert enemy(side) not in raw and enemy(side) not in decoded.encode()
            texts.append((side, decoded))
            found["mail"] += 1
        for request in receiver.requests[seen["requests"] :]:
            side = request.path.rsplit("/", 1)[-1]
            assert enemy(side) not in request.body
            if request.path.startswith("/push/"):
                payload = browsers[side].decrypt(request.body)
                assert enemy(side) not in payload
                texts.append((side, payload.decode()))
                found["push"] += 1
            else:
                body = json.loads(request.body)
                checked["lines"] += len(body["pgweb"]["lines"])
                texts.append((side, request.body.decode()))
                found["webhook"] += 1
        for group, message in frames[seen["frames"] :]:
            if group.startswith("notify.user."):
                side = "ge" if group == f"notify.user.{axis_player.pk}" else "su"
                assert enemy(side) not in message["text"].encode()
                texts.append((side, message["text"]))
                found["browser"] += 1
        seen.update(mail=len(smtp_server.messages), requests=len(receiver.requests), frames=len(frames))
        secrets = {s: secret_hexes(game, version, s, events) for s in ("ge", "su")}
        for side, text in texts:
            leaked = hexes_named(text) & secrets[side]
            assert not leaked, f"version {version}: {side} was told of {leaked}: {text[:300]}"
            checked["secret hexes"] += len(secrets[side])

    check_what_went_out(1, [])
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
        events = GameStep.objects.get(game=game, version=outcome.version).events or []
        check_what_went_out(outcome.version, events)

    # Not vacuous: every channel carried notifications, with the steps' log lines in them,
    # and in a double-blind game there were unseen enemy counters to keep quiet about.
    assert min(found.values()) >= 5, found
    assert checked["lines"] > 0
    if options.get("double_blind"):
        assert checked["secret hexes"] > 0
    assert Delivery.objects.filter(status="sent").count() == sum(
        found[c] for c in ("mail", "push", "webhook")
    )
