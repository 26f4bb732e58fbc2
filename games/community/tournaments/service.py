"""Run tournaments: create, enter, start, pair each round and start its games, take the
results, withdraw players; the only code that writes tournament rows.

Every step is a transaction that locks the tournament row, and everything is read back from
the database, so a restart mid-round loses nothing and two processes never pair a round
twice: the next round is paired when the last game of a round ends (`on_game_over`, after
its commit) or, if the process died before that, by the worker's sweep (`sweep`).

Usual practice, as decided here (docs/community.md, "Tournaments"):
- a bye scores a win, at most once per player (Swiss: the lowest-ranked player without one;
  round robin: the circle's bye, once each);
- a player who withdraws loses the game in progress (resigned), is not paired again
  (Swiss), and his remaining round-robin games are forfeited to their opponents;
- a side whose clock runs out in a tournament game loses it (the win is claimed for the
  opponent at once); a player who ran out of time without having made a single move is
  taken for absent and withdrawn;
- blocks do not stop pairings (entering is agreeing to play whoever the pairing gives).
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games import engine_adapter as engine
from games.clocks import absence
from games.clocks import control as clock_control
from games.lobby import notify
from games.models import ACTIVE, FINISHED, Game, GameStep, Seat
from games.services import hooks
from games.services.errors import ServiceError
from games.services.lifecycle import game_create, game_join, game_resign

from .. import ratings
from ..blocks import pairing_games
from ..models.tournaments import (
    BYE,
    CANCELLED,
    DOUBLE_FORFEIT,
    DRAW,
    FIRST,
    FORFEIT_FIRST,
    FORFEIT_SECOND,
    KINDS,
    PENDING,
    REGISTERING,
    ROUND_ROBIN,
    RUNNING,
    SECOND,
    SWISS,
    Entry,
    Pairing,
    Tournament,
)
from ..models.tournaments import FINISHED as T_FINISHED
from . import pairing as pairs
from .standings import Result, points

logger = logging.getLogger(__name__)

MAX_ROUNDS = 20
MAX_PLAYERS = 64
OVER = (T_FINISHED, CANCELLED)  # a tournament nobody enters, leaves or plays in any more


def _locked(tournament: Tournament | Any) -> Tournament:
    found = Tournament.objects.select_for_update().filter(
        pk=getattr(tournament, "pk", tournament)).first()
    if found is None:
        raise ServiceError("tournament/none", "no such tournament", 404)
    return found


def _member(user: Any) -> None:
    if not getattr(user, "is_authenticated", False):
        raise ServiceError("auth/required", "sign in first", 401)
    why = ratings.why_unrated(user)
    if why:
        raise ServiceError("tournament/not_allowed", why.replace("unrated games", "no tournaments"),
                           403)


def start_time(when: Any) -> datetime | None:
    """A tournament's start as the database stores it (aware, in UTC); ServiceError when it
    is none, or past the years a timestamp holds once moved to UTC (9999-12-31T23:59-23:59)."""
    if when is None:
        return None
    if not isinstance(when, datetime):
        raise ServiceError("tournament/invalid", "the start time is not a date and time")
    try:
        aware = timezone.make_aware(when) if timezone.is_naive(when) else when
        return aware.astimezone(UTC)
    except (OverflowError, ValueError):
        raise ServiceError("tournament/invalid", "the start time is out of range") from None


def _two_sided(scenario_id: str) -> Any:
    try:
        scen = engine.scenario(scenario_id)
    except KeyError:
        raise ServiceError("scenario/unknown", f"no scenario {scenario_id!r}", 404) from None
    if len(scen.sides) != 2:
        raise ServiceError("tournament/invalid", f"{scen.title} does not have two sides")
    return scen


@transaction.atomic
def tournament_create(*, user: Any, name: str, kind: str, scenarios: Any, time_control: Any = None,
                      rated: Any = False, rounds: Any = 0, max_players: Any = 32,
                      starts_at: datetime | None = None) -> Tournament:
    """Announce a tournament; players enter until it starts."""
    _member(user)
    name = (name or "").strip() if isinstance(name, str) else ""
    if not 3 <= len(name) <= 100:
        raise ServiceError("tournament/invalid", "a tournament's name has 3 to 100 characters")
    if kind not in dict(KINDS):
        raise ServiceError("tournament/invalid", f"kind must be one of {', '.join(dict(KINDS))}")
    if isinstance(scenarios, str):
        scenarios = [scenarios]
    if not isinstance(scenarios, list) or not scenarios or not all(
            isinstance(s, str) for s in scenarios):
        raise ServiceError("tournament/invalid", "choose one scenario or a list of them")
    for scenario in scenarios:
        _two_sided(scenario)
        for check in hooks.OPEN_CHECKS:  # what game_create asks: no one's private trial
            check(scenario, user)
    if len({ratings.ruleset_of(s) for s in scenarios}) > 1:
        raise ServiceError("tournament/invalid", "a tournament's scenarios are of one game")
    control = clock_control.normalize(time_control)
    rated = ratings.check_rated(rated)
    if kind == SWISS:
        if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
            raise ServiceError("tournament/invalid", f"a Swiss tournament has 1 to {MAX_ROUNDS} rounds")
    else:
        rounds = 0  # set at the start from the number of players
    if isinstance(max_players, bool) or not isinstance(max_players, int) or not (
            2 <= max_players <= MAX_PLAYERS):
        raise ServiceError("tournament/invalid", f"2 to {MAX_PLAYERS} players")
    tournament = Tournament.objects.create(
        name=name, kind=kind, scenarios=scenarios, time_control=control, rated=rated,
        rounds=rounds, max_players=max_players, created_by=user,
        starts_at=start_time(starts_at),
    )  # fmt: skip
    Entry.objects.create(tournament=tournament, user=user)
    return tournament


@transaction.atomic
def tournament_join(*, tournament: Any, user: Any) -> Entry:
    _member(user)
    t = _locked(tournament)
    _not_cancelled(t)
    if t.status != REGISTERING:
        raise ServiceError("tournament/started", "the tournament has started", 409)
    if Entry.objects.filter(tournament=t, user=user).exists():
        raise ServiceError("tournament/entered", "you are in already", 409)
    if Entry.objects.filter(tournament=t).count() >= t.max_players:
        raise ServiceError("tournament/full", f"the tournament is full ({t.max_players})", 409)
    return Entry.objects.create(tournament=t, user=user)


@transaction.atomic
def tournament_leave(*, tournament: Any, user: Any) -> None:
    """Leave before the start; afterwards, withdraw."""
    t = _locked(tournament)
    entry = Entry.objects.filter(tournament=t, user=user).first()
    if entry is None:
        raise ServiceError("tournament/not_entered", "you are not in this tournament", 404)
    _not_cancelled(t)
    if t.status == REGISTERING:
        entry.delete()
        return
    _withdraw(t, entry, "withdrew")


def tournament_withdraw(*, tournament: Any, user: Any) -> None:
    tournament_leave(tournament=tournament, user=user)


def _withdraw(t: Tournament, entry: Entry, why: str) -> None:
    """Out for good: the game in progress is resigned, no more pairings."""
    if entry.withdrawn_at is not None:
        raise ServiceError("tournament/withdrawn", "you have withdrawn already", 409)
    if t.status == T_FINISHED:
        raise ServiceError("tournament/over", "the tournament is over", 409)
    entry.withdrawn_at, entry.withdrawn_why = timezone.now(), why
    entry.save(update_fields=["withdrawn_at", "withdrawn_why"])
    playing = Pairing.objects.filter(Q(first=entry) | Q(second=entry), tournament=t,
                                     result=PENDING, game__status=ACTIVE)
    for p in playing.select_related("game"):
        seat = Seat.objects.filter(game=p.game, user=entry.user).first()
        if seat is not None:  # its result is stored when the resignation commits
            game_resign(game=p.game, seat=seat)


def withdraw_everywhere(user: Any, why: str) -> int:
    """Withdraw a player from every tournament not over (a ban)."""
    count = 0
    for entry in Entry.objects.filter(user=user, withdrawn_at__isnull=True).exclude(
            tournament__status__in=OVER).select_related("tournament"):
        with transaction.atomic():
            t = _locked(entry.tournament)
            if t.status == REGISTERING:
                entry.delete()
            else:
                _withdraw(t, entry, why)
        count += 1
    return count


@transaction.atomic
def tournament_start(*, tournament: Any, by: Any = None) -> Tournament:
    """Start: seed the players by rating, fix the rounds, pair round 1 and start its games.
    `by` None is the sweep starting a tournament at its announced time."""
    t = _locked(tournament)
    _by_creator(t, by, "starts")
    _not_cancelled(t)
    if t.status != REGISTERING:
        raise ServiceError("tournament/started", "the tournament has started", 409)
    entries = list(Entry.objects.filter(tournament=t).select_related("user"))
    if len(entries) < 2:
        raise ServiceError("tournament/too_few", "a tournament needs two players at least", 409)
    ruleset = ratings.ruleset_of(t.scenarios[0])
    pace = ratings.pace_of({"time_control": t.time_control})
    for entry in entries:
        entry.seed = ratings.current(entry.user, ruleset, pace).rating
    Entry.objects.bulk_update(entries, ["seed"])
    most = pairs.round_robin_rounds(len(entries))
    t.rounds = most if t.kind == ROUND_ROBIN else min(t.rounds, most)
    t.status, t.started_at = RUNNING, timezone.now()
    t.save(update_fields=["rounds", "status", "started_at"])
    _pair_next(t)
    return t


NOBODY_CAME = "fewer than two players had entered by its start"
CALLED_OFF = "its announcer called it off"


@transaction.atomic
def tournament_cancel(*, tournament: Any, by: Any = None) -> Tournament:
    """Call off a tournament before its start: its announcer (or staff) may, and the sweep
    does when its time comes with fewer than two players (`by` None). No game was played;
    the entries stay, so each player's page still lists it, cancelled."""
    t = _locked(tournament)
    _by_creator(t, by, "cancels")
    _not_cancelled(t)
    if t.status != REGISTERING:
        raise ServiceError("tournament/started", "the tournament has started: players may withdraw",
                           409)
    t.status, t.finished_at = CANCELLED, timezone.now()
    t.cancelled_why = CALLED_OFF if by is not None else NOBODY_CAME
    t.save(update_fields=["status", "finished_at", "cancelled_why"])
    return t


