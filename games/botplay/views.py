"""Pages and API for bots: play against a bot, give an empty seat to one, a scenario's page
with its balance."""

from __future__ import annotations

import uuid
from collections.abc import Callable

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import engine_adapter as engine
from games.api.games import _game_json
from games.bots.levels import PLAYABLE
from games.models import Game
from games.services.errors import ServiceError

from .balance import scenario_balance
from .seats import play_against_bot, seat_to_bot

# Other apps add a section to a scenario's page: (template, scenario id -> its context as
# `data`). The community app adds play counts and the side balance of rated games.
SCENARIO_SECTIONS: list[tuple[str, Callable[[str], dict]]] = []


class PlayBotSerializer(serializers.Serializer):
    scenario = serializers.CharField()
    side = serializers.CharField()
    level = serializers.ChoiceField(choices=PLAYABLE)
    options = serializers.DictField(required=False)


class BotSeatSerializer(serializers.Serializer):
    side = serializers.CharField()
    level = serializers.ChoiceField(choices=PLAYABLE)


def _error(exc: ServiceError) -> Response:
    return Response({"code": exc.code, "message": exc.message}, status=exc.status)


class PlayBotView(APIView):
    """Start a game against bots: you on `side`, a bot of `level` in every other seat."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=PlayBotSerializer, responses={201: OpenApiTypes.OBJECT})
    def post(self, request: Request) -> Response:
        data = PlayBotSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            game = play_against_bot(user=request.user, **data.validated_data)
        except ServiceError as exc:
            return _error(exc)
        return Response(_game_json(game), status=status.HTTP_201_CREATED)


class BotSeatView(APIView):
    """The game's creator gives a free seat on a side to a bot (partner or opponent)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=BotSeatSerializer, responses={200: OpenApiTypes.OBJECT})
    def post(self, request: Request, game_id: str) -> Response:
        game = Game.objects.filter(pk=game_id).first() if _uuid_ok(game_id) else None
        if game is None:
            return Response({"code": "game/none", "message": f"no game {game_id}"}, status=404)
        data = BotSeatSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            seat_to_bot(game=game, user=request.user, **data.validated_data)
        except ServiceError as exc:
            return _error(exc)
        return Response(_game_json(game))


class BalanceView(APIView):
    """Win rates by side: finished games between people, and bot arena runs."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, scenario_id: str) -> Response:
        scen = engine.scenarios().get(scenario_id)
        if scen is None:
            return Response({"code": "scenario/unknown", "message": scenario_id}, status=404)
        return Response(scenario_balance(scenario_id, [s.id for s in scen.sides]))


def _uuid_ok(value: str) -> bool:
    try:
        uuid.UUID(str(value))
    except ValueError:
        return False
    return True


@require_POST
def play_page(request: HttpRequest) -> HttpResponse:
    """The lobby's and new-game page's form: scenario:side and level, then off to the game."""
    if not request.user.is_authenticated:
        messages.info(request, "Sign in (or play as a guest) to play against a bot.")
        return redirect("lobby")
    scenario, _, side = request.POST.get("choice", "").partition(":")
    try:
        game = play_against_bot(user=request.user, scenario=scenario, side=side,
                                level=request.POST.get("level", ""))
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("lobby")
    return redirect("game", game_id=str(game.pk))


def scenario_page(request: HttpRequest, scenario_id: str) -> HttpResponse:
    """A scenario: what it is about, its balance, and a bot to play it against."""
    scen = engine.scenarios().get(scenario_id)
    if scen is None:
        raise Http404(f"no scenario {scenario_id}")
    names = {s.id: s.name for s in scen.sides}
    balance = scenario_balance(scenario_id, list(names))
    for source in balance.values():
        for row in source["sides"]:
            row["name"] = names.get(row["side"], "Draw")
    return render(request, "botplay/scenario.html", {
        "scenario": engine.scenario_summary(scen), "balance": balance,
        "sections": [{"template": t, "data": f(scenario_id)} for t, f in SCENARIO_SECTIONS],
    })
