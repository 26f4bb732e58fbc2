"""An ended game's record: every step's view (history) and the document the verifier
replays (export), for whoever may review it (selectors.may_review)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import engine_adapter as engine
from games import selectors
from games.api.games import _error, _game, _no_game
from games.models import ABANDONED, FINISHED, Game
from games.throttles import ReviewThrottle


def _ended(game: Game) -> bool:
    return game.status in (FINISHED, ABANDONED)


def _not_reviewable() -> Response:
    """An ended game whose record this caller may not read (selectors.may_review)."""
    return _error("audience/none", "this game's record is for its players only: its "
                  "spectator policy keeps others out", 403)


class HistoryView(APIView):
    """Every step with the full view (or one side's), once the game has ended (403 before),
    to whoever may review it (selectors.may_review: players; others by the spectator policy)."""

    permission_classes = [AllowAny]
    throttle_classes = [ReviewThrottle]  # replays every step: settings.PGWEB_RATES

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
        if not selectors.may_review(game, request.user):
            return _not_reviewable()
        audience = request.query_params.get("audience") or engine.FULL
        sides = game.sides.values_list("side_id", flat=True)
        allowed = {engine.FULL, engine.PUBLIC} | {engine.side_audience(x) for x in sides}
        if audience not in allowed:
            return _error("audience/unknown", f"no audience {audience!r}", 400)
        return Response({"id": str(game.pk), "audience": audience,
                         "steps": selectors.history(game, audience)})


class ExportView(APIView):
    """The document `python -m games.rules.verify` replays, once the game has ended, to
    whoever may review it (selectors.may_review)."""

    permission_classes = [AllowAny]
    throttle_classes = [ReviewThrottle]  # replays every step: settings.PGWEB_RATES

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, game_id: str) -> Response:
        game = _game(game_id)
        if game is None:
            return _no_game(game_id)
        if not _ended(game):
            return _error("game/not_over", "the export (with the seed) opens at the end", 403)
        if not selectors.may_review(game, request.user):
            return _not_reviewable()
        if game.version == 0:  # abandoned before it started: no opening state to replay from
            return _error("game/never_started", "the game ended before its first step: "
                          "there is nothing to export", 409)  # fmt: skip
        return Response(selectors.export(game))
