"""The clocks over REST: a game's clocks and time log, the absence outcomes, acting for a
partner's seat, and a player's vacation."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors
from games.api.serializers import CommandSerializer
from games.clocks import absence, vacation
from games.clocks.live import event_json
from games.clocks.models import ClockEvent, GameClock
from games.clocks.readings import reading_at, readings_of
from games.services.errors import ServiceError

EVENTS_SHOWN = 100


def _error(exc: ServiceError) -> Response:
    return Response(exc.to_json(), status=exc.status)


def _missing(game_id: str) -> Response:
    return Response({"code": "game/unknown", "message": f"no game {game_id}"}, status=404)


def clock_json(game: Any, user: Any, every_event: bool = False) -> dict:
    """Every audience's view of a game's clocks now, its time log (the last EVENTS_SHOWN
    lines, or all of them: a replay), and this user's choices.

    A public spectator of a game with a spectator delay reads them as the version it is
    shown left them (games/spectating.py): the readings that version was made with, the
    log up to it; never the live clocks, which would say who is on the move now.
    """
    now = timezone.now()
    shown = selectors.watched_version(game, selectors.membership(game, user).audience)
    events = ClockEvent.objects.filter(game_id=game.pk).order_by("-at", "-id")
    if shown < game.version:
        events = events.filter(version__lte=shown)
        clocks = reading_at(game.pk, shown)
    else:
        clock = GameClock.objects.filter(pk=game.pk).first()
        clocks = readings_of(clock, now) if clock is not None else None
    if not every_event:
        events = events[:EVENTS_SHOWN]
    return {
        "now": now.isoformat(),
        "v": shown,
        "clocks": clocks,
        "events": [event_json(e) for e in reversed(events)],
        "outcomes": absence.outcomes_for(game.pk, user),
        "act_for": absence.acting_for(game.pk, user),
    }


class ClockView(APIView):
    """A game's clocks now (server time included), its time log (`?events=all`: every line,
    for a replay) and your outcomes."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, game_id: str) -> Response:
        game = selectors.game_or_none(game_id)
        if game is None:
            return _missing(game_id)
        if selectors.membership(game, request.user).audience is None:
            return Response(
                {"code": "game/not_yours", "message": "you may not watch this game now"},
                status=403,
            )
        every = request.query_params.get("events") == "all"
        return Response(clock_json(game, request.user, every_event=every))


class OutcomeView(APIView):
    """Decide about a side out of time: claim, more_time, wait, take_over or bot."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=OpenApiTypes.OBJECT, responses={200: OpenApiTypes.OBJECT})
    def post(self, request: Request, game_id: str, outcome: str) -> Response:
        game = selectors.game_or_none(game_id)
        if game is None:
            return _missing(game_id)
        data = request.data if isinstance(request.data, dict) else {}
        side, seat = data.get("side", ""), data.get("seat", "")
        try:
            if outcome == absence.CLAIM:
                absence.claim_win(game=game, user=request.user, side=side)
            elif outcome == absence.MORE_TIME:
                absence.give_more_time(
                    game=game, user=request.user, side=side, seconds=data.get("seconds")
                )
            elif outcome == absence.WAIT:
                absence.wait(game=game, user=request.user, side=side)
            elif outcome == absence.TAKE_OVER:
                absence.take_over(game=game, user=request.user, seat_id=seat)
            elif outcome == absence.BOT:
                absence.bot_take_over(game=game, user=request.user, seat_id=seat)
            else:
                raise ServiceError("clock/unknown_outcome", f"no outcome {outcome!r}", 404)
        except ServiceError as exc:
            return _error(exc)
        game.refresh_from_db()
        return Response(clock_json(game, request.user))


class ActForView(APIView):
    """Send a command for a partner's seat (on vacation, or taken over after a flag)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=CommandSerializer, responses={200: OpenApiTypes.OBJECT})
    def post(self, request: Request, game_id: str, seat_id: str) -> Response:
        game = selectors.game_or_none(game_id)
        if game is None:
            return _missing(game_id)
        # The shape /commands and the socket check: a bounded id and version, a command object.
        data = CommandSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        outcome = absence.command_for_seat(
            game=game, user=request.user, seat_id=seat_id, command=data.validated_data["command"],
            base_version=data.validated_data["v"], client_id=data.validated_data["id"],
        )  # fmt: skip
        code = 200 if outcome.ok else 403 if outcome.code == "seat/not_yours" else 409
        return Response(outcome.frame(), status=code)


class VacationView(APIView):
    """Your vacation days: GET the account, POST {"days": n} to leave, DELETE to come back."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request) -> Response:
        return Response(vacation.standing(request.user).to_json())

    @extend_schema(request=OpenApiTypes.OBJECT, responses={200: OpenApiTypes.OBJECT})
    def post(self, request: Request) -> Response:
        days = request.data.get("days") if isinstance(request.data, dict) else None
        try:
            return Response(vacation.vacation_start(user=request.user, days=days).to_json())
        except ServiceError as exc:
            return _error(exc)

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def delete(self, request: Request) -> Response:
        try:
            return Response(vacation.vacation_end(user=request.user).to_json())
        except ServiceError as exc:
            return _error(exc)
