"""Bots in a real Chromium: the game's creator gives an empty seat to a bot from the lobby,
the play-a-bot form takes optional rules, double-blind and a clock, and quick match offers
a bot after the wait the player chose (a Panzer Leader scenario: bots play both games)."""

from __future__ import annotations

import re

from tests.browser import live_shell, pages_kit

GAME_URL = re.compile(r".*/games/[0-9a-f-]{36}/$")


def _game_id(page) -> str:
    return page.url.rstrip("/").rsplit("/", 1)[1]


def landed(page) -> str:
    """Wait until the person is taken to a game; its id. The page then leaves the board (its
    drawing at each of the bot's moves is the board tests' business); the API answers the
    rest."""
    page.wait_for_url(GAME_URL)
    game_id = _game_id(page)
    pages_kit.leave(page)
    return game_id


def test_the_creator_gives_each_empty_seat_to_a_bot_from_the_lobby_and_the_game_starts(
        person, live_server_url):
    ann = person()
    game = pages_kit.api(ann, live_server_url, "POST", "/api/v1/games",
                         {"scenario": "melnitsa-bridgehead", "side": "ge", "seats_per_side": 2})
    ann.goto(live_server_url + "/")
    ann.wait_for_selector("body[data-lobby=live]")
    card = ann.locator(f"article[data-game='{game['id']}']").first
    partner = card.locator(".side[data-side=ge] .seat-bot")
    partner.wait_for()
    ann.locator("#my-games").scroll_into_view_if_needed()  # its cards are redrawn live
    pages_kit.shot(ann, "bot-seat-lobby-desktop")
    card.locator(".side[data-side=ge] select.bot-level").select_option("recruit")
    partner.click()
    ann.wait_for_selector("#notice:has-text('bot took a seat')")
    # Two Soviet seats: an Elite opponent side. The first bot leaves one free seat...
    card.locator(".side[data-side=su] select.bot-level").select_option("elite")
    card.locator(".side[data-side=su] .seat-bot").click()
    # (Her card is drawn again with the bot in the seat: the lobby's lists say it, no asking.)
    card.locator(".side[data-side=su] .player-name", has_text="EliteBot").wait_for()
    # ...the second takes the last one, and the game starts: its creator goes there.
    card.locator(".side[data-side=su] select.bot-level").select_option("elite")
    card.locator(".side[data-side=su] .seat-bot").click()
    assert landed(ann) == game["id"]
    after = pages_kit.api(ann, live_server_url, "GET", f"/api/v1/games/{game['id']}")
    assert after["status"] == "active"
    names = {s["user"] for s in after["seats"]}
    assert {"EliteBot", "EliteBot-2", "RecruitBot"} < names and len(names) == 4


def test_the_play_a_bot_form_takes_optional_rules_double_blind_and_a_clock(
        person, live_server_url):
    ann = person()
    ann.goto(live_server_url + "/?scenario=meeting-at-kessel")
    form = ann.locator("#play-bot-form")
    form.locator("select[name=side]").select_option("su")
    form.locator("select[name=level]").select_option("recruit")
    form.locator("select[name=time_control]").select_option("days-3")
    form.locator("summary").click()
    rules = form.locator("fieldset[data-rules-for=panzer_grenadier]")
    assert form.locator("fieldset[data-rules-for=panzer_leader]").is_hidden()
    rules.locator("input[name=double_blind]").check()
    rules.locator("input[name=optional_rules][value=mire]").check()
    form.scroll_into_view_if_needed()
    pages_kit.shot(ann, "play-bot-form-desktop")
    # The same form at a phone's width, for a person to look at (the lobby asks nothing of the
    # pointer: the page narrowed is what a phone shows).
    ann.set_viewport_size(pages_kit.PHONE)
    form.scroll_into_view_if_needed()
    pages_kit.shot(ann, "play-bot-form-phone")
    ann.set_viewport_size(pages_kit.DESKTOP)
    form.locator("#play-bot").click()
    game = pages_kit.api(ann, live_server_url, "GET", f"/api/v1/games/{landed(ann)}")
    assert game["status"] == "active"
    assert game["options"]["double_blind"] is True
    assert game["options"]["optional_rules"] == ["mire"]
    assert game["options"]["time_control"] == {"kind": "correspondence", "days": 3}
    assert "RecruitBot" in {s["user"] for s in game["seats"]}


