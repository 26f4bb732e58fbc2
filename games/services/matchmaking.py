"""Quick match: queue a seek, pair compatible seekers oldest first, open their game.

Pairing runs after every seek is stored, in its own transaction that first takes the queue
lock (a PostgreSQL advisory lock; SQLite's IMMEDIATE transactions serialise writers anyway),
so two daphne processes never pair the same seek twice or miss a pair because each stored
its seek while the other was looking. The waiting seeks are read with row locks, so a
cancel that committed first is never paired.

A seek lives while its player has the lobby open, since the matched notice reaches them
only there: the sweep marks a seeker found without a live lobby socket, a marked seeker is
not paired, and one still away SEEK_ABSENCE later leaves the queue. A page reload, gone for
a second, is found back at the next sweep and keeps its place.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from games import engine_adapter as engine
from games.lobby import notify
from games.models import CANCELLED, MATCHED, WAITING, Game, LobbyPresence, Seek
from games.selectors import PRESENCE_TTL
from games.services import hooks
from games.services.errors import ServiceError
from games.services.lifecycle import game_create, game_join

MAX_TEAM_SIZE = 3
QUEUE_LOCK = 0x70677765  # "pgwe": the advisory lock key of the quick-match queue
SEEK_ABSENCE = timedelta(seconds=60)  # how long a seeker may be away from the lobby


def pool(team_size: int) -> list[str]:
    """The scenarios quick match may pick for "any", best first: every side has a formation
    per seat; the default game's first (Panzer Grenadier: a player after another game picks
    one of its scenarios), its learning scenario first, then the smaller ones."""
    first = engine.games_list()[0]["id"]
    scens = sorted(
        engine.scenarios().values(),
        key=lambda s: (s.ruleset != first, not s.learning, s.size["total"]),
    )
    fit = [s.id for s in scens if team_size <= engine.most_seats_a_side(s.id)]
    return fit


def _check(scenario: str, side: str, team_size: Any) -> None:
    if not isinstance(team_size, int) or isinstance(team_size, bool):
        raise ServiceError("seek/invalid", "team_size must be a whole number")
    if not 1 <= team_size <= MAX_TEAM_SIZE:
        raise ServiceError("seek/invalid", f"team_size must be 1 to {MAX_TEAM_SIZE}")
    if scenario:
        try:
            scen = engine.scenario(scenario)
        except KeyError:
            raise ServiceError("scenario/unknown", f"no scenario {scenario!r}", 404) from None
        if team_size > engine.most_seats_a_side(scenario):
            raise ServiceError(
                "seek/invalid",
                f"{scen.title} has too few formations per side for {team_size} seats a side",
            )
        if side and side not in {s.id for s in scen.sides}:
            raise ServiceError("side/unknown", f"{scenario} has no side {side!r}")
    elif side and not any(
        side in {s.id for s in engine.scenario(p).sides} for p in pool(team_size)
    ):
        raise ServiceError("side/unknown", f"no scenario in the pool has a side {side!r}")
    if not pool(team_size):
        raise ServiceError("seek/invalid", f"no scenario fits {team_size} seats a side")


def seek_create(
    *,
    user: Any,
    scenario: str = "",
    side: str = "",
    team_size: int = 1,
    time_control: str = "",
    options: dict | None = None,
) -> Seek:
    """Join the quick-match queue (at most one waiting seek a user), then try to pair.

    `time_control` is a preset name ("live-30+20", "days-3"); "" takes any, and a group in
    which nobody named one plays untimed. `options` are other game options the seeker asks
    for (hooks.OPTION_CHECKS names, such as `rated`); the apps that own them keep them
    (hooks.SEEK_STORED) and say which seekers fit together (hooks.SEEK_FITS).
    """
    if not getattr(user, "is_authenticated", False):
        raise ServiceError("auth/required", "sign in to play a quick match", 401)
    scenario, side, time_control = scenario or "", side or "", time_control or ""
    _check(scenario, side, team_size)
    check_control = hooks.OPTION_CHECKS.get("time_control")
    if time_control and check_control is not None:
        if not isinstance(time_control, str):
            raise ServiceError("time_control/invalid", "time_control must be a preset name")
        check_control(time_control)
    options = _seek_options(options)
    try:
        with transaction.atomic():
            seek = Seek.objects.create(
                user=user, scenario=scenario, side=side, team_size=team_size,
                time_control=time_control,
            )  # fmt: skip
            for hook in hooks.SEEK_STORED:
                hook(seek, options)
            notify.lobby_changed()
    except IntegrityError:
        raise ServiceError(
            "seek/exists", "you are already waiting for a quick match", 409
        ) from None
    seek_pair()
    seek.refresh_from_db()
    return seek


def _seek_options(raw: Any) -> dict:
    """The extra game options of a seek, each checked by its owner's checker."""
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise ServiceError("seek/invalid", "options must be an object")
    known = set(hooks.OPTION_CHECKS) - {"time_control"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise ServiceError("seek/invalid", f"unknown seek option(s): {', '.join(unknown)}")
    return {name: hooks.OPTION_CHECKS[name](value) for name, value in raw.items()}


@transaction.atomic
def seek_cancel(*, seek: Seek | Any, user: Any) -> Seek:
    """Leave the queue; a seek already matched stays matched (its game is there)."""
    row = Seek.objects.select_for_update().filter(pk=getattr(seek, "pk", seek)).first()
    if row is None or row.user_id != getattr(user, "pk", None):
        raise ServiceError("seek/none", "no such seek of yours", 404)
    if row.status == WAITING:
        row.status, row.closed_at = CANCELLED, timezone.now()
        row.save(update_fields=["status", "closed_at"])
        notify.lobby_changed()
    return row


@dataclass
class _Group:
    """Seekers being put together for one game."""

    team_size: int
    scenario: str  # "" until someone names one
    members: list[Seek]

    def sides_of(self, scenario: str) -> list[str]:
        return [s.id for s in engine.scenario(scenario).sides]

    def resolve(self, extra: Seek | None = None) -> str | None:
        """The scenario this group (with `extra`) would play, or None if it cannot."""
        members = self.members + ([extra] if extra else [])
        named = {m.scenario for m in members if m.scenario}
        if len(named) > 1 or len({m.time_control for m in members if m.time_control}) > 1:
            return None
        candidates = sorted(named) if named else pool(self.team_size)
        for scen in candidates:
            sides = self.sides_of(scen)
            wants = [m.side for m in members if m.side]
            if all(w in sides for w in wants) and all(
                wants.count(s) <= self.team_size for s in sides
            ):
                return scen
        return None


def _groups(waiting: list[Seek]) -> list[tuple[str, list[Seek]]]:
    """Full groups, built greedily oldest first: the oldest seeker anchors a group and the
    next oldest compatible seekers fill it (compatible with every member: hooks.SEEK_FITS,
    e.g. ratings within the range their waits allow)."""
    now = timezone.now()
    out = []
    left = list(waiting)
    while left:
        anchor = left[0]
        group = _Group(anchor.team_size, anchor.scenario, [anchor])
        if group.resolve() is None:
            left.pop(0)
            continue
        for seek in left[1:]:
            if len(group.members) == 2 * group.team_size:
                break
            if seek.team_size != group.team_size:
                continue
            if seek.user_id in {m.user_id for m in group.members}:
                continue  # never pair anyone with themselves
            if not all(hooks.seeks_fit(m, seek, now) for m in group.members):
                continue
            if group.resolve(seek) is not None:
                group.members.append(seek)
        if len(group.members) == 2 * group.team_size:
            out.append((group.resolve(), group.members))
            left = [s for s in left if s not in group.members]
        else:
            left.pop(0)
    return out


def _sides_for(scenario: str, members: list[Seek], team_size: int) -> list[str]:
    """Each member's side: their wish if they have one, otherwise the emptier side."""
    sides = [s.id for s in engine.scenario(scenario).sides]
    count = {s: sum(1 for m in members if m.side == s) for s in sides}
    out = []
    for m in members:
        if m.side:
            out.append(m.side)
            continue
        side = min(sides, key=lambda s: (count[s] >= team_size, count[s], sides.index(s)))
        count[side] += 1
        out.append(side)
    return out


def _lock_queue() -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [QUEUE_LOCK])


