"""The API's answer to an exception DRF raises, in the API's own error shape."""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import Throttled
from rest_framework.views import exception_handler


def api_exception_handler(exc: Exception, context: dict) -> Any:
    """DRF's handler, with a throttled request answered as `{"code", "message"}` (429)."""
    response = exception_handler(exc, context)
    if isinstance(exc, Throttled) and response is not None:
        wait = max(1, round(exc.wait or 0))
        response.data = {
            "code": "rate/limited",
            "message": f"too many requests; try again in {wait} s",
        }
    return response
