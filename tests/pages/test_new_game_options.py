"""The new-game page presents every optional rule by name, with one line and its rule number;
the double-blind additions are marked to show only when double-blind is ticked."""

from __future__ import annotations

import pytest

from games import engine_adapter as engine
from games.rules.panzer_grenadier.core.scenario import OPTIONAL_RULES
from games.rules.panzer_grenadier.double_blind.observation import ADDITIONS as DB_ADDITIONS

pytestmark = pytest.mark.django_db


def test_every_option_a_game_accepts_has_a_name_a_line_and_a_rule_number():
    choices = engine.option_choices()
    assert [c["id"] for c in choices] == [*OPTIONAL_RULES, *DB_ADDITIONS]
    for c in choices:
        assert c["name"] and c["name"] != c["id"]
        assert c["text"].endswith(".") and "\n" not in c["text"]
        # 19: the multi-player rules; a "D-" decision for what is no rule (take-backs)
        assert c["rule"].startswith(("17", "18", "19", "D-"))
    assert {c["id"] for c in choices if c["double_blind"]} == set(DB_ADDITIONS)


def test_every_option_of_both_games_has_its_rule_number_and_a_line_of_explanation():
    """Panzer Grenadier's and Panzer Leader's options alike: a number to look the rule up by
    (or the decision that made it, "PL-D3") and one line of what it changes."""
    games = [g["id"] for g in engine.games_list()]
    assert {"panzer_grenadier", "panzer_leader"} <= set(games)
    for game in games:
        for c in engine.option_choices(game):
            assert c["rule"].strip() and any(ch.isdigit() for ch in c["rule"]), (game, c["id"])
            assert c["text"].strip(), (game, c["id"])
            assert c["text"].endswith(".") and "\n" not in c["text"], (game, c["id"])
            assert c["text"] != c["name"], (game, c["id"])


def test_the_page_shows_panzer_leaders_options_with_their_numbers_and_lines(client):
    page = client.get("/new-game/").content.decode()
    rules = page[page.index('data-rules-for="panzer_leader"'):]
    assert "Infantry Quick-Time" in rules and "(21.1)" in rules
    assert "a die roll of 4-6 then disperses them" in rules
    assert "(PL-D3)" in rules and "in the attacker&#x27;s favour" in rules


def test_the_page_shows_names_and_rule_numbers_and_hides_the_additions_until_double_blind(client):
    page = client.get("/new-game/").content.decode()
    assert "Drumfire" in page and "(17.2)" in page and "drumfire" in page  # value stays the id
    assert "Double-blind" in page and "(18)" in page
    for addition in DB_ADDITIONS:
        start = page.index(f'value="{addition}"')
        label = page[page.rindex("<label", 0, start) : start]
        assert "data-double-blind hidden" in label


def test_the_lobby_names_a_games_optional_rules_as_players_read_them(client):
    page = client.get("/").content.decode()
    assert '"efficient_move_fire": "Efficient move and fire"' in page


def test_the_bot_form_offers_the_rules_as_the_new_game_page_does_less_those_for_teams(client):
    page = client.get("/").content.decode()
    form = page[page.index('<form id="play-bot-form"'):]
    form = form[: form.index("</form>")]
    assert "Drumfire" in form and "(17.2)" in form and "strikes every unit moving into it" in form
    for addition in DB_ADDITIONS:  # shown only once double-blind is ticked
        start = form.index(f'value="{addition}"')
        assert "data-double-blind hidden" in form[form.rindex("<label", 0, start) : start]
    teams = [c["id"] for c in engine.option_choices("panzer_grenadier") if c.get("teams")]
    assert teams == ["sector_command"]  # one seat against a bot: no band of the map to divide
    assert 'value="sector_command"' not in form
    assert 'value="sector_command"' in client.get("/new-game/").content.decode()
