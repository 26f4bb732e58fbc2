"""Scenarios and games: open, join, view, legal commands, submit, history, export."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import engine_adapter as engine
from games import selectors, services
from games.api.serializers import (
    CommandSerializer,
    GameCreateSerializer,
    GameSerializer,
    JoinSerializer,
)
from games.models import ABANDONED, FINISHED, Game


def _error(code: str, message: str, status_code: int) -> Response:
    return Response({"code": code, "message": message}, status=status_code)


def _service_error(exc: services.ServiceError) -> Response:
    return _error(exc.code, exc.message, exc.status)


def _game(game_id: Any) -> Game | None:
    return selectors.game_or_none(game_id)


def _no_game(game_id: Any) -> Response:
    return _error("game/none", f"no game {game_id}", 404)


def _game_json(game: Game) -> dict:
    game = Game.objects.prefetch_related("sides", "seats__user", "seats__side").get(pk=game.pk)
    return GameSerializer(game).data


class ScenarioListView(APIView):
    """The bundled scenarios."""

    permission_classes = [AllowAny]

    @extend_schema(operation_id="scenarios_list", responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request) -> Response:
        return Response([engine.scenario_summary(s) for s in engine.scenarios().values()])


class ScenarioDetailView(APIView):
    """One scenario: its sides (with their ids) and the map the board draws."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, scenario_id: str) -> Response:
        try:
            scen = engine.scenario(scenario_id)
        except KeyError:
            return _error("scenario/none", f"no scenario {scenario_id!r}", 404)
        return Response({**engine.scenario_summary(scen), "map": engine.map_payload(scen.id)})


class ScenarioMapView(APIView):
    """Only the map payload of a scenario: boards, hexes, hexsides, roads."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, scenario_id: str) -> Response:
        try:
            return Response(engine.map_payload(engine.scenario(scenario_id).id))
        except KeyError:
            return _error("scenario/none", f"no scenario {scenario_id!r}", 404)


class GameListView(APIView):
    """List games (public ones and your own), or open a new one."""

    def get_permissions(self):
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(
        parameters=[
            OpenApiParameter("status", str, enum=["open", "active", "finished", "abandoned"])
        ],
        responses={200: GameSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        games = selectors.lobby_games(request.user, request.query_params.get("status"))
        return Response(GameSerializer(games[:200], many=True).data)

    @extend_schema(request=GameCreateSerializer, responses={201: GameSerializer})
    def post(self, request: Request) -> Response:
        data = GameCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            game = services.game_create(user=request.user, **data.validated_data)
        except services.ServiceError as exc:
            return _service_error(exc)
        return Response(_game_json(game), status=status.HTTP_201_CREATED)


class GameDetailView(APIView):
    """One game: status, version, sides and seats."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: GameSerializer})
    def get(self, request: Request, game_id: str) -> Response:
        game = _game(game_id)
        if game is None:
            return _no_game(game_id)
        return Response(_game_json(game))


class JoinView(APIView):
    """Take a free seat on a side; the game starts when the last seat is filled."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=JoinSerializer, responses={200: GameSerializer})
    def post(self, request: Request, game_id: str) -> Response:
        game = _game(game_id)
        if game is None:
            return _no_game(game_id)
        data = JoinSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            services.game_join(game=game, user=request.user, side=data.validated_data["side"])
        except services.ServiceError as exc:
            return _service_error(exc)
        return Response(_game_json(game))


class ResignView(APIView):
    """Concede the game for your side."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT})
    def post(self, request: Request, game_id: str) -> Response:
        game = _game(game_id)
        if game is None:
            return _no_game(game_id)
        try:
            version = services.game_resign(game=game, seat=selectors.seat_of(game, request.user))
        except services.ServiceError as exc:
            return _service_error(exc)
        return Response({"v": version})


