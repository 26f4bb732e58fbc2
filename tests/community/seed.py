"""Data for the community's browser tests, written straight into the live server's database
(`manage.py shell -c "from tests.community.seed import ...; ..."`): players with passwords,
rated games played to an end over several days, a tournament under way.

Everything goes through the services, as a person's games would; only the dates are set
(rated days apart, so the rating chart has a time axis)."""

from __future__ import annotations

import json
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games import services
from games.community import ratings
from games.community.tournaments import service as tournaments
from games.models import Seat

PASSWORD = "long secret 42!"


def _member(name: str):
    users = get_user_model().objects
    return users.filter(username=name).first() or users.create_user(name, password=PASSWORD)


def _play(ge, su, loser, when, **options):
    game = services.game_create(user=ge, scenario="meeting-at-kessel", side="ge",
                                options={"rated": True, **options})
    services.game_join(game=game, user=su, side="su")
    seat = Seat.objects.get(game=game, user=loser)
    with transaction.atomic():  # rated on that day, before the end's own hook runs
        services.game_resign(game=game, seat=seat)
        ratings.rate_game(game.pk, now=when)
    return game


def rated_history(prefix: str) -> None:
    """`<prefix>-hanna` plays 48 rated games by correspondence against three others over
    fourteen weeks (enough to establish two ratings) and two live, and has a double-blind game
    going; prints the names as JSON."""
    hanna, otto, lena, karl = (_member(f"{prefix}-{n}") for n in ("hanna", "otto", "lena", "karl"))
    start = timezone.now() - timedelta(days=100)
    plan = [(hanna, otto, otto), (lena, hanna, lena), (hanna, karl, karl), (otto, hanna, hanna),
            (hanna, lena, lena), (karl, hanna, karl), (hanna, otto, otto), (lena, hanna, lena)]
    # One commit for the fifty games (the live server's lobby is nudged once, not a hundred times).
    with transaction.atomic():
        for day, (ge, su, loser) in enumerate(plan * 6):
            _play(ge, su, loser, start + timedelta(days=2 * day))
        _play(hanna, karl, karl, start + timedelta(days=3), time_control="live-30+20")
        _play(otto, hanna, otto, start + timedelta(days=9), time_control="live-30+20")
        current = services.game_create(user=hanna, scenario="meeting-at-kessel", side="su",
                                       options={"double_blind": True})
        services.game_join(game=current, user=karl, side="ge")
    print(json.dumps({"hanna": hanna.username, "others": [otto.username, lena.username,
                                                           karl.username]}))


def running_tournament(prefix: str, kind: str = "swiss") -> None:
    """Five players (`<prefix>-p1`..`p5`) in a three-round Swiss, started: round 1 paired,
    its games playing, one bye; prints the tournament id and the players as JSON."""
    people = [_member(f"{prefix}-p{n}") for n in range(1, 6)]
    t = tournaments.tournament_create(user=people[0], name=f"{prefix} Kesselbach Cup",
                                      kind=kind, scenarios=["meeting-at-kessel"], rounds=3,
                                      time_control="days-3")
    for p in people[1:]:
        tournaments.tournament_join(tournament=t, user=p)
    tournaments.tournament_start(tournament=t, by=people[0])
    print(json.dumps({"id": t.pk, "players": [p.username for p in people]}))
