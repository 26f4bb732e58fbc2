"""Scenarios and games: open, join, view, legal commands, submit, history, export."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils.urls import replace_query_param
from rest_framework.views import APIView

from games import engine_adapter as engine
from games import protocol, selectors, services
from games.api.serializers import (
    CommandSerializer,
    GameCreateSerializer,
    GameSerializer,
    JoinSerializer,
)
from games.models import Game, Seat
from games.services import hooks
from games.services.errors import not_started
from games.textcheck import whole_number

MAX_PAGE = 1_000_000  # past it an offset is no page anyone reaches, only a slow query


def _error(code: str, message: str, status_code: int) -> Response:
    return Response({"code": code, "message": message}, status=status_code)


def _service_error(exc: services.ServiceError) -> Response:
    # With its extra facts: a join refused for too many bot games lists them, as a rematch does.
    return Response(exc.to_json(), status=exc.status)


def _game(game_id: Any) -> Game | None:
    return selectors.game_or_none(game_id)


def _no_game(game_id: Any) -> Response:
    return _error("game/none", f"no game {game_id}", 404)


def _game_json(game: Game, user: Any = None) -> dict:
    """A game as the API shows it to `user` (in a hidden-information game, only their own
    side's seats list their units)."""
    game = Game.objects.prefetch_related(
        "sides", "seats__user", "seats__side"
    ).get(pk=game.pk)
    return GameSerializer(game, context={"side": selectors.viewer_side(game, user)}).data


def _watched(request: Request, game_id: str) -> Game | Response:
    """The game, if the requester may watch it now (a seat, or the spectator policy), else the
    error to answer."""
    game = _game(game_id)
    if game is None:
        return _no_game(game_id)
    member = selectors.membership(game, request.user, request.query_params.get("side"))
    if member.audience is None:
        return _error("game/not_yours", "you may not watch this game now", 403)
    return game


def _seated(request: Request, game_id: str) -> tuple[Game, Any] | Response:
    """The game and the requester's seat in it, else the error to answer. With `?seat=`, a
    partner's seat the requester may act for (standing in, or the player on vacation:
    services.hooks.ACT_FOR), so the board shows that seat's odds and reasons too."""
    game = _game(game_id)
    if game is None:
        return _no_game(game_id)
    seat = selectors.seat_of(game, request.user)
    if seat is None:
        return _error("seat/none", "you have no seat in this game", 403)
    wanted = request.query_params.get("seat")
    if wanted and wanted != seat.seat_id:
        partner = Seat.objects.filter(game=game, seat_id=wanted).select_related("side").first()
        if partner is None or partner.side_id != seat.side_id or not any(
            may(game.pk, request.user, partner) for may in hooks.ACT_FOR
        ):
            return _error("seat/not_yours", f"you may not act for seat {wanted!r}", 403)
        seat = partner
    return game, seat


class ScenarioListView(APIView):
    """The bundled scenarios."""

    permission_classes = [AllowAny]

    @extend_schema(operation_id="scenarios_list",
                   responses={200: {"type": "array", "items": {"type": "object"}}})
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
            OpenApiParameter("status", str, enum=["open", "active", "finished", "abandoned"]),
            OpenApiParameter("page", {"type": "integer", "minimum": 1, "maximum": MAX_PAGE},
                             description="1 (the newest games) and on; the "
                             "`Link` header names the next and previous pages"),
        ],
        responses={200: GameSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        """One page of games, newest first: `settings.PGWEB_API_PAGE_SIZE` a page, the total
        in `X-Total-Count`, the neighbouring pages in `Link` (RFC 8288), so the body stays
        the plain list it always was."""
        raw = request.query_params.get("page", "1")
        page, size = whole_number(raw, MAX_PAGE), settings.PGWEB_API_PAGE_SIZE
        if not page:
            return _error("request/invalid", f"page must be a whole number from 1 to {MAX_PAGE}", 400)
        games = selectors.lobby_games(request.user, request.query_params.get("status"))
        games = games.order_by("-created_at", "-pk")
        total = games.count()
        chunk = list(games[(page - 1) * size : page * size])
        seated = set()
        if request.user.is_authenticated:
            seated = set(Seat.objects.filter(user=request.user, game__in=[g.pk for g in chunk])
                         .values_list("game_id", flat=True))  # fmt: skip
        response = Response(GameSerializer(chunk, many=True, context={"seated": seated}).data)
        response["X-Total-Count"] = str(total)
        url = request.build_absolute_uri()
        links = []
        if page * size < total:
            links.append(f'<{replace_query_param(url, "page", page + 1)}>; rel="next"')
        if page > 1:
            links.append(f'<{replace_query_param(url, "page", page - 1)}>; rel="prev"')
        if links:
            response["Link"] = ", ".join(links)
        return response

    @extend_schema(request=GameCreateSerializer, responses={201: GameSerializer})
    def post(self, request: Request) -> Response:
        data = GameCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            game = services.game_create(user=request.user, capped=True, **data.validated_data)
        except services.ServiceError as exc:
            return _service_error(exc)
        return Response(_game_json(game, request.user), status=status.HTTP_201_CREATED)


class GameDetailView(APIView):
    """One game: status, version, sides and seats."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: GameSerializer})
    def get(self, request: Request, game_id: str) -> Response:
        game = _game(game_id)
        if game is None:
            return _no_game(game_id)
        member = selectors.membership(game, request.user, request.query_params.get("side"))
        # A delayed public sees how far the game was that many commands ago (spectating.py).
        version = selectors.watched_version(game, member.audience)
        return Response({**_game_json(game, request.user), "version": version})


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
        return Response(_game_json(game, request.user))


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
        game = _watched(request, game_id)
        if isinstance(game, Response):
            return game
        member = selectors.membership(game, request.user, request.query_params.get("side"))
        frame = selectors.snapshot(game, member.audience)
        if frame is None:
            return _service_error(not_started())
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


class LogView(APIView):
    """The log so far, as the asking viewer's audience may read it (a player's side, or what
    the spectator policy shows): a late spectator reads the whole public log."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("upto", int, description="the last version wanted")],
        responses={200: OpenApiTypes.OBJECT},
    )
    def get(self, request: Request, game_id: str) -> Response:
        game = _game(game_id)
        if game is None:
            return _no_game(game_id)
        member = selectors.membership(game, request.user, request.query_params.get("side"))
        if member.audience is None:
            return _error("audience/none", "you may not watch this game now", 403)
        asked = request.query_params.get("upto")
        upto = whole_number(asked) if asked is not None else None
        if asked is not None and upto is None:
            return _error("frame/invalid", "upto must be a version number", 400)
        return Response({"id": str(game.pk), "v": selectors.watched_version(game, member.audience),
                         "lines": selectors.log_lines(game, member.audience, upto)})