class ViewView(APIView):
    """Your audience's snapshot: the same JSON as the socket's `snapshot` frame."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("side", str, description="a coach's side")],
        responses={200: OpenApiTypes.OBJECT},
    )
    def get(self, request: Request, game_id: str) -> Response:
        game = _game(game_id)
        if game is None:
            return _no_game(game_id)
        member = selectors.membership(game, request.user, request.query_params.get("side"))
        if member.audience is None:
            return _error("game/not_yours", "you may not watch this game now", 403)
        frame = selectors.snapshot(game, member.audience)
        if frame is None:
            return _error("game/not_started", "the game starts when every seat is taken", 409)
        return Response(frame)


class LegalView(APIView):
    """Every command your seat may send now, as complete objects."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, game_id: str) -> Response:
        game = _game(game_id)
        if game is None:
            return _no_game(game_id)
        seat = selectors.seat_of(game, request.user)
        if seat is None:
            return _error("seat/none", "you have no seat in this game", 403)
        commands: list[dict] = []
        if game.state is not None:
            state = engine.decode_state(game.pk, game.version, game.state)
            commands = engine.legal_for(state, seat.seat_id)
        return Response({"v": game.version, "seat": seat.seat_id, "commands": commands})


class CommandView(APIView):
    """Submit a command: the socket's `ack` (200) or `reject` (409; 403 without a seat)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=CommandSerializer, responses={200: OpenApiTypes.OBJECT})
    def post(self, request: Request, game_id: str) -> Response:
        game = _game(game_id)
        if game is None:
            return _no_game(game_id)
        data = CommandSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        outcome = services.command_submit(
            game=game,
            seat=selectors.seat_of(game, request.user),
            command=data.validated_data["command"],
            base_version=data.validated_data["v"],
            client_id=data.validated_data["id"],
        )
        if outcome.ok:
            code = 200
        else:
            code = 403 if outcome.code == "seat/none" else 409
        return Response(outcome.frame(), status=code)


def _ended(game: Game) -> bool:
    return game.status in (FINISHED, ABANDONED)


class HistoryView(APIView):
    """Every step with the full view (or one side's), once the game has ended (403 before)."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("audience", str, description='"full", "public" or "side:<id>"')],
        responses={200: OpenApiTypes.OBJECT},
    )
    def get(self, request: Request, game_id: str) -> Response:
        game = _game(game_id)
        if game is None:
            return _no_game(game_id)
        if not _ended(game):
            return _error("game/not_over", "the history opens when the game has ended", 403)
        audience = request.query_params.get("audience") or engine.FULL
        sides = game.sides.values_list("side_id", flat=True)
        allowed = {engine.FULL, engine.PUBLIC} | {engine.side_audience(x) for x in sides}
        if audience not in allowed:
            return _error("audience/unknown", f"no audience {audience!r}", 400)
        return Response({"id": str(game.pk), "audience": audience,
                         "steps": selectors.history(game, audience)})


class ExportView(APIView):
    """The document `python -m games.rules.verify` replays, once the game has ended."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, game_id: str) -> Response:
        game = _game(game_id)
        if game is None:
            return _no_game(game_id)
        if not _ended(game):
            return _error("game/not_over", "the export (with the seed) opens at the end", 403)
        return Response(selectors.export(game))


class PreviewView(APIView):
    """What each of your legal commands naming one unit would cost (MP) or risk (odds)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[OpenApiParameter("unit", str, required=True, description="an own unit id")],
        responses={200: OpenApiTypes.OBJECT},
    )
    def get(self, request: Request, game_id: str) -> Response:
        game = _game(game_id)
        if game is None:
            return _no_game(game_id)
        seat = selectors.seat_of(game, request.user)
        if seat is None:
            return _error("seat/none", "you have no seat in this game", 403)
        unit = request.query_params.get("unit", "")
        previews: list[dict] = []
        if game.state is not None and unit:
            state = engine.decode_state(game.pk, game.version, game.state)
            previews = engine.previews_for(state, seat.seat_id, unit)
        return Response(
            {"v": game.version, "seat": seat.seat_id, "unit": unit, "previews": previews}
        )
