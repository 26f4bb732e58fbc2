"""A command that loses a race with a partner's is refused with a message naming the partner
and what they did; one that loses to the other side says only that the other side acted."""

from __future__ import annotations

import random

import pytest

from games import services
from games.models import Seat
from tests.gamekit import legal_by_seat, person, random_move, started_team_game, state_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def team_game():
    """Ann and Bob German, Cleo and Dan Soviet."""
    ann, bob, cleo, dan = (person(n) for n in ("ann", "bob", "cleo", "dan"))
    return started_team_game((ann, bob), (cleo, dan))


def submit(game, seat_id, command, v):
    seat = Seat.objects.select_related("side").get(game=game, seat_id=seat_id)
    return services.command_submit(game=game, seat=seat, command=command, base_version=v)


def two_partners_may_act(game, rng):
    """Play random commands until two seats of one side both have a command: their ids."""
    for _ in range(300):
        state = state_of(game)
        legal = legal_by_seat(state)
        able = [s for s in state.seats if legal[s.id]]
        for a in able:
            for b in able:
                if a.id < b.id and a.side == b.side:
                    return a.id, b.id, legal
        seat_id, command = random_move(rng, legal)
        assert submit(game, seat_id, command, game.version).ok
        game.refresh_from_db()
    pytest.skip("no position where two partners may act")


def first_command(groups: dict) -> dict:
    return next(c for group in groups.values() for c in group)


def test_a_command_beaten_by_a_partners_names_the_partner_and_what_they_did(team_game):
    first, second, legal = two_partners_may_act(team_game, random.Random(3))
    v = team_game.version
    won = first_command(legal[first])
    assert submit(team_game, first, won, v).ok
    lost = submit(team_game, second, first_command(legal[second]), v)
    assert (lost.ok, lost.code) == (False, "state/stale_version")
    winner = Seat.objects.select_related("user").get(game=team_game, seat_id=first)
    assert f"Your partner {winner.user.username} ({first}) acted first" in lost.message
    assert "not applied" in lost.message and "version" not in lost.message
    team_game.refresh_from_db()
    assert team_game.version == v + 1  # nothing of the loser's was applied


def test_a_command_beaten_by_the_other_side_does_not_say_what_they_did(team_game):
    v = team_game.version
    state = state_of(team_game)
    legal = legal_by_seat(state)
    side_of = {s.id: s.side for s in state.seats}
    actor = next(s for s in sorted(legal) if legal[s])
    assert submit(team_game, actor, first_command(legal[actor]), v).ok
    enemy = next(s for s in sorted(side_of) if side_of[s] != side_of[actor])
    lost = submit(team_game, enemy, {"type": "pass"}, v)
    assert lost.code == "state/stale_version"
    assert lost.message.startswith("The other side acted before your command arrived.")
