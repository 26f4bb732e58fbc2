"""Check text that came from outside (a socket frame, a request body) before anything uses it.

A lone surrogate (`"\\udc00"`, which JSON may spell and Python decodes) cannot be encoded as
UTF-8: storing it, echoing it in an error, or rendering it as JSON raises UnicodeEncodeError
wherever it lands. A NUL is refused by PostgreSQL and silently stored by SQLite. Both are
refused at the door, for every string of a decoded value, keys included, so no layer behind
has to think of them.

Text shown to other players (a chat line, a username) also may not hold the characters that
change how the text around them reads while showing nothing themselves: the bidirectional
embeddings, overrides, isolates and marks (`"\u202e"` turns `evil\u202egnp.exe` into
`evilexe.png`) and the zero-width spaces, joiners and word joiners (which hide a name's or a
word's real spelling, and slip a word past the chat's word filter). Usernames refuse them;
a chat line has them taken out (`visible_text`).
"""

from __future__ import annotations

import re
from typing import Any

_BAD = re.compile("[\x00\ud800-\udfff]")
BAD_TEXT_MESSAGE = "text may not hold NUL characters or lone UTF-16 surrogates"
_HIDDEN = re.compile("[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")

# The largest integer a browser's JSON numbers hold exactly (Number.MAX_SAFE_INTEGER); it
# also fits the 64-bit database columns, so an id past it is a typed error, not a crash there.
MAX_CLIENT_INT = 2**53 - 1


def is_clean_text(text: str) -> bool:
    """Whether `text` encodes as UTF-8 and holds no NUL."""
    return _BAD.search(text) is None


def has_hidden_controls(text: str) -> bool:
    """Whether `text` holds a bidirectional control or a zero-width character."""
    return _HIDDEN.search(text) is not None


def visible_text(text: str) -> str:
    """`text` without its bidirectional controls and zero-width characters."""
    return _HIDDEN.sub("", text)


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
