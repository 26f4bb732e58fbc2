"""Quick match with ratings and blocks: which seekers fit together, and when.

Plugged into games.services.matchmaking through its hooks (SEEK_STORED, SEEK_FITS,
SEEK_OPTIONS). Two seekers fit when neither blocked the other, both asked for the same kind
of game (rated or casual), and, for rated games, their ratings are within the range their
waiting allows: `RANGE_START` points at first, `RANGE_STEP` more every `RANGE_EVERY`
seconds, any rating at all after `RANGE_OPEN_AFTER` seconds. The wider of the two ranges
counts (whoever has waited longer has accepted a wider range, and the newcomer gets a game
at once rather than waiting too). The worker's sweep pairs the queue again every few seconds
(`pair_waiting`), so ranges that have widened pair seekers who were already waiting.
"""

from __future__ import annotations

import threading
from datetime import datetime

from django.conf import settings

from games.models import WAITING, Seek
from games.rules import registry
from games.services.errors import ServiceError
from games.services.matchmaking import seek_pair

from . import glicko2, ratings
from .models.moderation import Block
from .models.ratings import Rating, SeekTerms

_local = threading.local()  # the queue as read by the pairing pass running in this thread

RANGE_START = 100.0
RANGE_STEP = 50.0
RANGE_EVERY = 10.0
RANGE_OPEN_AFTER = 120.0


def _setting(name: str, default: float) -> float:
    return float(getattr(settings, name, default))


def rating_range(waited_seconds: float) -> float | None:
    """How far (in rating points) a seeker's opponent may be after waiting this long; None:
    anyone."""
    if waited_seconds >= _setting("PGWEB_MATCH_RANGE_OPEN_AFTER", RANGE_OPEN_AFTER):
        return None
    steps = int(max(waited_seconds, 0.0) // _setting("PGWEB_MATCH_RANGE_EVERY", RANGE_EVERY))
    return _setting("PGWEB_MATCH_RANGE_START", RANGE_START) + steps * _setting(
        "PGWEB_MATCH_RANGE_STEP", RANGE_STEP)


def seek_stored(seek: Seek, options: dict) -> None:
    """hooks.SEEK_STORED: keep the seeker's `rated` wish; guests and bots cannot ask it."""
    rated = bool(options.get("rated"))
    if rated:
        why = ratings.why_unrated(seek.user)
        if why:
            raise ServiceError("rated/not_allowed", why, 403)
    SeekTerms.objects.create(seek=seek, rated=rated)


def _queue(now: datetime) -> dict:
    """What fitting needs of the whole queue, read once per pairing pass (`now` is the same
    object for every pair one pass tries): the seekers' wishes, the blocks among them and
    their ratings. Three queries, instead of a few per pair tried."""
    cached = getattr(_local, "queue", None)
    if cached is not None and cached["now"] is now:
        return cached
    users = set(Seek.objects.filter(status=WAITING).values_list("user_id", flat=True))
    queue = {
        "now": now,
        "rated": dict(SeekTerms.objects.filter(seek__status=WAITING).values_list(
            "seek_id", "rated")),
        "blocks": set(Block.objects.filter(user_id__in=users, blocked_id__in=users)
                      .values_list("user_id", "blocked_id")),
        "ratings": {(u, r, p): v for u, r, p, v in Rating.objects.filter(user_id__in=users)
                    .values_list("user_id", "ruleset", "pace", "rating")},
    }
    _local.queue = queue
    return queue


def seek_rating(seek: Seek, other: Seek | None = None, queue: dict | None = None) -> float:
    """The seeker's rating in the game and pace this pairing would play: the scenario one of
    them named (else the registry's default game), a live clock if one of them named one, else
    correspondence (untimed games count as correspondence)."""
    scenario = seek.scenario or (other.scenario if other else "")
    control = seek.time_control or (other.time_control if other else "")
    ruleset = ratings.ruleset_of(scenario) if scenario else registry.DEFAULT
    pace = ratings.LIVE if control.startswith("live") else ratings.CORRESPONDENCE
    if queue is not None:
        return queue["ratings"].get((seek.user_id, ruleset, pace), glicko2.DEFAULT_RATING)
    row = Rating.objects.filter(user_id=seek.user_id, ruleset=ruleset, pace=pace).first()
    return row.rating if row else glicko2.DEFAULT_RATING


def seeks_fit(seek: Seek, other: Seek, now: datetime) -> bool:
    """hooks.SEEK_FITS: may these two seekers share a game now?"""
    queue = _queue(now)
    if {(seek.user_id, other.user_id), (other.user_id, seek.user_id)} & queue["blocks"]:
        return False
    rated = queue["rated"].get(seek.pk, False)
    if rated != queue["rated"].get(other.pk, False):
        return False
    if not rated:
        return True
    ranges = [rating_range((now - s.created_at).total_seconds()) for s in (seek, other)]
    if None in ranges:
        return True
    gap = abs(seek_rating(seek, other, queue) - seek_rating(other, seek, queue))
    return gap <= max(ranges)


def seek_options(seeks: list[Seek]) -> dict:
    """hooks.SEEK_OPTIONS: a group of rated seekers opens a rated game."""
    wishes = dict(SeekTerms.objects.filter(seek__in=seeks).values_list("seek_id", "rated"))
    return {"rated": True} if seeks and all(wishes.get(s.pk) for s in seeks) else {}


def pair_waiting(now: datetime) -> int:
    """The sweep's share: pair the queue again (ranges widen with time); games opened."""
    if Seek.objects.filter(status=WAITING).count() < 2:
        return 0
    return len(seek_pair())
