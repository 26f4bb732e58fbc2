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
from games.textcheck import has_hidden_controls

MIN_CHARS, MAX_CHARS = 2, 30
GUEST_NAME = re.compile(r"grenadier-", re.IGNORECASE)  # api/auth.py guest_name's shape
SEPARATORS = "_-."
RULES = (f"a name has {MIN_CHARS} to {MAX_CHARS} letters or digits, with _ - or . only "
         "between them")  # fmt: skip


def _is_letter_or_digit(char: str) -> bool:
    return unicodedata.category(char)[0] == "L" or unicodedata.category(char) == "Nd"


def _shape_problem(name: str) -> str | None:
    """What is wrong with the characters of a name (None: nothing)."""
    if has_hidden_controls(name):  # as chat lines, which have them taken out
        return f"{RULES}; bidirectional controls and invisible characters are not allowed"
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


_FOLD_STEPS = 4  # ʙ (small capital) -> в (Cyrillic) -> В -> B is the longest path needed


def _look_alikes(char: str) -> set[str]:
    """The single characters the confusables table says `char` reads like, and its other
    case (a small capital reads like a lower-case letter of another script, whose capital
    is the table's look-alike of a Latin capital)."""
    out = {char.lower(), char.upper()}
    for entry in confusables.is_confusable(char, greedy=True) or ():
        out.update(g["c"] for g in entry["homoglyphs"])
    return {c for c in out if len(c) == 1 and c != char}


@lru_cache(maxsize=4096)
def _plain(char: str) -> str:
    """The ASCII letter or digit a character reads like (`а` Cyrillic, `ο` Greek, `ᴄ` a
    Latin small capital, `ɑ` Latin alpha, `ạ` with a dot below), else itself: the nearest
    one through the confusables table, followed a few steps. No script is preferred: the
    Latin script has look-alikes of its own plain letters."""
    base = "".join(c for c in unicodedata.normalize("NFD", char)
                   if not unicodedata.combining(c)) or char
    if base.isascii():  # `skeleton` folds the ASCII look-alikes (`1`, `l`, `I`; `0`, `O`)
        return base
    seen, level = {base}, [base]
    for _ in range(_FOLD_STEPS):
        found = sorted(c for c in level if c.isascii() and c.isalnum())
        if found:
            return found[0]
        level = [n for c in level for n in _look_alikes(c) if n not in seen]
        seen.update(level)
    return base


def skeleton(name: str) -> str:
    """A name with look-alike characters folded together: two names with one skeleton read
    alike (`Admin`, `admin`, `Аdmin`, `AdmIn`, `Adm1n`, `ᴀdmin`, `ạdmin`)."""
    folded = "".join(_plain(c) for c in unicodedata.normalize("NFKC", name)).casefold()
    return folded.replace("l", "i").replace("1", "i").replace("0", "o")


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
