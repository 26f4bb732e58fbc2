"""RFC 6902 JSON patches between two views of one audience.

Patches are always taken between two already-filtered views (boardgame.io's lesson), so a
patch can only carry what the later view carries. Objects are diffed key by key; arrays are
replaced whole when they differ, which keeps the diff simple and the ops unambiguous (views
key units by id in objects, so the arrays that remain are short).
"""

from __future__ import annotations

import copy
from typing import Any


def _escape(key: str) -> str:
    """Escape one object key as an RFC 6901 reference token."""
    if "~" in key or "/" in key:
        return key.replace("~", "~0").replace("/", "~1")
    return key


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def make_patch(before: Any, after: Any, path: str = "") -> list[dict]:
    """The operations that turn `before` into `after` (keys in sorted order: deterministic)."""
    if isinstance(before, dict) and isinstance(after, dict):
        ops: list[dict] = []
        _diff_objects(before, after, path, ops)
        return ops
    if _differ(before, after):
        return [{"op": "replace", "path": path, "value": after}]
    return []


def _differ(before: Any, after: Any) -> bool:
    # `1 == True` in Python; JSON tells them apart, so compare types too.
    return type(before) is not type(after) or before != after


def _diff_objects(before: dict, after: dict, path: str, ops: list[dict]) -> None:
    """Append the operations between two objects to `ops`.

    Every audience's frame diffs two views of a few kilobytes after every command, so this
    walks them in one recursion over objects only: a value that is the same object in both
    (views share what did not change) is skipped without a comparison, other values are
    compared in place, and a path is built only for an operation or an object to enter.
    """
    for key in sorted(before.keys() - after.keys()):
        ops.append({"op": "remove", "path": f"{path}/{_escape(key)}"})
    for key in sorted(after):
        new = after[key]
        if key not in before:
            ops.append({"op": "add", "path": f"{path}/{_escape(key)}", "value": new})
            continue
        old = before[key]
        if old is new:
            continue
        if isinstance(old, dict) and isinstance(new, dict):
            _diff_objects(old, new, f"{path}/{_escape(key)}", ops)
        elif _differ(old, new):
            ops.append({"op": "replace", "path": f"{path}/{_escape(key)}", "value": new})


class PatchError(ValueError):
    """A patch does not apply to the document it was sent for."""


def apply_patch(doc: Any, ops: list[dict]) -> Any:
    """Apply add/remove/replace operations to a copy of `doc` and return it."""
    doc = copy.deepcopy(doc)
    for op in ops:
        kind, path = op["op"], op["path"]
        if path == "":
            if kind not in ("replace", "add"):
                raise PatchError(f"cannot {kind} the whole document")
            doc = copy.deepcopy(op["value"])
            continue
        *parents, last = [_unescape(t) for t in path.split("/")[1:]]
        target = doc
        for token in parents:
            target = target[int(token)] if isinstance(target, list) else target.get(token)
            if target is None:
                raise PatchError(f"no parent for {path}")
        if isinstance(target, list):
            index = len(target) if last == "-" else int(last)
            if kind == "add":
                target.insert(index, copy.deepcopy(op["value"]))
            elif kind == "remove":
                del target[index]
            elif kind == "replace":
                target[index] = copy.deepcopy(op["value"])
            else:
                raise PatchError(f"unsupported op {kind}")
            continue
        if kind in ("remove", "replace") and last not in target:
            raise PatchError(f"{kind} of missing {path}")
        if kind == "remove":
            del target[last]
        elif kind in ("add", "replace"):
            target[last] = copy.deepcopy(op["value"])
        else:
            raise PatchError(f"unsupported op {kind}")
    return doc
