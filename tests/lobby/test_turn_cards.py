"""A game card's whose-turn facts (games/lobby/selectors._turn): besides the turn, phase,
side and seat the ruleset names, the seats that may act now (`acting`, every view's public
`may_act`), so the card can say "Waiting for ben" when the other side answers a window; and
the lobby is nudged when they change (lobby.notify.whose_turn)."""

from __future__ import annotations

import pytest

from games import engine_adapter as engine
from games.lobby import notify
from games.lobby.selectors import game_card
from tests.gamekit import person, started_game, state_of

pytestmark = pytest.mark.django_db


def test_a_cards_turn_lists_the_seats_that_may_act_now_as_the_views_do():
    game = started_game(person("ann"), person("bob"), double_blind=True)
    card = game_card(game, set(), {})
    state = state_of(game)
    assert card["turn"]["acting"] == list(engine.who_may_act(state))
    assert card["turn"]["acting"] == engine.audience_view(game.pk, game.version, state, "public")["may_act"]


def test_the_lobby_is_told_when_the_seats_that_may_act_change(monkeypatch):
    class Same:
        pass

    before, after = Same(), Same()
    monkeypatch.setattr(engine, "turn_marker", lambda state: (3, "action", "ge"))
    monkeypatch.setattr(engine, "who_may_act", lambda state: ("ge-1",) if state is before else ("su-1",))
    assert notify.whose_turn(before) != notify.whose_turn(after)
