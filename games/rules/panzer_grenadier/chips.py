"""The chips a Panzer Grenadier counter wears on the board (common/chips.py): reduced (7.6),
disrupted or demoralized (7.2), moved/fired (3.3), dug in (16.2), seen by the enemy
(double-blind, 18.4) and mired (17 Part II), in that order.

Each is read from the counter's entry in the view and nothing else, so a counter the
audience knows only as a marker or a last-known position (no steps, no status in its entry)
wears no chip, and hidden information cannot reach the page through a chip.
"""

from __future__ import annotations

from typing import Any

from ..common.chips import chip
from .core import state as st
from .core.registry import catalogue_for, counter_type
from .core.units import UnitType

STATUS = {
    "disrupted": chip("disrupted", "D", "Disrupted", "warning"),
    "demoralized": chip("demoralized", "DM", "Demoralized", "danger"),
}
REDUCED = chip("reduced", "R", "Reduced: a step lost", "info")
MOVED_FIRED = chip("moved_fired", "M/F", "Moved or fired this turn", "spent")
DUG_IN = chip("dug_in", "DI", "Dug in", "good")
SEEN = chip("seen", "SEEN", "Seen by the enemy", "warning")
MIRED = chip("mired", "MIRE", "Mired", "warning")


# The chips each look of a counter wears, by the catalogue its type is read from, for the
# views built entry by entry under hidden information (views.py keeps an open view's
# counters with their chips): every audience's view of every version asks for the chips of
# every counter, and nearly all of them look as they did the version before. The catalogue
# is kept with the chips and compared by identity, so a scenario registered again under the
# same id (a test's, a draft being tried) never reads another's answer. A plain dict,
# emptied when full: an Lru's lock and reordering cost as much as the look-up saves, and
# the looks in play are a few hundred.
_WORN: dict[tuple, tuple[Any, list[dict[str, str]]]] = {}
_WORN_MAX = 4_096


def wear_chips(state: st.GameState, entries: list[dict[str, Any]]) -> None:
    """Give each counter entry of a view its chips (`unit_chips`), reading each distinct
    look once per catalogue; each entry gets chips of its own to keep."""
    cat = catalogue_for(state)
    for entry in entries:
        key = (
            id(cat), entry.get("type"), entry.get("steps"), entry.get("leader"),
            entry.get("status"), entry.get("moved_fired"), entry.get("dug_in"),
            bool(entry.get("own") and entry.get("revealed")), entry.get("mired"),
        )  # fmt: skip
        hit = _WORN.get(key)
        if hit is None or hit[0] is not cat:
            if len(_WORN) >= _WORN_MAX:
                _WORN.clear()
            hit = _WORN[key] = (cat, unit_chips(state, entry))
        entry["chips"] = [dict(c) for c in hit[1]]


def unit_chips(state: st.GameState, entry: dict[str, Any]) -> list[dict[str, str]]:
    """The chips of one counter, from its view entry alone."""
    out = []
    if _reduced(state, entry):
        out.append(REDUCED)
    if entry.get("status") in STATUS:
        out.append(STATUS[entry["status"]])
    if entry.get("moved_fired"):
        out.append(MOVED_FIRED)
    if entry.get("dug_in"):
        out.append(DUG_IN)
    if entry.get("own") and entry.get("revealed"):
        out.append(SEEN)
    if entry.get("mired"):
        out.append(MIRED)
    return [dict(c) for c in out]


def _reduced(state: st.GameState, entry: dict[str, Any]) -> bool:
    """Showing its reduced face: fewer steps than a full-strength counter of a type that has
    one (a leader has no steps to lose)."""
    steps, type_id = entry.get("steps"), entry.get("type")
    if steps is None or not type_id or entry.get("leader"):
        return False
    try:
        t = counter_type(state, type_id)
    except KeyError:
        return False
    return isinstance(t, UnitType) and t.reduced is not None and steps < t.steps