def _by_creator(t: Tournament, by: Any, does: str) -> None:
    """`by` None is the sweep acting at the tournament's time; else its creator or staff."""
    if by is not None and by.pk != t.created_by_id and not getattr(by, "is_staff", False):
        raise ServiceError("tournament/not_creator", f"only its creator {does} a tournament", 403)


def _not_cancelled(t: Tournament) -> None:
    if t.status == CANCELLED:
        raise ServiceError("tournament/cancelled",
                           f"the tournament was cancelled: {t.cancelled_why}", 409)


def _history(t: Tournament) -> tuple[dict[int, pairs.Player], list[Pairing]]:
    rows = list(Pairing.objects.filter(tournament=t))
    score: dict[int, float] = {}
    opponents: dict[int, set[int]] = {}
    sides: dict[int, list[str]] = {}
    byes: set[int] = set()
    for p in rows:
        for who, got in points(Result(p.first_id, p.second_id, p.result)).items():
            score[who] = score.get(who, 0.0) + got
        if p.second_id is None:
            byes.add(p.first_id)
            continue
        opponents.setdefault(p.first_id, set()).add(p.second_id)
        opponents.setdefault(p.second_id, set()).add(p.first_id)
        if p.result in (FIRST, SECOND, DRAW, PENDING):
            sides.setdefault(p.first_id, []).append(pairs.FIRST)
            sides.setdefault(p.second_id, []).append(pairs.SECOND)
    players = {
        e.pk: pairs.Player(e.pk, score.get(e.pk, 0.0), e.seed, frozenset(opponents.get(e.pk, ())),
                           tuple(sides.get(e.pk, ())), e.pk in byes)
        for e in Entry.objects.filter(tournament=t)
    }
    return players, rows


