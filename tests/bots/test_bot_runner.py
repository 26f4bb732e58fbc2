"""The bot runner's leases: a turn whose taker failed, was refused or died is taken again,
by the next kick or the background worker's sweep, and the bot acts exactly once per
version; pacing follows live against correspondence play."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.botplay import claims, pacing, runner, sweep
from games.botplay.models import BotClaim
from games.botplay.seats import play_against_bot
from games.clocks import sweep as clock_sweep
from games.models import Game, GameStep, Presence, Seat
from tests.gamekit import SCENARIO, person

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def quick(settings):
    settings.BOT_PAUSE_SECONDS = 0
    settings.BOT_STEP_SECONDS = 0
    settings.BOTS_RUN = True
    settings.BOT_SWEEP_GRACE_SECONDS = 10


def bot_game(level: str = "recruit", name: str = "ann", **options) -> Game:
    """A person (German) against a bot; no hook ran, so the bot's first turn waits."""
    game = play_against_bot(user=person(name), scenario=SCENARIO, side="ge", level=level,
                            options=options or None)
    game.refresh_from_db()
    return game


def bot_steps(game: Game) -> int:
    return GameStep.objects.filter(game=game, seat__user__bot__isnull=False).count()


def boom(turn):
    raise RuntimeError("the bot's thinking failed")


def test_a_failure_in_thinking_releases_the_claim_and_the_retry_acts_once(monkeypatch):
    game = bot_game()
    calls = []
    real = runner.think

    def flaky(turn):
        calls.append(turn.attempt)
        if turn.attempt == 1:
            raise RuntimeError("first try fails")
        return real(turn)

    monkeypatch.setattr(runner, "think", flaky)
    assert runner.act_once(game.pk) is True
    assert calls == [1, 2]
    claim = BotClaim.objects.get(game=game, version=1)
    assert claim.applied and claim.attempts == 2
    assert bot_steps(game) == 1


def test_a_refused_command_is_retried_and_the_last_attempt_plays_a_legal_random_command(
        monkeypatch):
    game = bot_game()
    real = runner.think
    monkeypatch.setattr(runner, "think",
                        lambda t: {"type": "nonsense"} if t.attempt < runner.MAX_ATTEMPTS
                        else real(t))
    assert runner.act_once(game.pk) is True
    claim = BotClaim.objects.get(game=game, version=1)
    assert claim.applied and claim.attempts == runner.MAX_ATTEMPTS
    assert bot_steps(game) == 1


def test_a_turn_failing_every_attempt_waits_released_and_the_sweep_takes_it_later(monkeypatch):
    game = bot_game()
    monkeypatch.setattr(runner, "think", boom)
    assert runner.act_once(game.pk) is False
    claim = BotClaim.objects.get(game=game, version=1)
    assert not claim.applied and claim.lease_until <= timezone.now()
    monkeypatch.undo()
    assert sweep.resume_bot_turns(timezone.now()) >= 1
    game.refresh_from_db()
    assert game.version > 1
    assert BotClaim.objects.get(game=game, version=1).applied


def test_a_process_killed_mid_turn_leaves_a_lease_that_the_sweep_resumes_once_it_runs_out():
    game = bot_game()
    turn = runner.claim_turn(game.pk)  # the process claimed version 1, then died thinking
    assert turn is not None and turn.attempt == 1
    now = timezone.now()
    # While the lease runs, nobody else takes the turn: not a kick, not the sweep.
    assert runner.act_once(game.pk) is False
    assert sweep.due(now) == []
    assert sweep.resume_bot_turns(now) == 0
    # After a restart, once the lease ran out, the sweep plays the turn, exactly once.
    later = now + timedelta(seconds=claims.lease_seconds() + 1)
    assert sweep.due(later) == [game.pk]
    assert sweep.resume_bot_turns(later) >= 1
    assert GameStep.objects.filter(game=game, version=2).count() == 1
    assert BotClaim.objects.filter(game=game, version=1).count() == 1
    claim = BotClaim.objects.get(game=game, version=1)
    assert claim.applied and claim.attempts == 2
    # A second sweep finds nothing to do for the bot at that version.
    assert BotClaim.objects.filter(game=game, version=1, applied=False).count() == 0


