"""Opening a game, taking seats, the start, options and resigning."""

from __future__ import annotations

import re

import pytest

from games import services
from games.models import ACTIVE, FINISHED, OPEN, Game, GameStep, Seat, Unit
from tests.gamekit import SCENARIO, person, seat, started_game


def test_the_creator_takes_a_seat_and_the_game_waits_for_the_others(axis_player):
    game = services.game_create(user=axis_player, scenario=SCENARIO, side="ge")
    assert game.status == OPEN and game.version == 0
    assert seat(game, axis_player).seat_id == "ge-1"
    assert game.commitment and game.seed and game.commitment != game.seed


def test_the_game_starts_when_its_last_seat_is_filled(axis_player, allied_player):
    game = started_game(axis_player, allied_player)
    assert (game.status, game.version) == (ACTIVE, 1)
    assert GameStep.objects.get(game=game, version=1).command is None
    assert Unit.objects.filter(game=game).count() == len(game.state["state"]["units"])
    assert set(seat(game, axis_player).units) and set(seat(game, allied_player).units)


def test_a_team_game_starts_only_with_every_seat_filled(axis_player, allied_player):
    game = services.game_create(user=axis_player, scenario=SCENARIO, side="ge", seats_per_side=2)
    services.game_join(game=game, user=allied_player, side="su")
    services.game_join(game=game, user=person("third"), side="ge")
    game.refresh_from_db()
    assert game.status == OPEN
    services.game_join(game=game, user=person("fourth"), side="su")
    game.refresh_from_db()
    assert game.status == ACTIVE
    units = [set(s.units) for s in Seat.objects.filter(game=game, side__side_id="ge")]
    assert units[0] and units[1] and not units[0] & units[1]


@pytest.mark.parametrize(("scenario", "seats"), [
    ("meeting-at-kessel", 3),  # two formations a side: a third seat would command nothing
    ("pl-hollenbach", 2),  # Panzer Leader's sides have no formations to divide
])
def test_more_seats_than_a_side_has_formations_are_refused_and_nothing_is_made(
        axis_player, scenario, seats):
    with pytest.raises(services.ServiceError) as err:
        services.game_create(user=axis_player, scenario=scenario, side=None, seats_per_side=seats)
    assert err.value.code == "seats/invalid"
    assert f"at most {seats - 1} seat" in err.value.message
    assert not Game.objects.exists()
    assert list(services.seat_choices(scenario)) == list(range(1, seats))


@pytest.mark.django_db
def test_the_new_game_page_offers_the_seats_the_battle_has(client):
    def offered(scenario: str) -> list[str]:
        page = client.get(f"/new-game/?scenario={scenario}").content.decode()
        select = page[page.index('<select name="seats_per_side">'):]
        return re.findall(r'<option value="(\d)">', select[: select.index("</select>")])

    assert offered("melnitsa-bridgehead") == ["1", "2", "3"]
    assert offered("pl-hollenbach") == ["1"]


def test_every_option_has_a_default(axis_player):
    game = services.game_create(user=axis_player, scenario=SCENARIO, side="ge")
    assert game.options == {
        "double_blind": False, "optional_rules": [], "spectators": "public", "private": False,
        "time_control": {"kind": "untimed"}, "rated": False, "spectator_delay": None,
    }  # fmt: skip


@pytest.mark.parametrize(
    "options",
    [{"spectators": "everyone"}, {"optional_rules": ["flying_tanks"]}, {"colour": "red"},
     {"private": "yes"}],
)  # fmt: skip
def test_a_bad_option_is_refused_by_name(axis_player, options):
    with pytest.raises(services.ServiceError) as err:
        services.game_create(user=axis_player, scenario=SCENARIO, side="ge", options=options)
    assert err.value.code == "options/invalid"


def test_a_full_side_and_a_second_seat_are_refused(axis_player, allied_player, stranger):
    game = services.game_create(user=axis_player, scenario=SCENARIO, side="ge")
    with pytest.raises(services.ServiceError) as err:
        services.game_join(game=game, user=stranger, side="ge")
    assert err.value.code == "seat/full"
    with pytest.raises(services.ServiceError) as err:
        services.game_join(game=game, user=axis_player, side="su")
    assert err.value.code == "seat/taken"


def test_resigning_ends_the_game_with_the_other_side_the_winner(axis_player, allied_player):
    game = started_game(axis_player, allied_player)
    version = services.game_resign(game=game, seat=seat(game, allied_player))
    game.refresh_from_db()
    assert (game.status, game.version, version) == (FINISHED, 2, 2)
    assert game.result["winner"] == "ge" and game.result["resigned"] == "su"


def test_takebacks_may_be_chosen_only_for_unrated_games(axis_player):
    """D-TAKEBACK-1: taking back an activation by agreement has no place in a rated game."""
    game = services.game_create(user=axis_player, scenario=SCENARIO, side="ge",
                                options={"optional_rules": ["takebacks"]})
    assert game.options["optional_rules"] == ["takebacks"]
    with pytest.raises(services.ServiceError) as refused:
        services.game_create(user=axis_player, scenario=SCENARIO, side="ge",
                             options={"optional_rules": ["takebacks"], "rated": True})
    assert refused.value.code == "options/invalid" and "unrated" in refused.value.message