def _seeded(t: Tournament) -> list[Entry]:
    return sorted(Entry.objects.filter(tournament=t), key=lambda e: (-e.seed, e.joined_at, e.pk))


def _pair_next(t: Tournament) -> bool:
    """Pair round current+1 and start its games; finish the tournament when none is left.
    The caller holds the tournament's lock."""
    number = t.current_round + 1
    players, _ = _history(t)
    active = [e for e in _seeded(t) if e.withdrawn_at is None]
    if number > t.rounds or len(active) < 2:
        _finish(t)
        return False
    if t.kind == ROUND_ROBIN:
        boards = pairs.round_robin_round([players[e.pk] for e in _seeded(t)], number)
    else:
        try:
            boards = pairs.swiss_round([players[e.pk] for e in active])
        except pairs.NoPairing as exc:
            logger.info("tournament %s ends after round %s: %s", t.pk, t.current_round, exc)
            _finish(t)
            return False
    t.current_round = number
    t.save(update_fields=["current_round"])
    scenario = t.scenarios[(number - 1) % len(t.scenarios)]
    withdrawn = {e.pk for e in Entry.objects.filter(tournament=t, withdrawn_at__isnull=False)}
    for index, board in enumerate(boards, 1):
        _start_board(t, number, index, scenario, board, withdrawn)
    notify.lobby_changed()
    _advance_if_done(t)  # a round of byes and forfeits only is done at once
    return True


