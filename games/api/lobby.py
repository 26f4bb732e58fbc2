"""Seats before the start, rematch, team division and claiming a guest account, over REST."""

from __future__ import annotations

from django.contrib.auth import update_session_auth_hash
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors, services
from games.api.games import _game_json, _no_game
from games.api.serializers import CredentialsSerializer, GameSerializer
from games.lobby.selectors import lobby_lists
from games.services.division import division
from games.throttles import SignupThrottle, WriteThrottle


def _error(exc: services.ServiceError) -> Response:
    return Response(exc.to_json(), status=exc.status)


class LeaveView(APIView):
    """Give up your seat before the start."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: GameSerializer})
    def post(self, request: Request, game_id: str) -> Response:
        game = selectors.game_or_none(game_id)
        if game is None:
            return _no_game(game_id)
        try:
            services.game_leave(game=game, user=request.user)
        except services.ServiceError as exc:
            return _error(exc)
        return Response(_game_json(game))


class RemoveView(APIView):
    """The creator frees another player's seat before the start."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: GameSerializer})
    def post(self, request: Request, game_id: str, seat_id: str) -> Response:
        game = selectors.game_or_none(game_id)
        if game is None:
            return _no_game(game_id)
        try:
            services.seat_remove(game=game, by=request.user, seat_id=seat_id)
        except services.ServiceError as exc:
            return _error(exc)
        return Response(_game_json(game))


class RematchView(APIView):
    """Play a finished game again, sides swapped: the answer is the new game."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: GameSerializer})
    def post(self, request: Request, game_id: str) -> Response:
        game = selectors.game_or_none(game_id)
        if game is None:
            return _no_game(game_id)
        try:
            new = services.game_rematch(game=game, user=request.user)
        except services.ServiceError as exc:
            return _error(exc)
        return Response(_game_json(new))


class DivisionSerializer(serializers.Serializer):
    side = serializers.CharField()
    seats = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="seat id -> the formation ids it commands",
    )


class DivisionView(APIView):
    """How a team game's sides divide their formations between seats; the side's first seat
    changes it before the start."""

    def get_permissions(self):
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, game_id: str) -> Response:
        game = selectors.game_or_none(game_id)
        if game is None:
            return _no_game(game_id)
        return Response({"seats": division(game)})

    @extend_schema(request=DivisionSerializer, responses={200: OpenApiTypes.OBJECT})
    def put(self, request: Request, game_id: str) -> Response:
        game = selectors.game_or_none(game_id)
        if game is None:
            return _no_game(game_id)
        data = DivisionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            plan = services.division_set(game=game, user=request.user, **data.validated_data)
        except services.ServiceError as exc:
            return _error(exc)
        return Response({"seats": plan})


class ClaimView(APIView):
    """A guest picks a name and a password; their games stay theirs."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [WriteThrottle, SignupThrottle]  # a claim makes a named account

    @extend_schema(request=CredentialsSerializer, responses={200: OpenApiTypes.OBJECT})
    def post(self, request: Request) -> Response:
        data = CredentialsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            user = services.guest_claim(user=request.user, **data.validated_data)
        except services.ServiceError as exc:
            return _error(exc)
        update_session_auth_hash(request._request, user)  # stay signed in
        return Response({"username": user.get_username()})


class LobbyView(APIView):
    """The lobby's lists, as the lobby socket sends them (for clients without a socket)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request) -> Response:
        return Response(lobby_lists(request.user))
