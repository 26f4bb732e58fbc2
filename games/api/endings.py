"""Ending a game by agreement: draw offers and their answers, and the abort before a move."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors, services
from games.services.endings import ANSWERS


class DrawAnswerSerializer(serializers.Serializer):
    answer = serializers.ChoiceField(
        choices=ANSWERS,
        help_text="offer (your side's seats agree one by one), accept another side's offer, "
        "or decline (withdraw your side's own)",
    )


class DrawOfferSerializer(serializers.Serializer):
    by = serializers.CharField(help_text="the side that offers")
    stands = serializers.BooleanField(help_text="every seat of that side has agreed")
    agreed = serializers.ListField(child=serializers.CharField(), help_text="seats that said yes")
    waiting = serializers.ListField(child=serializers.CharField(), help_text="seats still to")


class DrawOffersSerializer(serializers.Serializer):
    offers = DrawOfferSerializer(many=True)
    v = serializers.IntegerField(
        allow_null=True, required=False,
        help_text="the version of the draw's step, when this answer ended the game",
    )  # fmt: skip


def _error(code: str, message: str, status_code: int) -> Response:
    return Response({"code": code, "message": message}, status=status_code)


class DrawView(APIView):
    """The draw offers your side may see; offer, accept or decline a draw.

    A side's offer is seen by that side alone until all its seats have agreed; then the
    other sides see it, and the game is drawn once every seated player has said yes. The
    same as sending `offer_draw`, `accept_draw` or `decline_draw` on the game socket."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: DrawOffersSerializer})
    def get(self, request: Request, game_id: str) -> Response:
        game = selectors.game_or_none(game_id)
        if game is None:
            return _error("game/none", f"no game {game_id}", 404)
        member = selectors.membership(game, request.user)
        if member.audience is None or member.side_id is None:
            return _error("game/not_yours", "only a side's players and coaches see its offers", 403)
        return Response(services.draw_offers_for(game=game, side_id=member.side_id))

    @extend_schema(
        request=DrawAnswerSerializer,
        responses={200: DrawOffersSerializer},
        examples=[OpenApiExample("offer a draw", value={"answer": "offer"}, request_only=True)],
    )
    def post(self, request: Request, game_id: str) -> Response:
        game = selectors.game_or_none(game_id)
        if game is None:
            return _error("game/none", f"no game {game_id}", 404)
        data = DrawAnswerSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            done = services.draw_answer(
                game=game, seat=selectors.seat_of(game, request.user),
                answer=data.validated_data["answer"],
            )  # fmt: skip
        except services.ServiceError as exc:
            return _error(exc.code, exc.message, exc.status)
        return Response(done)


class AbortSerializer(serializers.Serializer):
    v = serializers.IntegerField(help_text="the version of the step that ended the game")


class AbortView(APIView):
    """Abort a game nobody has moved in yet: it ends with no winner and is not rated."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: AbortSerializer})
    def post(self, request: Request, game_id: str) -> Response:
        game = selectors.game_or_none(game_id)
        if game is None:
            return _error("game/none", f"no game {game_id}", 404)
        try:
            version = services.game_abort(game=game, seat=selectors.seat_of(game, request.user))
        except services.ServiceError as exc:
            return _error(exc.code, exc.message, exc.status)
        return Response({"v": version})