def _start_board(t: Tournament, number: int, index: int, scenario: str, board: pairs.Board,
                 withdrawn: set[int]) -> Pairing:
    row = Pairing(tournament=t, round=number, board=index, first_id=board.first,
                  second_id=board.second, scenario=scenario)
    now = timezone.now()
    if board.second is None:
        row.result, row.finished_at = (BYE if board.first not in withdrawn else DOUBLE_FORFEIT), now
    elif board.first in withdrawn or board.second in withdrawn:
        row.result = {(True, True): DOUBLE_FORFEIT, (True, False): FORFEIT_SECOND,
                      (False, True): FORFEIT_FIRST}[(board.first in withdrawn,
                                                     board.second in withdrawn)]
        row.finished_at = now
    else:
        row.game = _open_game(t, scenario, board)
    row.save()
    return row


def _open_game(t: Tournament, scenario: str, board: pairs.Board) -> Game:
    first = Entry.objects.select_related("user").get(pk=board.first)
    second = Entry.objects.select_related("user").get(pk=board.second)
    sides = [s.id for s in _two_sided(scenario).sides]
    options = {"time_control": t.time_control, "rated": t.rated}
    with pairing_games():
        game = game_create(user=first.user, scenario=scenario, side=sides[0], options=options)
        game_join(game=game, user=second.user, side=sides[1])
    for entry in (first, second):
        notify.user_frame(entry.user_id, {"t": "matched", "d": {"game": str(game.pk),
                                                              "tournament": t.pk}})
    return game


def _finish(t: Tournament) -> None:
    t.status, t.finished_at = T_FINISHED, timezone.now()
    t.save(update_fields=["status", "finished_at"])


def _advance_if_done(t: Tournament) -> None:
    if t.status != RUNNING:
        return
    if Pairing.objects.filter(tournament=t, round=t.current_round, result=PENDING).exists():
        return
    _pair_next(t)


def _result_of(pairing: Pairing, game: Game) -> str:
    sides = [s.id for s in engine.scenario(pairing.scenario).sides]
    winner = (game.result or {}).get("winner")
    if winner is None:
        return DRAW
    return FIRST if winner == sides[0] else SECOND


