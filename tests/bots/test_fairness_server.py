"""Bots play fair on the server too: the runner's path (claim, the bot's input built from the
stored game, its command through command_submit on the real services) carries no canary in
the bot's input, its commands, the claim rows or the log lines the bot code writes, in a
double-blind game of every bundled Panzer Grenadier scenario (and Panzer Leader's landing,
where units afloat are face down)."""

from __future__ import annotations

import logging
import random

import pytest

from games import engine_adapter as engine
from games.botplay import runner
from games.botplay.models import BotClaim
from games.botplay.seats import play_against_bot
from games.models import FINISHED, GameStep, Seat
from games.rules.panzer_grenadier import leakcheck
from games.rules.panzer_grenadier.core.serialize import canonical_json
from games.rules.panzer_grenadier.double_blind import knowledge
from games.rules.panzer_leader.core import hidden as pl_hidden
from games.selectors import state_at
from games.services import command_submit
from tests.gamekit import person

pytestmark = pytest.mark.django_db

CASES = [("meeting-at-kessel", "ge", True), ("melnitsa-bridgehead", "ge", True),
         ("sosna-line", "ge", True), ("pl-seeufer-landing", "german", False)]


@pytest.fixture(autouse=True)
def quick(settings):
    settings.BOT_PAUSE_SECONDS = 0
    settings.BOT_STEP_SECONDS = 0
    settings.BOTS_RUN = True


def _unseen(state, side: str) -> frozenset[str]:
    if engine.rules_of(state).id == "panzer_grenadier":
        seen = knowledge.contact(state)[side]
        return frozenset(u for u in state.units if state.units[u].side != side and u not in seen)
    return frozenset(u.id for u in state.units.values() if pl_hidden.hidden_from(state, u, {side}))


def _brief(rng: random.Random, legal: list[dict]) -> dict:
    """The person keeps turns short, so the bot gets many."""
    for wanted in ("end_activation", "pass", "decline", "end_phase"):
        found = [c for c in legal if c["type"] == wanted]
        if found and rng.random() < 0.8:
            return found[0]
    return rng.choice(legal)


@pytest.mark.parametrize(("scenario", "side", "double_blind"), CASES)
def test_the_runner_gives_a_bot_nothing_hidden_and_nothing_hidden_leaves_it(
        scenario, side, double_blind, monkeypatch, caplog, django_capture_on_commit_callbacks):
    caplog.set_level(logging.DEBUG, logger="games.botplay")
    seen: list[tuple] = []
    real = runner.think

    def watched(turn):
        command = real(turn)
        seen.append((turn, command))
        return command

    monkeypatch.setattr(runner, "think", watched)
    ann = person("ann")
    options = {"double_blind": True} if double_blind else None
    with django_capture_on_commit_callbacks(execute=True):
        game = play_against_bot(user=ann, scenario=scenario, side=side, level="veteran",
                                options=options)
    me = Seat.objects.get(game=game, user=ann)
    rng = random.Random(7)
    for _ in range(40):
        game.refresh_from_db()
        if game.status == FINISHED or len(seen) >= 25:
            break
        state = engine.decode_state(game.pk, game.version, game.state)
        legal = engine.legal_for(state, me.seat_id)
        assert legal, "the bot left the person nothing to do"
        with django_capture_on_commit_callbacks(execute=True):
            assert command_submit(game=game, seat=me, command=_brief(rng, legal),
                                  base_version=game.version).ok
    assert len(seen) >= 10
    secret = ""
    hidden = 0
    for turn, command in seen:
        step = GameStep.objects.filter(game_id=turn.game_id, version=turn.version + 1).first()
        assert step is not None and step.command == command  # it went through command_submit
        state = state_at(turn.game_id, turn.version)
        secret = getattr(state, "secret", "") or secret
        bot_side = engine.seat_sides(state)[turn.seat.seat_id]
        canaries = _unseen(state, bot_side)
        hidden += bool(canaries)
        d = turn.decision
        text = canonical_json({"view": d.view, "legal": d.legal, "previews": d.previews,
                               "seed": d.seed})
        assert leakcheck.leaks_in(text, canaries, secret) == []
        assert leakcheck.leaks_in(canonical_json(command), canaries, secret) == []
    for claim in BotClaim.objects.filter(game=game):
        state = state_at(game.pk, claim.version)
        canaries = _unseen(state, engine.seat_sides(state)[claim.seat_id])
        assert leakcheck.leaks_in(canonical_json(claim.command), canaries, secret) == []
    logs = "\n".join(r.getMessage() for r in caplog.records)
    assert not secret or secret not in logs
    if double_blind:
        assert hidden, "nothing was hidden from the bot: the test proved nothing"

