"""A tournament as its players follow it: the announce form keeps what they chose when it
refuses, takes the start in their own time zone, and shows it; the tournament's page tells
each player what their round holds; their lobby names the tournament on its games' cards."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from games import services
from games.community.models import Entry, Pairing, Tournament
from games.community.tournaments import service as tournaments
from games.lobby.selectors import lobby_lists
from tests.community.kit import guest, resign

pytestmark = pytest.mark.django_db
KESSEL = "meeting-at-kessel"
OTHER = "birch-night-raid"


def test_a_refused_form_comes_back_as_the_player_left_it(client, members):
    (ann,) = members("ann")
    client.force_login(ann)
    answer = client.post("/tournaments/new", {
        "name": "x", "kind": "swiss", "rounds": "5", "max_players": "8", "scenarios": [OTHER],
        "time_control": "days-2", "rated": "on", "starts_at": "2030-01-15T18:00",
        "utc_offset": "-60"})  # fmt: skip
    page = answer.content.decode()
    assert answer.status_code == 400 and "3 to 100 characters" in page
    assert f'value="{OTHER}" checked' in page  # the scenario ticked, not the first one
    assert f'value="{KESSEL}">' in page
    assert '<option value="days-2" selected>' in page and '<option value="swiss" selected>' in page
    assert 'name="rated" checked' in page and 'value="2030-01-15T18:00"' in page
    assert 'name="rounds" type="number" min="1" max="20" value="5"' in page
    assert not Tournament.objects.exists()


def test_the_start_is_read_in_the_announcers_time_zone(client, members):
    """A datetime-local field sends the player's clock time; the page's script adds how far
    their zone lies behind UTC (getTimezoneOffset: -60 in Berlin in winter)."""
    (ann,) = members("ann")
    client.force_login(ann)
    answer = client.post("/tournaments/new", {
        "name": "Berlin Cup", "kind": "swiss", "rounds": "2", "scenarios": [KESSEL],
        "starts_at": "2030-01-15T18:00", "utc_offset": "-60"})  # fmt: skip
    assert answer.status_code == 302
    t = Tournament.objects.get(name="Berlin Cup")
    assert t.starts_at == datetime(2030, 1, 15, 17, 0, tzinfo=UTC)
    # Without the script the time is read as UTC, as the page says.
    client.post("/tournaments/new", {"name": "Plain Cup", "kind": "swiss", "rounds": "2",
                                     "scenarios": [KESSEL], "starts_at": "2030-01-15T18:00"})
    assert Tournament.objects.get(name="Plain Cup").starts_at.hour == 18


@pytest.mark.parametrize("offset, says", [("east", "time zone is not a number"),
                                          ("900", "time zone is out of range")])
def test_a_bad_time_zone_is_refused_and_announces_nothing(client, members, offset, says):
    (ann,) = members("ann")
    client.force_login(ann)
    answer = client.post("/tournaments/new", {
        "name": "Odd Cup", "kind": "swiss", "rounds": "2", "scenarios": [KESSEL],
        "starts_at": "2030-01-15T18:00", "utc_offset": offset})  # fmt: skip
    assert answer.status_code == 400 and says in answer.content.decode()
    assert not Tournament.objects.exists()


def test_the_pages_show_who_announced_it_and_when_it_starts(client, members):
    ann, bob = members("ann", "bob")
    t = tournaments.tournament_create(
        user=ann, name="Dawn Cup", kind="swiss", scenarios=[KESSEL], rounds=2, max_players=8,
        starts_at=datetime(2030, 1, 15, 17, 0, tzinfo=UTC))  # fmt: skip
    tournaments.tournament_join(tournament=t, user=bob)
    listing = client.get("/tournaments/").content.decode()
    when = '<time datetime="2030-01-15T17:00:00+00:00" data-local>2030-01-15 17:00 UTC</time>'
    assert f"registering, starts {when}" in listing and "<td>2 of 8</td>" in listing
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert f"Announced by ann; starts {when}, or sooner if they start it." in page
    tournaments.tournament_start(tournament=t, by=ann)
    assert "Announced by" not in client.get(f"/tournaments/{t.pk}/").content.decode()


def test_each_player_is_told_what_their_round_holds(client, members):
    """Five players: two games and a bye in round 1; one game ends while the other goes on."""
    people = members("ann", "bob", "cid", "dot", "eve")
    t = tournaments.tournament_create(user=people[0], name="Five Cup", kind="swiss",
                                      scenarios=[KESSEL], rounds=3)

    def me(user):
        client.force_login(user)
        return client.get(f"/api/v1/tournaments/{t.pk}").json()["me"]

    assert me(people[0]) == {"entered": True, "withdrawn": False, "game": None, "bye": False,
                             "round_over": False}
    for p in people[1:]:
        tournaments.tournament_join(tournament=t, user=p)
    tournaments.tournament_start(tournament=t, by=people[0])
    pairings = list(Pairing.objects.filter(tournament=t, round=1).select_related(
        "first__user", "second__user", "game"))
    (bye,) = [p for p in pairings if p.second_id is None]
    first, second = [p for p in pairings if p.second_id is not None]
    assert me(bye.first.user)["bye"] is True and me(bye.first.user)["game"] is None
    assert me(first.first.user)["game"] == str(first.game_id)
    resign(first.game, first.second.user)
    tournaments.record_game(first.game_id)
    for player in (first.first.user, first.second.user):
        assert me(player) | {"entered": True} == {"entered": True, "withdrawn": False,
                                                  "game": None, "bye": False, "round_over": True}
    assert me(second.second.user)["game"] == str(second.game_id)  # still playing
    client.logout()
    assert client.get(f"/api/v1/tournaments/{t.pk}").json()["me"] is None


def started_three(members, name: str) -> tuple[Tournament, Pairing]:
    """A Swiss of three, started: round 1 is one game and a bye; the game's pairing."""
    ann, bob, cid = members("ann", "bob", "cid")
    t = tournaments.tournament_create(user=ann, name=name, kind="swiss", scenarios=[KESSEL],
                                      rounds=2)
    for p in (bob, cid):
        tournaments.tournament_join(tournament=t, user=p)
    tournaments.tournament_start(tournament=t, by=ann)
    (game,) = Pairing.objects.filter(tournament=t, game__isnull=False).select_related(
        "game", "first__user", "second__user")
    return t, game


