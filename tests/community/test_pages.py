"""The community's pages through Django's test client: a player, the leaderboards, the
tournaments, a scenario; and that none of them leaks a running double-blind game."""

from __future__ import annotations

import pytest

from games import engine_adapter as engine
from games import services
from games.community import ratings
from games.community.models import Rating, Tournament
from games.community.tournaments import service as tournaments
from tests.community.kit import rated_game, resign
from tests.gamekit import legal_by_seat, seat, started_game, state_of

pytestmark = pytest.mark.django_db


def played(ann, bob, loser, **options):
    game = rated_game(ann, bob, **options)
    resign(game, loser)
    ratings.rate_game(game.pk)
    return game


def test_a_players_page_shows_ratings_history_results_and_games(client, members):
    ann, bob, cid = members("ann", "bob", "cid")
    played(ann, bob, bob)
    played(ann, bob, ann)
    played(bob, ann, bob)  # ann on the Soviet side this time
    started_game(ann, cid)
    page = client.get("/players/ann/").content.decode()
    rating = round(Rating.objects.get(user=ann).rating)
    assert f'data-rating="panzer_grenadier/correspondence">{rating}?' in page  # provisional
    assert page.count('<svg class="rating-chart"') == 1 and page.count("<circle") == 3
    assert "Results by scenario and side" in page
    assert "<td>German</td><td>2</td><td>1</td><td>0</td><td>1</td><td>50 %</td>" in page
    assert "<td>Soviet</td><td>1</td><td>1</td><td>0</td><td>0</td><td>100 %</td>" in page
    assert "Favourite scenarios" in page and "Meeting at Kesselbach</a> (4)" in page
    assert "cid" in page  # the current game's opponent
    assert client.get("/players/nobody/").status_code == 404


def test_private_games_show_only_to_their_player(client, members):
    ann, bob = members("ann", "bob")
    started_game(ann, bob, private=True)
    assert "Current games" in client.get("/players/ann/").content.decode()
    assert "None now." in client.get("/players/ann/").content.decode()
    client.force_login(ann)
    assert "None now." not in client.get("/players/ann/").content.decode()


def test_a_leaderboard_ranks_established_ratings_and_lists_provisional_ones_apart(client, members):
    ann, bob, cid = members("ann", "bob", "cid")
    for user, value, dev in ((ann, 1710, 60), (bob, 1820, 80), (cid, 1900, 300)):
        Rating.objects.create(user=user, ruleset="panzer_grenadier", pace="live", rating=value,
                              deviation=dev, games=20)
    page = client.get("/leaderboards/panzer_grenadier/live/").content.decode()
    assert page.index(">bob<") < page.index(">ann<") < page.index("Provisional") < page.index(
        ">cid<")
    assert client.get("/leaderboards/chess/live/").status_code == 404
    index = client.get("/leaderboards/").content.decode()
    assert "Panzer Grenadier · Live" in index and "Panzer Leader · Correspondence" in index
    data = client.get("/api/v1/leaderboards/panzer_grenadier/live").json()
    assert [r["name"] for r in data["ranked"]] == ["bob", "ann"]


def test_a_tournament_page_and_its_json(client, members):
    ann, bob, cid = members("ann", "bob", "cid")
    t = tournaments.tournament_create(user=ann, name="Spring <Cup>", kind="swiss",
                                      scenarios=["meeting-at-kessel"], rounds=2)
    for p in (bob, cid):
        tournaments.tournament_join(tournament=t, user=p)
    tournaments.tournament_start(tournament=t, by=ann)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "Spring &lt;Cup&gt;" in page and 'id="tournament-data"' in page
    data = client.get(f"/api/v1/tournaments/{t.pk}").json()
    assert data["tournament"]["current_round"] == 1
    (round1,) = data["rounds"]
    assert len(round1["pairings"]) == 2 and round1["pairings"][-1]["result"] == "bye"
    assert {r["name"] for r in data["standings"]} == {"ann", "bob", "cid"}
    assert client.get("/tournaments/999/").status_code == 404


def test_the_tournament_form_announces_one_or_says_why_not(client, members):
    (ann,) = members("ann")
    client.force_login(ann)
    answer = client.post("/tournaments/new", {"name": "x", "kind": "swiss", "rounds": "3",
                                              "scenarios": ["meeting-at-kessel"]})
    assert answer.status_code == 400 and "3 to 100 characters" in answer.content.decode()
    answer = client.post("/tournaments/new", {"name": "Winter Cup", "kind": "round_robin",
                                              "scenarios": ["meeting-at-kessel"],
                                              "time_control": "days-2", "rated": "on"})
    assert answer.status_code == 302
    page = client.get(answer["Location"]).content.decode()
    assert "Winter Cup" in page and "2 days a move" in page and "rated" in page


