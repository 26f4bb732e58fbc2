"""The game page never leaves a viewer on a dead "Connecting…": when the board cannot open,
it says why and offers a way forward (no such game, signed out, not started, no spectators,
a player asking for the other side, nothing to replay yet)."""

from __future__ import annotations

import json
import re
import uuid

import pytest
from django.test import Client

from games import services
from games.models import ABANDONED
from tests.gamekit import SCENARIO, person, started_game, started_team_game

pytestmark = pytest.mark.django_db


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def gate(answer) -> str:
    page = answer.content.decode()
    assert 'id="gate"' in page and 'id="board"' not in page
    return page


def test_a_game_that_does_not_exist_says_so_and_points_to_the_lobby(client):
    answer = client.get(f"/games/{uuid.uuid4()}/")
    assert answer.status_code == 404
    page = gate(answer)
    assert "No such game" in page and 'href="/"' in page
    assert client.get("/games/not-a-game/").status_code == 404


def test_watching_signed_out_offers_to_watch_as_a_guest_or_sign_in(client):
    game = started_game(person("ann"), person("bob"))
    answer = client.get(f"/games/{game.pk}/")
    assert answer.status_code == 200
    page = gate(answer)
    assert 'data-reason="signed_out"' in page and 'id="watch-as-guest"' in page
    assert f"/accounts/login/?next=/games/{game.pk}/" in page
    assert "Meeting at Kesselbach" in page


def test_after_signing_in_as_a_guest_the_same_address_opens_the_board(client):
    game = started_game(person("ann"), person("bob"))
    assert client.post("/api/v1/auth/guest").status_code == 201
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="board"' in page and 'id="gate"' not in page


def test_a_game_waiting_for_players_offers_to_join_it_in_the_lobby(client):
    ann = person("ann")
    game = services.game_create(user=ann, scenario=SCENARIO, side="ge")
    for viewer in (client, as_user(person("cleo"))):
        page = gate(viewer.get(f"/games/{game.pk}/"))
        assert 'data-reason="not_started"' in page and f'href="/?game={game.pk}"' in page
    # Its creator waits on the game page itself: the board opens when the last seat is taken.
    assert 'id="board"' in as_user(ann).get(f"/games/{game.pk}/").content.decode()


@pytest.mark.parametrize(
    ("policy", "words"),
    [("none", "without spectators"), ("after_end", "once the game has ended")],
)
def test_a_game_closed_to_spectators_says_which_policy_the_players_chose(policy, words):
    game = started_game(person("ann"), person("bob"), spectators=policy)
    answer = as_user(person("cleo")).get(f"/games/{game.pk}/")
    assert answer.status_code == 403
    page = gate(answer)
    assert 'data-reason="no_spectators"' in page and words in page


def test_a_player_asking_for_the_other_sides_view_is_sent_back_to_their_own(client):
    ann = person("ann")
    game = started_game(ann, person("bob"), spectators="coach")
    page = gate(as_user(ann).get(f"/games/{game.pk}/?side=su"))
    assert 'data-reason="player"' in page and f'href="/games/{game.pk}/"' in page


def test_a_game_abandoned_before_its_start_says_there_is_nothing_to_see():
    ann = person("ann")
    game = services.game_create(user=ann, scenario=SCENARIO, side="ge")
    services.game_leave(game=game, user=ann)
    game.refresh_from_db()
    assert game.status == ABANDONED
    page = gate(as_user(person("cleo")).get(f"/games/{game.pk}/"))
    assert 'data-reason="abandoned"' in page


def test_a_running_game_has_nothing_to_replay_yet():
    ann = person("ann")
    game = started_game(ann, person("bob"))
    answer = as_user(ann).get(f"/games/{game.pk}/replay")
    assert answer.status_code == 404
    assert 'data-reason="no_replay"' in gate(answer)


def test_a_spectator_of_a_double_blind_game_is_told_why_the_map_is_nearly_empty():
    game = started_game(person("ann"), person("bob"), double_blind=True)
    page = as_user(person("cleo")).get(f"/games/{game.pk}/").content.decode()
    assert 'id="watch-note"' in page and "double-blind" in page
    # The players themselves see their side's view: no note.
    open_game = started_game(person("dan"), person("eve"))
    assert 'id="watch-note"' not in as_user(person("fay")).get(f"/games/{open_game.pk}/").content.decode()


def test_the_page_names_who_commands_what_and_which_seat_is_yours():
    ann, bob, cleo, dan = (person(n) for n in ("ann", "bob", "cleo", "dan"))
    game = started_team_game((ann, bob), (cleo, dan))
    page = as_user(bob).get(f"/games/{game.pk}/").content.decode()
    boot = json.loads(re.search(r'id="pg-boot" type="application/json">(.*?)</script>', page, re.S)[1])
    seats = {s["id"]: s for s in boot["seats"]}
    side_order = [side["id"] for side in boot["sides"]]  # the scenario's
    assert [s["id"] for s in boot["seats"]] == [f"{side}-{n}" for side in side_order for n in (1, 2)]
    assert seats["ge-2"]["you"] and not seats["ge-1"]["you"]
    assert seats["ge-1"]["user"] == "ann" and all(s["formations"] for s in seats.values())
    # Which seat commands each unit: for the viewer's own side only.
    assert set(boot["commanders"].values()) == {"ge-1", "ge-2"}
    assert all(unit.startswith("ge") for unit in boot["commanders"])


def test_asking_for_a_sides_view_without_an_invitation_offers_the_public_view():
    game = started_game(person("ann"), person("bob"), spectators="coach")
    for side in ("ge", "su", "xx"):
        answer = as_user(person(f"cleo-{side}")).get(f"/games/{game.pk}/?side={side}")
        page = gate(answer)
        assert answer.status_code == 403 and 'data-reason="coach_invite_only"' in page
        assert f'href="/games/{game.pk}/"' in page and "?side=" not in page.split('id="gate"')[1]


def test_under_sector_command_the_seats_name_no_formations():
    ann, bob, cleo, dan = (person(n) for n in ("ann", "bob", "cleo", "dan"))
    game = started_team_game((ann, bob), (cleo, dan))
    game.options = {**game.options, "optional_rules": ["sector_command"]}
    game.save(update_fields=["options"])
    page = as_user(bob).get(f"/games/{game.pk}/").content.decode()
    boot = json.loads(re.search(r'id="pg-boot" type="application/json">(.*?)</script>', page, re.S)[1])
    assert all(s["formations"] == [] for s in boot["seats"])


def test_watching_as_a_guest_says_it_makes_a_guest_account(client):
    game = started_game(person("ann"), person("bob"))
    page = gate(client.get(f"/games/{game.pk}/"))
    assert 'aria-describedby="guest-note"' in page and "signs you in as a guest" in page


def test_a_spectator_is_not_shown_the_players_keys():
    game = started_game(person("ann"), person("bob"))
    watching = as_user(person("cleo")).get(f"/games/{game.pk}/").content.decode()
    playing = as_user(game.seats.get(seat_id="ge-1").user).get(f"/games/{game.pk}/").content.decode()
    assert "<kbd>Enter</kbd> confirm" in playing and 'id="command-keys"' in playing
    assert "<kbd>Enter</kbd> confirm" not in watching and 'id="command-keys"' not in watching
    assert "Tap a counter to pick it" not in watching