def test_a_tournament_games_lobby_cards_name_its_tournament_and_round(members):
    t, game = started_three(members, "Card Cup")
    player = game.first.user
    cards = lobby_lists(player)["mine"]
    (card,) = [c for c in cards if c["id"] == str(game.game_id)]
    assert card["tournament"] == {"id": t.pk, "name": "Card Cup", "round": 1}
    # The same public fact on the card others watch it from, and on its finished card.
    (watched,) = [c for c in lobby_lists(None)["watch"] if c["id"] == str(game.game_id)]
    assert watched["tournament"] == card["tournament"]
    resign(game.game, game.second.user)
    (finished,) = [c for c in lobby_lists(player)["recent"] if c["id"] == str(game.game_id)]
    assert finished["tournament"] == card["tournament"]


def test_a_guest_is_told_to_keep_their_account_and_comes_back_to_the_tournament(client, members):
    """Guests play no tournaments: instead of a form or an Enter button that would refuse
    them, both pages say how to keep the account, and keeping it leads back."""
    (ann,) = members("ann")
    t = tournaments.tournament_create(user=ann, name="Open Cup", kind="swiss",
                                      scenarios=[KESSEL], rounds=2)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()  # signed out
    assert f'href="/accounts/login/?next=/tournaments/{t.pk}/">Sign in</a> to enter' in page
    client.force_login(guest("guest-4821"))
    listing = client.get("/tournaments/").content.decode()
    assert 'href="/accounts/claim/?next=/tournaments/">keep your account</a>' in listing
    assert "create-tournament" not in listing
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert f'href="/accounts/claim/?next=/tournaments/{t.pk}/">keep your account</a>' in page
    assert "join-tournament" not in page
    claim = client.get(f"/accounts/claim/?next=/tournaments/{t.pk}/").content.decode()
    assert f'<input type="hidden" name="next" value="/tournaments/{t.pk}/">' in claim
    answer = client.post("/accounts/claim/", {"username": "gerda", "password": "long secret 42!",
                                              "next": f"/tournaments/{t.pk}/"})
    assert answer.status_code == 302 and answer["Location"] == f"/tournaments/{t.pk}/"
    assert 'id="join-tournament"' in client.get(f"/tournaments/{t.pk}/").content.decode()
    # Another site is never a place to go on to.
    client.force_login(guest("guest-4822"))
    answer = client.post("/accounts/claim/", {"username": "hanne", "password": "long secret 42!",
                                              "next": "https://elsewhere.example/"})
    assert answer["Location"] == "/"


