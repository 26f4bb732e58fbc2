"""A battle's page offers the one "Play against a bot" form the lobby and a scenario's page
have (`{% play_bot_form %}`): sent as the page draws it, it opens a game. A form refused
lands on a page that says why: every page shows the messages a form left (base.html)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.botplay.models import ArenaRun
from games.models import Game
from games.rules.registry import for_scenario
from tests.designkit import pg_battle
from tests.gamekit import signed_in

# Publishing's bot game runs as it is queued.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("immediate_tasks")]


def published(designer: Client, doc: dict) -> None:
    made = designer.post("/api/v1/designer/scenarios",
                         {"ruleset": "panzer_grenadier", "document": doc},
                         content_type="application/json")
    assert made.status_code == 201, made.json()
    sent = designer.post(f"/api/v1/designer/scenarios/{doc['id']}/publish",
                         content_type="application/json")
    assert sent.status_code == 202, sent.json()


def bot_form_fields(page: str) -> tuple[str, dict[str, str]]:
    """The play-a-bot form's address and the fields a browser sends as the page stands."""
    form = re.search(r'<form id="play-bot-form" method="post" action="([^"]+)">(.*?)</form>',
                     page, re.S)
    assert form, "the battle page has the play-a-bot form"
    body = form.group(2)
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', body))
    for name in ("side", "level", "time_control"):
        select = re.search(rf'<select name="{name}">(.*?)</select>', body, re.S)
        chosen = re.search(r'<option value="([^"]+)" selected', select.group(1)) or re.search(
            r'<option value="([^"]+)"', select.group(1))
        fields[name] = chosen.group(1)
    return form.group(1), fields


def test_the_battle_pages_bot_form_opens_a_game_of_that_battle():
    published(signed_in("designer"), pg_battle(id="kursk-farm", title="Kursk Farm"))
    player = signed_in("player")
    page = player.get("/battles/kursk-farm/").content.decode()
    action, fields = bot_form_fields(page)
    answer = player.post(action, fields)
    assert answer.status_code == 302 and answer.url.startswith("/games/"), answer.url
    game = Game.objects.get(pk=answer.url.split("/")[2])
    assert game.scenario == fields["scenario"] and game.scenario.startswith("kursk-farm")


def test_a_refused_bot_game_says_why_on_the_lobby():
    player = signed_in("player")
    answer = player.post("/bots/play", {"scenario": "no-such-battle", "side": "ge",
                                        "level": "veteran", "time_control": "untimed"})
    assert answer.status_code == 302 and answer.url == "/"
    lobby = player.get("/").content.decode()
    said = re.search(r'<div class="site-messages" role="status">(.*?)</div>', lobby, re.S)
    assert said and "no-such-battle" in said.group(1) and "message-error" in said.group(1)
    assert "site-messages" not in player.get("/").content.decode()  # said once


def test_the_battle_page_gives_the_length_and_the_arena_pairing_as_the_card_does():
    published(signed_in("designer"), pg_battle(id="kursk-farm", title="Kursk Farm"))
    _, fields = bot_form_fields(Client().get("/battles/kursk-farm/").content.decode())
    play_id = fields["scenario"]
    revision = for_scenario(play_id).scenarios()[play_id].revision
    ArenaRun.objects.create(scenario=play_id, scenario_revision=revision,
                            levels="veteran,elite", games=2, side_wins={"draw": 2})
    page = Client().get("/battles/kursk-farm/").content.decode()
    assert re.search(r"turns</span> · <span>about \d+½? (min|h)</span></p>", page)
    assert "Arena, Veteran v Elite:" in page


def test_a_battles_page_offers_to_copy_it_into_the_designer():
    published(signed_in("designer"), pg_battle(id="kursk-farm", title="Kursk Farm"))
    page = signed_in("player").get("/battles/kursk-farm/").content.decode()
    assert '<a class="button" id="copy-battle" href="/design/?copy=kursk-farm">Copy into the designer</a>' in page
