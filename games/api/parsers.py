"""The API's JSON parser: DRF's, strict, refusing a body nested too deep or holding text no
database or JSON encoder takes, each with a 400."""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from games.textcheck import BAD_TEXT_MESSAGE, first_bad_text


class BadText(ParseError):
    """A body with a NUL or a lone surrogate in one of its strings (games/textcheck.py)."""

    default_code = "bad_text"


class StrictJSONParser(JSONParser):
    """DRF's JSON parser (already refusing NaN and Infinity), also turning a body nested
    deeper than the decoder's recursion allows (30 KB of `[`) into a parse error: the
    decoder raises RecursionError there, which DRF lets through as a 500.

    A string holding a lone surrogate (`"\\udc00"`) or NUL is refused too, before a view
    sees it: echoed in a field error it made the JSON renderer fail (a 500), and stored it
    would fail on PostgreSQL.
    """

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - nested too deep") from None
        if first_bad_text(data) is not None:
            raise BadText(BAD_TEXT_MESSAGE)
        return data
