"""The clocks' notifications end to end, from a real sweep of the worker's jobs to the real
local servers: "your time is running out", "out of time" (and "your move" to the opponent),
then "game over" when the opponent claims, on mail, Web Push and webhook alike."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
import time_machine
from django.utils import timezone

from games import engine_adapter as engine
from games import services
from games.clocks import absence
from games.clocks import sweep as clock_sweep
from games.notifications.models import Delivery
from games.notifications.preferences import settings_of
from tests.gamekit import seat, started_game, state_of
from tests.notifications.servers import Browser
from tests.notifications.test_push import subscribe

pytestmark = pytest.mark.django_db

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def clock():
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller


@pytest.fixture
def wired(axis_player, allied_player, receiver, smtp_server, client):
    """Both players reachable on every channel: e-mail, a webhook and a push subscription."""
    browsers = {}
    for side, user in (("ge", axis_player), ("su", allied_player)):
        prefs = settings_of(user)
        prefs.email, prefs.email_verified = f"{side}@example.test", True
        prefs.webhook_url = receiver.url(f"/hook/{side}")
        prefs.save()
        browsers[side] = Browser()
        subscribe(client, user, receiver, browsers[side], path=f"/push/{side}")
    return browsers


class Inbox:
    """What each side received since the last look, on each channel, as plain text."""

    def __init__(self, smtp_server, receiver, browsers) -> None:
        self.smtp, self.receiver, self.browsers = smtp_server, receiver, browsers
        self.seen_mail = self.seen_requests = 0

    def take(self) -> dict[tuple[str, str], list[str]]:
        out: dict[tuple[str, str], list[str]] = {}
        for mail in self.smtp.messages[self.seen_mail :]:
            side = mail["To"].split("@")[0]
            text = mail["Subject"] + "\n" + mail.get_body(("plain",)).get_content()
            out.setdefault((side, "mail"), []).append(text)
        for request in self.receiver.requests[self.seen_requests :]:
            side = request.path.rsplit("/", 1)[-1]
            if request.path.startswith("/push/"):
                payload = json.loads(self.browsers[side].decrypt(request.body))
                text = payload["title"] + "\n" + payload["body"]
                out.setdefault((side, "push"), []).append(text)
            else:
                body = json.loads(request.body)
                text = body["pgweb"]["title"] + "\n" + body["content"]
                out.setdefault((side, "webhook"), []).append(text)
        self.seen_mail, self.seen_requests = len(self.smtp.messages), len(self.receiver.requests)
        return out


def sweep_now(capture) -> dict:
    """One sweep of every registered job (clocks and notifications), as the worker runs it."""
    with capture(execute=True):
        return clock_sweep.run_sweep(timezone.now())


CHANNELS = ("mail", "push", "webhook")


def test_a_real_sweep_warns_each_player_once_that_their_time_is_running_out(
    axis_player, allied_player, wired, smtp_server, receiver, clock,
    django_capture_on_commit_callbacks,
):  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        game = started_game(axis_player, allied_player, time_control="days-2")
    inbox = Inbox(smtp_server, receiver, wired)
    inbox.take()  # "your move" to both (either may roll for the initiative)
    # Two days a move; the warning comes with a quarter of the bank (12 hours) left.
    clock.shift(36 * 3600 - 1)
    assert sweep_now(django_capture_on_commit_callbacks)["clocks.remind"] == 0
    assert inbox.take() == {}
    clock.shift(2)
    assert sweep_now(django_capture_on_commit_callbacks)["clocks.remind"] == 2
    got = inbox.take()
    assert sorted(got) == [(s, c) for s in ("ge", "su") for c in CHANNELS]
    for texts in got.values():
        [text] = texts
        assert text.startswith("Your time is running out: ")
        assert "11 hours left" in text  # 11:59:59 left when the sweep saw it
    assert sweep_now(django_capture_on_commit_callbacks)["clocks.remind"] == 0
    assert inbox.take() == {}
    assert Delivery.objects.filter(kind="time_running_out", status="sent").count() == 6
    game.refresh_from_db()
    assert game.version == 1  # a warning changes nothing in the game


def test_out_of_time_reaches_both_sides_then_the_claim_ends_the_game_on_every_channel(
    axis_player, allied_player, wired, smtp_server, receiver, clock,
    django_capture_on_commit_callbacks,
):  # fmt: skip
    live = {"kind": "live", "base": 60, "increment": 0, "window": 20}
    with django_capture_on_commit_callbacks(execute=True):
        game = started_game(axis_player, allied_player, time_control=live)
        services.command_submit(
            game=game, seat=seat(game, axis_player), command={"type": "roll_initiative"},
            base_version=1,
        )  # fmt: skip
    ((flagged, _),) = engine.deciding_sides(state_of(game)).items()
    other = "su" if flagged == "ge" else "ge"
    names = {"ge": "German", "su": "Soviet"}
    inbox = Inbox(smtp_server, receiver, wired)
    inbox.take()
    clock.shift(61)
    done = sweep_now(django_capture_on_commit_callbacks)
    assert done["clocks.flag"] == 1
    got = inbox.take()
    assert sorted(got) == sorted((s, c) for s in ("ge", "su") for c in CHANNELS)
    for channel in CHANNELS:
        [mine] = got[(flagged, channel)]
        assert mine.startswith("Out of time: ") and "ran out of time" in mine
        [theirs] = got[(other, channel)]
        assert theirs.startswith("Your move: ")
        assert f"{names[flagged]} ran out of time" in theirs and "claim the win" in theirs

    opponent = axis_player if other == "ge" else allied_player
    with django_capture_on_commit_callbacks(execute=True):
        absence.claim_win(game=game, user=opponent, side=flagged)
    got = inbox.take()
    assert sorted(got) == sorted((s, c) for s in ("ge", "su") for c in CHANNELS)
    for texts in got.values():
        [text] = texts
        assert text.startswith("Game over: ")
        assert f"{names[other]} won" in text
    assert Delivery.objects.filter(kind="game_over", status="sent").count() == 6
    assert not Delivery.objects.exclude(status="sent").exists()
