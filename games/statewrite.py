"""The game row's state after a command, written as its change from the version before.

The row holds the whole current state (20 to 30 KB of JSON for the learning scenario), and a
command changes a few counters, the activation and the undo point in it. Encoding the whole
state to text after every command cost about as much as the rest of the command's own
statements, so when this process wrote the version the command builds on (and that write
committed), the row is updated at only the paths that changed: SQLite's `json_set` and
`json_remove`, PostgreSQL's `jsonb_set` and `#-`. Otherwise (another process wrote it, the
process started since, a change too large to be worth spelling out) the state is written
whole, as before. Either way the row ends up holding the same JSON value
(`tests/services/test_state_write.py` compares it after every command of seeded games).

This relies on what the process caches of states already rely on (games.engine_adapter): a
version's state never changes once committed, and every write of the row's state moves its
version (commands, the opening, the endings).
"""

from __future__ import annotations

import json
from typing import Any

from games.rules.common.lru import Lru

# Above this many changed paths the whole state is written: the statement would grow with
# each path, and a change that large (a new turn, an undo point made) saves little.
MOST_PATHS = 32

# game id -> (version, the encoded state of it this process wrote); one entry per game, as
# many games as the process caches states for.
_written = Lru(512)
_GONE = object()


def remember(game_id: Any, version: int, raw: dict) -> None:
    """`raw` is the encoded state of `version`, now committed to the game row. The encoding
    is kept, not copied: encodings are read-only (they share each counter's)."""
    _written.put(str(game_id), (version, raw))


def changes(before: dict, after: dict) -> list[tuple[tuple[str, ...], Any]] | None:
    """The (path, new value) pairs that turn `before` into `after`, `_GONE` for a key to
    remove; objects are entered, anything else is replaced whole. None when a key cannot be
    named in a path (not a string, or holding a double quote, which SQLite's paths cannot
    carry), or when more than MOST_PATHS changed."""
    out: list[tuple[tuple[str, ...], Any]] = []
    if not _walk(before, after, (), out) or len(out) > MOST_PATHS:
        return None
    return out


def _walk(before: dict, after: dict, path: tuple[str, ...], out: list) -> bool:
    for key, new in after.items():
        old = before.get(key, _GONE)
        if old is new:  # encodings share what did not change (each counter's, by identity)
            continue
        if not isinstance(key, str) or '"' in key:
            return False
        # `==` takes 1 for True inside objects and lists: the encoding never switches a
        # value between a flag and a number (the same holds for the views' patches).
        if isinstance(old, dict) and isinstance(new, dict):
            # Compared in C first: most objects encoded afresh are equal (an undo point's).
            if old != new and not _walk(old, new, (*path, key), out):
                return False
        elif old is _GONE or type(old) is not type(new) or old != new:
            out.append(((*path, key), new))
        if len(out) > MOST_PATHS:
            return False
    for key in before.keys() - after.keys():
        if not isinstance(key, str) or '"' in key:
            return False
        out.append(((*path, key), _GONE))
    return True


def assignment(game_id: Any, version: int, raw: dict, vendor: str) -> tuple[str, list]:
    """The SQL expression for the row's new state and its parameters: `raw` (the state of
    the version after `version`) as a change from `version`'s when this process wrote that,
    else whole. `vendor` is the connection's (`sqlite` or `postgresql`)."""
    kept = _written.get(str(game_id))
    found = changes(kept[1], raw) if kept is not None and kept[0] == version else None
    if found is None:
        return ("%s::jsonb" if vendor == "postgresql" else "%s"), [json.dumps(raw)]
    if vendor == "postgresql":
        return _postgresql(found)
    return _sqlite(found)


def _sqlite(found: list[tuple[tuple[str, ...], Any]]) -> tuple[str, list]:
    sets = [(p, v) for p, v in found if v is not _GONE]
    gone = [p for p, v in found if v is _GONE]
    expr, params = "state", []
    if sets:
        expr = "json_set(state" + ", %s, json(%s)" * len(sets) + ")"
        for path, value in sets:
            params += [_sqlite_path(path), json.dumps(value)]
    if gone:
        expr = f"json_remove({expr}" + ", %s" * len(gone) + ")"
        params += [_sqlite_path(path) for path in gone]
    return expr, params


def _sqlite_path(path: tuple[str, ...]) -> str:
    return "$" + "".join(f'."{key}"' for key in path)


def _postgresql(found: list[tuple[tuple[str, ...], Any]]) -> tuple[str, list]:
    # Each call wraps the ones before it, so the parameters follow the order of the changes.
    expr, params = "state", []
    for path, value in found:
        if value is _GONE:
            expr = f"({expr} #- %s::text[])"
            params.append(list(path))
        else:
            expr = f"jsonb_set({expr}, %s::text[], %s::jsonb)"
            params += [list(path), json.dumps(value)]
    return expr, params
