"""The bots' sweep job: resume bot turns nobody is taking (after a restart, a crash between
a claim and its command, or a failure), run by the background worker's periodic sweep
(games.clocks.sweep).

A game is due when a bot's seat may act at its current version and no live lease holds that
version: its claim's lease ran out or was released, or nobody claimed it for
`BOT_SWEEP_GRACE_SECONDS` (a daphne process that heard of the version is pausing for people
to follow; the sweep leaves it that long). Taking the claim is the same lease as anywhere,
so a sweep racing a daphne process, or another worker, acts at most once per version.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Q

from games.models import ACTIVE, Game, GameStep

from . import runner
from .models import BotClaim

SWEEP_LIMIT = 200  # bot commands one sweep plays in one game before moving on


def grace_seconds() -> float:
    return float(getattr(settings, "BOT_SWEEP_GRACE_SECONDS", 10.0))


def _committed_at(game: dict) -> datetime | None:
    at = (GameStep.objects.filter(game_id=game["pk"], version=game["version"])
          .values_list("created_at", flat=True).first())
    return at or game["started_at"]


def due(now: datetime) -> list[Any]:
    """Games being played where a bot may have a turn nobody is taking."""
    games = (Game.objects.filter(status=ACTIVE)
             .filter(Q(seats__user__bot__isnull=False) | Q(seats__bot_stand_in__isnull=False))
             .distinct().values("pk", "version", "started_at"))
    out = []
    for g in games:
        claim = (BotClaim.objects.filter(game_id=g["pk"], version=g["version"])
                 .values("applied", "lease_until").first())
        if claim is not None:
            if claim["applied"] or (claim["lease_until"] and claim["lease_until"] >= now):
                continue
        else:
            at = _committed_at(g)
            if at is not None and at > now - timedelta(seconds=grace_seconds()):
                continue
        out.append(g["pk"])
    return out


def resume_bot_turns(now: datetime) -> int:
    """The sweep job: play the due bot turns; the number of bot commands applied."""
    if not getattr(settings, "BOTS_RUN", True):
        return 0
    return sum(runner.play_bots(game_id, limit=SWEEP_LIMIT, now=now) for game_id in due(now))
