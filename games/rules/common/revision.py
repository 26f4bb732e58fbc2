"""A scenario's revision: a short digest of what changes its play, so that figures gathered
on one set of forces (the balance of won and lost games) are never pooled with figures from
another after a scenario is rebalanced (PL-E22 changed two situations' forces in place).

The digest is taken over the scenario file as the ruleset loaded it, less the keys that only
present it, plus a digest of each board file it is laid on (a board's terrain is play too).
Presentation-only keys are a closed list: a title, a description, a date and a front, a
designer's note,
the lobby's learning tag and size hint, a side's display name and briefing change how the
scenario reads, not how it plays, and a typo fixed in them must not throw away its games.
Everything else counts, including keys added later: a wrong "changed" costs some statistics,
a wrong "unchanged" mixes two scenarios' figures.

It is automatic (computed from the data, no number for a designer to bump), deterministic
across processes and machines (canonical JSON: sorted keys, no spaces, UTF-8; never Python's
`hash()`, which is salted per process) and cheap (each ruleset computes it once per scenario
when it builds its cached `scenarios()` map).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .canonical import digest

# Top-level keys of a scenario file that only present it (see the module's docstring).
PRESENTATION_KEYS = frozenset({"title", "description", "date", "front", "note", "learning",
                               "size"})
# Keys of a side that only present it.
SIDE_PRESENTATION_KEYS = frozenset({"name", "briefing"})
DIGITS = 12  # 48 bits: two revisions of one scenario never collide in practice


def playable_content(raw: Mapping[str, Any], boards: Mapping[str, str]) -> dict:
    """The scenario file without its presentation-only keys, with `boards` (board id -> the
    digest of its file) under "board_files". TypeError when `raw` is no JSON object."""
    if not isinstance(raw, Mapping):
        raise TypeError(f"a scenario is a JSON object, not {type(raw).__name__}")
    out = {str(k): v for k, v in raw.items() if k not in PRESENTATION_KEYS}
    if isinstance(out.get("sides"), (list, tuple)):
        out["sides"] = [
            {k: v for k, v in s.items() if k not in SIDE_PRESENTATION_KEYS}
            if isinstance(s, Mapping) else s
            for s in out["sides"]
        ]
    out["board_files"] = dict(boards)
    return out


def revision(raw: Mapping[str, Any], boards: Mapping[str, str]) -> str:
    """The scenario's revision: the first DIGITS hex digits of its playable content's digest."""
    return digest(playable_content(raw, boards))[:DIGITS]
