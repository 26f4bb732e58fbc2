"""A Panzer Leader game through the same services as a Panzer Grenadier one: the server picks
the ruleset from the scenario and knows nothing else of the game (issue 15)."""

from __future__ import annotations

import json
import random

import pytest

from games import engine_adapter as engine
from games import selectors, services
from games.models import Unit
from games.rules.registry import ruleset
from games.services.errors import ServiceError
from tests.gamekit import legal_by_seat, person, random_move, seat, state_of

pytestmark = pytest.mark.django_db
SITUATION = "pl-hollenbach"  # the learning situation: "allied" against "german"


@pytest.fixture
def pl_game():
    allied, german = person("allied_player"), person("german_player")
    game = services.game_create(user=allied, scenario=SITUATION, side="allied")
    services.game_join(game=game, user=german, side="german")
    game.refresh_from_db()
    return game, {"allied": allied, "german": german}


def test_a_panzer_leader_game_starts_with_its_own_ruleset_stamped_on_its_state(pl_game):
    game, _ = pl_game
    assert game.status == "active" and game.version == 1
    assert game.state["ruleset"] == "panzer_leader"
    state = state_of(game)
    assert engine.rules_of(state).id == "panzer_leader"
    assert Unit.objects.filter(game=game).count() == len(engine.unit_rows(state))


def test_its_options_are_panzer_leaders_and_double_blind_is_refused():
    player = person("opener")
    with pytest.raises(ServiceError) as refused:
        services.game_create(user=player, scenario=SITUATION, side="allied",
                             options={"double_blind": True})
    assert refused.value.code == "options/invalid" and "double_blind" in refused.value.message
    game = services.game_create(user=player, scenario=SITUATION, side="allied",
                                options={"optional_rules": ["quick_time"]})
    assert game.options["optional_rules"] == ["quick_time"]


def test_random_legal_commands_play_through_command_submit_and_every_view_serialises(pl_game):
    game, users = pl_game
    rng = random.Random(7)
    for n in range(60):
        state = state_of(game)
        if engine.is_over(state):
            break
        seat_id, command = random_move(rng, legal_by_seat(state))
        side = engine.seat_sides(state)[seat_id]
        outcome = services.command_submit(
            game=game, seat=seat(game, users[side]), command=command,
            base_version=game.version, client_id=n + 1,
        )  # fmt: skip
        assert outcome.ok, outcome
        game.refresh_from_db()
        after = state_of(game)
        for audience in (engine.side_audience("allied"), engine.side_audience("german"),
                         engine.PUBLIC):
            view = engine.audience_view(game.pk, game.version, after, audience)
            json.dumps(view, allow_nan=False)
    assert game.version > 20


def test_history_and_the_export_replay_through_the_panzer_leader_verifier(pl_game):
    game, users = pl_game
    rng = random.Random(3)
    for n in range(25):
        state = state_of(game)
        seat_id, command = random_move(rng, legal_by_seat(state))
        side = engine.seat_sides(state)[seat_id]
        services.command_submit(game=game, seat=seat(game, users[side]), command=command,
                                base_version=game.version, client_id=n + 1)
        game.refresh_from_db()
    history = selectors.history(game, engine.PUBLIC)
    assert [h["version"] for h in history] == list(range(1, game.version + 1))
    assert all(json.dumps(h["view"]) for h in history)
    services.game_resign(game=game, seat=seat(game, users["german"]))
    game.refresh_from_db()
    doc = selectors.export(game)
    assert ruleset("panzer_leader").verify(json.loads(json.dumps(doc))).startswith("OK")


def test_an_unfound_minefield_reaches_no_frame_of_the_side_that_did_not_lay_it(pl_game):
    game, _ = pl_game
    state = state_of(game)
    mined = [h for h, mf in state.mines.items() if mf["owner"] == "german"]
    assert mined, "the learning situation lays a German minefield"
    for audience in (engine.side_audience("allied"), engine.PUBLIC):
        text = json.dumps(engine.audience_view(game.pk, game.version, state, audience))
        assert not any(f'"{h}"' in text for h in mined if h not in _occupied(state))


def _occupied(state) -> set[str]:
    return {u.hex for u in state.units.values() if u.hex}


def test_every_game_is_stamped_with_its_ruleset(pl_game):
    """Issue 15: the game row says which game it is (migration 0008 stamped the old ones)."""
    game, _ = pl_game
    kessel = services.game_create(user=person("pg_player"), scenario="meeting-at-kessel",
                                  side="ge")
    assert (game.ruleset, kessel.ruleset) == ("panzer_leader", "panzer_grenadier")


def test_the_lobby_card_says_whose_turn_it_is_in_either_game(pl_game):
    from games.lobby.selectors import game_card

    game, _ = pl_game
    card = game_card(game, set(), {})
    assert card["turn"]["side"] in ("allied", "german") and card["turn"]["turn"] == 1


def test_the_game_page_carries_the_rules_reference_once_with_its_source(pl_game, client):
    """The charts as the game uses them, a row per odds column, terrain, AA band and weapon
    class for odds lines to link to; the transcription named once, not on every line."""
    game, players = pl_game
    client.force_login(players["allied"])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert page.count('id="rules-reference"') == 1
    for row in ("pl-crt-1-4", "pl-crt-4-1", "pl-tec-woods", "pl-aa-37", "pl-wec-a",
                "pl-drm-overrun"):
        assert f'id="{row}"' in page, row
    assert page.count("OpenPanzerBlitz transcription") == 1
    assert "provisional" not in page.lower()
    # Which chart gives which rule, for the why-not's links: 8.3 is the CRT's 1-4 row.
    assert page.count('id="pl-reference-cites"') == 1 and '"8.3": "pl-crt-1-4"' in page


def test_a_panzer_leader_scenario_page_says_once_where_its_charts_come_from(client):
    """Before a game: the scenario page carries the same reference, the source said once; a
    Panzer Grenadier scenario's page has none."""
    page = client.get("/scenarios/pl-08-marieulles/").content.decode()
    assert page.count('id="rules-reference"') == 1 and 'id="pl-crt-2-1"' in page
    assert page.count("OpenPanzerBlitz transcription") == 1
    assert "provisional" not in page.lower()
    assert 'id="rules-reference"' not in client.get("/scenarios/meeting-at-kessel/").content.decode()


def test_a_panzer_grenadier_game_page_has_no_panzer_leader_reference(client):
    ann, bob = person("ann_pg"), person("bob_pg")
    game = services.game_create(user=ann, scenario="meeting-at-kessel", side="ge")
    services.game_join(game=game, user=bob, side="su")
    client.force_login(ann)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="rules-reference"' not in page
