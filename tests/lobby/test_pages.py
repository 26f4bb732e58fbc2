"""The lobby's pages render: lobby, create a game, sign up and in, claim, profile, thumbnails."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games import engine_adapter as engine
from games import services
from games.designer.catalogue import first_battle
from tests.gamekit import SCENARIO, person, started_game

pytestmark = pytest.mark.django_db


def test_the_lobby_offers_quick_match_for_any_battle_and_the_catalogue_of_battle_cards(client):
    page = client.get("/").content.decode()
    assert 'id="quick-match"' in page and "Meeting at Kesselbach" in page
    assert '<select name="scenario"' not in page and 'name="choice"' not in page
    assert 'class="battle-card' in page and f'data-play-id="{SCENARIO}"' in page
    # No battle chosen: quick match takes any, and asks for no side.
    quick = page[page.index('id="quick-match-form"'):]
    quick = quick[: quick.index("</form>")]
    assert 'name="scenario" value="" checked' in quick and 'name="side"' not in quick


def test_the_create_page_lists_each_scenario_with_its_map_thumbnail(client):
    page = client.get(f"/new-game/?scenario={SCENARIO}").content.decode()
    assert f"/scenarios/{SCENARIO}/thumbnail.svg" in page and "1943-08-14" in page
    svg = client.get(f"/scenarios/{SCENARIO}/thumbnail.svg")
    assert svg["Content-Type"] == "image/svg+xml"
    # Every hex is drawn (a closed outline in its terrain's path), and each hill shaded again,
    # in one path per fill: a dozen elements for the browser, not one per hex.
    hexes = engine.map_payload(SCENARIO)["hexes"]
    assert len(hexes) >= 240
    hills = sum(1 for h in hexes if h["elevation"])
    assert svg.content.count(b"Z") == len(hexes) + hills
    fills = {h["terrain"] for h in hexes}
    assert svg.content.count(b"<path") <= len(fills) + 4 and b"<polygon" not in svg.content
    assert client.get("/scenarios/nowhere/thumbnail.svg").status_code == 404


def test_sign_up_signs_in_and_the_profile_lists_the_players_games(client):
    answer = client.post(
        "/accounts/signup/",
        {"username": "hanna", "password1": "long secret 42!", "password2": "long secret 42!"},
    )
    assert answer.status_code == 302
    hanna = get_user_model().objects.get(username="hanna")
    started_game(hanna, person("bob"))
    page = client.get("/players/hanna/").content.decode()
    assert "Meeting at Kesselbach" in page and "<td>German</td>" in page
    assert client.post("/accounts/logout/").status_code == 302
    assert (
        client.post(
            "/accounts/login/", {"username": "hanna", "password": "long secret 42!"}
        ).status_code
        == 302
    )


def test_a_page_that_sent_a_visitor_to_sign_in_is_where_signing_up_or_a_guest_goes_on_to(client):
    page = client.get("/accounts/login/?next=/design/%3Fcopy%3Dmill").content.decode()
    assert '<a href="/accounts/signup/?next=/design/%3Fcopy%3Dmill">Sign up</a>' in page
    assert 'id="go-on-as-guest" data-next="/design/?copy=mill"' in page
    signup = client.get("/accounts/signup/?next=/design/%3Fcopy%3Dmill").content.decode()
    assert '<a href="/accounts/login/?next=/design/%3Fcopy%3Dmill">Sign in</a>' in signup
    answer = client.post("/accounts/signup/?next=/design/%3Fcopy%3Dmill", {
        "username": "greta", "password1": "long secret 42!", "password2": "long secret 42!",
        "next": "/design/?copy=mill"})
    assert answer.status_code == 302 and answer["Location"] == "/design/?copy=mill"
    # Signing in plainly offers no guest: there is nowhere to go on to but the lobby.
    client.post("/accounts/logout/")
    plain = client.get("/accounts/login/").content.decode()
    assert "go-on-as-guest" not in plain and '<a href="/accounts/signup/">Sign up</a>' in plain
    # Another site is never a place to go on to.
    away = client.get("/accounts/login/?next=https://example.com/").content.decode()
    assert "example.com" not in away and "go-on-as-guest" not in away


def test_a_guest_claims_the_account_on_the_claim_page():
    guest = Client()
    guest.post("/api/v1/auth/guest", content_type="application/json")
    me = get_user_model().objects.get()
    assert services.is_guest(me)
    answer = guest.post("/accounts/claim/", {"username": "otto", "password": "long secret 42!"})
    assert answer.status_code == 302 and answer["Location"] == "/players/otto/"
    assert not services.is_guest(get_user_model().objects.get(pk=me.pk))
    assert "otto" in guest.get("/").content.decode()  # still signed in


def test_names_with_markup_are_escaped_on_server_pages(client):
    odd = get_user_model().objects.create_user(username="<b>bold")  # no "/": it names a URL
    started_game(odd, person("bob"))
    page = client.get("/players/<b>bold/").content.decode()
    assert "&lt;b&gt;bold" in page and "<b>bold" not in page


def side_names(form_html: str) -> list[str]:
    side = form_html[form_html.index('name="side"'):]
    return re.findall(r"<option[^>]*>([^<]*)</option>", side[: side.index("</select>")])


def test_quick_match_and_the_bot_form_name_the_chosen_battles_own_sides_once(client):
    # Issue 50: "Any, Allied, German, German, Soviet". The 1940 situation's Allies are French.
    page = client.get("/?scenario=pl-1940-semois-ford").content.decode()
    quick = page[page.index('id="quick-match-form"'):]
    quick = quick[: quick.index("</form>")]
    assert side_names(quick) == ["Any side", "French", "German"]
    assert 'value="pl-1940-semois-ford" checked' in quick and "Panzer Leader" in quick
    bot = page[page.index('id="play-bot-form"'):]
    bot = bot[: bot.index("</form>")]
    assert side_names(bot) == ["French", "German"]
    assert 'name="scenario" value="pl-1940-semois-ford"' in bot


def test_every_battle_card_says_which_game_it_is_of(client):
    page = client.get("/").content.decode()
    cards = page.split('<article class="battle-card')[1:]
    assert len(cards) >= 8
    titles = {"panzer_grenadier": "Panzer Grenadier", "panzer_leader": "Panzer Leader"}
    for card in cards:
        ruleset = card.split('data-ruleset="')[1].split('"')[0]
        assert f'<span class="tag ruleset">{titles[ruleset]}</span>' in card


def test_an_unknown_battle_in_the_address_is_ignored(client):
    page = client.get("/?scenario=no-such-battle").content.decode()
    quick = page[page.index('id="quick-match-form"'):]
    assert 'name="scenario" value="" checked' in quick[: quick.index("</form>")]
    assert "no-such-battle" not in page


def test_the_new_game_page_opens_the_chosen_battle_shown_as_its_card(client):
    page = client.get("/new-game/?scenario=pl-hollenbach").content.decode()
    form = page[page.index('id="new-game-form"'):]
    assert 'name="scenario" id="scenario-input" value="pl-hollenbach"' in form
    assert 'data-sides="allied:Allied,german:German"' in form
    chosen = form[form.index('<article class="battle-card chosen"'):]
    assert 'data-play-id="pl-hollenbach"' in chosen[:300]
    # With nothing chosen, the first bundled battle (a learning one) is offered.
    first = client.get("/new-game/").content.decode()
    assert f'id="scenario-input" value="{first_battle()["play_id"]}"' in first
    assert engine.scenario(first_battle()["play_id"]).learning


@pytest.mark.parametrize("scenario_id", ["pl-01-utah-beach", "pl-20-remagen"])
def test_a_panzer_leader_thumbnail_colours_its_woods_streams_beach_and_sea_as_the_board(
        client, scenario_id):
    svg = client.get(f"/scenarios/{scenario_id}/thumbnail.svg").content.decode()
    chart = engine.terrain_chart(scenario_id)
    drawn = {h["terrain"] for h in engine.map_payload(scenario_id)["hexes"]}
    assert {"woods", "stream"} <= drawn or "sea" in drawn
    for terrain in drawn:
        assert f'fill="{chart[terrain]["fill"]}"' in svg, terrain
    assert 'fill="#ffffff"' not in svg
