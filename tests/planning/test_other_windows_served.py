"""Standing orders for the other decisions Panzer Grenadier asks of a side that is not moving
(D-ORDERS-2), served: a double-blind window where the side has no shot, declined by its
`no_shot` order, and an offer to take back an activation, answered by its `takeback` order.
Each answer is the next step with nobody acting, in a correspondence game, through the
command path a click takes; the side is told "by standing order" on its own channel, and
every other channel (the other side, spectators, the other player's notices, REST, a bot's
input) carries byte for byte what it carries when the player clicks the same answer."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import time_machine
from rest_framework.test import APIClient

from games import broadcast
from games import engine_adapter as engine
from games.bots.harness import decision_for
from games.models import Game, GameStep
from games.notifications.notices import user_group
from games.planning import standing
from games.planning.models import OrderAnswer
from games.rules.common import handles
from games.rules.panzer_grenadier.optional import takeback
from tests.clocks.conftest import START
from tests.clocks.kit import SEED
from tests.gamekit import person, started_game, state_of
from tests.planning.kit import Captured, line_to_window, play, send
from tests.services.test_double_blind_frames import legal_by_seat

CORRESPONDENCE = {"kind": "correspondence", "days": 3}
HANDLE = re.compile(rf"\b{re.escape(handles.PREFIX)}[0-9a-f]{{{handles.LENGTH}}}\b")


def no_shot_window(state: Any) -> bool:
    """An opportunity-fire window in which no seat of the deciding side has a shot."""
    if state.opfire is None:
        return False
    return all(set(groups) <= {"decline"} for seat_id, groups in legal_by_seat(state).items()
               if engine.seat_sides(state)[seat_id] == state.opfire.side)


def takeback_offered(state: Any) -> bool:
    return takeback.answering_side(state) is not None


def deciding_side(game: Game, line: list[tuple[str, dict]]) -> str:
    """The side that must answer once the line is played (worked out on the engine)."""
    state, position = state_of(game), game.dice_position
    for seat_id, command in line:
        applied = engine.apply_command(state, seat_id, command, SEED, position)
        state, position = applied.state, applied.dice_position
    [side] = engine.deciding_sides(state)
    return side


class Table:
    """A correspondence game played to the decision `wanted`, every frame captured; with
    `orders`, the deciding side set them before the line was played."""

    def __init__(self, tag: str, captured: Captured, capture, options: dict,
                 wanted: Callable[[Any], bool], orders: list | None):
        self.users = {"ge": person(f"axis{tag}x"), "su": person(f"allies{tag}x")}
        with capture(execute=True):
            self.game = started_game(self.users["ge"], self.users["su"],
                                     time_control=CORRESPONDENCE, **options)
        self.line = line_to_window(self.game, wanted)
        self.side = deciding_side(self.game, self.line)
        self.other = "su" if self.side == "ge" else "ge"
        if orders is not None:
            with capture(execute=True):
                standing.standing_orders_set(game=self.game, user=self.users[self.side],
                                             orders=orders)
        self.game.refresh_from_db()
        self.decision = self.game.version + len(self.line)
        self.captured, self.start = captured, len(captured.sent)
        self._handles: dict[str, str] = {}
        self.end = len(captured.sent)
        with capture(execute=True):
            play(self.game, self.users, self.line)

    def _plain(self, text: str) -> str:
        """The text with what differs between twin games by construction named alike: the
        game's id, the players' names, and the handles of hidden counters (keyed by each
        game's own secret), numbered in the order they first appear."""
        text = text.replace(str(self.game.pk), "GAME")
        for side, user in self.users.items():
            text = text.replace(user.username, side.upper())
            text = text.replace(user_group(user.pk), f"notices of {side}")
        return HANDLE.sub(lambda m: self._handles.setdefault(
            m.group(0), f"H{len(self._handles)}"), text)

    def everything_but_the_side(self) -> list[tuple[str, str]]:
        """Every frame sent since the line began, but the deciding side's own channel and
        its player's notices: what the other side, spectators and the lobby got."""
        mine = {broadcast.side_group(self.game.pk, self.side),
                user_group(self.users[self.side].pk)}
        return [(self._plain(g), self._plain(t)) for g, t in self.sent() if g not in mine]

    def to_side(self) -> list[str]:
        group = broadcast.side_group(self.game.pk, self.side)
        return [t for g, t in self.sent() if g == group]

    def sent(self) -> list[tuple[str, str]]:
        """What was sent from the start of the line to the answer (`done`)."""
        return self.captured.sent[self.start:self.end]

    def done(self) -> None:
        self.end = len(self.captured.sent)


def answered_and_clicked(captured: Captured, capture, options: dict, wanted, orders: list):
    """The game whose orders answer, and its twin whose player clicks the same answer."""
    with time_machine.travel(START, tick=False):
        ordered = Table("a", captured, capture, options, wanted, orders)
        answer = GameStep.objects.get(game=ordered.game, version=ordered.decision + 1)
        ordered.done()
        clicked = Table("b", captured, capture, options, wanted, None)
        assert (clicked.decision, clicked.side) == (ordered.decision, ordered.side)
        clicked.game.refresh_from_db()
        assert clicked.game.version == clicked.decision  # the twin waits for its player
        # The twin's player clicks each answer the orders gave (a declined window may let the
        # move go on into another that the orders answer too).
        for step in GameStep.objects.filter(game=ordered.game, version__gt=ordered.decision
                                            ).select_related("seat__side").order_by("version"):
            with capture(execute=True):
                send(clicked.game, clicked.users[step.seat.side.side_id], step.command)
        clicked.done()
    return ordered, clicked, answer


def assert_the_other_side_learns_nothing(ordered: Table, clicked: Table) -> None:
    assert ordered.everything_but_the_side() == clicked.everything_but_the_side()
    assert not any("standing order" in t for _, t in ordered.everything_but_the_side())
    api = APIClient()
    for name in ("view", "legal"):
        api.force_login(ordered.users[ordered.other])
        mine = api.get(f"/api/v1/games/{ordered.game.pk}/{name}").content
        api.force_login(clicked.users[clicked.other])
        twin = api.get(f"/api/v1/games/{clicked.game.pk}/{name}").content
        assert ordered._plain(mine.decode()) == clicked._plain(twin.decode())
    seat_id = f"{ordered.other}-1"
    rules = engine.rules_of(state_of(ordered.game))
    a = decision_for(rules, state_of(ordered.game), seat_id, seed="s", with_previews=False)
    b = decision_for(rules, state_of(clicked.game), seat_id, seed="s", with_previews=False)
    assert json.dumps(a, default=repr, sort_keys=True) == json.dumps(b, default=repr,
                                                                     sort_keys=True)


def test_a_no_shot_order_declines_a_double_blind_window_and_the_mover_learns_nothing(
        db, monkeypatch, django_capture_on_commit_callbacks):
    captured = Captured(monkeypatch)
    ordered, clicked, answer = answered_and_clicked(
        captured, django_capture_on_commit_callbacks, {"double_blind": True}, no_shot_window,
        [{"window": "no_shot", "answer": "never"}])
    assert answer.command == {"type": "decline"}
    assert answer.seat.side.side_id == ordered.side
    line = OrderAnswer.objects.get(game=ordered.game, version=ordered.decision + 1)
    assert line.text == "Declined by standing order"
    assert any("Declined by standing order" in t for t in ordered.to_side())
    assert_the_other_side_learns_nothing(ordered, clicked)


def test_a_takeback_order_answers_the_offer_at_once_and_the_offering_side_learns_nothing(
        db, monkeypatch, django_capture_on_commit_callbacks):
    captured = Captured(monkeypatch)
    ordered, clicked, answer = answered_and_clicked(
        captured, django_capture_on_commit_callbacks, {"optional_rules": ["takebacks"]},
        takeback_offered, [{"window": "takeback", "answer": "accept"}])
    assert answer.command == {"type": "accept_takeback"}
    line = OrderAnswer.objects.get(game=ordered.game, version=ordered.decision + 1)
    assert (line.side_id, line.text) == (ordered.side, "Take-back accepted by standing order")
    assert any("Take-back accepted by standing order" in t for t in ordered.to_side())
    assert_the_other_side_learns_nothing(ordered, clicked)


def test_without_a_takeback_order_the_offer_waits_for_the_player(
        db, django_capture_on_commit_callbacks):
    ge, su = person("axisw"), person("alliesw")
    with django_capture_on_commit_callbacks(execute=True):
        game = started_game(ge, su, optional_rules=["takebacks"])
    line = line_to_window(game, takeback_offered)
    side = deciding_side(game, line)
    with django_capture_on_commit_callbacks(execute=True):
        standing.standing_orders_set(game=game, user={"ge": ge, "su": su}[side],
                                     orders=[{"answer": "never"}])  # fire orders only
        play(game, {"ge": ge, "su": su}, line)
    assert takeback_offered(state_of(game))
    assert not OrderAnswer.objects.filter(game=game).exists()