class PreviewView(APIView):
    """What each of your legal commands naming one unit would cost (MP) or risk (odds)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[
            OpenApiParameter("unit", str, required=False, description="an own unit id"),
            OpenApiParameter(
                "seat", str, required=False,
                description="a partner's seat you act for (standing in, or on vacation)",
            ),
            OpenApiParameter(
                "command", str, required=False,
                description="a fire command composed on the board (JSON), instead of a unit",
            ),
        ],
        responses={200: OpenApiTypes.OBJECT},
    )
    def get(self, request: Request, game_id: str) -> Response:
        found = _seated(request, game_id)
        if isinstance(found, Response):
            return found
        game, seat = found
        unit = request.query_params.get("unit", "")
        previews: list[dict] = []
        composed = request.query_params.get("command")
        if game.state is not None and composed:  # a fire the board composed (D-LEGAL-1)
            state = engine.decode_state(game.pk, game.version, game.state)
            try:
                command = protocol.loads(composed)  # strict, as a socket frame
                protocol.check_command_shape(command)
                previews = [engine.composed_preview_for(state, seat.seat_id, command)]
            except protocol.ProtocolError as exc:
                return _error("command/invalid", f"command: {exc.message}", 400)
            except (ValueError, engine.RulesError) as exc:
                return _error("command/invalid", str(getattr(exc, "message", exc)), 400)
        elif game.state is not None and unit:
            state = engine.decode_state(game.pk, game.version, game.state)
            previews = engine.previews_for(state, seat.seat_id, unit)
        return Response(
            {"v": game.version, "seat": seat.seat_id, "unit": unit, "previews": previews}
        )


def _player_state(request: Request, game_id: str):
    """(game, seat, state) for a player of a started game, or an error Response."""
    found = _seated(request, game_id)
    if isinstance(found, Response):
        return found
    game, seat = found
    if game.state is None:
        return _service_error(not_started())
    return game, seat, engine.decode_state(game.pk, game.version, game.state)


class WhyNotView(APIView):
    """Why your selected units may not move to, fire at, assault or bombard a hex, with the
    rule: `{"hex", "actions": [{"action", "ok", "reasons": [{"code", "message", "rule"}]}]}`.
    Answered from what your side knows: a hex's unseen content never changes it."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[
            OpenApiParameter("units", str, required=True,
                             description="your unit ids, comma-separated (one hex's units)"),
            OpenApiParameter("hex", str, required=True, description="a hex label, e.g. A0305"),
        ],
        responses={200: OpenApiTypes.OBJECT},
    )
    def get(self, request: Request, game_id: str) -> Response:
        found = _player_state(request, game_id)
        if isinstance(found, Response):
            return found
        _game_row, seat, state = found
        units = [u for u in request.query_params.get("units", "").split(",") if u]
        label = request.query_params.get("hex", "")
        if not units:
            return _error("units/missing", "name one or more of your units: ?units=id,id", 400)
        try:
            answer = engine.why_not_for(state, seat.seat_id, units, label)
        except ValueError as exc:
            return _error("hex/invalid", f"hex: {exc}", 400)
        return Response(answer)


class LineOfSightView(APIView):
    """Whether one hex sees another, the hexes between and what blocks the line (8.3, 8.4):
    `{"from", "to", "seen", "path", "blocked_by"}`. From the map and its smoke only."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("from", str, required=True, description="a hex label"),
            OpenApiParameter("to", str, required=True, description="a hex label"),
        ],
        responses={200: OpenApiTypes.OBJECT},
    )
    def get(self, request: Request, game_id: str) -> Response:
        game = _watched(request, game_id)
        if isinstance(game, Response):
            return game
        member = selectors.membership(game, request.user, request.query_params.get("side"))
        state = selectors.watched_state(game, member.audience)  # smoke as a delayed public saw it
        if state is None:
            return _service_error(not_started())
        try:
            answer = engine.sight_line_for(
                state, request.query_params.get("from", ""), request.query_params.get("to", "")
            )
        except ValueError as exc:
            return _error("hex/invalid", f"hex: {exc}", 400)
        return Response(answer)
