"""Submit a command: the one write path of a game being played (DESIGN.md, "One command")."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from games import broadcast, protocol, statewrite, steplog
from games import engine_adapter as engine
from games.lobby import notify as lobby_notify
from games.models import ACTIVE, FINISHED, OPEN, Game, GameStep, Seat, Unit
from games.partner_acts import acted_by
from games.services import aftercommit, endings, hooks
from games.services.errors import ServiceError, not_started
from games.services.race import lost_race_message
from games.sqlnames import columns, game_key, table


@dataclass(frozen=True)
class Outcome:
    """The answer to a command: an ack with the version it made, or a reject with a code."""

    client_id: int | None
    version: int | None = None
    code: str | None = None
    message: str | None = None
    duplicate: bool = False

    @property
    def ok(self) -> bool:
        return self.code is None

    def frame(self) -> dict:
        if self.ok:
            return protocol.ack_frame(self.client_id, self.version)
        return protocol.reject_frame(self.client_id, self.code, self.message)


class _Refused(Exception):
    def __init__(self, code: str, message: str):
        self.code, self.message = code, message


def command_submit(
    *,
    game: Game | Any,
    seat: Seat | None,
    command: Any,
    base_version: int,
    client_id: int | None = None,
) -> Outcome:
    """Referee one command and store it, or refuse it with nothing changed.

    One transaction: lock the game row, re-ack a command id this seat already used (before
    the version check, so a resend after a reconnect is acknowledged, not refused; looked up
    only for a command that is not current, which a resend never is), check
    the game is being played and `base_version` is current, apply the engine, append the
    GameStep, update the Unit rows, bump the version by compare-and-swap, and register the
    broadcast to run after the commit.
    """
    game_id = getattr(game, "pk", game)
    if seat is None or str(seat.game_id) != str(game_id):
        return Outcome(client_id, code="seat/none", message="you have no seat in this game")
    kind = command.get("type") if isinstance(command, dict) else None
    kind = kind if isinstance(kind, str) else None
    if kind in endings.COMMANDS:
        return _agreement(game_id, seat, kind, client_id)
    if kind == endings.ENGINE_COMMAND:
        return Outcome(
            client_id, code="command/illegal",
            message="end_agreed: a draw is agreed with offer_draw and accept_draw, an abort "
            "with abort (D-AGREE-1)",
        )  # fmt: skip
    try:
        return _submit(game_id, seat, command, base_version, client_id)
    except _Refused as exc:
        return Outcome(client_id, code=exc.code, message=exc.message)
    except IntegrityError:
        # Two copies of one command id raced: the other one was stored; acknowledge it.
        prior = _prior_version(game_id, seat, client_id)
        if prior is not None:
            return Outcome(client_id, version=prior, duplicate=True)
        return Outcome(
            client_id, code="state/stale_version", message="another command was applied first"
        )


def _agreement(game_id: Any, seat: Seat, kind: str, client_id: int | None) -> Outcome:
    """A draw offer's answer or an abort: acknowledged with the version it made, or the
    game's version when it only changed the offers (they come in `offer` frames)."""
    try:
        if kind == "abort":
            version = endings.game_abort(game=game_id, seat=seat)
        else:
            answer = endings.COMMANDS[kind]
            version = endings.draw_answer(game=game_id, seat=seat, answer=answer)["v"]
    except ServiceError as exc:
        return Outcome(client_id, code=exc.code, message=exc.message)
    if version is None:
        version = Game.objects.filter(pk=game_id).values_list("version", flat=True).get()
    return Outcome(client_id, version=version)


def _prior_version(game_id: Any, seat: Seat, client_id: int | None) -> int | None:
    """The version a seat's command id already made, if it was applied."""
    if client_id is None:
        return None
    # Plain SQL on the hot path: the ORM spends longer building this query than running it.
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT version FROM {_STEPS} WHERE game_id = %s AND seat_id = %s AND client_id = %s",
            [game_key(game_id), seat.pk, client_id],
        )
        row = cursor.fetchone()
    return row[0] if row else None