def test_a_scenarios_page_shows_its_play_counts_and_rated_side_balance(client, members):
    ann, bob = members("ann", "bob")
    played(ann, bob, bob)
    played(bob, ann, bob)
    page = client.get("/scenarios/meeting-at-kessel/").content.decode()
    assert "2 games finished" in page and "2 of them rated" in page
    assert "<th>German</th><td>1</td><td>0</td><td>1</td><td>50 %</td>" in page


def test_a_running_double_blind_game_shows_nothing_that_moves_on_player_and_tournament_pages(
        client, members):
    """Moving a unit in a double-blind game changes no byte of either page."""
    ann, bob = members("ann", "bob")
    t = tournaments.tournament_create(user=ann, name="Blind Cup", kind="swiss",
                                      scenarios=["meeting-at-kessel"], rounds=1)
    tournaments.tournament_join(tournament=t, user=bob)
    tournaments.tournament_start(tournament=t, by=ann)
    blind = started_game(ann, bob, double_blind=True)
    pages = ("/players/ann/", "/players/bob/", f"/tournaments/{t.pk}/",
             f"/api/v1/tournaments/{t.pk}", "/api/v1/players/ann/ratings")
    before = [client.get(p).content for p in pages]
    state = state_of(blind)
    for unit in state.units:
        assert unit.encode() not in b"".join(before)
    for _ in range(6):  # a few commands of the game: rolls, moves, passes
        blind.refresh_from_db()
        state = state_of(blind)
        seat_id, command = next((s, groups[k][0]) for s, groups in sorted(
            legal_by_seat(state).items()) for k in sorted(groups) if groups[k])
        mover = ann if seat_id.startswith("ge") else bob
        outcome = services.command_submit(game=blind, seat=seat(blind, mover), command=command,
                                          base_version=blind.version)
        assert outcome.ok, outcome
    blind.refresh_from_db()
    assert blind.version == 7 and not engine.is_over(state_of(blind))
    after = [client.get(p).content for p in pages]
    assert after == before


def test_the_rated_box_is_offered_to_accounts_only(client, members):
    from tests.community.kit import guest

    (ann,) = members("ann")
    client.force_login(ann)
    assert 'name="rated"' in client.get("/new-game/").content.decode()
    assert 'id="quick-match-rated"' in client.get("/").content.decode()
    client.force_login(guest("Grenadier-9"))
    assert 'name="rated"' not in client.get("/new-game/").content.decode()
    assert 'id="quick-match-rated"' not in client.get("/").content.decode()


def test_a_name_with_a_slash_or_markup_has_a_page_and_does_not_break_the_others(
    client, members
):
    """Sign-up allows word characters only, but an operator may make any account: its
    page opens, its buttons work, and every page linking to it (the header) still renders."""
    odd, bob = members("<b>x</b>", "bob")
    client.force_login(odd)
    home = client.get("/new-game/")
    assert home.status_code == 200
    assert 'href="/players/%3Cb%3Ex%3C/b%3E/"' in home.content.decode()
    page = client.get("/players/%3Cb%3Ex%3C/b%3E/")
    assert page.status_code == 200 and "&lt;b&gt;x&lt;/b&gt;" in page.content.decode()
    client.force_login(bob)
    answer = client.post("/players/%3Cb%3Ex%3C/b%3E/mute")
    assert answer.status_code == 302 and answer["Location"] == "/players/%3Cb%3Ex%3C/b%3E/"
    assert client.get("/players/bob/mute").status_code == 405  # a button is a POST


def test_a_start_time_past_the_years_a_timestamp_holds_is_refused_by_the_form(client, members):
    (ann,) = members("ann")
    client.force_login(ann)
    answer = client.post("/tournaments/new", {
        "name": "Far Cup", "kind": "swiss", "rounds": "2", "scenarios": ["meeting-at-kessel"],
        "starts_at": "9999-12-31T23:59:59-23:59"})
    assert answer.status_code == 400 and "start time is out of range" in answer.content.decode()
    assert not Tournament.objects.filter(name="Far Cup").exists()
