"""The lobby and the battles page read the catalogue in a fixed number of queries, however
many battles, finished games and arena runs there are: every card shows its battle's
balance, and four queries a battle made each page over a hundred, most of its CPU time
(bench/pages.py measures it). A pin on correctness, not on time."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import engine_adapter as engine
from games.botplay.balance import store_arena
from games.models import FINISHED, Game
from tests.api.test_designer_catalogue_api import post, publish
from tests.designkit import pg_battle, pl_situation
from tests.gamekit import SCENARIO, TEAM_SCENARIO, person, started_game

# Publishing's bot game runs as it is queued.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("immediate_tasks")]

PAGES = ("/", "/battles/")
MOST_QUERIES = 12  # the session, the user, the bundled rows, players' battles, two balances


def queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        page = client.get(url)
    assert page.status_code == 200
    return len(captured)


def finished_game(ann, bob, winner: str) -> None:
    game = started_game(ann, bob)
    Game.objects.filter(pk=game.pk).update(status=FINISHED, result={"winner": winner})


def test_the_lobby_and_the_battles_page_do_not_query_per_battle_or_per_game():
    call_command("load_scenarios", stdout=StringIO())
    ann, bob = person("ann"), person("bob")
    designer = Client()
    designer.force_login(person("designer"))
    viewer = Client()
    viewer.force_login(ann)
    finished_game(ann, bob, "ge")
    publish(designer, pg_battle(id="kursk-farm", date="1943-07-05", front="east"))
    before = {url: queries(viewer, url) for url in PAGES}

    # More of everything a card reads: players' battles, finished games, arena runs.
    publish(designer, pg_battle(id="orel-farm", date="1943-07-12", front="east"))
    publish(designer, pl_situation(id="roer-mill", date="1945-02-23", front="west"),
            "panzer_leader")
    for winner in ("su", "ge", None):
        finished_game(bob, ann, winner)
    for scenario in (SCENARIO, TEAM_SCENARIO):
        store_arena(scenario, "veteran,veteran", {"ge": 2, "su": 1},
                    revision=engine.scenario(scenario).revision)
    draft = pg_battle(id="secret-draft", title="A draft nobody may see")
    assert post(designer, "/api/v1/designer/scenarios",
                {"ruleset": "panzer_grenadier", "document": draft}).status_code == 201
    for url in PAGES:
        page = viewer.get(url).content.decode()
        assert all(battle in page for battle in ("kursk-farm", "orel-farm", "roer-mill"))
        assert "secret-draft" not in page and "A draft nobody may see" not in page

    after = {url: queries(viewer, url) for url in PAGES}
    assert after == before
    assert max(after.values()) <= MOST_QUERIES
