"""The catalogue of battles (games/designer/catalogue.py): one filter for the battles page,
the lobby, the new-game page and the API; cards read front and year from the scenario files,
and balance by the sides' names (issue 48)."""

from __future__ import annotations

import pytest

from games.botplay.balance import scenario_balance, store_arena
from games.designer import catalogue
from games.models import FINISHED, Game
from games.rules import registry
from tests.gamekit import SCENARIO, TEAM_SCENARIO, person, started_game, started_team_game

pytestmark = pytest.mark.django_db


def test_every_bundled_battle_is_a_card_without_load_scenarios_having_run():
    ids = {c["play_id"] for c in catalogue.all_cards()}
    assert ids == {s.id for _, s in registry.all_scenarios()}


def test_the_filters_pick_by_front_year_game_and_length():
    west = catalogue.browse({"front": "west"})["cards"]
    assert west and {c["ruleset"] for c in west} == {"panzer_leader"}
    assert {c["front_name"] for c in west} == {"Western Front"}
    east_1943 = catalogue.browse({"front": "east", "year": "1943"})["cards"]
    dated_1943_east = {s.id for _, s in registry.all_scenarios()
                       if s.front == "east" and s.date.startswith("1943")}
    assert {c["play_id"] for c in east_1943} == dated_1943_east
    assert {"meeting-at-kessel", "melnitsa-bridgehead"} <= dated_1943_east
    short = catalogue.browse({"length": "short"})["cards"]
    assert short and all(c["minutes"] < 60 for c in short)


def test_an_unknown_filter_value_reads_as_any():
    found = catalogue.browse({"front": "<script>", "year": "1066", "size": "huge"})
    assert not found["filtered"] and len(found["cards"]) == found["total"]
    assert {f["name"]: f["value"] for f in found["filters"]}["front"] == ""


def test_the_year_filter_offers_only_the_years_there_are():
    cards = catalogue.all_cards()
    years = dict(catalogue.filter_choices(cards)["year"])
    assert set(years) - {""} == {c["date"][:4] for c in cards if c["date"]}
    assert "1940" in years and "1944" in years and "1939" not in years


def test_a_card_names_the_sides_in_its_balance_and_says_where_the_games_were_played():
    kessel = catalogue.cards(front="east", year="1943", ruleset="panzer_grenadier")
    card = next(c for c in kessel if c["play_id"] == "meeting-at-kessel")
    assert card["record"] is None  # nothing played yet
    info = registry.for_scenario("meeting-at-kessel").scenarios()["meeting-at-kessel"]
    store_arena("meeting-at-kessel", "veteran,veteran", {"ge": 6, "su": 3, "draw": 1},
                revision=info.revision)
    card = next(c for c in catalogue.all_cards() if c["play_id"] == "meeting-at-kessel")
    assert card["record"] == {"games": 10, "of": "arena games, Veteran v Veteran",
                              "sides": [{"name": "German", "wins": 6},
                                        {"name": "Soviet", "wins": 3},
                                        {"name": "draws", "wins": 1}]}


def finished(game: Game, winner: str, revision: str | None = None) -> None:
    fields = {"status": FINISHED, "result": {"winner": winner}}
    if revision is not None:
        fields["scenario_revision"] = revision
    Game.objects.filter(pk=game.pk).update(**fields)


def test_the_expected_length_reads_in_minutes_then_half_hours():
    assert catalogue.duration(45) == "45 min"
    assert catalogue.duration(150) == "2½ h" and catalogue.duration(180) == "3 h"


def test_the_cards_balances_read_together_keep_each_battle_its_own_games():
    """all_cards reads every battle's balance in one go (scenario_balances): each card counts
    its own battle's games, two games with the same result count twice, and games played on
    an earlier revision are left out of that battle's figure alone."""
    ann, bob = person("ann"), person("bob")
    for winner in ("ge", "ge", "su"):
        finished(started_game(ann, bob), winner)
    finished(started_game(bob, ann), "ge", revision="0123456789ab")
    team = started_team_game((ann, bob), (person("cy"), person("di")))
    finished(team, "su")
    store_arena(TEAM_SCENARIO, "recruit,recruit", {"ge": 4},
                revision=registry.for_scenario(TEAM_SCENARIO).scenarios()[TEAM_SCENARIO].revision)
    store_arena(TEAM_SCENARIO, "recruit,recruit", {"su": 9}, revision="0123456789ab")
    by_id = {c["play_id"]: c["balance"] for c in catalogue.all_cards()}
    kessel, melnitsa = by_id[SCENARIO], by_id[TEAM_SCENARIO]
    assert [(r["side"], r["wins"]) for r in kessel["people"]["sides"]] == [
        ("ge", 2), ("su", 1), ("draw", 0)]
    assert kessel["left_out"] == {"people": 1, "bots": 0} and kessel["bots"] == []
    assert [(r["side"], r["wins"]) for r in melnitsa["people"]["sides"]] == [
        ("su", 1), ("ge", 0), ("draw", 0)]
    assert [(b["levels"], b["games"]) for b in melnitsa["bots"]] == [("recruit,recruit", 4)]
    assert melnitsa["left_out"] == {"people": 0, "bots": 9}
    assert all(b["people"]["games"] == 0 for sid, b in by_id.items()
               if sid not in (SCENARIO, TEAM_SCENARIO))
    assert by_id[SCENARIO] == scenario_balance(SCENARIO, ["ge", "su"])
