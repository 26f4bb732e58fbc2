"""The lobby's pages render: lobby, create a game, sign up and in, claim, profile, thumbnails."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games import services
from tests.gamekit import SCENARIO, person, started_game

pytestmark = pytest.mark.django_db


def test_the_lobby_offers_quick_match_with_the_scenarios_and_sides(client):
    page = client.get("/").content.decode()
    assert 'id="quick-match"' in page and "Meeting at Kesselbach" in page
    assert '<option value="su">Soviet</option>' in page


def test_the_create_page_lists_each_scenario_with_its_map_thumbnail(client):
    page = client.get("/new-game/").content.decode()
    assert f"/scenarios/{SCENARIO}/thumbnail.svg" in page and "1943-08-14" in page
    svg = client.get(f"/scenarios/{SCENARIO}/thumbnail.svg")
    assert svg["Content-Type"] == "image/svg+xml"
    assert svg.content.count(b"<polygon") >= 240  # one per hex, more for the hills
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


def test_quick_match_and_the_bot_form_say_which_game_each_scenario_and_side_is_of(client):
    page = client.get("/").content.decode()
    assert '<optgroup label="Panzer Grenadier">' in page and '<optgroup label="Panzer Leader">' in page
    side = page[page.index('name="side"'):]
    side = side[: side.index("</select>")]
    for game in side.split("<optgroup")[1:]:
        names = [n.split("<")[0] for n in game.split('">')[2:]]
        assert len(names) == len(set(names)), names  # no "German, German" within a game
    assert "Panzer Grenadier: Meeting at Kesselbach, German" in page
