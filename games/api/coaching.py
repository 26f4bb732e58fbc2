"""A side's coaches over REST: list, invite (by name or as a link), revoke
(games/services/spectators.py writes; games/spectating.py says what a coach sees)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors
from games.services import spectators
from games.services.errors import ServiceError


class CoachInviteSerializer(serializers.Serializer):
    username = serializers.CharField(required=False, max_length=150, help_text="a user to invite")
    link = serializers.BooleanField(
        required=False, default=False, help_text="true: a link the first taker accepts"
    )


def _error(exc: ServiceError) -> Response:
    return Response({"code": exc.code, "message": exc.message}, status=exc.status)


def _with_url(request: Request, game_id: Any, invite: dict) -> dict:
    """An invitation with its link's address, while the link is not taken."""
    if invite.get("token"):
        path = reverse("coach-link", args=[game_id, invite["token"]])
        invite = {**invite, "url": request.build_absolute_uri(path)}
    return invite


class CoachesView(APIView):
    """Your side's coach invitations (a coach: their own); invite one by name or link."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, game_id: str) -> Response:
        game = selectors.game_or_none(game_id)
        if game is None:
            return _error(ServiceError("game/none", f"no game {game_id}", 404))
        try:
            found = spectators.coach_invites(game=game, user=request.user)
        except ServiceError as exc:
            return _error(exc)
        found["invitations"] = [_with_url(request, game.pk, i) for i in found["invitations"]]
        return Response(found)

    @extend_schema(request=CoachInviteSerializer, responses={201: OpenApiTypes.OBJECT})
    def post(self, request: Request, game_id: str) -> Response:
        game = selectors.game_or_none(game_id)
        if game is None:
            return _error(ServiceError("game/none", f"no game {game_id}", 404))
        data = CoachInviteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            invite = spectators.coach_invite(game=game, user=request.user, **data.validated_data)
        except ServiceError as exc:
            return _error(exc)
        body = _with_url(request, game.pk, spectators.invite_json(invite))
        return Response(body, status=status.HTTP_201_CREATED)


class CoachView(APIView):
    """Revoke a coach invitation (a player of its side, or the coach): their sockets close."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request, game_id: str, invite_id: str) -> Response:
        game = selectors.game_or_none(game_id)
        if game is None:
            return _error(ServiceError("game/none", f"no game {game_id}", 404))
        try:
            spectators.coach_revoke(game=game, user=request.user, invite_id=invite_id)
        except ServiceError as exc:
            return _error(exc)
        return Response(status=status.HTTP_204_NO_CONTENT)
