"""A player with as many games against bots going as they may have (BOT_GAMES_PLAYED_MAX)
who asks for another, from any page's form, is told so in words on the page they were on:
what the limit is, what to do (finish or resign one), and a link to each of those games.
The API answers the same words with the games listed, for the lobby's buttons (rematch, a
quick match's bot) to show."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from games import services
from games.botplay.seats import play_against_bot, seat_to_bot
from games.models import ACTIVE, FINISHED, OPEN, Game, Seat
from tests.designkit import pg_battle
from tests.gamekit import SCENARIO, person, signed_in
from tests.pages.test_battle_page import bot_form_fields, published

pytestmark = pytest.mark.django_db

REFUSAL = (
    "You already have one game against bots going, the most one player may have at once. "
    "Finish or resign one of them to start another."
)


@pytest.fixture(autouse=True)
def one_bot_game(settings, immediate_tasks):
    """At most one game against bots; publishing a battle plays its bot game as it is queued."""
    settings.BOT_GAMES_PLAYED_MAX = 1


def ann_with_a_bot_game(side: str = "ge") -> tuple[Client, Game]:
    """Ann signed in, with one game against a bot going."""
    ann = person("ann")
    player = Client()
    player.force_login(ann)
    return player, play_against_bot(user=ann, scenario=SCENARIO, side=side, level="recruit")


def site_messages(page: str) -> str:
    said = re.search(r'<div class="site-messages" role="status">(.*?)</div>', page, re.S)
    assert said, "the page shows the message the refused form left"
    return said.group(1)


def test_the_lobbys_form_refused_says_the_limit_and_links_the_game_to_finish():
    player, going = ann_with_a_bot_game()
    action, fields = bot_form_fields(player.get("/").content.decode())
    answer = player.post(action, fields)
    assert answer.status_code == 302 and answer.url == "/"
    said = site_messages(player.get("/").content.decode())
    assert "message-error" in said and REFUSAL in said
    assert f'Your games against bots: <a href="/games/{going.pk}/">Meeting at Kesselbach (German)</a>.' in said
    assert Game.objects.filter(created_by__username="ann").count() == 1  # nothing made


def test_the_battle_pages_form_refused_comes_back_to_the_battle_page_with_the_message():
    published(signed_in("designer"), pg_battle(id="kursk-farm", title="Kursk Farm"))
    player, going = ann_with_a_bot_game("su")
    action, fields = bot_form_fields(player.get("/battles/kursk-farm/").content.decode())
    answer = player.post(action, fields)
    assert answer.status_code == 302 and answer.url == "/battles/kursk-farm/"
    said = site_messages(player.get(answer.url).content.decode())
    assert REFUSAL in said and f'href="/games/{going.pk}/"' in said


@pytest.mark.parametrize("elsewhere", ["https://evil.example/", "//evil.example/", "javascript:x"])
def test_a_refused_form_goes_back_only_to_a_page_of_this_site(elsewhere):
    player, _going = ann_with_a_bot_game()
    _action, fields = bot_form_fields(player.get("/").content.decode())
    answer = player.post("/bots/play", {**fields, "next": elsewhere})
    assert answer.status_code == 302 and answer.url == "/"


def test_the_api_refuses_with_the_same_words_and_the_games_listed():
    player, going = ann_with_a_bot_game()
    answer = player.post("/api/v1/bots/play", {"scenario": SCENARIO, "side": "su", "level": "recruit"},
                         content_type="application/json")
    assert answer.status_code == 409
    assert answer.json() == {
        "code": "bot/too_many_games", "message": REFUSAL,
        "games": [{"id": str(going.pk), "title": "Meeting at Kesselbach", "side": "German",
                   "url": f"/games/{going.pk}/"}],
    }


def test_a_rematch_against_a_bot_counts_toward_the_limit_as_a_new_game_does(
        django_capture_on_commit_callbacks):
    """Before, a rematch seated its bots past the limit: the lobby's Rematch button was a way
    round it."""
    ann = person("ann")
    player = Client()
    player.force_login(ann)
    with django_capture_on_commit_callbacks(execute=True):
        over = play_against_bot(user=ann, scenario=SCENARIO, side="ge", level="recruit")
    services.game_resign(game=over, seat=Seat.objects.get(game=over, user=ann))
    assert Game.objects.get(pk=over.pk).status == FINISHED
    going = play_against_bot(user=ann, scenario=SCENARIO, side="su", level="recruit")
    answer = player.post(f"/api/v1/games/{over.pk}/rematch")
    assert answer.status_code == 409
    body = answer.json()
    assert body["code"] == "bot/too_many_games" and body["message"] == REFUSAL
    assert [g["id"] for g in body["games"]] == [str(going.pk)]
    assert Game.objects.filter(created_by=ann).count() == 2  # no rematch was left behind
    services.game_resign(game=going, seat=Seat.objects.get(game=going, user=ann))
    with django_capture_on_commit_callbacks(execute=True):
        assert player.post(f"/api/v1/games/{over.pk}/rematch").status_code == 200


def team_game_with_bot_partners_over() -> tuple[Game, Game, Any]:
    """Ann (German) and Bob (Soviet), each with a bot partner, played a game to its end; Ann
    asked for the rematch, whose bots are seated again at once: the rematch, open, waits for
    Bob. Answers the finished game, the rematch and Bob."""
    ann, bob = person("ann"), person("bob")
    over = services.game_create(user=ann, scenario=SCENARIO, side="ge", seats_per_side=2)
    seat_to_bot(game=over, user=ann, side="ge", level="recruit")
    services.game_join(game=over, user=bob, side="su")
    seat_to_bot(game=over, user=ann, side="su", level="recruit")
    services.game_resign(game=over, seat=Seat.objects.get(game=over, user=ann))
    rematch = services.game_rematch(game=over, user=ann)
    assert rematch.status == OPEN
    return over, rematch, bob


def seated(game: Game) -> list[tuple[str, str | None]]:
    return list(Seat.objects.filter(game=game).order_by("seat_id")
                .values_list("seat_id", "user__username"))


def test_joining_a_rematch_with_bot_partners_counts_toward_the_limit_as_a_new_game_does():
    """Before, only the rematch's opener was held to the limit: the other player's Accept
    seated them beside the bots whatever they had going."""
    over, rematch, bob = team_game_with_bot_partners_over()
    going = play_against_bot(user=bob, scenario=SCENARIO, side="ge", level="recruit")
    player = Client()
    player.force_login(bob)
    before = seated(rematch)
    answer = player.post(f"/api/v1/games/{over.pk}/rematch")
    assert answer.status_code == 409
    assert answer.json() == {
        "code": "bot/too_many_games", "message": REFUSAL,
        "games": [{"id": str(going.pk), "title": "Meeting at Kesselbach", "side": "German",
                   "url": f"/games/{going.pk}/"}],
    }
    assert seated(rematch) == before and Game.objects.get(pk=rematch.pk).status == OPEN
    # Below the limit again (that game resigned), the same Accept seats Bob and starts it.
    services.game_resign(game=going, seat=Seat.objects.get(game=going, user=bob))
    answer = player.post(f"/api/v1/games/{over.pk}/rematch")
    assert answer.status_code == 200 and answer.json()["id"] == str(rematch.pk)
    assert Game.objects.get(pk=rematch.pk).status == ACTIVE
    assert Seat.objects.filter(game=rematch, user__username="bob", side__side_id="ge").exists()


def test_joining_any_open_game_with_a_bot_seated_through_the_api_is_held_to_the_limit():
    ann, cat = person("ann"), person("cat")
    waiting = services.game_create(user=ann, scenario=SCENARIO, side="ge", seats_per_side=2)
    seat_to_bot(game=waiting, user=ann, side="su", level="recruit")
    going = play_against_bot(user=cat, scenario=SCENARIO, side="su", level="recruit")
    player = Client()
    player.force_login(cat)
    before = seated(waiting)
    answer = player.post(f"/api/v1/games/{waiting.pk}/join", {"side": "su"},
                         content_type="application/json")
    assert answer.status_code == 409
    body = answer.json()
    assert body["code"] == "bot/too_many_games" and body["message"] == REFUSAL
    assert [g["id"] for g in body["games"]] == [str(going.pk)]
    assert seated(waiting) == before
    services.game_resign(game=going, seat=Seat.objects.get(game=going, user=cat))
    answer = player.post(f"/api/v1/games/{waiting.pk}/join", {"side": "su"},
                         content_type="application/json")
    assert answer.status_code == 200
    assert Seat.objects.filter(game=waiting, user=cat).exists()


def test_a_bot_taking_a_seat_is_never_held_to_the_limit():
    """A bot sits in many games against bots at once (RecruitBot in Ann's and Bob's here,
    past the limit of one): the seat check counts only people."""
    ann, bob = person("ann"), person("bob")
    play_against_bot(user=ann, scenario=SCENARIO, side="ge", level="recruit")
    play_against_bot(user=bob, scenario=SCENARIO, side="ge", level="recruit")
    team = services.game_create(user=person("cat"), scenario=SCENARIO, side="ge",
                                seats_per_side=2)
    seat_to_bot(game=team, user=team.created_by, side="su", level="veteran")
    # RecruitBot, with two games against bots going, takes a seat beside VeteranBot.
    seat_to_bot(game=team, user=team.created_by, side="su", level="recruit")
    seat_to_bot(game=team, user=team.created_by, side="ge", level="recruit")
    assert Game.objects.get(pk=team.pk).status == ACTIVE
    assert sorted(Seat.objects.filter(game=team, user__bot__isnull=False)
                  .values_list("user__username", flat=True)) == (
        ["RecruitBot", "RecruitBot-2", "VeteranBot"])


def test_a_creator_at_the_limit_giving_a_seat_to_a_bot_is_refused_as_for_a_new_game():
    """The creator's own game becomes one against bots with its first bot; a second bot in it
    adds no game."""
    player, going = ann_with_a_bot_game()
    ann = going.created_by
    waiting = services.game_create(user=ann, scenario=SCENARIO, side="ge", seats_per_side=2)
    with pytest.raises(services.ServiceError) as refused:
        seat_to_bot(game=waiting, user=ann, side="su", level="recruit")
    assert (refused.value.code, refused.value.message) == ("bot/too_many_games", REFUSAL)
    assert not Seat.objects.filter(game=waiting, user__bot__isnull=False).exists()
    services.game_resign(game=going, seat=Seat.objects.get(game=going, user=ann))
    seat_to_bot(game=waiting, user=ann, side="su", level="recruit")
    seat_to_bot(game=waiting, user=ann, side="su", level="veteran")
    assert Seat.objects.filter(game=waiting, user__bot__isnull=False).count() == 2
