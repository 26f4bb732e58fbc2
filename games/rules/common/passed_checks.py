"""Remember, across processes, the scenario files a JSON schema has already passed.

Checking a scenario file against its schema is most of the CPU a server spends loading the
bundled scenarios before it serves, and every process start (each daphne, each worker)
repeats it on the same files. A pass is remembered as an empty file in a folder, named by
the SHA-256 of the schema, the validator's version and the document: a change to any of them
is a new name, so the next start checks again. Only passes are remembered; a document with
problems is checked, and refused with every problem named, every time.

Nothing is remembered until `remember_in` names a folder (the server does, from
settings.PGWEB_CHECK_CACHE_DIR): the rules engine on its own writes no files.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import cache
from importlib.metadata import version
from pathlib import Path
from typing import Any, TypeVar

Problem = TypeVar("Problem")

_FOLDER: dict[str, Path] = {}  # "passes": where passes are remembered, when anywhere


def remember_in(folder: Path | None) -> None:
    """Remember passes in `folder` from now on (created when first written); None stops."""
    if folder is None:
        _FOLDER.pop("passes", None)
    else:
        _FOLDER["passes"] = Path(folder)


def remembering() -> Path | None:
    """The folder passes are remembered in, if any."""
    return _FOLDER.get("passes")


@cache
def _schema_digest(schema_path: Path) -> str:
    """The schema's text and the validator's version: either changing checks everything again."""
    digest = hashlib.sha256(schema_path.read_bytes())
    digest.update(version("jsonschema").encode())
    return digest.hexdigest()


def marker(schema_path: Path, document: Any) -> Path | None:
    """The file that says `document` passed `schema_path`; None when nothing is remembered
    or the document is not plain JSON."""
    folder = _FOLDER.get("passes")
    if folder is None:
        return None
    try:
        text = json.dumps(document, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError):
        return None
    key = hashlib.sha256(f"{_schema_digest(schema_path)}\n{text}".encode()).hexdigest()
    return folder / f"{key}.passed"


def schema_problems(
    schema_path: Path, document: Any, check: Callable[[Any], list[Problem]]
) -> list[Problem]:
    """`check(document)`, or [] at once when this very document passed this very schema
    before (in this process or another)."""
    passed = marker(schema_path, document)
    if passed is not None and passed.exists():
        return []
    problems = check(document)
    if passed is not None and not problems:
        try:
            passed.parent.mkdir(parents=True, exist_ok=True)
            passed.touch()
        except OSError:
            pass  # a folder nobody may write to costs the check at the next start, no more
    return problems
