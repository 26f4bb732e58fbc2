"""Check text that came from outside (a socket frame, a request body) before anything uses it.

A lone surrogate (`"\\udc00"`, which JSON may spell and Python decodes) cannot be encoded as
UTF-8: storing it, echoing it in an error, or rendering it as JSON raises UnicodeEncodeError
wherever it lands. A NUL is refused by PostgreSQL and silently stored by SQLite. Both are
refused at the door, for every string of a decoded value, keys included, so no layer behind
has to think of them.
"""

from __future__ import annotations

import re
from typing import Any

_BAD = re.compile("[\x00\ud800-\udfff]")
BAD_TEXT_MESSAGE = "text may not hold NUL characters or lone UTF-16 surrogates"

# The largest integer a browser's JSON numbers hold exactly (Number.MAX_SAFE_INTEGER); it
# also fits the 64-bit database columns, so an id past it is a typed error, not a crash there.
MAX_CLIENT_INT = 2**53 - 1


def is_clean_text(text: str) -> bool:
    """Whether `text` encodes as UTF-8 and holds no NUL."""
    return _BAD.search(text) is None


def first_bad_text(value: Any) -> str | None:
    """The first string of a decoded JSON value (keys too) that is not clean, else None.

    Walks with a stack, not recursion: the value may be nested as deep as the decoder let it.
    """
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not is_clean_text(item):
                return item
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return None


def whole_number(text: Any, most: int = MAX_CLIENT_INT) -> int | None:
    """`text` (a query parameter, a path segment) as a whole number from 0 to `most` when it
    is written in ASCII digits, else None. `str.isdigit` is no test: `"²".isdigit()` is true
    and `int("²")` raises, and `int` also takes `" 7"`, `"1_000"` and numbers no database
    column holds."""
    if not isinstance(text, str) or not (text.isascii() and text.isdigit()):
        return None
    if len(text) > len(str(most)):
        return None
    number = int(text)
    return number if number <= most else None
