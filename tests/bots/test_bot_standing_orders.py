"""Standing orders in a game against a bot: the person's orders answer every window the bot's
moves open, so the person never waits on a window; and a bot's seat whose side
has orders (a stand-in keeps its player's) answers by them before the bot thinks."""

from __future__ import annotations

import pytest

from games import engine_adapter as engine
from games.botplay.seats import play_against_bot
from games.models import Game, GameStep, Seat
from games.planning import standing
from games.planning.models import OrderAnswer, StandingOrders
from games.services import command_submit
from tests.gamekit import SCENARIO, person, state_of

pytestmark = pytest.mark.django_db

FIRE = [{"units": {"kind": "all"}, "at": {"kind": "any"}, "min_chance": 0, "answer": "fire"}]
NEVER = [{"units": {"kind": "all"}, "at": {"kind": "any"}, "min_chance": 0, "answer": "never"}]
# Ann moves what she may (into the bot's sight, sooner or later), else ends or passes.
ROUTINE = ("roll_initiative", "move", "activate", "end_activation", "pass")


@pytest.fixture(autouse=True)
def quick(settings):
    settings.BOT_PAUSE_SECONDS = 0
    settings.BOT_STEP_SECONDS = 0
    settings.BOTS_RUN = True


def test_orders_answer_the_bots_movers_and_the_bots_side_answers_by_its_own(
        django_capture_on_commit_callbacks):
    ann = person("ann")
    game = play_against_bot(user=ann, scenario=SCENARIO, side="ge", level="recruit")
    game.refresh_from_db()
    standing.standing_orders_set(game=game, user=ann, orders=FIRE)
    # The bot's side keeps orders too (as a stand-in keeps its player's): never fire.
    StandingOrders.objects.create(game=game, side_id="su", orders=NEVER)
    seat = Seat.objects.select_related("side").get(game=game, user=ann)
    for _ in range(400):
        game.refresh_from_db()
        state = state_of(game)
        if engine.is_over(state) or (OrderAnswer.objects.filter(game=game, side_id="ge").exists()
                                     and OrderAnswer.objects.filter(game=game, side_id="su")
                                     .exists()):
            break
        legal = engine.rules_of(state).legal_commands(state, seat.seat_id)
        assert "opportunity_fire" not in legal and "decline" not in legal, \
            "a window for ann's side waited for her though her orders answer every one"
        command = next((legal[k][-1] for k in ROUTINE if legal.get(k)), None)
        if command is None:
            command = next(c for cs in legal.values() for c in cs)
        with django_capture_on_commit_callbacks(execute=True):
            outcome = command_submit(game=game.pk, seat=seat, command=command,
                                     base_version=game.version)
        assert outcome.ok, outcome
    mine = OrderAnswer.objects.filter(game=game, side_id="ge")
    theirs = OrderAnswer.objects.filter(game=game, side_id="su")
    assert mine.exists() and theirs.exists()
    for answer in mine:
        step = GameStep.objects.get(game=game, version=answer.version)
        assert step.seat.user == ann and step.command == answer.command
    for answer in theirs:
        step = GameStep.objects.get(game=game, version=answer.version)
        assert step.seat.user.bot is not None and step.command == {"type": "decline"}
    assert Game.objects.get(pk=game.pk).version > 1
