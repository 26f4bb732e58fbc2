"""Check a chosen username, the one way for every door: the API's sign-up, the sign-up page
and a guest claiming their account.

A name is shown to other players in the lobby, in games and in chat, so it may not pretend
to be what it is not: only letters, digits and `_ - .` between letters or digits (no
markup, quotes, spaces, line breaks, bidirectional controls or invisible characters), the
same text under Unicode NFKC (a fullwidth `Ａdmin` is not quietly stored as `Admin`), no
mix of scripts that imitates another (a Cyrillic `а` among Latin letters), no guest's
`Grenadier-0001` shape, and nothing that reads like a name already taken once look-alike
letters are folded together (the "confusables" of Unicode TR 39, from
confusable_homoglyphs).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any

from confusable_homoglyphs import confusables
from django.contrib.auth import get_user_model
from django.db.models.functions import Length

from games.services.account_life import name_check
from games.services.errors import ServiceError

MIN_CHARS, MAX_CHARS = 2, 30
GUEST_NAME = re.compile(r"grenadier-", re.IGNORECASE)  # api/auth.py guest_name's shape
SEPARATORS = "_-."
RULES = (f"a name has {MIN_CHARS} to {MAX_CHARS} letters or digits, with _ - or . only "
         "between them")  # fmt: skip


def _is_letter_or_digit(char: str) -> bool:
    return unicodedata.category(char)[0] == "L" or unicodedata.category(char) == "Nd"


def _shape_problem(name: str) -> str | None:
    """What is wrong with the characters of a name (None: nothing)."""
    if not MIN_CHARS <= len(name) <= MAX_CHARS:
        return RULES
    for char in name:
        if char not in SEPARATORS and not _is_letter_or_digit(char):
            return f"{RULES}; {unicodedata.name(char, repr(char))} is not allowed"
    if name[0] in SEPARATORS or name[-1] in SEPARATORS:
        return RULES
    if any(a in SEPARATORS and b in SEPARATORS for a, b in zip(name, name[1:], strict=False)):
        return RULES
    return None


@lru_cache(maxsize=4096)
def _plain(char: str) -> str:
    """The Latin letter a character imitates (`а` Cyrillic, `ο` Greek, `0`), else itself."""
    found = confusables.is_confusable(char, greedy=True, preferred_aliases=["latin"])
    for entry in found or ():
        for glyph in entry["homoglyphs"]:
            if len(glyph["c"]) == 1 and glyph["c"].isascii():
                return glyph["c"]
    return char


def skeleton(name: str) -> str:
    """A name with look-alike characters folded together: two names with one skeleton read
    alike (`Admin`, `admin`, `Аdmin`, `AdmIn`, `Adm1n`)."""
    folded = "".join(_plain(c) for c in unicodedata.normalize("NFKC", name)).casefold()
    return folded.replace("l", "i").replace("0", "o")


def clean_username(name: Any, *, user: Any = None) -> str:
    """Return `name` if it may be a new username (for `user`, when one renames itself);
    raise ServiceError auth/bad_username (400) or auth/username_taken (409) saying why."""
    if not isinstance(name, str):
        raise ServiceError("auth/bad_username", RULES)
    if unicodedata.normalize("NFKC", name) != name:
        plain = unicodedata.normalize("NFKC", name)
        raise ServiceError("auth/bad_username", f"write the name in plain characters ({plain!r})")
    problem = _shape_problem(name)
    if problem:
        raise ServiceError("auth/bad_username", problem)
    if confusables.is_dangerous(name):
        raise ServiceError("auth/bad_username", "the name mixes scripts that imitate each other")
    if GUEST_NAME.match(name):
        raise ServiceError("auth/bad_username", "names starting Grenadier- are kept for guests")
    name_check(name)  # a deleted account's name is held for a while
    mark = skeleton(name)
    # Folding keeps the length, so only names as long can read alike.
    others = get_user_model().objects.annotate(chars=Length("username")).filter(chars=len(name))
    if user is not None and getattr(user, "pk", None) is not None:
        others = others.exclude(pk=user.pk)
    if any(skeleton(taken) == mark for taken in others.values_list("username", flat=True)):
        raise ServiceError("auth/username_taken", f"{name!r} is taken, or reads like a name that is", 409)
    return name
