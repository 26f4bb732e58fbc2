"""The signed-in player's account: their data as JSON, a new e-mail address, deletion."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import account_export, services
from games.services import account_life
from games.throttles import throttle_check


def _error(exc: services.ServiceError) -> Response:
    return Response({"code": exc.code, "message": exc.message}, status=exc.status)


class ExportView(APIView):
    """Everything of your own as one JSON document: the account, your settings, every game
    you sat in with the commands you sent, and your chat lines."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request) -> Response:
        return Response(account_export.account_export(request.user))


class EmailSerializer(serializers.Serializer):
    email = serializers.CharField(max_length=254, help_text="the new address")


class EmailSentSerializer(serializers.Serializer):
    sent_to = serializers.CharField(help_text="the address the confirmation link went to")


class EmailView(APIView):
    """Ask to change your address: a confirmation link is mailed to the new one, and the
    address changes only when it is followed."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=EmailSerializer, responses={202: EmailSentSerializer})
    def post(self, request: Request) -> Response:
        data = EmailSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        email = data.validated_data["email"].strip()
        try:
            throttle_check("signup", request._request)
            account_life.email_change_request(user=request.user, email=email)
        except services.ServiceError as exc:
            return _error(exc)
        return Response({"sent_to": email}, status=202)


class DeleteSerializer(serializers.Serializer):
    password = serializers.CharField(required=False, allow_blank=True,
                                     help_text="your password (a guest has none)")  # fmt: skip


class DeletedSerializer(serializers.Serializer):
    deleted = serializers.BooleanField()
    shown_as = serializers.CharField(help_text="the name your games show in your seats now")


class DeleteView(APIView):
    """Delete your account: your address, notification settings, webhook, push subscriptions
    and vacations are erased; your games stay, your seats shown as "deleted player"; your
    name is held from others for a while. Refused while you have games in progress."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=DeleteSerializer, responses={200: DeletedSerializer})
    def post(self, request: Request) -> Response:
        data = DeleteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            name = account_life.account_delete(
                user=request.user, password=data.validated_data.get("password")
            )
        except services.ServiceError as exc:
            return _error(exc)
        return Response({"deleted": True, "shown_as": name})
