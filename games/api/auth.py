"""Sign in: as a guest with a generated name, with a new account, or with a password."""

from __future__ import annotations

import secrets

from django.contrib.auth import authenticate, get_user_model, login, logout
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.middleware.csrf import get_token
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.serializers import CredentialsSerializer, UserSerializer
from games.services import account_life
from games.services.errors import ServiceError
from games.services.usernames import clean_username
from games.throttles import GuestThrottle, SignupThrottle


def _error(code: str, message: str, status_code: int = 400) -> Response:
    return Response({"code": code, "message": message}, status=status_code)


def guest_name() -> str:
    """A name like Grenadier-4821, unused so far."""
    users = get_user_model().objects
    for digits in (4, 4, 4, 6, 8):
        name = f"Grenadier-{secrets.randbelow(10**digits):0{digits}d}"
        if not users.filter(username=name).exists() and not account_life.is_held(name):
            return name
    return f"Grenadier-{secrets.token_hex(6)}"


class GuestView(APIView):
    """Sign in as a new guest with a generated name."""

    permission_classes = [AllowAny]
    throttle_classes = [GuestThrottle]

    @extend_schema(request=None, responses={201: UserSerializer})
    def post(self, request: Request) -> Response:
        for _ in range(5):
            try:
                with transaction.atomic():
                    user = get_user_model().objects.create_user(username=guest_name())
                break
            except IntegrityError:  # another guest took the name meanwhile
                continue
        else:
            return _error("auth/guest_failed", "could not find a free guest name", 503)
        user.set_unusable_password()
        user.save(update_fields=["password"])
        login(request._request, user, backend="django.contrib.auth.backends.ModelBackend")
        return Response({"username": user.get_username()}, status=status.HTTP_201_CREATED)


class SignupView(APIView):
    """Create an account with a password and sign in."""

    permission_classes = [AllowAny]
    throttle_classes = [SignupThrottle]

    @extend_schema(request=CredentialsSerializer, responses={201: UserSerializer})
    def post(self, request: Request) -> Response:
        data = CredentialsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        username, password = data.validated_data["username"], data.validated_data["password"]
        users = get_user_model().objects
        try:
            username = clean_username(request.data.get("username"))  # as sent, not trimmed
        except ServiceError as exc:
            return _error(exc.code, exc.message, exc.status)
        candidate = get_user_model()(username=username)
        try:
            validate_password(password, candidate)
        except ValidationError as exc:
            return _error("auth/weak_password", " ".join(exc.messages))
        try:
            user = users.create_user(username=username, password=password)
        except IntegrityError:
            return _error("auth/username_taken", f"{username!r} is taken", 409)
        login(request._request, user, backend="django.contrib.auth.backends.ModelBackend")
        return Response({"username": user.get_username()}, status=status.HTTP_201_CREATED)


class LoginView(APIView):
    """Sign in with a username and password."""

    permission_classes = [AllowAny]

    @extend_schema(request=CredentialsSerializer, responses={
        200: UserSerializer, 401: OpenApiResponse(description="Wrong username or password.")})
    def post(self, request: Request) -> Response:
        data = CredentialsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = authenticate(
            request._request,
            username=data.validated_data["username"],
            password=data.validated_data["password"],
        )
        if user is None:
            # Well-formed credentials that do not match: refused as credentials (401), not as
            # a malformed request.
            return _error("auth/invalid", "wrong username or password", 401)
        login(request._request, user)
        return Response({"username": user.get_username()})


class LogoutView(APIView):
    """Sign out."""

    permission_classes = [AllowAny]

    @extend_schema(request=None, responses={200: UserSerializer})
    def post(self, request: Request) -> Response:
        logout(request._request)
        return Response({"username": None})


class SessionView(APIView):
    """Who is signed in; also sets the CSRF cookie that unsafe requests must echo."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: UserSerializer})
    def get(self, request: Request) -> Response:
        token = get_token(request._request)
        user = request.user
        signed_in = bool(user and user.is_authenticated)
        return Response(
            {
                "username": user.get_username() if signed_in else None,
                "authenticated": signed_in,
                "csrf_token": token,
            }
        )
