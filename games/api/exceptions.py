"""The API's answer to an exception DRF raises, in the API's own error shape.

Every refusal the API makes reads `{"code", "message"}` (the services' `ServiceError`, the
socket's `error` and `reject` frames): DRF's own refusals (a body that is not JSON or not
the right shape, a missing sign-in or CSRF token, a wrong method, a throttle) are answered
in the same shape, with the field errors of an invalid body kept under `"fields"`.
"""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions
from rest_framework.views import exception_handler

from games.api.parsers import BadText

CODES = {
    BadText: "request/bad_text",
    exceptions.ValidationError: "request/invalid",
    exceptions.ParseError: "request/not_json",
    exceptions.NotAuthenticated: "auth/required",
    exceptions.AuthenticationFailed: "auth/failed",
    exceptions.PermissionDenied: "auth/forbidden",
    exceptions.NotFound: "request/not_found",
    exceptions.MethodNotAllowed: "request/method_not_allowed",
    exceptions.NotAcceptable: "request/not_acceptable",
    exceptions.UnsupportedMediaType: "request/unsupported_media_type",
}


def _flatten(detail: Any, prefix: str = "") -> list[str]:
    """Field errors as sentences: `id: Ensure this value is ...`."""
    if isinstance(detail, dict):
        out = []
        for key, value in detail.items():
            out += _flatten(value, prefix if key == "non_field_errors" else f"{prefix}{key}: ")
        return out
    if isinstance(detail, list):
        return [m for item in detail for m in _flatten(item, prefix)]
    return [f"{prefix}{detail}"]


def api_exception_handler(exc: Exception, context: dict) -> Any:
    """DRF's handler (statuses and headers), with the body in the API's error shape."""
    response = exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.Throttled):
        wait = max(1, round(exc.wait or 0))
        response.data = {
            "code": "rate/limited",
            "message": f"too many requests; try again in {wait} s",
        }
        return response
    code = next((c for kind, c in CODES.items() if isinstance(exc, kind)), None)
    if code is None:
        code = f"request/{getattr(exc, 'default_code', 'error')}"
    data = response.data
    if isinstance(data, dict) and set(data) == {"detail"}:
        data = data["detail"]
    body: dict[str, Any] = {"code": code, "message": " ".join(_flatten(data)) or code}
    if isinstance(exc, exceptions.ValidationError) and isinstance(data, dict | list):
        body["fields"] = data
    response.data = body
    return response