def record_game(game_id: Any) -> Pairing | None:
    """A tournament game ended: store its result, and pair the next round when the round is
    complete. Idempotent: a result already stored is left alone."""
    pairing = Pairing.objects.filter(game_id=game_id).only("tournament_id").first()
    if pairing is None:
        return None
    with transaction.atomic():
        t = _locked(pairing.tournament_id)
        pairing = Pairing.objects.select_related("game").get(pk=pairing.pk)
        if pairing.result == PENDING and pairing.game.status == FINISHED:
            pairing.result = _result_of(pairing, pairing.game)
            pairing.finished_at = pairing.game.finished_at or timezone.now()
            pairing.save(update_fields=["result", "finished_at"])
        _advance_if_done(t)
    return pairing


def on_game_over(game_id: Any) -> None:
    """After the commit that ended a game (never raises: the sweep catches up)."""
    try:
        record_game(game_id)
    except Exception:
        logger.exception("recording tournament game %s failed", game_id)


def on_flag(flags: list[dict]) -> None:
    """A clock ran out in tournament games: the opponent wins at once; a player who never
    moved in the game is withdrawn as absent."""
    for flag in flags:
        pairing = Pairing.objects.filter(game_id=flag["game_id"], result=PENDING).select_related(
            "first__user", "second__user").first()
        if pairing is None or pairing.second is None:
            continue
        try:
            _claim(pairing, flag["side_id"])
        except Exception:
            logger.exception("claiming a tournament game %s on time failed", flag["game_id"])


def flags_received(sender: object, flags: list[dict], **kwargs: object) -> None:
    """The receiver of games.clocks' `clock_flagged` signal."""
    on_flag(flags)


def _claim(pairing: Pairing, flagged_side: str) -> None:
    seats = {s.side.side_id: s for s in Seat.objects.filter(game_id=pairing.game_id)
             .select_related("side", "user")}
    loser = seats.get(flagged_side)
    winner = next((s for side, s in seats.items() if side != flagged_side), None)
    if loser is None or winner is None:
        return
    absent = not GameStep.objects.filter(game_id=pairing.game_id, seat=loser).exists()
    absence.claim_win(game=pairing.game_id, user=winner.user, side=flagged_side)
    if absent:
        with transaction.atomic():
            t = _locked(pairing.tournament_id)
            entry = Entry.objects.filter(tournament=t, user=loser.user,
                                         withdrawn_at__isnull=True).first()
            if entry is not None and t.status == RUNNING:
                entry.withdrawn_at, entry.withdrawn_why = timezone.now(), "absent (lost on time without moving)"
                entry.save(update_fields=["withdrawn_at", "withdrawn_why"])
    on_game_over(pairing.game_id)


def sweep(now: datetime) -> int:
    """The worker's share: start tournaments whose time has come, store results whose
    on-commit step was lost, pair rounds that are complete."""
    done = 0
    for pk in Tournament.objects.filter(status=REGISTERING, starts_at__lte=now).values_list(
            "pk", flat=True):
        try:
            try:
                tournament_start(tournament=pk)
            except ServiceError as exc:
                if exc.code != "tournament/too_few":
                    raise
                # Its time came and nobody else did: called off once, not tried every sweep.
                tournament_cancel(tournament=pk)
                logger.info("tournament %s cancelled at its start: %s", pk, NOBODY_CAME)
            done += 1
        except ServiceError as exc:  # another worker started or cancelled it first
            logger.info("tournament %s did not start: %s", pk, exc.message)
    for game_id in Pairing.objects.filter(result=PENDING, game__status=FINISHED).values_list(
            "game_id", flat=True):
        on_game_over(game_id)
        done += 1
    for pk in Tournament.objects.filter(status=RUNNING).values_list("pk", flat=True):
        with transaction.atomic():
            t = _locked(pk)
            before = t.current_round
            _advance_if_done(t)
            done += t.current_round != before
    return done
