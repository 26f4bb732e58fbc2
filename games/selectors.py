"""Read-only queries: who a user is in a game, an audience's snapshot, history since a version."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.utils import timezone

from games import broadcast, protocol, spectating, steplog
from games import engine_adapter as engine
from games.models import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    OPEN,
    SPECTATE_CREATOR,
    Game,
    GameStep,
    Presence,
    Seat,
)
from games.partner_acts import acted_by

HEAL_WINDOW = 50  # a client further behind than this gets a snapshot, not patches


@dataclass(frozen=True)
class Membership:
    """How a socket takes part in a game: its seat (if any), its audience and its groups."""

    game_id: str
    status: str
    version: int
    policy: str
    seat_pk: int | None
    seat_id: str | None
    side_id: str | None  # a player's side, or the side an invited coach follows
    audience: str | None  # None: nobody may watch now
    coach: bool = False  # invited to follow side_id's view, without a seat (spectating.py)

    @property
    def is_player(self) -> bool:
        return self.seat_pk is not None


def game_or_none(game_id: Any) -> Game | None:
    try:
        return Game.objects.get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError, ValidationError):  # a malformed id too
        return None


def seat_of(game: Game | Any, user: Any) -> Seat | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return (
        Seat.objects.select_related("side")
        .filter(game_id=getattr(game, "pk", game), user=user)
        .first()
    )


def membership(game: Game, user: Any, want_side: str | None = None) -> Membership:
    """Decide a socket's audience: a seat's side; an invited coach's side (live, whatever
    the address asks, but never another side); else what the spectator policy allows, the
    public view, and no side's view for anyone uninvited (`?side=` is refused)."""
    seat = seat_of(game, user)
    policy = game.spectators
    if seat is not None:
        side = seat.side.side_id
        audience: str | None = engine.side_audience(side)
        if want_side not in (None, side):
            audience = None  # a player never opens another audience's view
        return Membership(str(game.pk), game.status, game.version, policy, seat.pk,
                          seat.seat_id, side, audience)  # fmt: skip
    ended = game.status in (FINISHED, ABANDONED)
    coached = spectating.coach_side(game, user) if game.status == ACTIVE else None
    if game.status == OPEN:
        audience = None
    elif coached is not None:
        audience = engine.side_audience(coached) if want_side in (None, coached) else None
        return Membership(str(game.pk), game.status, game.version, policy, None, None,
                          coached, audience, coach=True)  # fmt: skip
    elif want_side and not ended:
        audience = None  # a side's view is its players' and its invited coaches' only
    elif policy == SPECTATE_CREATOR and not _is_creator(game, user):
        audience = None  # a bot game its opener watches alone
    else:
        audience = broadcast.spectator_audience(policy, ended)
    return Membership(str(game.pk), game.status, game.version, policy, None, None, None, audience)


def _is_creator(game: Game, user: Any) -> bool:
    return getattr(user, "is_authenticated", False) and game.created_by_id == user.pk


def may_review(game: Game, user: Any) -> bool:
    """Whether a user may read an ended game's whole record: its history, its export (the
    seed) and its replay page. The same rule as watching it after the end: its players
    always; anyone else only where the spectator policy shows spectators the ended game
    (public, coach, after_end; never none; a bot game's opener under creator)."""
    return game.status in (FINISHED, ABANDONED) and membership(game, user).audience is not None


def viewer_side(game: Game, user: Any) -> str | None:
    """The side whose counters a user may know by id: their seat's, or the side they coach."""
    seat = seat_of(game, user)
    if seat is not None:
        return seat.side.side_id
    return spectating.coach_side(game, user) if game.status == ACTIVE else None


def state_at(game_id: Any, version: int) -> engine.GameState | None:
    """The state after a version, from the process cache or the command log (steplog)."""
    return steplog.state_at(game_id, version)


def watched_version(game: Game, audience: str | None) -> int:
    """The version an audience sees now: the game's, or for the public spectators of a game
    with a spectator delay, the version that many commands ago (games/spectating.py)."""
    return spectating.shown_version(game) if audience == engine.PUBLIC else game.version


def watched_state(game: Game, audience: str | None) -> engine.GameState | None:
    """The state at `watched_version` (None before the start)."""
    if game.version < 1 or game.state is None:
        return None
    version = watched_version(game, audience)
    if version == game.version:
        return engine.decode_state(game.pk, game.version, game.state)
    return state_at(game.pk, version)


def snapshot(game: Game, audience: str) -> dict | None:
    """The audience's whole view at the version it may see now (None before the start)."""
    state = watched_state(game, audience)
    if state is None:
        return None
    return broadcast.snapshot_frame(game.pk, watched_version(game, audience), state, audience)


