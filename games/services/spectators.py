"""Spectators the players choose: invite a coach to a side, accept a link, revoke; and the
`spectator_delay` option (games/spectating.py says what each one sees, and why).

A side's coach is invited by one of its seated players, by name or with a link, only under
the game's "coach" spectator policy (every player saw the policy before joining, so the
other side knows coaching is allowed). A coach coaches one side of a game, never a side of
a game they play in. Any player of the side, or the coach, may revoke the invitation; the
coach's open sockets are then told and closed (4403), so no frame reaches them after.
"""

from __future__ import annotations

import secrets
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from games import broadcast, protocol, spectating
from games.models import (
    ABANDONED,
    FINISHED,
    SPECTATE_COACH,
    CoachInvite,
    Game,
    Seat,
)
from games.player_names import player_name
from games.services.errors import ServiceError
from games.textcheck import whole_number

MAX_DELAY = 200  # commands; a few turns of a big scenario
MAX_COACHES_PER_SIDE = 10
COACH_CLOSED = "game.close"  # the consumer's handler: an error frame, then the close code


def normalize_delay(raw: Any) -> int | None:
    """The `spectator_delay` game option: a number of commands, or None (the default)."""
    if raw is None:
        return None
    if not isinstance(raw, int) or isinstance(raw, bool) or not 0 <= raw <= MAX_DELAY:
        raise ServiceError(
            "options/invalid", f"spectator_delay must be a number of commands from 0 to {MAX_DELAY}"
        )
    return raw


def _seat(game: Game, user: Any) -> Seat:
    seat = None
    if getattr(user, "is_authenticated", False):
        seat = Seat.objects.select_related("side").filter(game=game, user=user).first()
    if seat is None:
        raise ServiceError("seat/none", "only a side's players invite its coaches", 403)
    return seat


def _coaching_open(game: Game) -> None:
    if game.spectators != SPECTATE_COACH:
        raise ServiceError(
            "coach/not_allowed",
            "this game's players chose no coaches (its spectator policy is "
            f"{game.spectators!r}, not 'coach')",
            409,
        )
    if game.status in (FINISHED, ABANDONED):
        raise ServiceError("game/over", "the game has ended: everyone may watch it now", 409)


def invite_json(invite: CoachInvite) -> dict:
    """What a side's players see of an invitation (the link only until someone takes it)."""
    return {
        "id": invite.pk,
        "side": invite.side.side_id,
        "user": player_name(invite.user) if invite.user_id else None,
        "token": invite.token,
        "invited_by": player_name(invite.invited_by) if invite.invited_by_id else None,
        "created_at": invite.created_at.isoformat(),
    }


def coach_invites(*, game: Game, user: Any) -> dict:
    """A player's side and its invitations; a coach's own invitation."""
    side = spectating.coach_side(game, user)
    rows = CoachInvite.objects.filter(game=game).select_related("side", "user", "invited_by")
    if side is not None and not Seat.objects.filter(game=game, user=user).exists():
        own = [invite_json(i) for i in rows.filter(user=user)]
        return {"side": side, "coach": True, "invitations": own}
    seat = _seat(game, user)
    listed = [invite_json(i) for i in rows.filter(side=seat.side)]
    return {"side": seat.side.side_id, "coach": False, "invitations": listed}


@transaction.atomic
def coach_invite(
    *, game: Game, user: Any, username: str | None = None, link: bool = False
) -> CoachInvite:
    """A seated player invites a coach to their side: a user by name, or a link (`link`)."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    seat = _seat(game, user)
    _coaching_open(game)
    if link == bool(username):
        raise ServiceError("coach/invalid", "invite a user by name, or ask for a link (one of them)")
    if CoachInvite.objects.filter(side=seat.side).count() >= MAX_COACHES_PER_SIDE:
        limit = f"a side has at most {MAX_COACHES_PER_SIDE} coaches; revoke one first"
        raise ServiceError("coach/too_many", limit, 409)
    if link:
        return CoachInvite.objects.create(
            game=game, side=seat.side, token=secrets.token_urlsafe(24), invited_by=user
        )
    coach = get_user_model().objects.filter(username__iexact=str(username).strip()).first()
    if coach is None:
        raise ServiceError("user/unknown", f"no player named {username!r}", 404)
    return _bind(game, seat.side, coach, invited_by=user)


def _bind(
    game: Game, side: Any, coach: Any, *, invited_by: Any, invite: CoachInvite | None = None
) -> CoachInvite:
    """Make `coach` the coach of `side` (by a new invitation, or the link `invite`)."""
    if Seat.objects.filter(game=game, user=coach).exists():
        raise ServiceError("coach/is_player", f"{coach.get_username()} plays in this game", 409)
    held = CoachInvite.objects.filter(game=game, user=coach).select_related("side").first()
    if held is not None and held.side_id != side.pk:
        raise ServiceError(
            "coach/other_side", f"{coach.get_username()} already coaches {held.side.name}", 409
        )
    if held is not None:
        return held  # invited twice to the same side: one invitation
    if invite is None:
        invite = CoachInvite(game=game, side=side, invited_by=invited_by)
    invite.user, invite.token = coach, None  # a link is spent once taken
    try:
        with transaction.atomic():
            invite.save()
    except IntegrityError:  # the same person invited at the same moment by a partner
        return CoachInvite.objects.get(game=game, user=coach)
    return invite


@transaction.atomic
def coach_accept(*, game: Game, user: Any, token: str) -> CoachInvite:
    """Whoever opens a side's coach link (signed in, not a player) becomes its coach."""
    if not getattr(user, "is_authenticated", False):
        raise ServiceError("auth/required", "sign in (or watch as a guest) to coach", 401)
    invite = (
        CoachInvite.objects.select_for_update()
        .select_related("side")
        .filter(game=game, token=str(token), user__isnull=True)
        .first()
    )
    if invite is None:
        raise ServiceError(
            "coach/link_spent", "this coach link was already used or revoked; ask for a new one", 404
        )
    _coaching_open(game)
    bound = _bind(game, invite.side, user, invited_by=invite.invited_by, invite=invite)
    if bound.pk != invite.pk:
        invite.delete()  # already this side's coach: the spare link goes
    return bound


def coach_revoke(*, game: Game, user: Any, invite_id: Any) -> None:
    """A player of the side (or the coach) ends an invitation; the coach's sockets close."""
    with transaction.atomic():
        invite = (
            CoachInvite.objects.select_for_update()
            .select_related("side")
            .filter(game=game, pk=whole_number(str(invite_id)))
            .first()
        )
        if invite is None:
            raise ServiceError("coach/none", f"no coach invitation {invite_id} in this game", 404)
        is_coach = invite.user_id is not None and invite.user_id == getattr(user, "pk", None)
        if not is_coach:
            seat = _seat(game, user)
            if seat.side_id != invite.side_id:
                raise ServiceError("coach/not_yours", "only the side's players revoke its coaches", 403)
        coach_id = invite.user_id
        invite.delete()
        if coach_id is not None:
            transaction.on_commit(lambda: close_sockets(game.pk, coach_id))


def close_sockets(game_id: Any, coach_id: Any) -> None:
    """Tell a revoked coach's sockets on the game and close them with 4403 (their page then
    reloads and shows why). A socket joins the coach's group before it checks the
    invitation (games/consumers.py), so none opening at this moment is missed."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {
        "type": COACH_CLOSED,
        "code": "coach/revoked",
        "message": "your invitation to coach this side was revoked",
        "close": protocol.CLOSE_NOT_YOUR_GAME,
    }
    async_to_sync(layer.group_send)(broadcast.coach_group(game_id, coach_id), message)
