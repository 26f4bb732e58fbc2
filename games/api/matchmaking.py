"""Quick match over REST: queue a seek, read its status (and game once matched), cancel it."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import services
from games.lobby.selectors import seek_json
from games.models import Seek
from games.throttles import SeekThrottle, WriteThrottle


class SeekCreateSerializer(serializers.Serializer):
    scenario = serializers.CharField(required=False, allow_blank=True, allow_null=True)
    side = serializers.CharField(required=False, allow_blank=True, allow_null=True)
    team_size = serializers.IntegerField(required=False, default=1)
    time_control = serializers.CharField(required=False, allow_blank=True, allow_null=True)
    options = serializers.DictField(
        required=False, help_text='other game options asked for, e.g. {"rated": true}'
    )


SeekSerializer = inline_serializer(
    "Seek",
    fields={
        "id": serializers.UUIDField(),
        "status": serializers.ChoiceField(["waiting", "matched", "cancelled"]),
        "game": serializers.UUIDField(required=False, help_text="once matched"),
        "scenario": serializers.CharField(allow_null=True),
        "side": serializers.CharField(allow_null=True),
        "team_size": serializers.IntegerField(),
        "time_control": serializers.CharField(allow_null=True),
    },
)


def _error(exc: services.ServiceError) -> Response:
    return Response(exc.to_json(), status=exc.status)


def _mine(request: Request, seek_id: str) -> Seek | None:
    try:
        return Seek.objects.filter(pk=seek_id, user=request.user).first()
    except (ValueError, TypeError, ValidationError):  # a malformed id is no seek
        return None


class SeekListView(APIView):
    """Join the quick-match queue; the server pairs you as soon as a partner is there."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [WriteThrottle, SeekThrottle]

    @extend_schema(request=SeekCreateSerializer, responses={201: SeekSerializer})
    def post(self, request: Request) -> Response:
        data = SeekCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        wish = data.validated_data
        try:
            seek = services.seek_create(
                user=request.user,
                scenario=wish.get("scenario") or "",
                side=wish.get("side") or "",
                team_size=wish.get("team_size", 1),
                time_control=wish.get("time_control") or "",
                options=wish.get("options"),
            )
        except services.ServiceError as exc:
            return _error(exc)
        return Response(seek_json(seek), status=status.HTTP_201_CREATED)


class SeekDetailView(APIView):
    """Your seek: waiting, matched (with its game) or cancelled; DELETE cancels it."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: SeekSerializer})
    def get(self, request: Request, seek_id: str) -> Response:
        seek = _mine(request, seek_id)
        if seek is None:
            return Response({"code": "seek/none", "message": "no such seek of yours"}, status=404)
        return Response(seek_json(seek))

    @extend_schema(responses={200: SeekSerializer})
    def delete(self, request: Request, seek_id: str) -> Response:
        seek = _mine(request, seek_id)
        if seek is None:
            return Response({"code": "seek/none", "message": "no such seek of yours"}, status=404)
        try:
            seek = services.seek_cancel(seek=seek, user=request.user)
        except services.ServiceError as exc:
            return _error(exc)
        return Response(seek_json(seek))
