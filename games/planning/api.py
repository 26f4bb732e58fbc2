"""A side's plans over REST: its standing orders and its drawings (mounted under /api/v1/).

Every answer comes from the planning services, which show a side's plans to its seats and
coaches only (and every side's once the game is over); refusals are {"code", "message"}.
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.services.errors import ServiceError
from games.textcheck import whole_number

from . import drawings, standing


def _refused(exc: ServiceError) -> Response:
    return Response(exc.to_json(), status=exc.status)


def _data(request: Request) -> dict:
    return request.data if isinstance(request.data, dict) else {}


class StandingOrdersView(APIView):
    """GET your side's standing orders, what they may name and the windows they answered;
    PUT {"orders": [...]} to replace them (each checked by the game's rules)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, game_id: str) -> Response:
        try:
            return Response(standing.standing_orders_read(game=game_id, user=request.user))
        except ServiceError as exc:
            return _refused(exc)

    @extend_schema(request=OpenApiTypes.OBJECT, responses={200: OpenApiTypes.OBJECT})
    def put(self, request: Request, game_id: str) -> Response:
        try:
            orders = standing.standing_orders_set(
                game=game_id, user=request.user, orders=_data(request).get("orders"))
        except ServiceError as exc:
            return _refused(exc)
        return Response({"orders": orders})


class DrawingsView(APIView):
    """GET your side's drawings (`?turn=n`: one turn's); POST {"kind", "hexes", "text"} to
    draw an arrow, a circle, a hex highlight or a label."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, game_id: str) -> Response:
        raw = request.query_params.get("turn")
        turn = whole_number(raw) if raw is not None else None
        if raw is not None and turn is None:
            return _refused(ServiceError("request/invalid", "turn: a whole number"))
        try:
            return Response(drawings.drawings_read(game=game_id, user=request.user, turn=turn))
        except ServiceError as exc:
            return _refused(exc)

    @extend_schema(request=OpenApiTypes.OBJECT, responses={201: OpenApiTypes.OBJECT})
    def post(self, request: Request, game_id: str) -> Response:
        data = _data(request)
        try:
            made = drawings.drawing_add(game=game_id, user=request.user, kind=data.get("kind"),
                                        hexes=data.get("hexes"), text=data.get("text", ""))
        except ServiceError as exc:
            return _refused(exc)
        return Response(made, status=201)


class DrawingView(APIView):
    """DELETE one of your drawings."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={204: None})
    def delete(self, request: Request, game_id: str, drawing_id: str) -> Response:
        try:
            drawings.drawing_remove(game=game_id, user=request.user, drawing_id=drawing_id)
        except ServiceError as exc:
            return _refused(exc)
        return Response(status=204)
