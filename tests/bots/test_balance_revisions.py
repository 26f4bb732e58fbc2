"""A scenario's balance counts only games and arena runs played on the scenario as it stands
now (its revision), and says how many were left out; every way a game is opened records the
revision; `manage.py bot_arena` stores the revision its games were played on."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from games import engine_adapter as engine
from games.botplay.balance import scenario_balance, store_arena
from games.botplay.models import ArenaRun
from games.botplay.seats import play_against_bot
from games.models import FINISHED, Game
from games.services import game_create, game_join
from games.services.seats import game_rematch
from tests.gamekit import SCENARIO, person, started_game
from tests.revisionkit import rebalanced

pytestmark = pytest.mark.django_db

EARLIER = "0123456789ab"  # a revision the scenario no longer has


def finished(game: Game, winner: str | None, revision: str | None = None) -> Game:
    fields = {"status": FINISHED, "result": {"winner": winner}}
    if revision is not None:
        fields["scenario_revision"] = revision
    Game.objects.filter(pk=game.pk).update(**fields)
    game.refresh_from_db()
    return game


def revision() -> str:
    return engine.scenario(SCENARIO).revision


def test_games_and_arena_runs_on_an_earlier_revision_are_left_out_and_reported():
    ann, bob = person("ann"), person("bob")
    before = revision()
    finished(started_game(ann, bob), "ge")
    finished(started_game(bob, ann), "ge")
    store_arena(SCENARIO, "veteran,veteran", {"ge": 5, "su": 1}, revision=before)
    with rebalanced():
        after = revision()
        assert after != before
        game = finished(started_game(ann, bob), "su")
        assert game.scenario_revision == after
        store_arena(SCENARIO, "veteran,veteran", {"su": 2, "draw": 1}, revision=after)
        store_arena(SCENARIO, "recruit,recruit", {"ge": 1}, revision=EARLIER)
        data = Client().get(f"/api/v1/scenarios/{SCENARIO}/balance").json()
        html = Client().get(f"/scenarios/{SCENARIO}/").content.decode()
    assert data["revision"] == after
    assert data["people"]["games"] == 1
    assert data["people"]["sides"][:2] == [{"side": "ge", "wins": 0, "rate": 0.0},
                                           {"side": "su", "wins": 1, "rate": 1.0}]
    assert [(b["levels"], b["games"]) for b in data["bots"]] == [("veteran,veteran", 3)]
    assert data["left_out"] == {"people": 2, "bots": 6 + 1}
    assert 'id="balance-people-games">1<' in html
    assert 'data-levels="veteran,veteran">3<' in html and "recruit,recruit" not in html
    assert f'id="balance-revision">{after}<' in html
    assert 'id="balance-left-out-people">2<' in html and 'id="balance-left-out-bots">7<' in html
    # Back on the bundled forces, the first two games and the first run count again.
    again = scenario_balance(SCENARIO, ["ge", "su"])
    assert again["people"]["games"] == 2 and again["people"]["sides"][0]["wins"] == 2
    assert again["left_out"] == {"people": 1, "bots": 3 + 1}


def test_games_stored_before_revisions_were_recorded_are_left_out():
    ann, bob = person("ann"), person("bob")
    finished(started_game(ann, bob), "ge", revision="")  # as the migration leaves old rows
    ArenaRun.objects.create(scenario=SCENARIO, levels="veteran,veteran", games=4,
                            side_wins={"ge": 4})
    data = scenario_balance(SCENARIO, ["ge", "su"])
    assert data["people"]["games"] == 0 and data["bots"] == []
    assert data["left_out"] == {"people": 1, "bots": 4}
    html = Client().get(f"/scenarios/{SCENARIO}/").content.decode()
    assert 'id="balance-left-out-people">1<' in html and "finished game between people" in html


def test_a_page_with_nothing_left_out_says_nothing_of_it():
    ann, bob = person("ann"), person("bob")
    finished(started_game(ann, bob), "ge")
    html = Client().get(f"/scenarios/{SCENARIO}/").content.decode()
    assert 'id="balance-people-games">1<' in html and "balance-left-out" not in html


def test_every_way_a_game_is_opened_records_the_scenarios_revision():
    ann, bob = person("ann"), person("bob")
    opened = game_create(user=ann, scenario="pl-hollenbach", side="allied")
    assert opened.scenario_revision == engine.scenario("pl-hollenbach").revision
    assert opened.scenario_revision != revision()
    against_bot = play_against_bot(user=ann, scenario=SCENARIO, side="su", level="recruit")
    assert against_bot.scenario_revision == revision()
    old = finished(started_game(ann, bob), "ge", revision=EARLIER)
    rematch = game_rematch(game=old, user=bob)
    assert rematch.scenario_revision == revision()


def test_a_game_opened_before_a_rebalance_plays_and_counts_on_the_forces_it_starts_with():
    ann, bob = person("ann"), person("bob")
    game = game_create(user=ann, scenario=SCENARIO, side="ge")
    assert game.scenario_revision == revision()
    with rebalanced():
        game_join(game=game, user=bob, side="su")  # the last seat: the opening state is built
        game.refresh_from_db()
        assert game.scenario_revision == revision()
        assert game.status != "open"
    assert game.scenario_revision != revision()


def test_the_bot_arena_command_stores_the_revision_its_games_were_played_on():
    call_command("bot_arena", "--scenario", "pl-hollenbach", "--games", "1",
                 "--levels", "random,random", stdout=open("/dev/null", "w"))
    run = ArenaRun.objects.get()
    assert run.scenario_revision == engine.scenario("pl-hollenbach").revision
    assert run.games == 1
    assert scenario_balance("pl-hollenbach", ["allied", "german"])["bots"][0]["games"] == 1


@pytest.mark.parametrize("args, message", [
    (["--scenario", "no-such-scenario"], "no scenario"),
    (["--scenario", SCENARIO, "--levels", "veteran"], "--levels"),
    (["--scenario", SCENARIO, "--levels", "veteran,general"], "--levels"),
    (["--scenario", SCENARIO, "--games", "0"], "--games"),
])
def test_the_bot_arena_command_refuses_bad_input_and_stores_nothing(args, message):
    with pytest.raises(CommandError, match=message):
        call_command("bot_arena", *args)
    assert not ArenaRun.objects.exists()
