"""A standing order answers an opportunity-fire window the moment it opens, through the same
command path as a click, in a correspondence game with nobody acting; the other side learns
nothing of the order: its frames, notices, REST view and bot input are byte for byte those of
a game where the player clicked the same answer."""

from __future__ import annotations

import json

import pytest
import time_machine
from rest_framework.test import APIClient

from games import broadcast
from games import engine_adapter as engine
from games.bots.harness import decision_for
from games.clocks.models import GameClock
from games.models import GameStep
from games.notifications.notices import user_group
from games.planning import standing
from games.planning.models import OrderAnswer
from games.services.errors import ServiceError
from tests.clocks.conftest import START
from tests.gamekit import person, seat, started_game, state_of
from tests.planning.kit import Captured, line_to_window, play, send

CORRESPONDENCE = {"kind": "correspondence", "days": 3}
FIRE = [{"units": {"kind": "all"}, "at": {"kind": "any"}, "min_chance": 0, "answer": "fire"}]


def test_it_refuses_a_malformed_order_and_changes_nothing(axis_player, allied_player):
    game = started_game(axis_player, allied_player)
    with pytest.raises(ServiceError, match="order 2: answer must be one of"):
        standing.standing_orders_set(game=game, user=allied_player,
                                     orders=[FIRE[0], {"answer": "perhaps"}])
    assert standing.standing_orders_read(game=game, user=allied_player)["sides"]["su"][
        "orders"] == []


def test_a_side_reads_only_its_own_orders_and_strangers_none(
        axis_player, allied_player, stranger):
    game = started_game(axis_player, allied_player)
    standing.standing_orders_set(game=game, user=allied_player, orders=FIRE)
    assert list(standing.standing_orders_read(game=game, user=axis_player)["sides"]) == ["ge"]
    assert standing.standing_orders_read(game=game, user=axis_player)["sides"]["ge"][
        "orders"] == []
    with pytest.raises(ServiceError) as refused:
        standing.standing_orders_read(game=game, user=stranger)
    assert refused.value.status == 403


class Table:
    """One correspondence game played to the step that opens a window, its frames captured."""

    def __init__(self, tag: str, captured: Captured, capture, orders: list | None):
        self.ge, self.su = person(f"ge-{tag}"), person(f"su-{tag}")
        self.users = {"ge": self.ge, "su": self.su}
        with capture(execute=True):
            self.game = started_game(self.ge, self.su, time_control=CORRESPONDENCE)
        self.line = line_to_window(self.game)
        start = len(captured.sent)
        if orders is not None:
            with capture(execute=True):
                standing.standing_orders_set(game=self.game, user=self.su, orders=orders)
        self.game.refresh_from_db()
        self.window = self.game.version + len(self.line)
        with capture(execute=True):
            play(self.game, self.users, self.line)
        self.captured, self.start = captured, start

    def group(self, side: str) -> list[str]:
        return self.captured.to(broadcast.side_group(self.game.pk, side))[self._before(side):]

    def _before(self, side: str) -> int:
        group = broadcast.side_group(self.game.pk, side)
        return len([g for g, _ in self.captured.sent[:self.start] if g == group])

    def notices(self, user) -> list[str]:
        texts = self.captured.to(user_group(user.pk))
        return [t.replace(str(self.game.pk), "GAME") for t in texts]


def test_an_order_answers_the_window_in_a_correspondence_game_and_the_other_side_learns_nothing(
        db, monkeypatch, django_capture_on_commit_callbacks):
    captured = Captured(monkeypatch)
    with time_machine.travel(START, tick=False):
        ordered = Table("a", captured, django_capture_on_commit_callbacks, FIRE)
        window = state_of(ordered.game)
        # Nobody acted after the window opened: the order's answer is the next step, su's.
        answer = GameStep.objects.get(game=ordered.game, version=ordered.window + 1)
        assert answer.seat.seat_id == "su-1" and answer.command["type"] == "opportunity_fire"
        assert ordered.game.version >= ordered.window + 1
        line = OrderAnswer.objects.get(game=ordered.game, version=ordered.window + 1)
        assert line.side_id == "su" and line.text.startswith("Fired by standing order")
        # The clock took the answer as su's: the window's timer is no longer that window's.
        assert GameClock.objects.get(pk=ordered.game.pk).window_version != ordered.window

        # The twin game: the same line, the same seed, and su clicks the same answer itself.
        clicked = Table("b", captured, django_capture_on_commit_callbacks, None)
        assert clicked.window == ordered.window
        with django_capture_on_commit_callbacks(execute=True):
            send(clicked.game, clicked.su, answer.command)

    assert ordered.group("ge") and ordered.group("ge") == clicked.group("ge")
    assert ordered.notices(ordered.ge) == clicked.notices(clicked.ge)
    assert not any("standing order" in t or '"orders"' in t for t in ordered.group("ge"))
    # The side that set it is told, on its own channel only.
    assert any("Fired by standing order" in t for t in ordered.group("su"))
    # REST: the other side's view and legal commands, byte for byte.
    api = APIClient()
    for name in ("view", "legal"):
        api.force_login(ordered.ge)
        mine = api.get(f"/api/v1/games/{ordered.game.pk}/{name}").content
        api.force_login(clicked.ge)
        twin = api.get(f"/api/v1/games/{clicked.game.pk}/{name}").content
        assert mine.replace(str(ordered.game.pk).encode(), b"G") == twin.replace(
            str(clicked.game.pk).encode(), b"G")
    # A bot in the other side's seat would be handed exactly the same input.
    rules = engine.rules_of(window)
    a = decision_for(rules, state_of(ordered.game), "ge-1", seed="s", with_previews=False)
    b = decision_for(rules, state_of(clicked.game), "ge-1", seed="s", with_previews=False)
    assert json.dumps(a, default=repr, sort_keys=True) == json.dumps(b, default=repr,
                                                                     sort_keys=True)


def test_orders_set_while_a_window_is_open_answer_it_at_once(
        axis_player, allied_player, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = started_game(axis_player, allied_player)
    line = line_to_window(game)
    with django_capture_on_commit_callbacks(execute=True):
        play(game, {"ge": axis_player, "su": allied_player}, line)
    game.refresh_from_db()
    opened = game.version
    assert engine.window_open(state_of(game))
    with django_capture_on_commit_callbacks(execute=True):
        standing.standing_orders_set(game=game, user=allied_player, orders=[
            {"answer": "never"}])
    game.refresh_from_db()
    step = GameStep.objects.get(game=game, version=opened + 1)
    assert step.command == {"type": "decline"} and step.seat == seat(game, allied_player)
    read = standing.standing_orders_read(game=game, user=allied_player)["sides"]["su"]
    assert read["answered"][0]["text"] == "Declined by standing order"


def test_ask_me_leaves_the_window_to_the_player(
        axis_player, allied_player, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = started_game(axis_player, allied_player)
        standing.standing_orders_set(game=game, user=allied_player, orders=[{"answer": "ask"}])
    line = line_to_window(game)
    with django_capture_on_commit_callbacks(execute=True):
        play(game, {"ge": axis_player, "su": allied_player}, line)
    assert engine.window_open(state_of(game))
    assert not OrderAnswer.objects.filter(game=game).exists()