# The seek has waited its 15 s: its start moved back, as the clock would have moved it.
WAITED = """
from datetime import timedelta
from django.db.models import F
from games.models import Seek
print(Seek.objects.filter(user__username={name!r}, status="waiting")
      .update(created_at=F("created_at") - timedelta(seconds=15)))
"""


def test_quick_match_offers_a_bot_after_the_chosen_wait_and_plays_panzer_leader(
        person, live_server_url, live_server_env):
    ann = person()
    ann.goto(live_server_url + "/?scenario=pl-hollenbach")
    ann.wait_for_selector("body[data-lobby=live]")
    ann.check("#quick-match-form input[name=scenario][value=pl-hollenbach]")
    ann.select_option("#quick-match-bot-after", "15")
    ann.select_option("#quick-match-bot-level", "recruit")
    ann.click("#quick-match")
    ann.wait_for_selector("#cancel-seek")
    assert ann.locator("#accept-bot").count() == 0  # not before the wait is over
    name = pages_kit.api(ann, live_server_url, "GET", "/api/v1/auth/session")["username"]
    assert live_shell.run(live_server_env, WAITED.format(name=name)).strip() == "1"
    offer = ann.locator("#accept-bot")
    offer.wait_for(timeout=pages_kit.TIMEOUT)  # at the lobby's next look at the seek (3 s)
    pages_kit.shot(ann, "quick-match-bot-offer-desktop")
    offer.click()
    game = pages_kit.api(ann, live_server_url, "GET", f"/api/v1/games/{landed(ann)}")
    assert game["scenario"] == "pl-hollenbach" and game["status"] == "active"
    assert "RecruitBot" in {s["user"] for s in game["seats"]}


def test_an_opponent_is_offered_no_stand_in_for_an_away_player_of_an_untimed_game(
        person, live_server_url):
    """Only the absent player's side decides who stands in for them in an untimed game: the
    seats panel offers the opponent no bot for Bob (the server refuses it too)."""
    ann, bob = person(), person()
    game = pages_kit.api(ann, live_server_url, "POST", "/api/v1/games",
                         {"scenario": "meeting-at-kessel", "side": "ge"})
    pages_kit.api(bob, live_server_url, "POST", f"/api/v1/games/{game['id']}/join",
                  {"side": "su"})
    ann.goto(f"{live_server_url}/games/{game['id']}/")
    # Bob has not opened the game: his row says he is away.
    ann.wait_for_selector("#seats .seat-row[data-seat=su-1] .presence-word:has-text('away')")
    assert ann.locator("#seats .seat-stand-in").count() == 0
    pages_kit.shot(ann, "stand-in-seats-desktop")
    ann.set_viewport_size(pages_kit.PHONE)
    ann.locator("#seats").scroll_into_view_if_needed()
    pages_kit.shot(ann, "stand-in-seats-phone")


def test_an_opponent_may_call_the_bot_an_away_player_chose_and_no_other_level(
        person, live_server_url):
    """Bob chose a Veteran to stand in for him while he is away: the seats panel offers Ann
    that bot for his seat, at that level only, and shows the server's answer (he has not
    been away long enough yet)."""
    ann, bob = person(), person()
    pages_kit.api(bob, live_server_url, "PUT", "/api/v1/account/stand-in", {"level": "veteran"})
    game = pages_kit.api(ann, live_server_url, "POST", "/api/v1/games",
                         {"scenario": "meeting-at-kessel", "side": "ge"})
    pages_kit.api(bob, live_server_url, "POST", f"/api/v1/games/{game['id']}/join",
                  {"side": "su"})
    ann.goto(f"{live_server_url}/games/{game['id']}/")
    control = ann.locator("#seats .seat-row[data-seat=su-1] .seat-stand-in")
    control.wait_for(timeout=pages_kit.TIMEOUT)
    assert control.locator("option").all_inner_texts() == ["Veteran"]
    control.locator("button.stand-in").click()
    control.locator(".stand-in-said", has_text="away").wait_for(timeout=pages_kit.TIMEOUT)
    control.scroll_into_view_if_needed()
    pages_kit.shot(ann, "stand-in-chosen-desktop")