def test_a_tournament_games_page_and_replay_name_its_tournament_and_round(client, members):
    t, pairing = started_three(members, "Page <Cup>")
    ann, bob = (Entry.objects.get(tournament=t, user__username=n).user for n in ("ann", "bob"))
    line = (f'<p class="game-tournament" id="game-tournament">A game of '
            f'<a href="/tournaments/{t.pk}/">Page &lt;Cup&gt;</a>, round 1.</p>')
    client.force_login(pairing.first.user)
    page = client.get(f"/games/{pairing.game_id}/")
    assert line in page.content.decode()
    # Before its first move the page offers no abort: the server would refuse it.
    assert page.context["boot"]["abort_refused"] == (
        "a tournament game cannot be aborted: offer a draw or resign")
    resign(pairing.game, pairing.second.user)
    assert line in client.get(f"/games/{pairing.game_id}/replay").content.decode()
    other = services.game_create(user=ann, scenario=KESSEL, side="ge")
    client.force_login(ann)
    services.game_join(game=other, user=bob, side="su")
    other.refresh_from_db()
    assert (other.status, other.version) == ("active", 1)  # an abort is the players' call
    page = client.get(f"/games/{other.pk}/")
    assert "game-tournament" not in page.content.decode()
    assert page.context["boot"]["abort_refused"] is None


def test_its_announcer_cancels_a_tournament_from_its_page(client, members):
    ann, bob = members("ann", "bob")
    t = tournaments.tournament_create(user=ann, name="Quiet Cup", kind="swiss",
                                      scenarios=[KESSEL], rounds=2)
    tournaments.tournament_join(tournament=t, user=bob)
    client.force_login(bob)
    assert 'id="cancel-tournament"' not in client.get(f"/tournaments/{t.pk}/").content.decode()
    answer = client.post(f"/tournaments/{t.pk}/cancel", follow=True)
    assert "only its creator cancels a tournament" in answer.content.decode()
    client.force_login(ann)
    assert 'id="cancel-tournament"' in client.get(f"/tournaments/{t.pk}/").content.decode()
    answer = client.post(f"/tournaments/{t.pk}/cancel", follow=True)
    page = answer.content.decode()
    assert "The tournament is cancelled." in page
    assert not any(f'id="{b}"' in page for b in ("cancel-tournament", "start-tournament",
                                                 "join-tournament", "tournament-start"))
    data = client.get(f"/api/v1/tournaments/{t.pk}").json()
    assert data["tournament"]["status"] == "cancelled" and data["me"]["game"] is None
    assert data["tournament"]["cancelled_why"] == "its announcer called it off"
    assert "<td>cancelled</td>" in client.get("/tournaments/").content.decode()


def test_the_lobby_lists_the_players_tournaments_with_what_each_round_holds(client, members):
    people = members("ann", "bob", "cid", "dot", "eve")
    ann = people[0]
    soon = tournaments.tournament_create(
        user=ann, name="Soon Cup", kind="swiss", scenarios=[KESSEL], rounds=2,
        starts_at=datetime(2030, 1, 15, 17, 0, tzinfo=UTC))  # fmt: skip
    five = tournaments.tournament_create(user=ann, name="Five Cup", kind="swiss",
                                         scenarios=[KESSEL], rounds=3)
    for p in people[1:]:
        tournaments.tournament_join(tournament=five, user=p)
    tournaments.tournament_start(tournament=five, by=ann)
    off = tournaments.tournament_create(user=ann, name="Off Cup", kind="swiss",
                                        scenarios=[KESSEL], rounds=2)
    tournaments.tournament_cancel(tournament=off, by=ann)
    pairings = list(Pairing.objects.filter(tournament=five, round=1).select_related(
        "first__user", "second__user"))
    (bye,) = [p for p in pairings if p.second_id is None]
    first, second = [p for p in pairings if p.second_id is not None]
    resign(first.game, first.second.user)
    tournaments.record_game(first.game_id)

    def line(user):
        client.force_login(user)
        page = client.get("/").content.decode()
        start = page.find('<p class="my-tournaments"')
        return page[start:page.index("</p>", start)] if start >= 0 else None

    def entry(t, words):
        return f'<a href="/tournaments/{t.pk}/">{t.name}</a> ({words})'

    assert line(bye.first.user) == ('<p class="my-tournaments" id="my-tournaments">Your '
                                    f"tournaments: {entry(five, 'round 1: a bye')}")
    assert entry(five, "round 1: your game is over, the others are playing") in line(
        first.first.user)
    playing = line(second.first.user)
    assert entry(five, f'round 1: <a href="/games/{second.game_id}/">your game is on</a>') in (
        playing)
    mine = line(ann)
    when = '<time datetime="2030-01-15T17:00:00+00:00" data-local>2030-01-15 17:00 UTC</time>'
    assert entry(soon, f"entered, starts {when}") in mine and "Off Cup" not in mine
    assert mine.count("Cup</a>") == 2  # Five Cup (playing, bye or over) and Soon Cup
    client.logout()
    assert 'id="my-tournaments"' not in client.get("/").content.decode()
    (nobody,) = members("fay")
    assert line(nobody) is None
