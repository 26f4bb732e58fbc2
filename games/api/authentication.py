"""Session authentication that checks CSRF on every unsafe request, signed in or not.

DRF's SessionAuthentication checks CSRF only for signed-in users; pgweb also checks it when
someone signs up, signs in or becomes a guest, so another site cannot sign a browser in.
"""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request

SAFE_METHODS = ("GET", "HEAD", "OPTIONS", "TRACE")


class CsrfSessionAuthentication(SessionAuthentication):
    """The session's user; CSRF is enforced on unsafe methods whoever is asking."""

    def authenticate(self, request: Request):
        user = getattr(request._request, "user", None)
        if user is not None and user.is_active:
            self.enforce_csrf(request)
            return (user, None)
        if request.method not in SAFE_METHODS:
            self.enforce_csrf(request)
        return None


class CsrfSessionScheme(OpenApiAuthenticationExtension):
    """Describe the session cookie in the OpenAPI document (drf-spectacular)."""

    target_class = "games.api.authentication.CsrfSessionAuthentication"
    name = "cookieAuth"

    def get_security_definition(self, auto_schema):
        return {"type": "apiKey", "in": "cookie", "name": "sessionid"}