@transaction.atomic
def seek_pair() -> list[Game]:
    """Pair every full group of compatible waiting seekers and open their games."""
    _lock_queue()
    waiting = list(
        Seek.objects.select_for_update()
        .filter(status=WAITING, absent_since=None)
        .order_by("created_at", "pk")
    )
    games = []
    for scenario, members in _groups(waiting):
        games.append(_open(scenario, members))
    return games


def _open(scenario: str, members: list[Seek]) -> Game:
    team_size = members[0].team_size
    sides = _sides_for(scenario, members, team_size)
    first, *rest = zip(members, sides, strict=True)
    control = next((m.time_control for m in members if m.time_control), "")
    options = {**hooks.seek_options(members), **({"time_control": control} if control else {})}
    game = game_create(
        user=first[0].user, scenario=scenario, side=first[1], seats_per_side=team_size,
        options=options or None,
    )  # fmt: skip
    for seek, side in rest:
        game_join(game=game, user=seek.user, side=side)
    now = timezone.now()
    for seek in members:
        seek.status, seek.game, seek.closed_at = MATCHED, game, now
        seek.save(update_fields=["status", "game", "closed_at"])
        notify.user_frame(
            seek.user_id,
            {"t": "matched", "d": {"seek": str(seek.pk), "game": str(game.pk)}},
        )
    notify.lobby_changed()
    return game


def expire_absent_seeks(now: datetime) -> int:
    """The sweep's share: mark the seekers with no live lobby socket, clear the mark of those
    back, and take out of the queue those away SEEK_ABSENCE; how many left it."""
    present = LobbyPresence.objects.filter(
        user__isnull=False, seen_at__gte=now - PRESENCE_TTL
    ).values("user_id")
    waiting = Seek.objects.filter(status=WAITING)
    back = waiting.filter(user_id__in=present).exclude(absent_since=None).update(
        absent_since=None
    )
    away = waiting.exclude(user_id__in=present)
    left = away.filter(absent_since=None).update(absent_since=now)
    gone = away.filter(absent_since__lte=now - SEEK_ABSENCE).update(
        status=CANCELLED, closed_at=now
    )
    if back or left or gone:
        notify.lobby_changed()  # the queue's counts changed
    return gone


def queue_counts() -> dict[str, int]:
    """How many are waiting to be paired, by team size (a seeker away is not counted)."""
    counts = {str(n): 0 for n in range(1, MAX_TEAM_SIZE + 1)}
    waiting = Seek.objects.filter(status=WAITING, absent_since=None)
    for size in waiting.values_list("team_size", flat=True):
        counts[str(size)] = counts.get(str(size), 0) + 1
    return counts
