"""Tournaments through the services: entering, starting, games started when paired with the
tournament's clock, results, the next round, byes, withdrawals, time-outs, a restart."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games import services
from games.clocks.models import GameClock
from games.community.models import Entry, Pairing, Tournament
from games.community.tournaments import service
from games.models import ACTIVE, FINISHED, Game, Seat
from games.services.errors import ServiceError
from tests.community.kit import guest, resign

pytestmark = pytest.mark.django_db
KESSEL = "meeting-at-kessel"


def swiss(creator, rounds=3, **extra):
    return service.tournament_create(user=creator, name="Kessel Cup", kind="swiss",
                                     scenarios=[KESSEL], rounds=rounds, **extra)


def entered(t, *people):
    for p in people:
        service.tournament_join(tournament=t, user=p)


def games_of(t, round_no):
    return [p for p in Pairing.objects.filter(tournament=t, round=round_no).select_related(
        "game", "first__user", "second__user")]


def finish_round(t, round_no, loser_side="su"):
    """Every game of the round ends: the side `loser_side` resigns."""
    for p in games_of(t, round_no):
        if p.game is None or Game.objects.get(pk=p.game_id).status != ACTIVE:
            continue
        seat = Seat.objects.select_related("side").get(game=p.game, side__side_id=loser_side)
        services.game_resign(game=p.game, seat=seat)
        service.record_game(p.game_id)


def test_starting_pairs_round_one_and_starts_its_games_with_the_tournaments_clock(members):
    ann, bob, cid, dan = members("ann", "bob", "cid", "dan")
    t = swiss(ann, time_control="days-3", rated=True)
    entered(t, bob, cid, dan)
    service.tournament_start(tournament=t, by=ann)
    t.refresh_from_db()
    assert t.status == "running" and t.current_round == 1
    boards = games_of(t, 1)
    assert len(boards) == 2
    for p in boards:
        assert p.game.status == ACTIVE
        assert p.game.options["rated"] is True
        assert p.game.options["time_control"] == {"kind": "correspondence", "days": 3}
        assert GameClock.objects.filter(pk=p.game_id).exists()
        ge = Seat.objects.get(game=p.game, side__side_id="ge")
        assert ge.user_id == p.first.user_id  # the first player has the scenario's first side


def test_the_next_round_is_paired_when_the_last_game_of_a_round_ends(members):
    people = members("ann", "bob", "cid", "dan")
    t = swiss(people[0])
    entered(t, *people[1:])
    service.tournament_start(tournament=t, by=people[0])
    first, second = games_of(t, 1)
    seat = Seat.objects.get(game=first.game, side__side_id="su")
    services.game_resign(game=first.game, seat=seat)
    service.record_game(first.game_id)
    t.refresh_from_db()
    assert t.current_round == 1  # one game of the round still going
    finish_round(t, 1)
    t.refresh_from_db()
    assert t.current_round == 2
    met = {frozenset((p.first_id, p.second_id)) for p in games_of(t, 1)}
    for p in games_of(t, 2):
        assert frozenset((p.first_id, p.second_id)) not in met


def test_a_whole_swiss_runs_to_its_end_with_standings(members, django_capture_on_commit_callbacks):
    people = members("ann", "bob", "cid", "dan", "eve")
    t = swiss(people[0], rounds=3)
    entered(t, *people[1:])
    service.tournament_start(tournament=t, by=people[0])
    for round_no in (1, 2, 3):
        for p in games_of(t, round_no):
            if p.game is None:
                assert p.result == "bye"
                continue
            with django_capture_on_commit_callbacks(execute=True):  # the game-end hook
                resign(p.game, p.second.user)
    t.refresh_from_db()
    assert t.status == "finished" and t.current_round == 3
    byes = [p.first_id for p in Pairing.objects.filter(tournament=t, result="bye")]
    assert len(byes) == 3 and len(set(byes)) == 3  # a bye a round, never twice to one player
    rows = service_table(t)
    assert sum(r["score"] for r in rows) == 3 * 3  # two games and a bye a round: 3 points


def service_table(t):
    from games.community.selectors.tournaments import standings_rows

    return standings_rows(t)


def test_a_round_robin_forfeits_the_remaining_games_of_a_player_who_withdrew(members):
    ann, bob, cid, dan = members("ann", "bob", "cid", "dan")
    t = service.tournament_create(user=ann, name="Round", kind="round_robin",
                                  scenarios=[KESSEL])
    entered(t, bob, cid, dan)
    service.tournament_start(tournament=t, by=ann)
    t.refresh_from_db()
    assert t.rounds == 3
    mine = next(p for p in games_of(t, 1) if dan.pk in (p.first.user_id, p.second.user_id))
    service.tournament_withdraw(tournament=t, user=dan)
    game = Game.objects.get(pk=mine.game_id)
    assert game.status == FINISHED  # the game in progress was resigned
    service.record_game(game.pk)
    mine.refresh_from_db()
    assert mine.result in ("first", "second")
    loser_is_dan = (mine.result == "first") == (mine.second.user_id == dan.pk)
    assert loser_is_dan
    finish_round(t, 1)
    dan_entry = Entry.objects.get(tournament=t, user=dan)
    later = Pairing.objects.filter(tournament=t, round=2).filter(
        first=dan_entry) | Pairing.objects.filter(tournament=t, round=2, second=dan_entry)
    (forfeit,) = list(later)
    assert forfeit.game is None
    assert forfeit.result == ("forfeit_second" if forfeit.first_id == dan_entry.pk
                              else "forfeit_first")


def test_a_swiss_does_not_pair_a_withdrawn_player_again(members):
    people = members("ann", "bob", "cid", "dan")
    t = swiss(people[0])
    entered(t, *people[1:])
    service.tournament_start(tournament=t, by=people[0])
    finish_round(t, 1)
    service.tournament_withdraw(tournament=t, user=people[3])
    finish_round(t, 2)
    gone = Entry.objects.get(tournament=t, user=people[3])
    assert not Pairing.objects.filter(tournament=t, round=3, first=gone).exists()
    assert not Pairing.objects.filter(tournament=t, round=3, second=gone).exists()


def test_a_tournament_survives_a_restart_mid_round(members):
    # The games of round 1 end but the on-commit steps never ran (the process died): the
    # worker's sweep stores the results and pairs round 2 from the database alone.
    people = members("ann", "bob", "cid", "dan")
    t = swiss(people[0])
    entered(t, *people[1:])
    service.tournament_start(tournament=t, by=people[0])
    for p in games_of(t, 1):
        resign(p.game, p.second.user)
    assert Pairing.objects.filter(tournament=t, round=1, result="").count() == 2
    service.sweep(timezone.now())
    t.refresh_from_db()
    assert t.current_round == 2
    assert not Pairing.objects.filter(tournament=t, round=1, result="").exists()
    service.sweep(timezone.now())  # nothing more to do: round 2 is not paired twice
    assert Pairing.objects.filter(tournament=t, round=2).count() == 2


def test_the_sweep_starts_a_tournament_at_its_time(members):
    ann, bob = members("ann", "bob")
    t = swiss(ann, starts_at=timezone.now() - timezone.timedelta(minutes=1))
    entered(t, bob)
    service.sweep(timezone.now())
    t.refresh_from_db()
    assert t.status == "running"


def test_a_tournament_whose_time_comes_with_one_player_is_cancelled_once(members, caplog):
    """Not tried again at every sweep: called off, and said so on its page and to anyone
    who would still enter it."""
    ann, bob = members("ann", "bob")
    t = swiss(ann, starts_at=timezone.now() - timezone.timedelta(minutes=1))
    assert service.sweep(timezone.now()) == 1
    t.refresh_from_db()
    assert (t.status, t.cancelled_why) == ("cancelled", service.NOBODY_CAME)
    assert t.finished_at is not None and not Pairing.objects.filter(tournament=t).exists()
    caplog.clear()
    assert service.sweep(timezone.now()) == 0 and not caplog.records
    with pytest.raises(ServiceError) as refused:
        entered(t, bob)
    assert refused.value.message == (
        "the tournament was cancelled: fewer than two players had entered by its start")
    assert Entry.objects.filter(tournament=t).count() == 1  # ann's entry stays, cancelled


def test_its_announcer_or_staff_may_cancel_a_tournament_before_its_start(members):
    ann, bob, cid = members("ann", "bob", "cid")
    staff = members("mod")[0]
    staff.is_staff = True
    staff.save(update_fields=["is_staff"])
    t = swiss(ann)
    entered(t, bob)
    with pytest.raises(ServiceError) as refused:
        service.tournament_cancel(tournament=t, by=bob)
    assert refused.value.code == "tournament/not_creator"
    service.tournament_cancel(tournament=t, by=ann)
    t.refresh_from_db()
    assert (t.status, t.cancelled_why) == ("cancelled", "its announcer called it off")
    for act in (lambda: service.tournament_start(tournament=t, by=ann),
                lambda: service.tournament_leave(tournament=t, user=bob),
                lambda: service.tournament_cancel(tournament=t, by=ann)):
        with pytest.raises(ServiceError) as refused:
            act()
        assert refused.value.code == "tournament/cancelled"
    running = swiss(cid)
    entered(running, bob)
    other = swiss(cid)
    service.tournament_cancel(tournament=other, by=staff)  # staff may too
    service.tournament_start(tournament=running, by=cid)
    with pytest.raises(ServiceError) as refused:  # once started, players withdraw instead
        service.tournament_cancel(tournament=running, by=cid)
    assert refused.value.code == "tournament/started"
    assert service.withdraw_everywhere(bob, "banned") == 1  # the running one; not the cancelled


def test_running_out_of_time_loses_the_game_and_a_no_show_is_withdrawn(members):
    ann, bob = members("ann", "bob")
    t = swiss(ann, time_control="days-1", rounds=2)
    entered(t, bob)
    service.tournament_start(tournament=t, by=ann)
    (p,) = games_of(t, 1)
    from games.clocks.models import SideClock

    SideClock.objects.filter(game=p.game, side_id="ge").update(flagged_at=timezone.now())
    service.on_flag([{"game_id": p.game_id, "side_id": "ge", "seat_ids": ("ge-1",),
                      "at": timezone.now()}])
    p.refresh_from_db()
    assert p.result == "second"
    assert Entry.objects.get(tournament=t, user=p.first.user).withdrawn_why.startswith("absent")
    t.refresh_from_db()
    assert t.status == "finished"  # one player left: nobody to pair


def test_only_people_with_accounts_enter_and_only_the_creator_starts(members):
    ann, bob = members("ann", "bob")
    t = swiss(ann)
    with pytest.raises(services.ServiceError) as err:
        service.tournament_join(tournament=t, user=guest("Grenadier-7"))
    assert err.value.code == "tournament/not_allowed"
    entered(t, bob)
    with pytest.raises(services.ServiceError) as err:
        service.tournament_start(tournament=t, by=bob)
    assert err.value.code == "tournament/not_creator"
    with pytest.raises(services.ServiceError) as err:
        service.tournament_join(tournament=t, user=bob)
    assert err.value.code == "tournament/entered"


@pytest.mark.parametrize("fields,code", [
    ({"kind": "knockout"}, "tournament/invalid"),
    ({"scenarios": ["nowhere"]}, "scenario/unknown"),
    ({"rounds": 0}, "tournament/invalid"),
    ({"time_control": "days-4"}, "time_control/invalid"),
    ({"name": "x"}, "tournament/invalid"),
])  # fmt: skip
def test_bad_input_is_refused_and_creates_nothing(members, fields, code):
    (ann,) = members("ann")
    args = {"name": "Kessel Cup", "kind": "swiss", "scenarios": [KESSEL], "rounds": 3, **fields}
    with pytest.raises(services.ServiceError) as err:
        service.tournament_create(user=ann, **args)
    assert err.value.code == code
    assert not Tournament.objects.exists()


def test_blocks_do_not_stop_a_tournament_pairing(members):
    from games.community import blocks

    ann, bob = members("ann", "bob")
    blocks.block(user=ann, player=bob)
    t = swiss(ann)
    entered(t, bob)
    service.tournament_start(tournament=t, by=ann)
    (p,) = games_of(t, 1)
    assert p.game.status == ACTIVE


def test_a_rated_panzer_leader_tournament_rates_panzer_leader(members,
                                                               django_capture_on_commit_callbacks):
    from games.community.models import Rating

    ann, bob = members("ann", "bob")
    t = service.tournament_create(user=ann, name="Hollenbach Open", kind="round_robin",
                                  scenarios=["pl-hollenbach"], rated=True)
    entered(t, bob)
    service.tournament_start(tournament=t, by=ann)
    (p,) = games_of(t, 1)
    assert p.game.scenario == "pl-hollenbach" and p.game.status == ACTIVE
    with django_capture_on_commit_callbacks(execute=True):
        resign(p.game, p.second.user)
    p.refresh_from_db()
    assert p.result == "first"
    assert {r.ruleset for r in Rating.objects.all()} == {"panzer_leader"}
    t.refresh_from_db()
    assert t.status == "finished"


def test_a_tournament_plays_scenarios_of_one_game_only(members):
    (ann,) = members("ann")
    with pytest.raises(services.ServiceError) as err:
        service.tournament_create(user=ann, name="Mixed", kind="swiss", rounds=2,
                                  scenarios=["meeting-at-kessel", "pl-hollenbach"])
    assert "one game" in err.value.message


def test_a_tournament_game_cannot_be_aborted_but_may_be_drawn(members):
    ann, bob = members("ann", "bob")
    t = swiss(ann, rounds=1)
    entered(t, bob)
    service.tournament_start(tournament=t, by=ann)
    [pairing] = games_of(t, 1)
    seats = {s.side.side_id: s for s in Seat.objects.filter(game=pairing.game)
             .select_related("side")}  # fmt: skip
    with pytest.raises(services.ServiceError) as err:
        services.game_abort(game=pairing.game, seat=seats["ge"])
    assert err.value.code == "game/tournament"
    assert Game.objects.get(pk=pairing.game_id).status == ACTIVE
    services.draw_answer(game=pairing.game, seat=seats["ge"], answer="offer")
    services.draw_answer(game=pairing.game, seat=seats["su"], answer="accept")
    assert Game.objects.get(pk=pairing.game_id).status == FINISHED
