"""The API's JSON parser: DRF's, strict, and refusing a body nested too deep with a 400."""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class StrictJSONParser(JSONParser):
    """DRF's JSON parser (already refusing NaN and Infinity), also turning a body nested
    deeper than the decoder's recursion allows (30 KB of `[`) into a parse error: the
    decoder raises RecursionError there, which DRF lets through as a 500."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - nested too deep") from None
