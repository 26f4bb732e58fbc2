"""Answer the API's requests; views stay thin and call services and selectors."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

API_VERSION = "v1"


class StatusView(APIView):
    """Say which API version this server speaks and who is asking."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses=inline_serializer(
            "Status",
            fields={
                "api": serializers.CharField(),
                "authenticated": serializers.BooleanField(),
            },
        )
    )
    def get(self, request: Request) -> Response:
        """Return the API version and whether the caller is signed in."""
        return Response({"api": API_VERSION, "authenticated": request.user.is_authenticated})
