"""The community's REST API: tournaments (the live page polls one), leaderboards, a
player's ratings, mute and block, reports. Thin: every write is a service call."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.player_names import is_deleted
from games.services.errors import ServiceError

from . import blocks, moderation
from .models.tournaments import Tournament
from .selectors import leaderboards
from .selectors.players import history, ratings_of
from .selectors.tournaments import listing, tournament_json
from .tournaments import service as tournaments


def _error(exc: ServiceError) -> Response:
    return Response(exc.to_json(), status=exc.status)


def _missing(what: str) -> Response:
    return Response({"code": f"{what}/none", "message": f"no such {what}"}, status=404)


class TournamentCreateSerializer(serializers.Serializer):
    name = serializers.CharField()
    kind = serializers.ChoiceField(["round_robin", "swiss"])
    scenarios = serializers.ListField(child=serializers.CharField())
    time_control = serializers.JSONField(required=False)
    rated = serializers.BooleanField(required=False, default=False)
    rounds = serializers.IntegerField(required=False, default=0)
    max_players = serializers.IntegerField(required=False, default=32)
    starts_at = serializers.DateTimeField(required=False, allow_null=True)


class TournamentListView(APIView):
    """The latest tournaments; POST announces one (you are its first player)."""

    def get_permissions(self) -> list:
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(operation_id="tournaments_list", responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request) -> Response:
        return Response({"tournaments": listing()})

    @extend_schema(operation_id="tournaments_create", request=TournamentCreateSerializer,
                   responses={201: OpenApiTypes.OBJECT})
    def post(self, request: Request) -> Response:
        data = TournamentCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            t = tournaments.tournament_create(user=request.user, **data.validated_data)
        except ServiceError as exc:
            return _error(exc)
        return Response(tournament_json(t, request.user), status=status.HTTP_201_CREATED)


class TournamentView(APIView):
    """A tournament: its summary, standings with tie-breaks, and rounds (results only)."""

    permission_classes = [AllowAny]

    @extend_schema(operation_id="tournament_retrieve", responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, tournament_id: int) -> Response:
        t = Tournament.objects.filter(pk=tournament_id).first()
        if t is None:
            return _missing("tournament")
        return Response(tournament_json(t, request.user))


class TournamentActionView(APIView):
    """POST join, leave (withdraw once started), start or cancel (its creator, before the
    start)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(operation_id="tournament_action", request=None,
                   responses={200: OpenApiTypes.OBJECT})
    def post(self, request: Request, tournament_id: int, action: str) -> Response:
        t = Tournament.objects.filter(pk=tournament_id).first()
        if t is None:
            return _missing("tournament")
        do = {"join": tournaments.tournament_join, "leave": tournaments.tournament_leave}
        try:
            if action == "start":
                tournaments.tournament_start(tournament=t, by=request.user)
            elif action == "cancel":
                tournaments.tournament_cancel(tournament=t, by=request.user)
            elif action in do:
                do[action](tournament=t, user=request.user)
            else:
                return _missing("action")
        except ServiceError as exc:
            return _error(exc)
        t.refresh_from_db()
        return Response(tournament_json(t, request.user))


class LeaderboardView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, ruleset: str, pace: str) -> Response:
        if not leaderboards.known(ruleset, pace):
            return _missing("leaderboard")
        return Response(leaderboards.board(ruleset, pace))


def _person(username: str) -> Any:
    """The player so named; a deleted account is no player (it has no page, no ratings)."""
    person = get_user_model().objects.filter(username=username).first()
    return None if person is None or is_deleted(person) else person


class PlayerRatingsView(APIView):
    """A player's ratings per game and pace, and their history."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, username: str) -> Response:
        person = _person(username)
        if person is None:
            return _missing("player")
        series = [{"label": s["label"],
                   "points": [{"at": t.isoformat(), "rating": round(v, 1)} for t, v in s["points"]]}
                  for s in history(person)]
        return Response({"player": username, "ratings": ratings_of(person), "history": series})


class RelationView(APIView):
    """POST mutes (or blocks) the player, DELETE undoes it."""

    permission_classes = [IsAuthenticated]
    relation = "mute"

    def _act(self, request: Request, username: str, undo: bool) -> Response:
        acts = {("mute", False): blocks.mute, ("mute", True): blocks.unmute,
                ("block", False): blocks.block, ("block", True): blocks.unblock}
        try:
            acts[(self.relation, undo)](user=request.user, player=username)
        except ServiceError as exc:
            return _error(exc)
        return Response({"player": username, self.relation: not undo})

    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT})
    def post(self, request: Request, username: str) -> Response:
        return self._act(request, username, undo=False)

    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT})
    def delete(self, request: Request, username: str) -> Response:
        return self._act(request, username, undo=True)


class ReportSerializer(serializers.Serializer):
    player = serializers.CharField()
    reason = serializers.CharField()
    text = serializers.CharField(required=False, allow_blank=True, default="")
    game = serializers.CharField(required=False, allow_blank=True, allow_null=True)


class ReportView(APIView):
    """Report a player to the moderators: a reason, what happened, and the game."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=ReportSerializer, responses={201: OpenApiTypes.OBJECT})
    def post(self, request: Request) -> Response:
        data = ReportSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            row = moderation.report(user=request.user, **data.validated_data)
        except ServiceError as exc:
            return _error(exc)
        return Response({"id": row.pk, "status": row.status}, status=status.HTTP_201_CREATED)