def test_a_wedged_claim_from_before_leases_is_taken_again():
    game = bot_game()
    BotClaim.objects.create(game=game, version=1, seat_id="su-1")  # no lease: an old row
    assert runner.act_once(game.pk) is True
    assert BotClaim.objects.get(game=game, version=1).attempts == 2


def test_the_sweep_leaves_a_just_committed_version_to_the_process_that_heard_of_it():
    game = bot_game()
    now = timezone.now()
    started = Game.objects.values_list("started_at", flat=True).get(pk=game.pk)
    assert sweep.due(started + timedelta(seconds=1)) == []
    assert sweep.due(started + timedelta(seconds=11)) == [game.pk]
    assert now >= started


def test_the_sweep_job_is_registered_with_the_background_worker():
    assert clock_sweep.JOBS["bots"] is sweep.resume_bot_turns


def test_a_live_game_pauses_between_activations_and_a_correspondence_game_never(settings):
    settings.BOT_PAUSE_SECONDS = 1.0
    settings.BOT_STEP_SECONDS = 0.25
    live = bot_game(time_control="live-15+10")
    post = bot_game(name="bea", time_control="days-3")
    untimed = bot_game(name="cy")
    assert pacing.pause_now(live.pk, None) == 1.0
    assert pacing.pause_now(post.pk, None) == 0.0
    assert pacing.pause_now(untimed.pk, None) == 0.0  # nobody has it open
    ann = Seat.objects.get(game=untimed, user__username="cy")
    Presence.objects.create(channel_name="ann-socket", game=untimed, user=ann.user, seat=ann)
    assert pacing.pause_now(untimed.pk, None) == 1.0


def test_a_step_inside_one_activation_gets_the_short_pause(settings):
    from games import engine_adapter as engine

    settings.BOT_PAUSE_SECONDS = 1.0
    settings.BOT_STEP_SECONDS = 0.25
    live = bot_game(time_control="live-15+10")
    state = engine.decode_state(live.pk, live.version, live.state)
    assert pacing.pause_now(live.pk, (state, state)) == 0.25  # nothing new began
    assert pacing.pause_now(live.pk, (None, state)) == 1.0


def test_the_bots_seed_is_keyed_by_the_server_and_says_nothing_of_the_dice():
    game = bot_game()
    turn = runner.claim_turn(game.pk)
    assert turn.decision.seed == runner.bot_seed(game.pk, 1, 1)
    assert game.seed not in turn.decision.seed and turn.decision.seed not in game.seed
    assert runner.bot_seed(game.pk, 1, 2) != turn.decision.seed


def test_a_failure_building_the_bots_input_releases_the_claim(monkeypatch):
    game = bot_game()

    def broken(*args, **kwargs):
        raise RuntimeError("the view could not be built")

    monkeypatch.setattr(runner, "decision_for", broken)
    with pytest.raises(RuntimeError):
        runner.act_once(game.pk)
    claim = BotClaim.objects.get(game=game, version=1)
    assert not claim.applied and claim.lease_until <= timezone.now()
    monkeypatch.undo()
    assert runner.act_once(game.pk) is True
    assert BotClaim.objects.get(game=game, version=1).attempts == 2


def test_a_unit_whose_previews_the_ruleset_refuses_goes_without_and_is_noted():
    from games.bots import harness
    from games.rules.common.errors import IllegalCommand

    class Refusing:
        def previews(self, state, seat, unit):
            if unit == "bad":
                raise IllegalCommand("bombard: blind fire needs a spotter (18.8)")
            return [{"command": {"type": "fire", "firers": [unit]}, "odds": None}]

    problems: list[str] = []
    legal = {"fire": [{"type": "fire", "firers": ["bad"]}, {"type": "fire", "firers": ["ok"]}]}
    out = harness.seat_previews(Refusing(), None, "su-1", legal, problems)
    assert [p["command"]["firers"] for p in out] == [["ok"]]
    assert problems == ["previews of bad for su-1 refused: bombard: blind fire needs a spotter "
                        "(18.8)"]
