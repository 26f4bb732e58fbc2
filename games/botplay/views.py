"""Pages and API for bots: play against a bot, give an empty seat to one, ask one to stand in
for a player who left, quick match's bot offer, a scenario's page with its balance."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.http import url_has_allowed_host_and_scheme
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
from games.page_parts import PartHooks, filled
from games.services.errors import ServiceError

from . import quickmatch
from .balance import levels_title, scenario_balance
from .seats import play_against_bot, seat_to_bot
from .standin import ask_stand_in, stand_in_choice, stand_in_choice_set

# Other apps' sections of a scenario's page (games/page_parts.py), from its id: the
# community app adds play counts and the side balance of rated games.
SCENARIO_SECTIONS: PartHooks = []


class PlayBotSerializer(serializers.Serializer):
    scenario = serializers.CharField()
    side = serializers.CharField()
    level = serializers.ChoiceField(choices=PLAYABLE)
    options = serializers.DictField(required=False)


class BotSeatSerializer(serializers.Serializer):
    side = serializers.CharField()
    level = serializers.ChoiceField(choices=PLAYABLE)


class StandInSerializer(serializers.Serializer):
    seat = serializers.CharField()
    level = serializers.ChoiceField(choices=PLAYABLE)


class QuickMatchBotSerializer(serializers.Serializer):
    seek = serializers.UUIDField()
    level = serializers.ChoiceField(choices=PLAYABLE)
    after_seconds = serializers.IntegerField()


def _error(exc: ServiceError) -> Response:
    return Response(exc.to_json(), status=exc.status)


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
        game.refresh_from_db()
        return Response(_game_json(game))


class StandInView(APIView):
    """The opponent or a partner asks a bot to stand in for a player who left (untimed) or
    ran out of time (timed); the player gets the seat back when they open the game again."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=StandInSerializer, responses={200: OpenApiTypes.OBJECT})
    def post(self, request: Request, game_id: str) -> Response:
        if not _uuid_ok(game_id):
            return Response({"code": "game/none", "message": f"no game {game_id}"}, status=404)
        data = StandInSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            row = ask_stand_in(game=game_id, user=request.user, seat_id=data.validated_data["seat"],
                               level=data.validated_data["level"])
        except ServiceError as exc:
            return _error(exc)
        return Response({"seat": row.seat.seat_id, "level": row.level, "reason": row.reason})


class StandInChoiceSerializer(serializers.Serializer):
    level = serializers.ChoiceField(choices=PLAYABLE, allow_null=True)


class StandInChoiceView(APIView):
    """GET your standing choice of who stands in for you in an untimed game while you are
    away; PUT {"level": "veteran"} for a bot of that level (raised to what your rating
    suggests), or {"level": null} for nobody (then only your partners decide)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request) -> Response:
        return Response({"level": stand_in_choice(request.user)})

    @extend_schema(request=StandInChoiceSerializer, responses={200: OpenApiTypes.OBJECT})
    def put(self, request: Request) -> Response:
        data = StandInChoiceSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            level = stand_in_choice_set(user=request.user, level=data.validated_data["level"])
        except ServiceError as exc:
            return _error(exc)
        return Response({"level": level})


class QuickMatchBotView(APIView):
    """Quick match: offer me a bot of `level` if nobody is found within `after_seconds`."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=QuickMatchBotSerializer, responses={201: OpenApiTypes.OBJECT})
    def post(self, request: Request) -> Response:
        data = QuickMatchBotSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        try:
            quickmatch.wish_create(user=request.user, seek=v["seek"], level=v["level"],
                                   after_seconds=v["after_seconds"])
            state = quickmatch.wish_state(user=request.user, seek=v["seek"])
        except ServiceError as exc:
            return _error(exc)
        return Response(state, status=status.HTTP_201_CREATED)