def catch_up(game_id: Any, audience: str, have: int | None) -> list[tuple[int, str]]:
    """Encoded frames taking an audience from `have` to the version it may see now: patches
    recomputed from the command log for up to HEAL_WINDOW versions, otherwise one snapshot."""
    game = Game.objects.only("id", "version", "state", "options", "status").get(pk=game_id)
    current = watched_version(game, audience)
    if current < 1 or (have is not None and have == current):
        return []
    if have is None or have < 1 or have > current or current - have > HEAL_WINDOW:
        frame = snapshot(game, audience)
        return [(current, protocol.encode(frame))] if frame else []
    steps = list(
        GameStep.objects.filter(game_id=game_id, version__gt=have, version__lte=current)
        .select_related("seat__user")
        .order_by("version")
        .only("version", "events", "command", "seat__seat_id", "seat__user__username")
    )
    states = steplog.states_between(game_id, have, current)
    out = []
    for step in steps:
        v, before = step.version, states[step.version - 1]
        # The acting side's frame names the partner who acted, as the live one did.
        by = acted_by(step.seat, step.command, before) if step.seat is not None else None
        frame = broadcast.step_frame(game_id, v, before, states[v], step.events, audience, by)
        out.append((v, protocol.encode(frame)))
    return out


def versions_of(game_ids: list[Any]) -> dict[str, int]:
    """The current version of each of these games, by id as text: one query for them all."""
    rows = Game.objects.filter(pk__in=game_ids).values_list("pk", "version")
    return {str(pk): version for pk, version in rows}


PRESENCE_TTL = timedelta(seconds=60)  # browsers ping every 10 s (static/games/js/socket.js)


def presence(game_id: Any) -> dict:
    """How many sockets are open per seat, and how many spectators (rows seen lately)."""
    rows = Presence.objects.filter(game_id=game_id, seen_at__gte=timezone.now() - PRESENCE_TTL)
    seats = dict(
        rows.filter(seat__isnull=False).values_list("seat__seat_id").annotate(n=Count("pk"))
    )
    spectators = rows.filter(seat__isnull=True).count()
    return protocol.presence_frame(dict(sorted(seats.items())), spectators)


def groups_of(game: Game | Any) -> list[str]:
    """Every channel group of a game: each side's and the spectators'."""
    game_id = getattr(game, "pk", game)
    sides = Game.objects.get(pk=game_id).sides.values_list("side_id", flat=True)
    return [broadcast.side_group(game_id, s) for s in sides] + [broadcast.spectators_group(game_id)]


def lobby_games(user: Any, status: str | None = None):
    """Games a user may list: every public game, and private ones they sit in."""
    games = Game.objects.all().prefetch_related("sides", "seats__user", "seats__side")
    if status:
        games = games.filter(status=status)
    visible = Q(options__private=False) | Q(options__private__isnull=True)
    if getattr(user, "is_authenticated", False):
        visible |= Q(seats__user=user)
    return games.filter(visible).distinct()


def history(game: Game, audience: str = engine.FULL) -> list[dict]:
    """Every step with an audience's view and events (only once the game has ended): the
    full view, a side's ("side:<id>") or the public one, as they were at each version."""
    out = []
    steps = GameStep.objects.filter(game=game).select_related("seat").order_by("version")
    states = steplog.states_between(game.pk, 1, game.version)
    for step in steps.defer("checkpoint"):
        state = states[step.version]
        out.append(
            {
                "version": step.version,
                "seat": step.seat.seat_id if step.seat else None,
                "command": step.command,
                "dice": step.dice,
                "events": step.events
                if audience == engine.FULL
                else engine.events_for(step.events or [], state, audience),
                "view": engine.audience_view(game.pk, step.version, state, audience),
                "at": step.created_at.isoformat(),
            }
        )
    return out


def log_lines(game: Game, audience: str, upto: int | None = None) -> list[dict]:
    """The game's log as an audience may read it, from the first step to `upto` (or as far
    as it may see now):
    [{"v", "event"}], the same lines its live patches carried (engine.events_for)."""
    steps = GameStep.objects.filter(game=game).order_by("version")
    last = watched_version(game, audience)  # a delayed public reads only what it saw
    steps = steps.filter(version__lte=last if upto is None else min(upto, last))
    rows = [(v, events) for v, events in steps.values_list("version", "events") if events]
    states = steplog.states_between(game.pk, rows[0][0], rows[-1][0]) if rows else {}
    out = []
    for version, events in rows:
        state = states[version]
        lines = events if audience == engine.FULL else engine.events_for(events, state, audience)
        out.extend({"v": version, "event": e} for e in lines)
    return out


def export(game: Game) -> dict:
    """The document `games.rules.verify` replays (after the end: it carries the seed).

    Steps the engine did not make (a resignation) are left out of the replay and named in
    `"resigned"`, with the final hash of the last engine state.
    """
    steps = list(
        GameStep.objects.filter(game=game).select_related("seat").order_by("version").defer("checkpoint")
    )
    states = steplog.states_between(game.pk, 1, steps[-1].version)
    initial = states[1]
    replayed = [s for s in steps[1:] if s.command and s.command.get("type") != "resign"]
    resign = next((s for s in steps if s.command and s.command.get("type") == "resign"), None)
    last = replayed[-1].version if replayed else 1
    final = states[last]
    doc = engine.export_document(
        initial,
        game.seed,
        [
            {
                "seat": s.seat.seat_id,
                "command": s.command,
                "dice": s.dice,
                "state": states[s.version],
            }
            for s in replayed
        ],
        final,
    )
    for entry, step in zip(doc["steps"], replayed, strict=True):
        entry["version"] = step.version
    doc["game"] = str(game.pk)
    doc["result"] = game.result
    if resign is not None:
        doc["resigned"] = {"version": resign.version, "seat": resign.seat.seat_id}
    return doc


def is_active(game: Game) -> bool:
    return game.status == ACTIVE
