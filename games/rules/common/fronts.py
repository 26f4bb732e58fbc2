"""The fronts a battle may be set on: a closed list, so the catalogue can filter by them.

A scenario file names its front (`"front": "east"`) beside its date; both rulesets' schemas
enumerate these ids (tests/rules/test_fronts.py keeps them in step). The front only presents
a battle: it is among the revision's presentation keys (revision.py).
"""

from __future__ import annotations

# id -> the words players read, in the order the catalogue offers them.
FRONTS: dict[str, str] = {
    "east": "Eastern Front",
    "west": "Western Front",
    "mediterranean": "Mediterranean",
}


def front_name(front_id: str) -> str:
    """The front as players read it ("" for a battle that names none)."""
    return FRONTS.get(front_id, "")