@transaction.atomic
def _submit(game_id: Any, seat: Seat, command: Any, base_version: int, client_id: int | None):
    g = _locked_game(game_id)
    # A resend of an applied command was based on a version before the one it made, so it
    # can only be one when the command is stale or the game has stopped; a current command
    # costs no look-up here. (A client that reused an id at the current version collides
    # with the stored step's unique key: command_submit acks the stored one as a resend.)
    if base_version != g.version or g.status != ACTIVE:
        prior = _prior_version(game_id, seat, client_id)
        if prior is not None:
            return Outcome(client_id, version=prior, duplicate=True)
    if g.status == OPEN:
        refused = not_started()
        raise _Refused(refused.code, refused.message)
    if g.status != ACTIVE:
        raise _Refused("game/over", f"the game is {g.status}")
    if base_version != g.version:
        lost = base_version < g.version
        message = lost_race_message(g.pk, base_version, seat) if lost else (
            f"the command was based on version {base_version}; the game is at {g.version}"
        )
        raise _Refused("state/stale_version", message)
    before = engine.cached_state(g.pk, g.version)
    if before is None:
        raw_before = Game.objects.filter(pk=g.pk).values_list("state", flat=True).get()
        before = engine.decode_state(g.pk, g.version, raw_before)
    try:
        applied = engine.apply_command(before, seat.seat_id, command, g.seed, g.dice_position)
    except engine.RulesError as exc:
        raise _Refused(exc.code, exc.message) from None
    after = applied.state
    version = g.version + 1
    # Both rows are written with plain SQL: the ORM spends longer building the queries than
    # running them. The game row's state is written as its change from the version before
    # when this process wrote that one (games.statewrite), else whole.
    raw = engine.encode_state(after)
    checkpoint = steplog.checkpoint_of(version, after, raw)
    key = game_key(g.pk)
    now = timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(_INSERT_STEP, [
            key, version, seat.pk, client_id, json.dumps(command), json.dumps(applied.dice),
            json.dumps(applied.events), checkpoint, _CREATED.get_db_prep_value(now, connection),
        ])  # fmt: skip
    _update_units(g.pk, before, after)
    if engine.is_over(after):
        changed = Game.objects.filter(pk=g.pk, version=g.version).update(
            version=version,
            state=raw,
            dice_position=applied.dice_position,
            status=FINISHED,
            result=engine.result_of(after),
            finished_at=timezone.now(),
        )
    else:
        state, state_params = statewrite.assignment(g.pk, g.version, raw, connection.vendor)
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {_GAMES} SET version = %s, state = {state}, dice_position = %s "
                "WHERE id = %s AND version = %s",
                [version, *state_params, applied.dice_position, key, g.version],
            )
            changed = cursor.rowcount
        transaction.on_commit(partial(statewrite.remember, g.pk, version, raw))
    if changed != 1:
        # Only SQLite gets here (it ignores row locks): another writer won; roll back.
        raise _Refused("state/stale_version", "another command was applied first")
    hooks.after_step(hooks.StepDone(g.pk, version, seat.seat_id, before, after, now))
    # Remembered only once committed: a process that kept the state of a rolled-back command
    # would build the next command (or a catch-up) on a version the database never had.
    transaction.on_commit(partial(engine.remember_state, g.pk, version, after))
    lobby_notify.turn_changed(before, after)  # the cards' whose-turn line is pushed, not polled
    # The frames and the step hooks come after the commit and, on a socket, after the ack
    # (services.aftercommit): a failure there never hides the stored step from its sender.
    # A team side's frame says who acted: a partner's page may have a command proposed.
    by = acted_by(seat, command, before)
    publish = partial(broadcast.publish_step, g.pk, version, before, after, applied.events)
    aftercommit.on_commit(partial(publish, g.spectators, by))
    return Outcome(client_id, version=version)


@dataclass(frozen=True)
class _Locked:
    """The game row's fields a command needs (its state is read only on a cache miss)."""

    pk: Any
    status: str
    version: int
    seed: str
    dice_position: int
    spectators: str


def _locked_game(game_id: Any) -> _Locked:
    """Read and lock the game row (FOR UPDATE where the database has row locks)."""
    with connection.cursor() as cursor:
        cursor.execute(_SELECT_GAME, [game_key(game_id)])
        row = cursor.fetchone()
    if row is None:
        raise Game.DoesNotExist(f"no game {game_id}")
    status, version, seed, dice_position, options = row
    if isinstance(options, (str, bytes)):
        options = json.loads(options)
    spectators = (options or {}).get("spectators", "public")
    pk = game_id if isinstance(game_id, uuid.UUID) else uuid.UUID(str(game_id))
    return _Locked(pk, status, version, seed, dice_position, spectators)


def _update_units(game_id: Any, before: engine.GameState, after: engine.GameState) -> None:
    """Rewrite the Unit rows of the counters the step changed (usually one to three)."""
    changed = [
        uid
        for uid, u in after.units.items()
        if before.units.get(uid) is not u and before.units.get(uid) != u
    ]
    if not changed:
        return
    rows = engine.unit_rows(after, only=changed)
    key = game_key(game_id)
    # One prepared UPDATE per changed counter; bulk_update's CASE chains cost more to build.
    with connection.cursor() as cursor:
        cursor.executemany(
            f"UPDATE {_UNITS} SET hex = %s, steps = %s, status = %s, markers = {_JSON} "
            "WHERE game_id = %s AND unit_id = %s",
            [
                (r["hex"], r["steps"], r["status"], json.dumps(r["markers"]), key, uid)
                for uid, r in rows.items()
            ],
        )


_STEPS = table(GameStep)
_UNITS = table(Unit)
_GAMES = table(Game)
_JSON = "%s::jsonb" if connection.vendor == "postgresql" else "%s"
_CREATED = GameStep._meta.get_field("created_at")


_INSERT_STEP = (
    f"INSERT INTO {_STEPS} ("
    + columns(GameStep, "game", "version", "seat", "client_id", "command", "dice", "events",
               "checkpoint", "created_at")
    + f") VALUES (%s, %s, %s, %s, {_JSON}, {_JSON}, {_JSON}, %s, %s)"
)  # fmt: skip
_SELECT_GAME = (
    "SELECT "
    + columns(Game, "status", "version", "seed", "dice_position", "options")
    + f" FROM {_GAMES} WHERE id = %s"
    + (" FOR UPDATE" if connection.features.has_select_for_update else "")
)
