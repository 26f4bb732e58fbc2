"""A finished game's result in words, from one table (games/results.py) for the game page's
banner (the view's `result.words`) and the lobby's finished games: Panzer Leader's stored
codes ("turns", "resigned") are worded, Panzer Grenadier's sentences shown as they are, an
aborted game is aborted, not drawn."""

from __future__ import annotations

import pytest

from games import engine_adapter as engine
from games import services
from games.lobby.selectors import game_card
from games.models import Game
from games.results import result_words
from tests.gamekit import person, seat, started_game

NAMES = {"german": "German", "allied": "Allied", "ge": "German", "su": "Soviet"}.get


def words(result: dict) -> dict | None:
    return result_words(result, lambda side: NAMES(side, side))


def test_panzer_leaders_codes_are_worded_with_the_winner_and_its_level():
    assert words({"winner": "german", "level": "tactical", "score": 9, "reason": "turns"}) == {
        "title": "Game over: German wins (tactical victory)",
        "outcome": "German wins (tactical victory)",
        "reason": "after the last turn",
    }
    resigned = {"winner": "german", "level": "decisive", "reason": "resigned", "resigned": "allied"}
    assert words(resigned)["reason"] == "Allied resigned"
    none = {"winner": None, "level": None, "reason": "no_battle", "why": "allied never attacked (QA G6)"}
    assert words(none) == {
        "title": "Game over: A draw",
        "outcome": "A draw",
        "reason": "no battle was fought: allied never attacked (QA G6)",
    }


def test_panzer_grenadiers_sentences_are_shown_as_the_rules_wrote_them():
    result = {"winner": "su", "points": {}, "reason": "Soviet scored 7, needing 6 (German 2, Soviet 7)"}
    assert words(result)["reason"] == result["reason"]
    assert words(result)["outcome"] == "Soviet wins"


def test_an_aborted_game_is_aborted_and_a_drawn_one_drawn():
    aborted = {"winner": None, "reason": "aborted before the first move", "agreed": "abort"}
    assert words(aborted) == {"title": "Game aborted", "outcome": "Game aborted", "reason": "before the first move"}
    drawn = {"winner": None, "reason": "drawn by agreement", "agreed": "draw"}
    assert words(drawn)["title"] == "Game over: A draw"
    assert words(None) is None


@pytest.mark.django_db
def test_a_resigned_panzer_leader_game_says_so_in_words_on_its_card_and_in_its_view():
    allied, german = person("allied_player"), person("german_player")
    game = services.game_create(user=allied, scenario="pl-hollenbach", side="allied")
    services.game_join(game=game, user=german, side="german")
    services.game_resign(game=game, seat=seat(game, allied))
    game = Game.objects.get(pk=game.pk)
    card = game_card(game, set(), {})
    assert card["result"]["reason"] == "resigned"  # the stored code, kept for what reads it
    assert card["result"]["words"]["reason"] == "Allied resigned"
    assert card["result"]["words"]["outcome"].startswith("German wins")
    state = engine.decode_state(game.pk, game.version, game.state)
    view = engine.audience_view(game.pk, game.version, state, engine.side_audience("german"))
    assert view["result"]["words"] == card["result"]["words"]


@pytest.mark.django_db
def test_an_aborted_games_card_says_aborted():
    ann, bob = person("ann"), person("bob")
    game = started_game(ann, bob)
    services.game_abort(game=game, seat=seat(game, ann))
    card = game_card(Game.objects.get(pk=game.pk), set(), {})
    assert card["result"]["words"]["title"] == "Game aborted"