class QuickMatchBotStateView(APIView):
    """The wish, how long the seek has waited, and whether the bot is offered now."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, seek_id: str) -> Response:
        if not _uuid_ok(seek_id):
            return Response({"code": "seek/none", "message": "no such seek of yours"}, status=404)
        try:
            return Response(quickmatch.wish_state(user=request.user, seek=seek_id))
        except ServiceError as exc:
            return _error(exc)


class QuickMatchBotAcceptView(APIView):
    """Play the offered bot instead of waiting: the seek leaves the queue, the game starts."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={201: OpenApiTypes.OBJECT})
    def post(self, request: Request, seek_id: str) -> Response:
        if not _uuid_ok(seek_id):
            return Response({"code": "seek/none", "message": "no such seek of yours"}, status=404)
        try:
            game = quickmatch.accept(user=request.user, seek=seek_id)
        except ServiceError as exc:
            return _error(exc)
        return Response(_game_json(game), status=status.HTTP_201_CREATED)


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


def form_options(post: Any, scenario: str) -> dict:
    """The play-a-bot form's options as the game service takes them: the optional rules of
    the scenario's game that were ticked, double-blind, the time control."""
    known = engine.option_ids(scenario) if scenario in engine.scenarios() else set()
    rules = [r for r in post.getlist("optional_rules") if r in known]
    return {"optional_rules": rules, "double_blind": post.get("double_blind") == "on",
            "time_control": post.get("time_control") or "untimed"}


@require_POST
def play_page(request: HttpRequest) -> HttpResponse:
    """The play-a-bot form: the battle, your side, level, optional rules and a clock; then
    the game."""
    if not request.user.is_authenticated:
        messages.info(request, "Sign in (or play as a guest) to play against a bot.")
        return redirect("lobby")
    scenario, side = request.POST.get("scenario", ""), request.POST.get("side", "")
    try:
        game = play_against_bot(user=request.user, scenario=scenario, side=side,
                                level=request.POST.get("level", ""),
                                options=form_options(request.POST, scenario))
    except ServiceError as exc:
        messages.error(request, refusal_message(exc))
        return redirect(_form_page(request))
    return redirect("game", game_id=str(game.pk))


def refusal_message(exc: ServiceError) -> str:
    """A refusal as the page's message: its words, and a link to each game it names (too
    many games against bots: the games to finish or resign)."""
    games = exc.extra.get("games") or []
    if not games:
        return exc.message
    links = format_html_join(
        ", ", '<a href="{}">{}</a>', ((g["url"], game_words(g)) for g in games)
    )
    return format_html("{} Your games against bots: {}.", exc.message, links)


def game_words(game: dict) -> str:
    """A listed game as its link reads: the battle, and the side the player has there."""
    return f"{game['title']} ({game['side']})" if game.get("side") else game["title"]


def _form_page(request: HttpRequest) -> str:
    """Back to the page the form was on (the lobby, a battle's page, the new-game page), where
    the message is shown with the form; the lobby if it names none of this site's pages."""
    back = request.POST.get("next", "")
    if back.startswith("/") and url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return back
    return reverse("lobby")


def scenario_page(request: HttpRequest, scenario_id: str) -> HttpResponse:
    """A scenario: what it is about, its balance, and a bot to play it against."""
    scen = engine.scenarios().get(scenario_id)
    if scen is None:
        raise Http404(f"no scenario {scenario_id}")
    names = {s.id: s.name for s in scen.sides}
    balance = scenario_balance(scenario_id, list(names))
    for source in [balance["people"], *balance["bots"]]:
        for row in source["sides"]:
            row["name"] = names.get(row["side"], "Draw")
    for run in balance["bots"]:
        run["title"] = levels_title(run["levels"])
    return render(request, "botplay/scenario.html", {
        "scenario": engine.scenario_summary(scen), "balance": balance,
        "sections": filled(SCENARIO_SECTIONS, scenario_id),
        # The charts the game plays with, where its ruleset shows them (Panzer Leader's,
        # which say once where their values come from).
        "reference": engine.rules_reference(scenario_id),
    })
