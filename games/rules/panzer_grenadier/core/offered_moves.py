"""The moves last offered to a seat, kept so that applying one of them does not check its
path a second time (5.1).

`move_offers` finds each offered move's path with the movement search, which applies every
rule a path must meet; `moving.check_path` applies the same rules to a path a player sends.
A command that is exactly one of the moves offered for the very state it is applied to (the
same state object: states never change) has been checked already, so its walk starts at
once. Any other command, a path the player chose hex by hex included, is checked in full and
refused with the same message as always. `tests/rules/panzer_grenadier/test_offered_moves.py`
checks that every offered move passes `check_path` and that applying it with or without this
memo gives the same step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

# The last (state, seat id, offered moves, their keys once made): `move_options` fills it,
# `assault_options` reuses its moves, and `moving` asks it. One entry: a step's state is
# offered once for its acting seat, then applied once. The entry is one tuple, replaced
# whole, and each reader takes it once: the server's two threads may offer moves of two
# games at once, and a reader never mixes one game's state with another's moves.
_LAST: list[Any] = [None]


def remember(state: Any, seat_id: str, moves: list[dict]) -> None:
    """Keep the moves offered to a seat in a state (the keys are made when first asked)."""
    _LAST[0] = (state, seat_id, moves, {})


def recalled(state: Any, seat_id: str) -> list[dict] | None:
    """The moves offered to the seat in this very state, if they are the last offered."""
    entry = _LAST[0]
    if entry is not None and entry[0] is state and entry[1] == seat_id:
        return entry[2]
    return None


def forget() -> None:
    """Drop the memo (tests compare a step applied with and without it)."""
    _LAST[0] = None


def was_offered(state: Any, seat_id: str, ids: Sequence[str], path: Any) -> bool:
    """Whether moving `ids` along the hex labels `path` is one of the moves offered to the
    seat in this state, as offered (a path of other labels for the same hexes is not)."""
    entry = _LAST[0]
    if entry is None or entry[0] is not state or entry[1] != seat_id:
        return False
    made = entry[3]
    keys = made.get("keys")
    if keys is None:
        keys = made["keys"] = frozenset(_key(_ids_of(c), c.get("path", ())) for c in entry[2])
    try:
        return _key(ids, path) in keys
    except TypeError:  # a malformed command (a path of lists...): never an offered one
        return False


def _ids_of(cmd: dict) -> list[str]:
    return [cmd["unit"]] if "unit" in cmd else list(cmd["units"])


def _key(ids: Sequence[str], path: Any) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return tuple(ids), tuple(path or ())
